package opencode_test

import (
	"testing"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestOpenCodeUnlisted: a skill without a description loads but is not in
// the catalog; one with a blank description is.
func TestOpenCodeUnlisted(t *testing.T) {
	tg := loader.TargetByID("opencode")
	for src, want := range map[string]bool{
		"---\nname: a\n---\n":                                                 true,
		"---\nname: a\ndescription: \"\"\n---\n":                              false,
		"---\nname: a\ndescription: d\ndisable-model-invocation: true\n---\n": false,
	} {
		if got := tg.Hides(loader.Parse("/p/x/SKILL.md", []byte(src))); got != want {
			t.Errorf("%q: hidden %v, want %v", src, got, want)
		}
	}
}

// TestOpenCodeSanitizeRanges: the repaired value points into the file.
func TestOpenCodeSanitizeRanges(t *testing.T) {
	src := "---\nname: a\ndescription: Use when: asked\nlicense: x\n---\n"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	m := loader.TargetByID("opencode").Meta(s)
	for _, key := range []string{"name", "description", "license"} {
		f := m.Field(key)
		if f == nil {
			t.Fatalf("no %s", key)
		}
		if got := f.KeyRange.Text(s.Src); got != key {
			t.Errorf("%s: key range reads %q", key, got)
		}
		if f.Value.Range.End > len(src) {
			t.Errorf("%s: value range %v past the file", key, f.Value.Range)
		}
	}
}
