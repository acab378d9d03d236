package analysis

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// applyEdits returns src with the edits made. Edits must not overlap; they
// are applied from the last to the first so that offsets stay valid.
func applyEdits(t testing.TB, src []byte, edits []Edit) []byte {
	t.Helper()
	edits = slices.Clone(edits)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Range.Start > edits[j].Range.Start })
	out := slices.Clone(src)
	prev := len(src) + 1
	for _, e := range edits {
		if e.Range.Start < 0 || e.Range.Start > e.Range.End || e.Range.End > len(src) {
			t.Fatalf("edit %+v out of the file's %d bytes", e, len(src))
		}
		if e.Range.End > prev {
			t.Fatalf("edits overlap at %+v", e)
		}
		prev = e.Range.Start
		out = append(out[:e.Range.Start:e.Range.Start], append([]byte(e.NewText), out[e.Range.End:]...)...)
	}
	return out
}

func TestApplyEdits(t *testing.T) {
	got := applyEdits(t, []byte("abcdef"), []Edit{
		{Range: Range{Start: 0, End: 1}, NewText: "X"},
		{Range: Range{Start: 3, End: 3}, NewText: "--"},
		{Range: Range{Start: 4, End: 6}},
	})
	if string(got) != "Xbc--d" {
		t.Fatalf("got %q", got)
	}
}

// mustFix lists the rules whose findings always come with an edit that
// resolves them, in the cases of TestRules.
var mustFix = map[string]bool{
	"bom": true, "frontmatter-missing": true, "name-missing": true, "name-dir-mismatch": true,
	"name-hyphens": true, "yaml-duplicate-key": true, "allowed-tools-format": true,
	"field-unknown": true, "field-value": true, "unusual-space": true,
}

// TestFixesResolve applies every fix offered on every finding of the rule
// cases and analyses the file again: the finding must be gone, and the
// frontmatter must still parse.
func TestFixesResolve(t *testing.T) {
	fixed := map[string]int{}
	for _, c := range ruleCases() {
		if c.quiet {
			continue
		}
		file := orDefault(c.file, mySkill)
		tr := newTestTree(t, Config{Targets: c.targets}, append(txtarFiles(c.archive), treeFile{path: file, data: c.src, fifo: c.fifo})...)
		path := tr.path(file)
		src := tr.ws.Source(path)
		before := tr.ws.Findings(path)
		for _, f := range before {
			var edits int
			for _, fix := range tr.ws.Fixes(path, f) {
				if fix.Open != "" {
					if len(fix.Edits) > 0 || fix.Open == path || !strings.HasPrefix(fix.Title, "Open ") {
						t.Errorf("%s/%s: %q opens %s", c.rule, c.name, fix.Title, fix.Open)
					}
					continue
				}
				edits++
				t.Run(c.rule+"/"+c.name+"/"+fix.Title, func(t *testing.T) {
					after := applyEdits(t, src, fix.Edits)
					tr.ws.Set(path, after)
					defer tr.ws.Set(path, src)
					got := tr.ws.Findings(path)
					if count(got, f.Rule) >= count(before, f.Rule) {
						t.Errorf("%s still there after %q:\n%s\nfindings: %v", f.Rule, fix.Title, after, rules(got))
					}
					for _, r := range []string{"yaml-syntax", "frontmatter-missing", "frontmatter-unclosed", "frontmatter-not-mapping"} {
						if count(got, r) > count(before, r) {
							t.Errorf("%q breaks the frontmatter (%s):\n%s", fix.Title, r, after)
						}
					}
				})
				fixed[f.Rule]++
			}
			if f.Rule == c.rule && mustFix[f.Rule] && edits == 0 {
				t.Errorf("%s/%s: no fix offered", c.rule, c.name)
			}
		}
	}
	t.Logf("fixes tried per rule: %v", fixed)
	for r := range mustFix {
		if fixed[r] == 0 {
			t.Errorf("no fix of %s was tried", r)
		}
	}
}

func count(fs []Finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

func rules(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// TestPlainSlug: the names a fix writes plain without asking yaml.v3, and
// those it leaves to it.
func TestPlainSlug(t *testing.T) {
	for text, want := range map[string]bool{"my-skill": true, "a1": true, "pdf-2": true,
		"name": false, "true": false, "no": false, "1a": false, "a_b": false, "A-b": false, "-a": false, "": false, "a b-c": false} {
		if got := plainSlug(text); got != want {
			t.Errorf("plainSlug(%q) = %v, want %v", text, got, want)
		}
		if want && yamlString(text) != text {
			t.Errorf("yamlString(%q) = %q", text, yamlString(text))
		}
	}
}
