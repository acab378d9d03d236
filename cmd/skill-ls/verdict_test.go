package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckSpecVerdict: a field only the spec refuses fails no build while
// the agents that load the file read past it; it fails one when the
// project asks for the spec, by flag or in .skill-ls.yaml.
func TestCheckSpecVerdict(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.git/HEAD --
ref: main
-- proj/.claude/skills/fast/SKILL.md --
---
name: fast
description: Thinks less.
effort: low
---
`)
	proj := filepath.Join(dir, "proj")
	code, out, _ := runCmd("check", proj)
	// Claude Code, which loads the file, reads effort: not portable, and
	// intended.
	if code != exitOK || !strings.Contains(out, "info field-unknown: not portable") || !strings.Contains(out, "load it anyway") {
		t.Errorf("by default: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("check", "--target", "agentskills,claude-code", proj)
	if code != exitFindings || !strings.Contains(out, "error field-unknown") {
		t.Errorf("--target agentskills: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(proj, ".skill-ls.yaml"), []byte("targets: [agentskills, claude-code]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd("check", proj)
	if code != exitFindings || !strings.Contains(out, "error field-unknown") {
		t.Errorf("targets in .skill-ls.yaml: exit %d\n%s", code, out)
	}
}
