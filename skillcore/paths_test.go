package skillcore

import (
	"path/filepath"
	"testing"
)

// TestPathsAsFilepath: on clean paths, childPath and ParentDir say what
// filepath's Join and Dir say.
func TestPathsAsFilepath(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/b.c/d", "a", "a/b", ".", "/tmp/x y/SKILL.md", "/é/ü"} {
		if got, want := ParentDir(p), filepath.Dir(p); got != want {
			t.Errorf("ParentDir(%q) = %q, want %q", p, got, want)
		}
		for _, name := range []string{"SKILL.md", ".git", "x y", "..a"} {
			if got, want := childPath(p, name), filepath.Join(p, name); got != want {
				t.Errorf("childPath(%q, %q) = %q, want %q", p, name, got, want)
			}
		}
	}
}
