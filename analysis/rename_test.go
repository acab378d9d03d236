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

// pluginRenameTree is a project that is itself a Claude Code plugin (as
// obra/superpowers is), with more plugins and a Gemini extension in it.
const pluginRenameTree = `
-- proj/.claude-plugin/plugin.json --
{"name": "proj"}
-- proj/skills/brainstorming/SKILL.md --
---
name: brainstorming
description: d
---
-- proj/plugins/listed/.claude-plugin/plugin.json --
{"name": "listed", "skills": ["./more", "./one/solo"]}
-- proj/plugins/listed/more/alpha/SKILL.md --
---
name: alpha
description: d
---
-- proj/plugins/listed/one/solo/SKILL.md --
---
name: solo
description: d
---
-- proj/plugins/listed/docs/stray/SKILL.md --
---
name: stray
description: d
---
-- proj/plugins/deep/.codex-plugin/plugin.json --
{"name": "deep"}
-- proj/plugins/deep/skills/group/nested/SKILL.md --
---
name: nested
description: d
---
-- proj/plugins/ext/gemini-extension.json --
{"name": "ext", "version": "1.0.0"}
-- proj/plugins/ext/skills/gem/SKILL.md --
---
name: gem
description: d
---
-- proj/plugins/ext/skills/SKILL.md --
---
name: top
description: d
---
`

// A skill folder directly in a plugin's or an extension's skills folder
// (skills/, or a folder the manifest lists) moves as one in a root does.
// A folder the manifest names as the skill itself, a skill nested deeper,
// the skills folder itself and a SKILL.md no package loads keep theirs.
func TestRenameMovesPluginSkillFolders(t *testing.T) {
	w, dir := loadTree(t, pluginRenameTree)
	cases := []struct {
		file, name string
		moves      bool
		why        string // in DirStays
	}{
		{"proj/skills/brainstorming/SKILL.md", "brainstorming", true, ""},
		{"proj/plugins/listed/more/alpha/SKILL.md", "alpha", true, ""},
		{"proj/plugins/ext/skills/gem/SKILL.md", "gem", true, ""},
		{"proj/plugins/listed/one/solo/SKILL.md", "solo", false, "plugin listed (plugins/listed/.claude-plugin/plugin.json) names this folder itself"},
		{"proj/plugins/listed/docs/stray/SKILL.md", "stray", false, "does not sit directly in a skills root"},
		{"proj/plugins/deep/skills/group/nested/SKILL.md", "nested", false, "does not sit directly in a skills root"},
		{"proj/plugins/ext/skills/SKILL.md", "top", false, "names this folder itself"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.file)
		if w.Source(path) == nil { // found by no root: as an editor opens it
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			w.Set(path, src)
		}
		r, err := w.Rename(path, offsetOf(t, w.Source(path), c.name+"\n"), "new-name")
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if moved := r.FromDir != ""; moved != c.moves {
			t.Errorf("%s: moves folder %q -> %q = %v, want %v (%s)", c.file, r.FromDir, r.ToDir, moved, c.moves, r.DirStays)
			continue
		}
		if c.moves && (r.FromDir != filepath.Dir(path) || r.ToDir != filepath.Join(filepath.Dir(filepath.Dir(path)), "new-name")) {
			t.Errorf("%s: moves %q -> %q", c.file, r.FromDir, r.ToDir)
		}
		if !c.moves && (!strings.Contains(r.DirStays, filepath.Dir(path)) || !strings.Contains(r.DirStays, c.why)) {
			t.Errorf("%s: DirStays %q, want the folder and %q", c.file, r.DirStays, c.why)
		}
	}
}
