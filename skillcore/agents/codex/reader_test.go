package codex_test

import (
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/agents/codex"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestReadCodex holds readCodex to what Codex 0.169.0 was seen to do
// (testdata/conformance/probes/codex: fences, yaml-repair*, reader-edges,
// description-values, name-values, metadata*).
func TestReadCodex(t *testing.T) {
	cx := loader.TargetByID("codex")
	cases := []struct {
		name, dir, src string
		loads          bool
		want           [2]string // name, description when it loads
	}{
		{"plain", "a", "---\nname: a\ndescription: d\n---\nbody\n", true, [2]string{"a", "d"}},
		{"crlf", "a", "---\r\nname: a\r\ndescription: d\r\n---\r\n", true, [2]string{"a", "d"}},
		{"indented open", "a", " ---\nname: a\ndescription: d\n---\n", true, [2]string{"a", "d"}},
		{"indented close", "a", "---\ndescription: d\n  ---\nbody\n", true, [2]string{"a", "d"}},
		{"close at eof", "a", "---\nname: a\ndescription: d\n---", true, [2]string{"a", "d"}},
		{"bom", "a", "\uFEFF---\nname: a\ndescription: d\n---\n", false, [2]string{}},
		{"blank first line", "a", "\n---\nname: a\ndescription: d\n---\n", false, [2]string{}},
		{"four dashes", "a", "----\nname: a\ndescription: d\n----\n", false, [2]string{}},
		{"no close", "a", "---\nname: a\ndescription: d\n", false, [2]string{}},
		{"empty block", "a", "---\n---\nbody\n", false, [2]string{}},
		{"second document", "a", "---\nname: a\ndescription: d\n--- x\n---\n", false, [2]string{}},
		{"dots then more", "a", "---\nname: a\ndescription: d\n...\nfoo: bar\n---\n", false, [2]string{}},
		{"dots at end", "a", "---\nname: a\ndescription: d\n...\n---\n", true, [2]string{"a", "d"}},
		{"text after flow map", "a", "---\n{name: a, description: d} junk\n---\n", false, [2]string{}},
		{"not utf8", "a", "---\nname: a\ndescription: d\xff\n---\n", false, [2]string{}},
		{"colon repaired", "a", "---\nname: a\ndescription: Use when: x # c\n---\n", true, [2]string{"a", "Use when: x"}},
		{"bracket repaired", "a", "---\nname: a\ndescription: [link](x) text\n---\n", true, [2]string{"a", "[link](x) text"}},
		{"template repaired", "a", "---\nname: a\ndescription: {{t}} x\n---\n", true, [2]string{"a", "{{t}} x"}},
		{"quote doubled", "a", "---\nname: a\ndescription: it's: here\n---\n", true, [2]string{"a", "it's: here"}},
		{"quoted then text", "a", "---\nname: a\ndescription: \"x\" y\n---\n", false, [2]string{}},
		{"alias start", "a", "---\nname: a\ndescription: *bold* text\n---\n", false, [2]string{}},
		{"map name", "a", "---\nname: {a: b}\ndescription: d\n---\n", true, [2]string{"{a: b}", "d"}},
		{"map description", "a", "---\nname: a\ndescription: {a: b}\n---\n", true, [2]string{"a", "{a: b}"}},
		{"map without colon", "a", "---\nname: a\ndescription: {a}\n---\n", false, [2]string{}},
		{"block map", "a", "---\nname: a\ndescription:\n  a: b\n---\n", false, [2]string{}},
		{"list name", "a", "---\nname: [a, b]\ndescription: d\n---\n", false, [2]string{}},
		{"list with colon", "a", "---\nname: [a: b]\ndescription: d\n---\n", true, [2]string{"[a: b]", "d"}},
		{"null name", "nn-folder", "---\nname: null\ndescription: d\n---\n", true, [2]string{"nn-folder", "d"}},
		{"tilde name", "t-folder", "---\nname: ~\ndescription: Use when: x\n---\n", true, [2]string{"t-folder", "Use when: x"}},
		{"null description", "a", "---\nname: a\ndescription: null\n---\n", false, [2]string{}},
		{"tilde description", "a", "---\nname: a\ndescription: ~\n---\n", false, [2]string{}},
		{"empty description", "a", "---\nname: a\ndescription: ''\n---\n", false, [2]string{}},
		{"number description", "a", "---\nname: 123\ndescription: 42\n---\n", true, [2]string{"123", "42"}},
		{"long folder", strings.Repeat("f", 70), "---\ndescription: d\n---\n", false, [2]string{}},
		{"folder of 64", strings.Repeat("f", 64), "---\ndescription: d\n---\n", true, [2]string{strings.Repeat("f", 64), "d"}},
		{"empty metadata", "a", "---\nname: a\ndescription: d\nmetadata:\n---\n", true, [2]string{"a", "d"}},
		{"null metadata", "a", "---\nname: a\ndescription: d\nmetadata: null\n---\n", false, [2]string{}},
		{"string metadata", "a", "---\nname: a\ndescription: d\nmetadata: hello\n---\n", false, [2]string{}},
		{"null short-description", "a", "---\nname: a\ndescription: d\nmetadata:\n  short-description: null\n---\n", true, [2]string{"a", "d"}},
		{"duplicate short-description", "a", "---\nname: a\ndescription: d\nmetadata:\n  short-description: x\n  short-description: y\n---\n", false, [2]string{}},
		{"duplicate description", "a", "---\nname: a\ndescription: d\ndescription: e\n---\n", false, [2]string{}},
		{"duplicate other key", "a", "---\nname: a\ndescription: d\nfoo: 1\nfoo: 2\n---\n", true, [2]string{"a", "d"}},
		{"block with colon", "a", "---\nname: a\ndescription: |\n  Use when: x\n  more\n---\n", true, [2]string{"a", "Use when: x more"}},
		{"tab after colon", "a", "---\nname: a\ndescription: a:\tb\n---\n", true, [2]string{"a", "a: b"}},
		{"trailing colon", "a", "---\nname: a\ndescription: ends with colon:\n---\n", false, [2]string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := loader.Parse(filepath.Join("/p/.agents/skills", c.dir, loader.FileName), []byte(c.src))
			ps := loader.Validate(s, []*loader.Target{cx})
			if got := loader.Loads(ps, cx.ID); got != c.loads {
				t.Fatalf("loads = %v, want %v: %+v", got, c.loads, ps)
			}
			if !c.loads {
				return
			}
			if got := [2]string{cx.Identify(s), cx.Describe(s)}; got != c.want {
				t.Fatalf("name, description = %q, want %q", got, c.want)
			}
		})
	}
}

