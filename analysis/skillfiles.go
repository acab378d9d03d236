package analysis

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// An agent reads and runs the other files of a skill folder too: its
// scripts and references. check reads each once, through skillcore's
// bounded reader (regular files only, 1 MiB at most), skips binaries, and
// judges the bytes with the rules that apply to any text: deceptive
// characters, secrets, download-and-run commands, a script's shebang, and
// the file's mode. The server does not read them on a keystroke.

// SkillFiles lists the files of the skill folder of the SKILL.md at
// skillPath, other than its SKILL.md (skillcore.SkillFolderFiles). A
// folder the world's walk listed is not listed again.
func (w *Workspace) SkillFiles(skillPath string) []string {
	return skillcore.SkillFolderFiles(skillPath, func(dir string) []fs.DirEntry {
		if entries, ok := w.World.Listing(dir); ok {
			return entries
		}
		entries, _ := os.ReadDir(dir)
		return entries
	})
}

// skillOf is the entry of the skill whose folder holds path, or nil.
func (w *Workspace) skillOf(path string) *skillcore.Entry {
	dir := fsys.DirOf(path)
	for range skillcore.MaxSkillDepth + 1 {
		if e := w.World.Entry(fsys.JoinName(dir, loader.FileName)); e != nil {
			return e
		}
		up := fsys.DirOf(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return nil
}

// FileFindings judges a file of a skill folder other than its SKILL.md,
// read once from disk, and returns its findings with the text they point
// into (nil for a file not read: not regular, too large, binary). A file
// in no skill folder of the workspace gets none.
func (w *Workspace) FileFindings(path string) ([]Finding, []byte) {
	e := w.skillOf(path)
	if e == nil || filepath.Base(path) == loader.FileName {
		return []Finding{}, nil
	}
	buf := readBuffers.Get().(*[]byte)
	defer readBuffers.Put(buf)
	src, mode, err := fsys.ReadTextMode(path, (*buf)[:0], skillcore.SniffBytes)
	if mode == 0 {
		if st, lerr := os.Lstat(path); lerr == nil {
			mode = st.Mode() // not opened (unreadable): its mode still tells
		}
	}
	problems := modeProblems(mode)
	if src != nil {
		*buf = src[:0] // grown, kept for the next file
	}
	if err != nil {
		src = nil // not regular, too large, or binary
	}
	if src != nil {
		name := filepath.Base(path)
		for _, h := range scanHidden(src, 0, len(src)) {
			problems = append(problems, hiddenCharProblem(h, name))
		}
		problems = append(problems, textProblems(src, 0, len(src))...)
		problems = append(problems, shebangProblems(src, e)...)
	}
	if len(problems) == 0 {
		return []Finding{}, nil
	}
	return w.findings(readers(e, problems), nil, nil), bytes.Clone(src) // the buffer goes back
}

// readBuffers hold the files FileFindings reads, which it keeps only when
// they have findings: a check reads thousands.
var readBuffers = sync.Pool{New: func() any { return new([]byte) }}

// modeProblems tells a file any user can change, or one that runs with
// its owner's rights.
func modeProblems(m fs.FileMode) []loader.Problem {
	var whats []string
	if m&0o002 != 0 {
		whats = append(whats, "world-writable: any user of the machine can change what the agent reads or runs")
	}
	if m&(fs.ModeSetuid|fs.ModeSetgid) != 0 {
		whats = append(whats, "set-uid or set-gid: it runs with its owner's rights, not the agent's")
	}
	if len(whats) == 0 {
		return nil
	}
	return []loader.Problem{{Rule: "file-mode", Severity: Warning, Range: Range{},
		Message: fmt.Sprintf("the file is %s (mode %s)", strings.Join(whats, "; and "), m.String())}}
}

// systemDirs hold the interpreters a shebang may name on any machine.
var systemDirs = []string{"/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/", "/opt/homebrew/bin/", "/usr/local/sbin/", "/nix/"}

// shebangProblems tells a shebang whose interpreter is relative (found
// from the folder the agent runs in, not the skill's), climbs with "..",
// or lies in one machine's user folders: link-escapes.
func shebangProblems(src []byte, e *skillcore.Entry) []loader.Problem {
	if !bytes.HasPrefix(src, []byte("#!")) {
		return nil
	}
	le := bytes.IndexByte(src, '\n')
	if le < 0 {
		le = len(src)
	}
	line := src[2:le]
	s := 2 + len(line) - len(bytes.TrimLeft(line, " \t"))
	fields := bytes.Fields(line)
	if len(fields) == 0 {
		return nil
	}
	interp := string(fields[0])
	var why string
	switch {
	case !strings.HasPrefix(interp, "/"):
		why = "is relative: it is looked up from the folder the agent runs in, not the skill's"
	case strings.Contains(interp, "/../"):
		why = "climbs out with .."
	case !hasAnyPrefix(interp, systemDirs):
		why = "lies outside the system's folders: it exists on the author's machine, not on the one that installs the skill"
	default:
		return nil
	}
	return []loader.Problem{{Rule: "link-escapes", Severity: Warning, Targets: e.LoadedBy(), Range: Range{Start: s, End: s + len(interp)},
		Message: fmt.Sprintf("the shebang's interpreter %s %s", interp, why)}}
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
