package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// maxBodyLines is the spec's advice for a SKILL.md body.
const maxBodyLines = 500

// Findings is everything skill-ls tells the author about the file at path,
// with the user's severity overrides applied, in file order. Files the
// workspace does not hold get none.
func (w *Workspace) Findings(path string) []Finding {
	if fs, ok := w.configFindings(path); ok {
		return fs
	}
	if IsManifestFile(path) {
		return w.ManifestFindings(path)
	}
	if fs, ok := w.installedConfigFindings(path); ok {
		return fs
	}
	e := w.file(path)
	if e == nil && !w.Ignored(path) {
		fs, _ := w.FileFindings(path) // a script or reference of a skill
		return fs
	}
	if e == nil || w.Ignored(path) {
		return []Finding{}
	}
	return w.entryFindings(e)
}

func (w *Workspace) entryFindings(e *skillcore.Entry) []Finding {
	b := w.body(e.Skill)
	return w.findings(w.agentVerdict(e, w.frontProblems(e, w.World.Problems(e.Skill.Path))), readers(e, bodyProblems(e.Skill, b)), w.directives(e.Skill, b))
}

// entryVerdicts are the file's findings whatever its suppression comments
// say: a comment silences a finding, it does not make an agent load the
// file (hover tells what the agents do).
func (w *Workspace) entryVerdicts(e *skillcore.Entry) []Finding {
	return w.findings(w.agentVerdict(e, w.frontProblems(e, w.World.Problems(e.Skill.Path))), readers(e, bodyProblems(e.Skill, w.body(e.Skill))), nil)
}

// FindingsOf is Findings for each of paths, for a checker or a server that
// reports many files, with enough of each file to place its findings: its
// whole text, the frontmatter a released file keeps when they all sit
// there, or that and the lines of its body they point into (a Placement of
// no text for a file the workspace does not hold). Bodies are checked,
// and released ones read back, in parallel while the world's problems are
// gathered; a file's first findings after a scan use what its body said
// then (keepBody), placed by its excerpt, and read it back only when they
// point further.
func (w *Workspace) FindingsOf(paths []string) ([][]Finding, []*Placement) {
	if w.config.Project != nil && slices.ContainsFunc(paths, w.Ignored) {
		return w.findingsOfReported(paths)
	}
	if len(paths) == 1 && IsManifestFile(paths[0]) {
		return [][]Finding{w.ManifestFindings(paths[0])}, []*Placement{NewPlacement(w.ManifestSource(paths[0]))}
	}
	if len(paths) == 1 {
		// A keystroke's file: no goroutines to wait for, and the body
		// scan stays cached for the requests on this version.
		e := w.World.Entry(paths[0])
		if e == nil {
			return [][]Finding{{}}, []*Placement{NewPlacement(nil)}
		}
		if !e.Skill.Released() {
			return [][]Finding{w.entryFindings(e)}, []*Placement{NewPlacement(e.Skill.Src)}
		}
	}
	n := len(paths)
	entries := make([]*skillcore.Entry, n)
	skills := make([]*loader.Skill, n)
	body := make([][]loader.Problem, n)
	directives := make([][]directive, n)
	lines := make([][]excerptLine, n)
	kept := make([]bool, n)
	for i, p := range paths {
		if e := w.World.Entry(p); e != nil {
			entries[i], skills[i] = e, e.Skill
			var k keptBody
			k, kept[i] = w.takeKept(e.Skill)
			body[i], lines[i], directives[i] = k.problems, k.lines, k.directives
		}
	}
	// stale marks the released files whose disk text is no longer the one
	// parsed; they are taken in, then judged, after the parallel parts.
	stale := make([]bool, n)
	// Its panic, if any, is raised here by wait, where a server recovers it.
	wait := skillcore.Go(func() {
		skillcore.ForEach(n, func(i int) {
			s := skills[i]
			if s == nil || kept[i] {
				return
			}
			if s = readBack(s, &stale[i]); s != nil {
				skills[i] = s
				b := scanLinks(s)
				body[i], directives[i] = bodyProblems(s, b), w.directives(s, b)
			}
		})
	})
	problems := func() [][]loader.Problem {
		defer wait() // also when ProblemsOf panics: nothing reads on after
		return w.World.ProblemsOf(paths)
	}()
	out := make([][]Finding, n)
	places := make([]*Placement, n)
	skillcore.ForEach(n, func(i int) {
		s := skills[i]
		if s == nil || stale[i] {
			return
		}
		out[i] = w.findings(w.agentVerdict(entries[i], w.frontProblems(entries[i], problems[i])), readers(entries[i], body[i]), directives[i])
		if end := reach(s.Path, out[i]); s.Released() && end > len(s.Src) {
			if pl := excerptPlacement(s, lines[i]); len(lines[i]) > 0 && end <= pl.Len() {
				places[i] = pl
				return
			}
			s = readBack(s, &stale[i])
		}
		if s != nil {
			places[i] = NewPlacement(s.Src)
		}
	})
	for i, p := range paths {
		if IsManifestFile(p) {
			out[i], places[i] = w.ManifestFindings(p), NewPlacement(w.ManifestSource(p))
			continue
		}
		if stale[i] {
			out[i] = w.Findings(p) // reads the file again, and takes it in
			places[i] = NewPlacement(w.Source(p))
		}
		if skills[i] == nil {
			if fs, ok := w.installedConfigFindings(p); ok { // an agent's settings or registry
				out[i], places[i] = fs, NewPlacement(installedSource(p))
			}
		}
		if out[i] == nil {
			out[i] = []Finding{}
		}
		if places[i] == nil {
			places[i] = NewPlacement(nil)
		}
	}
	return out, places
}