// TestCodexRepairRanges: values read from the repaired text point at the
// file's text.
func TestCodexRepairRanges(t *testing.T) {
	src := "---\r\nname: {a: b}\r\ndescription: Use when: it's x # c\r\nother: 1\r\n---\r\n"
	s := loader.Parse("/p/.agents/skills/a/SKILL.md", []byte(src))
	m := loader.TargetByID("codex").Meta(s)
	for key, want := range map[string]string{"name": "{a: b}", "description": "Use when: it's x", "other": "1"} {
		f := m.Field(key)
		if f == nil {
			t.Fatalf("no %s", key)
		}
		if got := f.Value.Range.Text(s.Src); got != want {
			t.Errorf("%s: range covers %q, want %q", key, got, want)
		}
		if got := f.KeyRange.Text(s.Src); got != key {
			t.Errorf("%s: key range covers %q", key, got)
		}
	}
}

// BenchmarkReadCodex: a file the strict parse reads as Codex does costs
// the fence scan only; one whose YAML Codex repairs, a parse of the
// repaired text.
func BenchmarkReadCodex(b *testing.B) {
	for name, fm := range map[string]string{
		"clean":    "name: bench\ndescription: A skill for benchmarks, used never.\nmetadata:\n  short-description: x\n",
		"repaired": "name: bench\ndescription: A skill for benchmarks. Use when: never.\n",
	} {
		b.Run(name, func(b *testing.B) {
			s := loader.Parse("/p/.agents/skills/bench/SKILL.md", []byte("---\n"+fm+"---\n# Body\n\ntext\n"))
			b.ReportAllocs()
			for b.Loop() {
				codex.Target.Reading.Own(s)
			}
		})
	}
}
