package analysis

import (
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// Config is what the user can set about the analysis.
type Config struct {
	Home     string   // the user's home directory, for global roots
	Projects []string // workspace folders
	Targets  []string // pinned targets; empty: those that discover each file
	Roots    []string // extra skill roots
	// Rules overrides a rule's severity: "error", "warning", "info" or "off".
	Rules  map[string]string
	Getenv func(string) string
	// Project is the project configuration file in force, or nil: the
	// settings above are laid over it (see overProject).
	Project *skillcore.Config
	// ReleaseBodies keeps of the files read from disk only their
	// frontmatter's text once judged, reading a body back when a feature
	// asks about its file: a language server's memory (see Release).
	ReleaseBodies bool
	// DeferFits leaves the agents' own catalog fits to the next read after
	// a change (skillcore.World.DeferFits): a language server taking in
	// many files at once. OnReload hears of the files a fit changes.
	DeferFits bool
	// NoInlineConfig ignores the suppression directives in the files
	// (check --no-inline-config): CI judging skills it does not trust.
	NoInlineConfig bool
	// PathOnly judges each file by the roots its path gives, without the
	// package search (skillcore.World.PathOnly): the provisional workspace
	// of a server's first scan, for LocalFindings.
	PathOnly bool
	// KeepSuppressed also returns the findings directives suppress,
	// marked Suppressed, for a checker that counts them.
	KeepSuppressed bool
}

// Workspace is the world of skills an editor or a check run sees, with the
// author's settings applied. It is not safe for concurrent use.
type Workspace struct {
	World *skillcore.World
	// OnReload, when set, hears of the files a released file's read-back
	// found changed or gone on disk, and of the files that change affects,
	// once the workspace has taken it in: a server schedules them as it
	// would after a watcher's event. With Config.DeferFits it also hears
	// of the files whose catalog fit a deferred fit changed.
	OnReload func(paths []string)
	config   Config
	bodies   map[string]cachedBody
	// kept holds, until its first findings, what each file's body said
	// when a scan read it (see keepBody); keptMu guards it during the scan.
	kept   map[string]keptBody
	keptMu sync.Mutex
	// confusable indexes the names for name-confusable (lookalikes).
	confusable lookalikeIndex
}

// NewWorkspace makes an empty workspace; call Scan to fill it.
func NewWorkspace(cfg Config) *Workspace {
	cfg = overProject(cfg)
	w := skillcore.NewWorld(skillcore.Env{Home: cfg.Home, Getenv: cfg.Getenv}, cfg.Projects)
	for _, id := range cfg.Targets {
		if t := loader.TargetByID(id); t != nil {
			w.Pinned = append(w.Pinned, t)
		}
	}
	w.Extra = cfg.Roots
	w.PathOnly = cfg.PathOnly
	ws := &Workspace{World: w, config: cfg}
	if cfg.DeferFits {
		w.DeferFits = true
		w.OnFit = func(paths []string) {
			if ws.OnReload != nil {
				ws.OnReload(paths)
			}
		}
	}
	if cfg.ReleaseBodies {
		w.ReleaseBodies, w.BeforeRelease = true, ws.keepBody
		ws.kept = map[string]keptBody{}
	}
	return ws
}

// Config returns the settings the workspace was made with.
func (w *Workspace) Config() Config { return w.config }

// Scan reads every skill under every root.
func (w *Workspace) Scan() []error { return w.World.Scan() }

// Set replaces the text of the file at path (an editor buffer or the file
// read from disk) and returns the other files whose findings may change.
func (w *Workspace) Set(path string, src []byte) []string {
	if IsManifestFile(path) {
		return w.SetManifest(path, src)
	}
	delete(w.kept, path)
	before := w.World.NamesGen()
	defer w.confusable.changed(w.World, path, before)
	return w.World.Set(path, src)
}

// Remove forgets the file at path, returning the files affected.
func (w *Workspace) Remove(path string) []string {
	if IsManifestFile(path) {
		return w.World.ManifestFromDisk(path) // the disk's, or none
	}
	delete(w.bodies, path)
	delete(w.kept, path)
	before := w.World.NamesGen()
	defer w.confusable.changed(w.World, path, before)
	return w.World.Remove(path)
}

// Paths lists every file in the workspace.
func (w *Workspace) Paths() []string { return w.World.Paths() }

// ManifestPaths() lists every package manifest in the workspace.
func (w *Workspace) ManifestPaths() []string { return w.World.ManifestPaths() }

// Source is the whole text of the file at path, read back from disk when
// its body was released (see file: a file changed there is taken in), or
// nil.
func (w *Workspace) Source(path string) []byte {
	if IsManifestFile(path) {
		return w.ManifestSource(path)
	}
	if e := w.file(path); e != nil {
		return e.Skill.Src
	}
	return nil
}

// Load reads path from disk into the workspace (ReadDisk, then Take). It
// returns the other files affected, and why the file could not be read.
func (w *Workspace) Load(path string) ([]string, error) {
	if IsManifestFile(path) {
		return w.Remove(path), nil // read again where the packages are
	}
	f := ReadDisk(path)
	return w.Take(f), f.Err
}

// DiskFile is a SKILL.md as read from disk and parsed, ready for Take.
// Reading is apart from taking so that a server reads without holding the
// lock its requests wait on.
type DiskFile struct {
	Path  string
	Skill *loader.Skill // nil when Err is set
	Err   error         // the file is gone or cannot be read
}

// ReadDisk reads and parses the file at path with skillcore's one reader:
// a file that is not regular or is too large is a Skill that says so, not
// a read that blocks or has no end.
func ReadDisk(path string) DiskFile {
	if IsManifestFile(path) {
		return DiskFile{Path: path} // read by the package search, on Take
	}
	s, err := loader.ReadSkill(path)
	return DiskFile{Path: path, Skill: s, Err: err}
}

// Take puts a file read by ReadDisk in the workspace; one that could not
// be read is removed. It returns the other files affected.
func (w *Workspace) Take(f DiskFile) []string {
	if f.Err != nil || IsManifestFile(f.Path) {
		return w.Remove(f.Path)
	}
	delete(w.kept, f.Skill.Path)
	before := w.World.NamesGen()
	defer w.confusable.changed(w.World, f.Skill.Path, before)
	return w.World.Put(f.Skill)
}

// IsSkillFile reports whether a path names a SKILL.md; other Markdown files
// get nothing from skill-ls.
func IsSkillFile(path string) bool {
	return strings.HasSuffix(path, "/"+loader.FileName) || path == loader.FileName
}

// severity applies the user's override to a rule, reporting false when the
// rule is off.
func (w *Workspace) severity(rule string, s Severity) (Severity, bool) {
	switch w.config.Rules[rule] {
	case "off":
		return s, false
	case "error":
		return Error, true
	case "warning":
		return Warning, true
	case "info":
		return Info, true
	}
	return s, true
}

func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		if a.Range.Start != b.Range.Start {
			return a.Range.Start - b.Range.Start
		}
		return strings.Compare(a.Rule, b.Rule)
	})
}
