package skillcore

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestMissReasonNamesEachFolderOnce: a plugin whose skills paths name one
// folder twice (and the default skills/ a third time) is said to read
// skills "only from skills/", not "skills/, skills/, skills/".
func TestMissReasonNamesEachFolderOnce(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.git/HEAD --
ref: main
-- proj/.claude-plugin/plugin.json --
{"name": "p", "skills": ["./skills/", "./skills"]}
-- proj/skills/a/SKILL.md --
---
name: a
description: A.
---
-- proj/more/b/SKILL.md --
---
name: b
description: B.
---
`)).Files)
	w := newTestWorld(t, dir, skills)
	var msg string
	for _, p := range w.Problems(filepath.Join(dir, "proj/more/b/SKILL.md")) {
		if p.Rule == "not-discovered" {
			msg = p.Message
		}
	}
	if !strings.Contains(msg, "claude-code reads skills of plugin p (.claude-plugin/plugin.json) only from skills/, and this file is outside them") {
		t.Errorf("not-discovered says %q", msg)
	}
}
