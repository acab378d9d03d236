package analysis

import (
	"reflect"
	"slices"
	"testing"
)

// findingsTree is a project whose skills break a few rules each.
var findingsTree = txtarFiles(`
-- proj/.agents/skills/a/SKILL.md --
---
name: a
description: Links to [nothing](none.md).
colour: red
---
See [x](references/x.md) and ` + "`scripts/y.sh`" + `.
-- proj/.agents/skills/b/SKILL.md --
---
name: B
---
-- proj/.codex/skills/a/SKILL.md --
---
name: a
description: Codex a.
---
`)

// TestFindingsOfMatchesFindings: the batch a checker uses says exactly what
// the one-file call says.
func TestFindingsOfMatchesFindings(t *testing.T) {
	tr := newTestTree(t, Config{}, findingsTree...)
	paths := tr.ws.Paths()
	if len(paths) != 3 {
		t.Fatalf("%d files", len(paths))
	}
	batch := tr.ws.FindingsOf(append(paths, tr.path("proj/none/SKILL.md")))
	for i, p := range paths {
		if one := tr.ws.Findings(p); !reflect.DeepEqual(one, batch[i]) {
			t.Errorf("%s:\n one  %v\n batch %v", p, rules(one), rules(batch[i]))
		}
		if len(batch[i]) == 0 {
			t.Errorf("%s: no findings", p)
		}
	}
	if last := batch[len(batch)-1]; last == nil || len(last) != 0 {
		t.Errorf("a file the workspace does not hold: %v", last)
	}
}

// TestFindingsSeverityOverride: the configuration turns a rule off or
// changes its severity, and nothing else.
func TestFindingsSeverityOverride(t *testing.T) {
	plain := newTestTree(t, Config{}, findingsTree...)
	tr := newTestTree(t, Config{Rules: map[string]string{"link-broken": "off", "field-unknown": "warning", "name-chars": "info", "name-duplicate": "error"}}, findingsTree...)
	for _, rel := range []string{"proj/.agents/skills/a/SKILL.md", "proj/.agents/skills/b/SKILL.md", "proj/.codex/skills/a/SKILL.md"} {
		want := plain.ws.Findings(plain.path(rel))
		got := tr.ws.Findings(tr.path(rel))
		want = slices.DeleteFunc(want, func(f Finding) bool { return f.Rule == "link-broken" })
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", rel, rules(got), rules(want))
		}
		for i, f := range got {
			sev := map[string]Severity{"field-unknown": Warning, "name-chars": Info, "name-duplicate": Error}[f.Rule]
			if sev == 0 {
				sev = want[i].Severity
			}
			if f.Rule != want[i].Rule || f.Severity != sev || f.Range != want[i].Range {
				t.Errorf("%s: %s %s, want %s %s", rel, f.Rule, f.Severity, want[i].Rule, sev)
			}
		}
	}
}

// TestFindingsInFileOrder sorts findings by offset, then rule.
func TestFindingsInFileOrder(t *testing.T) {
	tr := newTestTree(t, Config{}, findingsTree...)
	for _, p := range tr.ws.Paths() {
		fs := tr.ws.Findings(p)
		if !slices.IsSortedFunc(fs, func(a, b Finding) int {
			if a.Range.Start != b.Range.Start {
				return a.Range.Start - b.Range.Start
			}
			if a.Rule < b.Rule {
				return -1
			}
			if a.Rule > b.Rule {
				return 1
			}
			return 0
		}) {
			t.Errorf("%s: %v", p, rules(fs))
		}
	}
}
