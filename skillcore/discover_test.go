package skillcore

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/tools/txtar"
)

// discoverTree is a root with skills at every depth, hidden folders,
// symlinks (one looping), a folder named SKILL.md and a SKILL.md in the
// root itself.
func discoverTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := `
-- root/SKILL.md --
-- root/a/SKILL.md --
-- root/b/notes.md --
-- root/.hidden/SKILL.md --
-- root/c/d/SKILL.md --
-- root/c/d/e/f/g/h/SKILL.md --
-- root/c/d/e/f/g/h/i/SKILL.md --
-- root/c/.hid/x/SKILL.md --
-- root/e/SKILL.md/keep --
-- outside/o/SKILL.md --
`
	writeTree(t, dir, txtar.Parse([]byte(files)).Files)
	root := filepath.Join(dir, "root")
	for _, l := range []struct{ target, link string }{
		{"../outside/o", "root/linked"},                 // a symlinked skill folder
		{"..", "root/c/loop"},                           // a loop
		{"../../outside/o/SKILL.md", "root/l/SKILL.md"}, // a symlinked file
	} {
		p := filepath.Join(dir, l.link)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l.target, p); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func relAll(t *testing.T, root string, paths []string) []string {
	var out []string
	for _, p := range paths {
		r, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	slices.Sort(out)
	return out
}

func TestDiscoverChildren(t *testing.T) {
	root := discoverTree(t)
	r := Root{Dir: root, Target: TargetByID("zed"), Scope: ScopeProject}
	got := relAll(t, root, Discover(r))
	// A flat scan reads <root>/<child>/SKILL.md, through symlinks, hidden
	// children included; a folder named SKILL.md is not a file.
	want := []string{".hidden/SKILL.md", "a/SKILL.md", "l/SKILL.md", "linked/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for _, p := range []string{"a/SKILL.md", ".hidden/SKILL.md", "linked/SKILL.md"} {
		if !r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = false", p)
		}
	}
	for _, p := range []string{"SKILL.md", "c/d/SKILL.md", "a/SKILL.txt", "../outside/o/SKILL.md"} {
		if r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = true", p)
		}
	}
}

func TestDiscoverRecursive(t *testing.T) {
	root := discoverTree(t)
	r := Root{Dir: root, Target: TargetByID("codex"), Scope: ScopeProject}
	got := relAll(t, root, Discover(r))
	// Codex goes six folders down, skips hidden entries and does not follow
	// symlinks (the loop included).
	want := []string{"a/SKILL.md", "c/d/SKILL.md", "c/d/e/f/g/h/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for _, p := range want {
		if !r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = false", p)
		}
	}
	for _, p := range []string{"SKILL.md", ".hidden/SKILL.md", "c/.hid/x/SKILL.md", "c/d/e/f/g/h/i/SKILL.md"} {
		if r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = true", p)
		}
	}
}

// TestDiscoverMaxDirs stops a recursive scan after the target's count of
// folders.
func TestDiscoverMaxDirs(t *testing.T) {
	root := discoverTree(t)
	small := *TargetByID("codex")
	small.Scan.MaxDirs = 2 // the root and one child
	got := relAll(t, root, Discover(Root{Dir: root, Target: &small}))
	if !slices.Equal(got, []string{"a/SKILL.md"}) {
		t.Fatalf("got %v", got)
	}
}

func TestDiscoverMissingRoot(t *testing.T) {
	for _, id := range []string{"zed", "codex"} {
		if got := Discover(Root{Dir: filepath.Join(t.TempDir(), "none"), Target: TargetByID(id)}); len(got) != 0 {
			t.Errorf("%s: %v", id, got)
		}
	}
}

// TestFindSkills walks any folder for SKILL.md files without following
// symlinked folders (so a loop ends), and reports what it cannot read: a
// folder named SKILL.md, a link that leads nowhere, a FIFO (which would
// block a read for ever).
func TestFindSkills(t *testing.T) {
	root := discoverTree(t)
	dangling := filepath.Join(root, "m", "SKILL.md")
	fifo := filepath.Join(root, "n", "SKILL.md")
	for _, p := range []string{dangling, fifo} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("nowhere", dangling); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	writeTree(t, root, txtar.Parse([]byte("-- node_modules/x/SKILL.md --\n-- .git/y/SKILL.md --\n")).Files)

	files, errs := FindSkills(root)
	got := relAll(t, root, files)
	want := []string{".hidden/SKILL.md", "SKILL.md", "a/SKILL.md", "c/.hid/x/SKILL.md", "c/d/SKILL.md",
		"c/d/e/f/g/h/SKILL.md", "c/d/e/f/g/h/i/SKILL.md", "l/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	for _, want := range []string{
		filepath.Join(root, "e", "SKILL.md") + ": is a directory, not a file",
		dangling + ": no such file or directory",
		fifo + ": is not a regular file",
	} {
		if !slices.ContainsFunc(msgs, func(m string) bool { return strings.HasSuffix(m, want) }) {
			t.Errorf("no error %q in %q", want, msgs)
		}
	}
	if len(errs) != 3 {
		t.Errorf("%d errors: %q", len(errs), msgs)
	}

	// A file named directly is the one file; a FIFO named directly is an
	// error, not a read that never ends; a missing path is an error.
	if files, errs := FindSkills(filepath.Join(root, "a", "SKILL.md")); len(files) != 1 || len(errs) != 0 {
		t.Errorf("a file: %v %v", files, errs)
	}
	if files, errs := FindSkills(fifo); len(files) != 0 || len(errs) != 1 {
		t.Errorf("a FIFO: %v %v", files, errs)
	}
	if _, errs := FindSkills(filepath.Join(root, "none")); len(errs) != 1 || !errors.Is(errs[0], os.ErrNotExist) {
		t.Errorf("a missing path: %v", errs)
	}
}

// TestWorldScanUnreadable: a file the scan cannot read is an error, and the
// rest load.
func TestWorldScanUnreadable(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.agents/skills/ok/SKILL.md --
---
name: ok
description: x
---
`)).Files)
	bad := filepath.Join(dir, "proj", ".agents", "skills", "bad", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(bad), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("---\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// root reads a mode-000 file; a directory where a file should be is
		// still refused by every reader. Discover skips it as no skill.
		if err := os.Remove(bad); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(bad, 0o755); err != nil {
			t.Fatal(err)
		}
		if errs := NewWorld(Env{}, nil).Load([]string{bad, skills[0]}); len(errs) != 1 {
			t.Fatalf("load errors %v", errs)
		}
		return
	}
	w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
	errs := w.Scan()
	if len(errs) != 1 || !errors.Is(errs[0], os.ErrPermission) {
		t.Fatalf("errors %v", errs)
	}
	if w.Entry(skills[0]) == nil || w.Entry(bad) != nil {
		t.Fatal("the readable file is not loaded, or the unreadable one is")
	}
}
