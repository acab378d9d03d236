package skillcore

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// packageTargets are the targets EXPECTED.md speaks of.
var packageTargets = []string{"claude-code", "codex", "copilot", "gemini", "cursor"}

// TestPackagesExpected loads each real repository of testdata/packages
// (manifests whole, SKILL.md cut to its frontmatter) and compares, per
// SKILL.md and target, what loads it and under which name with the
// repository's .want file (taken from what the agents' documentation and
// source say). What loads means found through a package: a skill the
// target then refuses by its own rules (a YAML error) is still found.
func TestPackagesExpected(t *testing.T) {
	wants, _ := filepath.Glob("../testdata/packages/*.want")
	if len(wants) == 0 {
		t.Fatal("no .want files")
	}
	for _, wantFile := range wants {
		repo := strings.TrimSuffix(wantFile, ".want")
		t.Run(filepath.Base(repo), func(t *testing.T) {
			top, _ := filepath.Abs(repo)
			w := NewWorld(Env{Home: t.TempDir()}, nil)
			w.PackageDirs = []string{top}
			if errs := w.Scan(); len(errs) > 0 {
				t.Fatal(errs)
			}
			files, _ := FindSkills(top)
			for _, f := range files {
				if w.Entry(f) == nil {
					w.Load([]string{f})
				}
			}
			checked := 0
			for _, line := range readLines(t, wantFile) {
				fields := strings.Fields(line)
				path, target, want := filepath.Join(top, fields[0]), fields[1], fields[2]
				e := w.Entry(path)
				if e == nil {
					t.Fatalf("%s: not in the world", fields[0])
				}
				got := "-"
				for _, in := range e.Installed() {
					if in.Target.ID == target {
						got = in.Name
						if want == "loaded" {
							got = "loaded"
						}
					}
				}
				if got != want {
					t.Errorf("%s %s: got %s, want %s", fields[0], target, got, want)
				}
				if want == "-" && len(e.Installed()) == 0 {
					if !slices.ContainsFunc(w.Problems(path), func(p loader.Problem) bool { return p.Rule == "not-discovered" }) {
						t.Errorf("%s: loaded by no package reader, and no not-discovered", fields[0])
					}
				}
				checked++
			}
			if checked == 0 {
				t.Fatal("nothing compared")
			}
		})
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// TestPackageFinderAbsent: a plugin folder's manifest paths are ruled out
// without a look only when the walk saw the whole tree and no editor holds
// the file.
func TestPackageFinderAbsent(t *testing.T) {
	const rel = ".claude-plugin/plugin.json"
	wf := newWalkFacts("/t")
	wf.found["/t/p/"+rel] = true
	f := &packageFinder{top: "/t", facts: wf, overlay: map[string][]byte{"/t/open/" + rel: nil}}
	var buf []byte
	for _, c := range []struct {
		dir    string
		absent bool
	}{
		{"/t/p", false},    // the walk met it
		{"/t/q", true},     // the walk met none there
		{"/t", true},       // the top itself
		{"/t/open", false}, // an editor's buffer
		{"/u", false},      // outside the walk
	} {
		if got := f.absent(c.dir, rel, &buf); got != c.absent {
			t.Errorf("absent(%s) = %v, want %v", c.dir, got, c.absent)
		}
	}
	wf.capped = "folders"
	if f.absent("/t/q", rel, &buf) {
		t.Error("absent after a capped walk")
	}
}

// A manifest below a project's top counts only when its path says what it
// is: in a folder of its own, or under a name one format owns.
func TestManifestUnmistakable(t *testing.T) {
	for rel, want := range map[string]bool{
		".claude-plugin/plugin.json":      true,
		".claude-plugin/marketplace.json": true,
		"gemini-extension.json":           true,
		"plugin.json":                     false,
		"marketplace.json":                false,
	} {
		if got := loader.Unmistakable(rel); got != want {
			t.Errorf("Unmistakable(%q) = %v, want %v", rel, got, want)
		}
	}
}
