package skillcore

import (
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

// A path-only world finds a file by the skill folders its path lies in,
// as the full world does, and searches no packages: a plugin's skill is
// found only by the full world.
func TestPathOnlyWorld(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.claude-plugin/plugin.json --
{"name": "proj"}
-- proj/skills/p/SKILL.md --
---
name: p
description: A plugin's skill.
---
-- proj/.claude/skills/c/SKILL.md --
---
name: c
description: A project skill.
---
`)).Files)
	full := newTestWorld(t, dir, nil)
	local := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
	local.PathOnly = true
	for _, rel := range []string{"proj/skills/p/SKILL.md", "proj/.claude/skills/c/SKILL.md"} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		local.Set(p, full.Entry(p).Skill.Src)
	}
	c := filepath.Join(dir, "proj/.claude/skills/c/SKILL.md")
	if got, want := local.Entry(c).DiscoveredBy(), full.Entry(c).DiscoveredBy(); !slices.Equal(got, want) || len(got) == 0 {
		t.Errorf("project skill discovered by %v, the full world says %v", got, want)
	}
	p := filepath.Join(dir, "proj/skills/p/SKILL.md")
	if len(full.Entry(p).Roots) == 0 {
		t.Fatal("the full world does not find the plugin's skill: the tree lost its plugin")
	}
	if got := local.Entry(p).Roots; len(got) != 0 {
		t.Errorf("path-only world found the plugin's skill by %d roots", len(got))
	}
	if sets := local.PackageSets(); len(sets) != 0 {
		t.Errorf("path-only world searched %d package sets", len(sets))
	}
}
