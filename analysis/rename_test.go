package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A rename moves a folder only when it is a skill folder directly in a root
// that discovers it. Every other SKILL.md (at the file system's root, in
// the home folder, in a workspace folder, in a root itself, in a folder
// holding a root, nested, outside every root, a symlinked folder) keeps its
// folder, and the renaming says why.
func TestRenameMovesOnlySkillFolders(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	if err := os.MkdirAll(filepath.Join(dir, "elsewhere/real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere/real"), filepath.Join(dir, "proj/.agents/skills/linked")); err != nil {
		t.Fatal(err)
	}
	const skill = "---\nname: old-name\ndescription: d\n---\n"
	cases := []struct {
		file  string // relative to dir, or absolute
		moves bool
	}{
		{"proj/.agents/skills/old-name/SKILL.md", true},
		{"proj/.claude/skills/old-name/SKILL.md", true},
		{"home/.claude/skills/old-name/SKILL.md", true},
		{"/SKILL.md", false},
		{"/tmp/SKILL.md", false},
		{"home/SKILL.md", false},
		{"proj/SKILL.md", false},
		{"proj/.agents/SKILL.md", false},
		{"proj/.agents/skills/SKILL.md", false},
		{"home/.agents/skills/SKILL.md", false},
		{"proj/docs/old-name/SKILL.md", false},
		{"proj/.agents/skills/group/old-name/SKILL.md", false},
		{"proj/.agents/skills/linked/SKILL.md", false},
		{"elsewhere/old-name/SKILL.md", false},
	}
	for _, c := range cases {
		path := c.file
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		w.Set(path, []byte(skill))
		src := w.Source(path)
		r, err := w.Rename(path, offsetOf(t, src, "old-name\n"), "new-name")
		w.Remove(path)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if len(r.Edits) != 1 {
			t.Errorf("%s: edits %+v, want the name edit", c.file, r.Edits)
		}
		if moved := r.FromDir != ""; moved != c.moves {
			t.Errorf("%s: moves folder %q -> %q = %v, want %v (%s)", c.file, r.FromDir, r.ToDir, moved, c.moves, r.DirStays)
			continue
		}
		if c.moves && (r.FromDir != filepath.Dir(path) || r.ToDir != filepath.Join(filepath.Dir(filepath.Dir(path)), "new-name")) {
			t.Errorf("%s: moves %q -> %q", c.file, r.FromDir, r.ToDir)
		}
		if !c.moves && !strings.Contains(r.DirStays, filepath.Dir(path)) {
			t.Errorf("%s: DirStays %q does not name the folder", c.file, r.DirStays)
		}
	}
}
