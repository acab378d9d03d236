package skillcore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
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

// discover is Discover, which must reach no cap.
func discover(t *testing.T, r Root) []string {
	t.Helper()
	found, err := Discover(r)
	if err != nil {
		t.Fatal(err)
	}
	return found
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
	r := Root{Dir: root, Target: loader.TargetByID("zed"), Scope: loader.ScopeProject}
	got := relAll(t, root, discover(t, r))
	// A flat scan reads <root>/<child>/SKILL.md, through symlinks, hidden
	// children included; a folder named SKILL.md is listed, for reading it
	// to tell it is no file.
	want := []string{".hidden/SKILL.md", "a/SKILL.md", "e/SKILL.md", "l/SKILL.md", "linked/SKILL.md"}
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
	r := Root{Dir: root, Target: loader.TargetByID("codex"), Scope: loader.ScopeProject, Reach: &Reach{}}
	got := relAll(t, root, discover(t, r))
	// Codex goes six folders down, skips hidden entries, loads a SKILL.md
	// in the root itself, follows a folder link once (the loop ends), naming
	// what it finds there by the real path, and ignores a linked SKILL.md.
	want := []string{"../outside/o/SKILL.md", "SKILL.md", "a/SKILL.md", "c/d/SKILL.md", "c/d/e/f/g/h/SKILL.md", "e/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for _, p := range want[1:] { // the root finds what lies under it
		if !r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = false", p)
		}
	}
	for _, p := range []string{".hidden/SKILL.md", "c/.hid/x/SKILL.md", "c/d/e/f/g/h/i/SKILL.md", "l/SKILL.md"} {
		if r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = true", p)
		}
	}
}

// TestDiscoverMaxDirs stops a recursive scan after the target's count of
// folders.
func TestDiscoverMaxDirs(t *testing.T) {
	root := discoverTree(t)
	small := *loader.TargetByID("codex")
	small.Scan.MaxDirs = 2 // the root and one child
	got := relAll(t, root, discover(t, Root{Dir: root, Target: &small}))
	if !slices.Equal(got, []string{"SKILL.md", "a/SKILL.md"}) {
		t.Fatalf("got %v", got)
	}
}

// TestDiscoverMaxEntries stops a recursive scan after the target's count
// of entries (hidden ones not counted): breadth first, the root's own
// entries come before its children's.
func TestDiscoverMaxEntries(t *testing.T) {
	root := discoverTree(t)
	small := *loader.TargetByID("codex")
	for _, c := range []struct {
		max  int
		want []string
	}{
		{1, []string{"SKILL.md"}},               // SKILL.md; a is cut
		{7, []string{"SKILL.md"}},               // every root entry; a/SKILL.md is the 8th
		{8, []string{"SKILL.md", "a/SKILL.md"}}, // a/SKILL.md
	} {
		small.Scan.MaxEntries = c.max
		r := Root{Dir: root, Target: &small, Reach: &Reach{}}
		got := relAll(t, root, discover(t, r))
		if !slices.Equal(got, c.want) {
			t.Errorf("max %d: got %v, want %v", c.max, got, c.want)
		}
		// The scan, not the path, tells what the root finds past a cap.
		if r.Finds(filepath.Join(root, "e", loader.FileName)) {
			t.Errorf("max %d: Finds(e/SKILL.md) past the cap", c.max)
		}
	}
}

func TestDiscoverMissingRoot(t *testing.T) {
	for _, id := range []string{"zed", "codex"} {
		if got := discover(t, Root{Dir: filepath.Join(t.TempDir(), "none"), Target: loader.TargetByID(id)}); len(got) != 0 {
			t.Errorf("%s: %v", id, got)
		}
	}
}

