package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRootsInside(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(proj, ".agents/skills/a"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A link inside the root to a folder outside it, and one to a folder
	// inside it.
	must(t, os.Symlink(outside, filepath.Join(proj, "escape")))
	must(t, os.Symlink(filepath.Join(proj, ".agents"), filepath.Join(proj, "inner")))
	rs, err := NewRoots([]string{proj})
	if err != nil {
		t.Fatal(err)
	}
	real := rs[0]
	cases := []struct {
		in, want string // want "": refused
	}{
		{".agents/skills/a/SKILL.md", real + "/.agents/skills/a/SKILL.md"},
		{proj + "/.agents/skills/a", real + "/.agents/skills/a"},
		{".", real},
		{"new/skills/b/SKILL.md", real + "/new/skills/b/SKILL.md"}, // not yet written
		{"inner/skills/a/SKILL.md", real + "/.agents/skills/a/SKILL.md"},
		{"../outside", ""},
		{".agents/../../outside/SKILL.md", ""},
		{"escape/SKILL.md", ""},
		{"escape/deeper/not/there/SKILL.md", ""},
		{"/etc/passwd", ""},
		{"/", ""},
		{dir, ""},
		{proj + "-sibling/SKILL.md", ""}, // shares the root's prefix
		{"", ""},
		{"a\x00b", ""},
	}
	for _, c := range cases {
		got, err := rs.Inside(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("Inside(%q) = %q, want refused", c.in, got)
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("Inside(%q) = %q, %v; want %q", c.in, got, err, c.want)
		case err != nil && c.in != "" && !strings.Contains(c.in, "\x00") && !strings.Contains(err.Error(), "outside the roots"):
			t.Errorf("Inside(%q): %v does not say why", c.in, err)
		}
	}
}

func TestNewRootsRefusesFiles(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	must(t, os.WriteFile(f, nil, 0o644))
	for _, dirs := range [][]string{{f}, {filepath.Join(f, "missing")}, nil} {
		if _, err := NewRoots(dirs); err == nil {
			t.Errorf("NewRoots(%q): no error", dirs)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
