package analysis

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skillcore"
)

// A testTree is a workspace written from a txtar archive into a temporary
// directory: files under home/ are the user's, files under proj/ the
// project's. In each file, « and » around some text are removed and the
// span they enclosed is remembered, so that a test states an exact byte
// range by marking it in the fixture.
type testTree struct {
	dir   string
	ws    *Workspace
	marks map[string]Range // relative path -> marked range
	src   map[string][]byte
}

// treeFile is one file of a tree, written byte for byte.
type treeFile struct {
	path, data string
	fifo       bool        // made a FIFO, not a file holding data (which marks a range)
	mode       os.FileMode // set with chmod when not 0 (set-uid, world-writable)
}

// txtarFiles parses a txtar archive into files (each ends with a newline).
func txtarFiles(archive string) []treeFile {
	var out []treeFile
	for _, f := range txtar.Parse([]byte(archive)).Files {
		out = append(out, treeFile{path: f.Name, data: string(f.Data)})
	}
	return out
}

// unmark removes the «» marks from text and returns the span they enclosed.
func unmark(text string) (string, Range, bool) {
	i := strings.Index(text, "«")
	if i < 0 {
		return text, Range{}, false
	}
	text = text[:i] + text[i+len("«"):]
	j := strings.Index(text, "»")
	if j < 0 {
		panic("« without »")
	}
	return text[:j] + text[j+len("»"):], Range{Start: i, End: j}, true
}

// releaseBodies runs every test on trees whose scanned files keep only
// their frontmatter, as the language server's do; scripts/test.sh runs the
// package both ways.
var releaseBodies = flag.Bool("release-bodies", false, "scan test trees with Config.ReleaseBodies")

// newTestTree writes files and scans them as a workspace whose home is
// <dir>/home and whose project is <dir>/proj, with cfg's other settings.
// Files outside every root are loaded too.
func newTestTree(t testing.TB, cfg Config, files ...treeFile) *testTree {
	t.Helper()
	dir := t.TempDir()
	tr := &testTree{dir: dir, marks: map[string]Range{}, src: map[string][]byte{}}
	for _, f := range files {
		data, r, ok := unmark(f.data)
		if ok {
			tr.marks[f.path] = r
		}
		p := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if f.fifo {
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if f.mode != 0 {
			if err := os.Chmod(p, f.mode); err != nil {
				t.Fatal(err)
			}
		}
		tr.src[f.path] = []byte(data)
	}
	cfg.ReleaseBodies = cfg.ReleaseBodies || *releaseBodies
	for _, f := range files {
		if skillcore.IsConfigFile(f.path) {
			cfg.Project = skillcore.ParseConfig(tr.path(f.path), tr.src[f.path], RuleIDs())
		}
	}
	cfg.Home = filepath.Join(dir, "home")
	cfg.Projects = []string{filepath.Join(dir, "proj")}
	tr.ws = NewWorkspace(cfg)
	if errs := tr.ws.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, f := range files {
		if p := tr.path(f.path); strings.EqualFold(filepath.Base(p), "SKILL.md") && tr.ws.World.Entry(p) == nil {
			if _, err := tr.ws.Load(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tr
}

// path is the absolute path of a file of the tree.
func (tr *testTree) path(rel string) string {
	return filepath.Join(tr.dir, filepath.FromSlash(rel))
}

// findings lists the findings of one rule on a file of the tree.
func (tr *testTree) findings(rel, rule string) []Finding {
	var out []Finding
	for _, f := range tr.ws.Findings(tr.path(rel)) {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}