// TestFindSkills walks any folder for SKILL.md files, following symlinked
// folders once each (so a loop ends), and lists every entry named SKILL.md
// whatever it is: a folder, a link that leads nowhere, a FIFO are for
// reading to tell (a FIFO is never read, which would block for ever). A
// skill.md is listed where it stands for a SKILL.md, not beside one.
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
	writeTree(t, root, txtar.Parse([]byte("-- node_modules/x/SKILL.md --\n-- .git/y/SKILL.md --\n-- k/skill.md --\n-- a/skill.md --\n")).Files)

	files, errs := FindSkills(root)
	got := relAll(t, root, files)
	want := []string{".hidden/SKILL.md", "SKILL.md", "a/SKILL.md", "c/.hid/x/SKILL.md", "c/d/SKILL.md",
		"c/d/e/f/g/h/SKILL.md", "c/d/e/f/g/h/i/SKILL.md", "e/SKILL.md", "k/skill.md", "l/SKILL.md",
		"linked/SKILL.md", "m/SKILL.md", "n/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	if len(errs) != 0 {
		t.Errorf("errors %v", errs)
	}

	// A file named directly is the one file, whatever it is; a missing
	// path is an error.
	for _, p := range []string{filepath.Join(root, "a", "SKILL.md"), fifo} {
		if files, errs := FindSkills(p); !slices.Equal(files, []string{p}) || len(errs) != 0 {
			t.Errorf("%s: %v %v", p, files, errs)
		}
	}
	if _, errs := FindSkills(filepath.Join(root, "none")); len(errs) != 1 || !errors.Is(errs[0], os.ErrNotExist) {
		t.Errorf("a missing path: %v", errs)
	}
}

// TestFindSkillsLinkedRoot: a folder given as a symlink, with or without a
// trailing slash, is walked; links that loop back end.
func TestFindSkillsLinkedRoot(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, txtar.Parse([]byte("-- real/a/SKILL.md --\n-- real/b/c/SKILL.md --\n")).Files)
	for _, l := range []struct{ target, link string }{
		{"real", "link"},
		{"..", "real/a/up"},          // to its parent's folder
		{"../../b", "real/b/c/side"}, // across, then back through up
		{"../link", "real/back"},     // to the link to itself
	} {
		if err := os.Symlink(l.target, filepath.Join(dir, l.link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, arg := range []string{"link", "link/"} {
		files, errs := FindSkills(filepath.Join(dir, arg))
		got := relAll(t, filepath.Join(dir, "link"), files)
		if !slices.Equal(got, []string{"a/SKILL.md", "b/c/SKILL.md"}) || len(errs) != 0 {
			t.Errorf("%s: %v %v", arg, got, errs)
		}
	}
}

// TestFindSkillsCaps: a walk that reaches a cap says which and where, and a
// loop of folders is no cap reached.
func TestFindSkillsCaps(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "d1", "d2", "d3", "d4")
	writeTree(t, dir, txtar.Parse([]byte("-- d1/d2/d3/d4/SKILL.md --\n-- w/a/SKILL.md --\n-- w/b/SKILL.md --\n-- w/c/SKILL.md --\n")).Files)
	for _, tc := range []struct {
		caps walkCaps
		cap  string
		at   string
	}{
		{walkCaps{depth: 3, dirs: 100, entries: 100, folder: 100}, "depth", deep},
		{walkCaps{depth: 9, dirs: 4, entries: 100, folder: 100}, "folders", deep},
		{walkCaps{depth: 9, dirs: 100, entries: 5, folder: 100}, "entries", deep},
		{walkCaps{depth: 9, dirs: 100, entries: 100, folder: 2}, "folder", filepath.Join(dir, "w")},
		{walkCaps{depth: 4, dirs: 9, entries: 12, folder: 3}, "", ""}, // every one of them, exactly
	} {
		w := newWalker(dir, tc.caps, nil)
		// One goroutine: the order of the walk, so where it meets a cap,
		// is then fixed.
		w.helpers = nil
		w.walk(fsys.NoFolder, "", dir, 0, false)
		var limits []*LimitError
		for _, err := range w.errs {
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("%+v: error %v", tc.caps, err)
			}
			limits = append(limits, le)
		}
		if tc.cap == "" {
			if len(limits) != 0 || len(w.files) != 4 {
				t.Errorf("%+v: %v, %d files", tc.caps, w.errs, len(w.files))
			}
			continue
		}
		if len(limits) != 1 || limits[0].Cap != tc.cap || limits[0].Path != tc.at || limits[0].Root != dir {
			t.Errorf("%+v: %v, want the %s cap at %s", tc.caps, w.errs, tc.cap, tc.at)
			continue
		}
		if msg := limits[0].Error(); !strings.Contains(msg, tc.at) || !strings.Contains(msg, fmt.Sprint(limits[0].Max)) {
			t.Errorf("message %q", msg)
		}
	}
}

