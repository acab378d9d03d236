package skillcore

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// lazyHome writes a home with one Claude Code plugin of two skills and,
// beside its skills, a tree of extra folders (docs, examples, ...)
// that no agent reads for skills.
func lazyHome(t *testing.T, extra int) (home, project string) {
	t.Helper()
	dir := t.TempDir()
	home, project = filepath.Join(dir, "home"), filepath.Join(dir, "project")
	root := filepath.Join(home, ".claude", "plugins", "cache", "market", "tools", "1.0.0")
	files := map[string]string{
		filepath.Join(root, ".claude-plugin", "plugin.json"):            `{"name": "tools"}`,
		filepath.Join(root, "skills", "lint", "SKILL.md"):               "---\nname: lint\ndescription: Lints.\n---\n",
		filepath.Join(root, "skills", "format", "SKILL.md"):             "---\nname: format\ndescription: Formats.\n---\n",
		filepath.Join(project, ".agents", "skills", "mine", "SKILL.md"): "---\nname: mine\ndescription: Mine.\n---\n",
	}
	for i := range extra {
		files[filepath.Join(root, "docs", fmt.Sprintf("part-%03d", i), "index.md")] = "//\n"
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home, project
}

// The work of reading an installed plugin does not grow with the folders
// beside its skills: its agent reads its manifest and its skills folder,
// not its whole tree.
func TestInstalledReadsNoWholeTree(t *testing.T) {
	allocs := func(extra int) float64 {
		home, project := lazyHome(t, extra)
		return testing.AllocsPerRun(5, func() {
			w := NewWorld(Env{Home: home}, []string{project})
			if errs := w.Scan(); len(errs) > 0 || len(w.Paths()) != 3 {
				t.Fatalf("%d files, errors %v", len(w.Paths()), errs)
			}
		})
	}
	small, large := allocs(0), allocs(400)
	if large > small*1.05 {
		t.Errorf("%.0f allocations with 400 folders beside the skills, %.0f without: the tree is walked", large, small)
	}
}

// A check scans the bodies of the files it reads as it goes, for the
// findings it reports; the skills of an agent's own copy of a plugin are
// reported only with --global, so their bodies wait until asked for.
func TestInstalledBodiesNotScanned(t *testing.T) {
	home, project := lazyHome(t, 0)
	for _, ahead := range []bool{false, true} {
		w := NewWorld(Env{Home: home}, []string{project})
		var scanned atomic.Int32
		w.ReleaseBodies, w.ReadAhead = true, ahead
		w.BeforeRelease = func(*loader.Skill) { scanned.Add(1) }
		if ahead {
			w.prefetch(filepath.Join(project, ".agents", "skills", "mine", "SKILL.md"), false)
		}
		if errs := w.Scan(); len(errs) > 0 || len(w.Paths()) != 3 {
			t.Fatalf("%d files, errors %v", len(w.Paths()), errs)
		}
		if n := scanned.Load(); n != 1 {
			t.Errorf("read ahead %t: %d bodies scanned, want the project's one", ahead, n)
		}
	}
}

// A link in an installed plugin's skills folder leading out of the plugin
// is not followed, though its folders are not walked beforehand.
func TestInstalledLinkOut(t *testing.T) {
	home, project := lazyHome(t, 0)
	outside := filepath.Join(filepath.Dir(home), "outside", "stolen")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, loader.FileName), []byte("---\nname: stolen\ndescription: Out.\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	skills := filepath.Join(home, ".claude", "plugins", "cache", "market", "tools", "1.0.0", "skills")
	if err := os.Symlink(outside, filepath.Join(skills, "stolen")); err != nil {
		t.Skip(err)
	}
	w := NewWorld(Env{Home: home}, []string{project})
	w.Scan()
	for _, p := range w.Paths() {
		if filepath.Base(filepath.Dir(p)) == "stolen" {
			t.Errorf("%s loaded through a link out of the plugin", p)
		}
	}
	if len(w.Paths()) != 3 {
		t.Errorf("%d files, want 3: %v", len(w.Paths()), w.Paths())
	}
}

// Twice the installed plugins is at most twice the work of reading them.
func TestInstalledWorkLinear(t *testing.T) {
	allocs := func(plugins int) float64 {
		home, project := bigHome(t, plugins, 4), t.TempDir()
		return testing.AllocsPerRun(3, func() {
			w := NewWorld(Env{Home: home}, []string{project})
			if errs := w.Scan(); len(errs) > 0 || len(w.Paths()) != plugins*4 {
				t.Fatalf("%d files, errors %v", len(w.Paths()), errs)
			}
		})
	}
	n, twice := allocs(40), allocs(80)
	if twice > 2.2*n {
		t.Errorf("%.0f allocations for 80 plugins, %.0f for 40", twice, n)
	}
}