// findingsOfReported is FindingsOf with no findings for the files the
// project configuration ignores.
func (w *Workspace) findingsOfReported(paths []string) ([][]Finding, []*Placement) {
	var keep []string
	for _, p := range paths {
		if !w.Ignored(p) {
			keep = append(keep, p)
		}
	}
	fs, places := w.FindingsOf(keep)
	out, outPlaces := make([][]Finding, len(paths)), make([]*Placement, len(paths))
	for i, p := range paths {
		if len(keep) > 0 && keep[0] == p {
			out[i], outPlaces[i] = fs[0], places[0]
			fs, places, keep = fs[1:], places[1:], keep[1:]
		} else {
			out[i], outPlaces[i] = []Finding{}, NewPlacement(nil)
		}
	}
	return out, outPlaces
}

// readBack is s whole: s itself, or read back from disk when released. A
// file changed or gone since it was parsed gives nil and is marked stale.
// It only reads s, so files are read back in parallel.
func readBack(s *loader.Skill, stale *bool) *loader.Skill {
	whole, _, _ := s.Reread()
	*stale = whole == nil
	return whole
}

// findings turns a file's problems and its body's into findings, less
// those its suppression directives cover (unless the settings ignore
// directives). It reads the workspace's settings only.
func (w *Workspace) findings(problems, body []loader.Problem, ds []directive) []Finding {
	problems = append(problems, body...)
	out := make([]Finding, 0, len(problems))
	for _, p := range problems {
		if f, on := w.finding(p); on {
			out = append(out, f)
		}
	}
	out = oneFindingPerPlace(out) // onefinding.go
	if !w.config.NoInlineConfig {
		var dropped []Finding
		out, dropped = suppress(out, ds, w.finding)
		if w.config.KeepSuppressed {
			for _, f := range dropped {
				f.Suppressed = true
				out = append(out, f)
			}
		}
	}
	sortFindings(out)
	return out
}

// finding is p as a finding, with the user's severity; false when its
// rule is off.
func (w *Workspace) finding(p loader.Problem) (Finding, bool) {
	sev, on := w.severity(p.Rule, p.Severity)
	return Finding{
		Rule: p.Rule, Severity: sev, Message: p.Message, Range: p.Range,
		Targets: p.Targets, Related: p.Related,
	}, on
}

// Describe is the finding's message followed by the targets it comes from,
// as editors and the text report show it.
func (f Finding) Describe() string {
	if len(f.Targets) == 0 {
		return f.Message
	}
	return f.Message + " (" + strings.Join(f.Targets, ", ") + ")"
}

// bodyProblems checks the Markdown body: its length and its relative links.
func bodyProblems(s *loader.Skill, b *Body) []loader.Problem {
	var out []loader.Problem
	spec := []string{"agentskills"}
	if b.Lines > maxBodyLines {
		r := s.Body()
		out = append(out, loader.Problem{Rule: "body-too-long", Severity: Info, Targets: spec,
			Range:   Range{Start: r.Start, End: r.Start},
			Message: fmt.Sprintf("the body is %d lines; the spec advises at most %d, with details moved to files the skill references", b.Lines, maxBodyLines)})
	}
	dir := s.Dir()
	inside := dir
	if !strings.HasSuffix(inside, string(filepath.Separator)) {
		inside += string(filepath.Separator)
	}
	// A path linked twice is judged once, and a folder found missing makes
	// its files missing without a look.
	exists := newPresence()
	exists.known[dir] = true
	judge := func(link string) string {
		target := filepath.Join(dir, filepath.FromSlash(link))
		if target != dir && !strings.HasPrefix(target, inside) {
			return "link-escapes"
		}
		parent := fsys.ParentDir(target)
		if there, seen := exists.known[parent]; seen && !there {
			return "link-broken"
		}
		if exists.exists(target) {
			return ""
		}
		exists.exists(parent)
		return "link-broken"
	}
	verdicts := map[string]string{}
	for _, l := range b.Links {
		rel, known := l.Rel()
		if !known {
			continue // a folder only the agent knows
		}
		rule, seen := verdicts[rel]
		if !seen {
			rule = judge(rel)
			verdicts[rel] = rule
		}
		switch rule {
		case "link-escapes":
			out = append(out, loader.Problem{Rule: "link-escapes", Severity: Warning, Range: l.Range, Targets: spec,
				Message: fmt.Sprintf("%s leaves the skill's directory; agents resolve paths against the skill folder and may not allow reading outside it", l.Target)})
		case "link-broken":
			out = append(out, loader.Problem{Rule: "link-broken", Severity: Warning, Range: l.Range, Targets: spec,
				Message: fmt.Sprintf("%s does not exist in the skill's directory", l.Target)})
		}
	}
	return append(out, hostileProblems(s, b)...)
}

// frontProblems is the world's problems of a file with those its
// frontmatter has among the world's names (name-confusable), without
// changing the world's own slice.
func (w *Workspace) frontProblems(e *skillcore.Entry, problems []loader.Problem) []loader.Problem {
	if more := readers(e, w.nameConfusable(e)); len(more) > 0 {
		return slices.Concat(problems, more)
	}
	return problems
}
