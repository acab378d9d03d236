package fsys

import (
	"path/filepath"
	"testing"
)

// TestPathsAsFilepath: on clean paths, ChildPath, SubPath and ParentDir say
// what filepath's Join and Dir say.
func TestPathsAsFilepath(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/b.c/d", "a", "a/b", ".", "/tmp/x y/SKILL.md", "/é/ü"} {
		if got, want := ParentDir(p), filepath.Dir(p); got != want {
			t.Errorf("ParentDir(%q) = %q, want %q", p, got, want)
		}
		for _, name := range []string{"SKILL.md", ".git", "x y", "..a"} {
			if got, want := ChildPath(p, name), filepath.Join(p, name); got != want {
				t.Errorf("ChildPath(%q, %q) = %q, want %q", p, name, got, want)
			}
		}
	}
}

// FuzzCleanPath holds CleanPath to filepath.Clean.
func FuzzCleanPath(f *testing.F) {
	for _, p := range []string{"", "/", "//", "/a/b", "a/b/", "./a", "a/./b", "a/../b", "..", ".", "/..", "/a/.hidden/b", "a//b", "/a/b/.", "/a/b/.."} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := CleanPath(p), filepath.Clean(p); got != want {
			t.Fatalf("CleanPath(%q) = %q, filepath.Clean says %q", p, got, want)
		}
	})
}

// FuzzBelow holds below to filepath.Rel where it answers.
func FuzzBelow(f *testing.F) {
	for _, c := range [][2]string{{"/a", "/a/b"}, {"/", "/a"}, {"/a", "/ab"}, {"a", "a/b/c"}, {"/a/b", "/a/b"}, {"/a/", "/a/b"}, {"/a", "/a/../b"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, dir, path string) {
		got, ok := Below(dir, path)
		if !ok {
			return
		}
		want, err := filepath.Rel(dir, path)
		if err != nil || filepath.ToSlash(want) != got {
			t.Fatalf("Below(%q, %q) = %q; filepath.Rel says %q, %v", dir, path, got, want, err)
		}
	})
}

// TestCleanPathFastPath: the paths a walk makes are taken as clean, and
// relative paths inside a folder are cut, without filepath's rewrite (the
// fuzz targets only hold the answers, which a fallback would give too).
func TestCleanPathFastPath(t *testing.T) {
	for _, p := range []string{"/", "/a", "/tmp/real/x/.claude-plugin/plugin.json", "a/b", "/a/.hidden/..x/SKILL.md"} {
		if !IsClean(p) {
			t.Errorf("IsClean(%q) = false", p)
		}
	}
	for _, p := range []string{"", "/a/", "a//b", "/a/./b", "/a/../b", "./a", "/a/.."} {
		if IsClean(p) {
			t.Errorf("IsClean(%q) = true", p)
		}
	}
	for _, c := range []struct{ dir, path, rel string }{
		{"/t", "/t/p/.claude-plugin/plugin.json", "p/.claude-plugin/plugin.json"},
		{"/", "/a/b", "a/b"},
		{"a", "a/b", "b"},
	} {
		if got, ok := Below(c.dir, c.path); !ok || got != c.rel {
			t.Errorf("Below(%q, %q) = %q, %v; want %q", c.dir, c.path, got, ok, c.rel)
		}
	}
	for _, c := range [][2]string{{"/t", "/t"}, {"/t", "/tx/a"}, {"/t", "/u/a"}, {"/t/", "/t/a"}} {
		if got, ok := Below(c[0], c[1]); ok {
			t.Errorf("Below(%q, %q) = %q; want no answer", c[0], c[1], got)
		}
	}
}

// FuzzDirOfJoinName holds DirOf to filepath.Dir and JoinName to
// filepath.Join, on any path: clean or not, they answer the same.
func FuzzDirOfJoinName(f *testing.F) {
	for _, c := range [][2]string{{"/a/b", "SKILL.md"}, {"/", "x"}, {"a/../b", ".."}, {"", "a"}, {".", "."}, {"/a/", "b/c"}, {"a//b", ""}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, p, name string) {
		if got, want := DirOf(p), filepath.Dir(p); got != want {
			t.Fatalf("DirOf(%q) = %q, filepath.Dir says %q", p, got, want)
		}
		if got, want := JoinName(p, name), filepath.Join(p, name); got != want {
			t.Fatalf("JoinName(%q, %q) = %q, filepath.Join says %q", p, name, got, want)
		}
	})
}
