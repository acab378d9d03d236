package analysis

import (
	"bytes"
	"os"
	"reflect"
	"slices"
	"strings"
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
-- proj/.github/skills/a/SKILL.md --
---
name: a
description: Copilot a.
---
`)

// TestFindingsOfMatchesFindings: the batch a checker or server uses says
// exactly what the one-file call says, and gives each file's whole text,
// whether the workspace keeps bodies or releases them.
func TestFindingsOfMatchesFindings(t *testing.T) {
	for _, release := range []bool{false, true} {
		tr := newTestTree(t, Config{ReleaseBodies: release}, findingsTree...)
		paths := tr.ws.Paths()
		if len(paths) != 3 {
			t.Fatalf("%d files", len(paths))
		}
		batch, places := tr.ws.FindingsOf(append(paths, tr.path("proj/none/SKILL.md")))
		texts := textsOf(places)
		for i, p := range paths {
			if one := tr.ws.Findings(p); !reflect.DeepEqual(one, batch[i]) {
				t.Errorf("release %v: %s:\n one  %v\n batch %v", release, p, rules(one), rules(batch[i]))
			}
			if len(batch[i]) == 0 {
				t.Errorf("release %v: %s: no findings", release, p)
			}
			// A released file may give only the frontmatter it keeps, when
			// that places every finding.
			want, _ := os.ReadFile(p)
			if !bytes.HasPrefix(want, texts[i]) || len(texts[i]) < reach(p, batch[i]) ||
				!tr.ws.Config().ReleaseBodies && len(texts[i]) != len(want) {
				t.Errorf("release %v: %s: text %q, for findings up to %d of %q", release, p, texts[i], reach(p, batch[i]), want)
			}
			if got := tr.ws.World.Entry(p).Skill.Released(); got != (tr.ws.Config().ReleaseBodies && p != tr.path("proj/.agents/skills/b/SKILL.md")) {
				t.Errorf("release %v: %s released %v after FindingsOf", release, p, got)
			}
		}
		if last := batch[len(batch)-1]; last == nil || len(last) != 0 || texts[len(texts)-1] != nil {
			t.Errorf("release %v: a file the workspace does not hold: %v %q", release, last, texts[len(texts)-1])
		}
	}
}

// TestReleasedFileChangedOnDisk: a released file that changed or went on
// disk before its watcher event is taken in when it is read back, and the
// change is reported with the files it affects.
func TestReleasedFileChangedOnDisk(t *testing.T) {
	for _, batch := range []bool{false, true} {
		tr := newTestTree(t, Config{ReleaseBodies: true}, findingsTree...)
		var heard [][]string
		tr.ws.OnReload = func(paths []string) { heard = append(heard, paths) }
		a, copilotA := tr.path("proj/.agents/skills/a/SKILL.md"), tr.path("proj/.github/skills/a/SKILL.md")
		if !tr.ws.World.Entry(a).Skill.Released() {
			t.Fatal("a is not released")
		}
		if batch {
			// The first findings after the scan are what it read (kept
			// with an excerpt to place them), with no read: the change
			// is seen from the next on.
			tr.ws.FindingsOf([]string{a})
		}
		changed := "---\nname: c\ndescription: Now called c.\n---\n\nSee [y](references/y.md).\n"
		if err := os.WriteFile(a, []byte(changed), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []Finding
		var text []byte
		if batch {
			fs, places := tr.ws.FindingsOf([]string{a})
			got, text = fs[0], places[0].Text()
		} else {
			got, text = tr.ws.Findings(a), tr.ws.Source(a)
		}
		if string(text) != changed {
			t.Errorf("batch %v: text %q, want the changed file", batch, text)
		}
		if n, _ := tr.ws.World.Entry(a).Skill.Str("name"); n != "c" {
			t.Errorf("batch %v: the workspace still has name %q", batch, n)
		}
		if !slices.ContainsFunc(got, func(f Finding) bool { return f.Rule == "name-dir-mismatch" }) {
			t.Errorf("batch %v: findings %v, want those of the changed file", batch, rules(got))
		}
		// a no longer shares its name with copilot's a, which hears of it.
		if len(heard) != 1 || heard[0][0] != a || !slices.Contains(heard[0], copilotA) {
			t.Errorf("batch %v: OnReload heard %v, want a and %s", batch, heard, copilotA)
		}

		if err := os.Remove(copilotA); err != nil {
			t.Fatal(err)
		}
		tr.ws.Release(copilotA)
		if got := tr.ws.Findings(copilotA); len(got) != 0 || tr.ws.World.Entry(copilotA) != nil {
			t.Errorf("batch %v: a file gone from disk: findings %v, still held %v", batch, rules(got), tr.ws.World.Entry(copilotA) != nil)
		}
	}
}

// TestFindingsSeverityOverride: the configuration turns a rule off or
// changes its severity, and nothing else.
func TestFindingsSeverityOverride(t *testing.T) {
	plain := newTestTree(t, Config{}, findingsTree...)
	tr := newTestTree(t, Config{Rules: map[string]string{"link-broken": "off", "field-unknown": "warning", "name-chars": "info", "name-duplicate": "error"}}, findingsTree...)
	for _, rel := range []string{"proj/.agents/skills/a/SKILL.md", "proj/.agents/skills/b/SKILL.md", "proj/.github/skills/a/SKILL.md"} {
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

// TestFirstFindingsUseTheScan: a scan that releases bodies checks them as
// it reads them; the first findings use that and read a body back only
// when they point into it. Later findings read it back and check again.
func TestFirstFindingsUseTheScan(t *testing.T) {
	tr := newTestTree(t, Config{ReleaseBodies: true}, txtarFiles(`
-- proj/.agents/skills/a/SKILL.md --
---
name: a
description: Does a.
---

See [x](refs/x.md).
-- proj/.agents/skills/b/SKILL.md --
---
name: b
description: Does b.
colour: red
---

# B
`)...)
	a, b := tr.path("proj/.agents/skills/a/SKILL.md"), tr.path("proj/.agents/skills/b/SKILL.md")
	// b's body changes on disk with no event; its first findings are the
	// scan's, placed in the frontmatter it kept, with no read.
	if err := os.WriteFile(b, []byte("---\nname: b\ndescription: Does b.\ncolour: red\n---\n\n# B, longer now\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, places := tr.ws.FindingsOf([]string{a, b})
	texts := textsOf(places)
	if strings.Join(rules(got[0]), ",") != "link-broken" {
		t.Errorf("a: %v", rules(got[0]))
	}
	if wantA, _ := os.ReadFile(a); !bytes.Equal(texts[0], wantA) {
		t.Errorf("a's link is in its body, so its whole text comes back: %q", texts[0])
	}
	if strings.Join(rules(got[1]), ",") != "field-unknown" || string(texts[1]) != "---\nname: b\ndescription: Does b.\ncolour: red\n---\n" {
		t.Errorf("b: %v, text %q", rules(got[1]), texts[1])
	}

	if err := os.MkdirAll(tr.path("proj/.agents/skills/a/refs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tr.path("proj/.agents/skills/a/refs/x.md"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ = tr.ws.FindingsOf([]string{a, b})
	if len(got[0]) != 0 {
		t.Errorf("a, once its link's file exists: %v", rules(got[0]))
	}
	if n, _ := tr.ws.World.Entry(b).Skill.Str("name"); n != "b" || tr.ws.World.Entry(b).Skill.Released() {
		t.Errorf("b, read back changed, is not taken in whole")
	}
}

// TestTooLargeBufferMatchesDisk: a file over 1 MiB says the same whether it
// is read from disk (not read past its size) or held by an editor (not
// parsed): the editor and check never disagree.
func TestTooLargeBufferMatchesDisk(t *testing.T) {
	src := "---\nname: my-skill\ndescription: Big.\n---\n" + strings.Repeat("x", 1<<20)
	tr := newTestTree(t, Config{}, treeFile{path: mySkill, data: src})
	path := tr.path(mySkill)
	disk := tr.ws.Findings(path)
	tr.ws.Set(path, []byte(src))
	buffer := tr.ws.Findings(path)
	if len(disk) != 1 || disk[0].Rule != "file-too-large" || !reflect.DeepEqual(disk, buffer) {
		t.Errorf("disk %+v\nbuffer %+v", disk, buffer)
	}
}

// textsOf is the Text of each placement.
func textsOf(places []*Placement) [][]byte {
	out := make([][]byte, len(places))
	for i, p := range places {
		out[i] = p.Text()
	}
	return out
}