// TestDiscoverNotRegular: a children scan lists a SKILL.md that is no
// regular file, and a skill.md where SKILL.md is missing, for reading to
// tell; a root too large to list is a cap reached.
func TestDiscoverNotRegular(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, txtar.Parse([]byte("-- a/SKILL.md --\n-- b/skill.md --\n-- c/SKILL.MD --\n-- d/notes.md --\n-- e/SKILL.md --\n-- e/skill.md --\n")).Files)
	if err := os.Mkdir(filepath.Join(root, "f"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "f", loader.FileName), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Root{Dir: root, Target: loader.TargetByID("zed"), Scope: loader.ScopeProject}
	got := relAll(t, root, discover(t, r))
	want := []string{"a/SKILL.md", "b/skill.md", "c/SKILL.MD", "e/SKILL.md", "f/SKILL.md"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for _, p := range want {
		if !r.Finds(filepath.Join(root, p)) {
			t.Errorf("Finds(%s) = false", p)
		}
	}
	if r.Finds(filepath.Join(root, "d", "notes.md")) {
		t.Error("Finds(d/notes.md)")
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
		// still no file, and is told so.
		if err := os.Remove(bad); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(bad, 0o755); err != nil {
			t.Fatal(err)
		}
		w := NewWorld(Env{}, nil)
		if errs := w.Load([]string{bad, skills[0]}); len(errs) != 0 {
			t.Fatalf("load errors %v", errs)
		}
		if e := w.Entry(bad); e == nil || e.Problems[0].Rule != "file-not-regular" {
			t.Fatalf("a folder named SKILL.md: %v", e)
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

// TestReadDirUpTo lists up to max of a folder's entries, sorted, and says
// when there were more.
func TestReadDirUpTo(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range dirBatch + 10 { // over one batch of ReadDir
		names = append(names, fmt.Sprintf("e%04d", i))
		if err := os.WriteFile(filepath.Join(dir, names[i]), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, max := range []int{0, 5, dirBatch, len(names) - 1, len(names), 5000} {
		entries, full, err := readDirUpTo(dir, max)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		if full != (max >= len(names)) || len(got) != min(max, len(names)) || !slices.IsSorted(got) {
			t.Errorf("max %d: %d entries, full %v", max, len(got), full)
		}
	}
	if _, _, err := readDirUpTo(filepath.Join(dir, "none"), 5); err == nil {
		t.Error("a missing folder listed")
	}
}

// TestDiscoverRootNotFolder: a root that is a FIFO holds no skill, and
// listing it does not wait for a writer.
func TestDiscoverRootNotFolder(t *testing.T) {
	root := filepath.Join(t.TempDir(), "skills")
	if err := syscall.Mkfifo(root, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"zed", "codex"} {
		if got := discover(t, Root{Dir: root, Target: loader.TargetByID(id)}); len(got) != 0 {
			t.Errorf("%s: %v", id, got)
		}
	}
	if _, err := ReadDir(root); err == nil {
		t.Error("a FIFO listed as a folder")
	}
}

// TestFindSkillsLinkedTwinsSettled: a folder reached both by its own path
// and through symlinks is listed by its own path, whichever goroutine of
// the walk meets which first; a folder reached only through links, by the
// first of them in path order. (Seen in sickn33/antigravity-awesome-skills:
// skills/pdf -> pdf-official.)
func TestFindSkillsLinkedTwinsSettled(t *testing.T) {
	root := t.TempDir()
	var files []txtar.File
	for i := range 40 {
		files = append(files, txtar.File{Name: fmt.Sprintf("skills/s%02d-official/SKILL.md", i)})
	}
	files = append(files, txtar.File{Name: "outside/o/SKILL.md"})
	writeTree(t, root, files)
	for i := range 40 {
		if err := os.Symlink(fmt.Sprintf("s%02d-official", i), filepath.Join(root, "skills", fmt.Sprintf("s%02d", i))); err != nil {
			t.Fatal(err)
		}
	}
	tree := filepath.Join(root, "skills")
	for _, l := range []string{"y-link", "x-link"} {
		if err := os.Symlink(filepath.Join(root, "outside"), filepath.Join(tree, l)); err != nil {
			t.Fatal(err)
		}
	}
	for range 20 {
		found, errs := FindSkills(tree)
		got := relAll(t, tree, found)
		if len(got) != 41 || len(errs) != 0 {
			t.Fatalf("%d files %v, errors %v", len(got), got, errs)
		}
		for _, p := range got {
			if !strings.Contains(p, "-official/") && p != "x-link/o/SKILL.md" {
				t.Fatalf("listed through a link: %s (all: %v)", p, got)
			}
		}
	}
}
