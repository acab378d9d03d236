package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// presence answers as os.Stat does, before and after it lists a folder:
// files, folders, a symlink to a file, a dangling symlink, missing names, a
// missing folder and a file where a folder is wanted.
func TestPresenceAgreesWithStat(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "references")
	for _, d := range []string{ref, filepath.Join(ref, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a.md", "b.md", "c.md"} {
		if err := os.WriteFile(filepath.Join(ref, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.md", filepath.Join(ref, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("gone.md", filepath.Join(ref, "dangling.md")); err != nil {
		t.Fatal(err)
	}
	paths := []string{"a.md", "missing-1.md", "missing-2.md", "b.md", "link.md", "dangling.md", "sub", "c.md", "missing-3.md", "a.md/x", "nowhere/x.md"}
	p := newPresence()
	for _, name := range paths {
		path := filepath.Join(ref, name)
		_, err := os.Stat(path)
		if got, want := p.exists(path), err == nil; got != want {
			t.Errorf("%s: exists %v, want %v", name, got, want)
		}
	}
	for i := range 4 {
		path := filepath.Join(dir, "nowhere", fmt.Sprintf("x%d.md", i))
		if p.exists(path) {
			t.Errorf("%s exists", path)
		}
	}
	if !p.listed[ref].whole {
		t.Errorf("references/ was asked about %d times and not listed", len(paths))
	}
}
