package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckLinkedSkillFolder: a skill folder in .agents/skills that is a
// link to a folder elsewhere in the project is loaded through the link by
// Copilot CLI and Gemini CLI (conformance probes copilot/disc-symlink-folder,
// gemini/disc-symlink-dir) and by its real path by Codex: check reports it
// under both paths, each with the agents that load it there.
func TestCheckLinkedSkillFolder(t *testing.T) {
	dir := writeCheckTree(t, `-- home/.keep --
-- proj/.git/HEAD --
ref: main
-- proj/lib/foo/SKILL.md --
---
name: foo
description: The foo skill.
---
`)
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".agents/skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../lib/foo", filepath.Join(proj, ".agents/skills/foo")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Chdir(proj)
	_, out, _ := runCmd("check", "--verbose", ".")
	for _, want := range []string{
		".agents/skills/foo/SKILL.md: loaded by agentskills, zed, copilot, gemini",
		"lib/foo/SKILL.md: loaded by codex",
		"2 files checked",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
