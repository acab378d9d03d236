package skillcore

import "testing"

// readerCase is a SKILL.md and what one agent makes of it: whether it
// loads it, and the name and description it reads.
type readerCase struct {
	name, src  string
	loads      bool
	name2, des string
}

func checkReader(t *testing.T, target string, cases []readerCase) {
	t.Helper()
	tg := TargetByID(target)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Parse("/p/.x/skills/x/SKILL.md", []byte(c.src))
			ps := Validate(s, []*Target{Targets[0], tg})
			if got := Loads(ps, target); got != c.loads {
				t.Fatalf("loads %v, want %v: %v", got, c.loads, ps)
			}
			if !c.loads {
				return
			}
			if got := tg.Identify(s); got != c.name2 {
				t.Errorf("name %q, want %q", got, c.name2)
			}
			if got := tg.Describe(s); got != c.des {
				t.Errorf("description %q, want %q", got, c.des)
			}
		})
	}
}

// TestReadOpenCode holds readOpenCode to what OpenCode 1.18.33 was seen to
// do (testdata/conformance/probes/opencode).
func TestReadOpenCode(t *testing.T) {
	checkReader(t, "opencode", []readerCase{
		{"plain", "---\nname: a\ndescription: d\n---\nbody\n", true, "a", "d"},
		{"BOM", "\ufeff---\nname: a\ndescription: d\n---\n", true, "a", "d"},
		{"CRLF", "---\r\nname: a\r\ndescription: crlf\r\n---\r\n", true, "a", "crlf"},
		{"opening with spaces", "---   \nname: a\ndescription: d\n---\n", true, "a", "d"},
		{"closing four dashes", "---\nname: a\ndescription: d\n----\nbody\n", true, "a", "d"},
		{"closing with text", "---\nname: a\ndescription: d\n---x\n", true, "a", "d"},
		{"language yaml", "---yaml\nname: a\ndescription: d\n---\n", true, "a", "d"},
		{"another language", "---toml\nname = 'a'\n---\n", false, "", ""},
		{"opening four dashes", "----\nname: a\ndescription: d\n---\n", false, "", ""},
		{"no closing line", "---\nname: a\ndescription: no close\n", true, "a", "no close"},
		{"blank line first", "\n---\nname: a\ndescription: d\n---\n", false, "", ""},
		{"no frontmatter", "# a\n", false, "", ""},
		{"empty", "---\n---\nbody\n", false, "", ""},
		{"comments only", "---\n# c\n---\n", false, "", ""},
		{"a list", "---\n- a\n---\n", false, "", ""},
		{"colon in a value, repaired", "---\nname: a\ndescription: Use when: the user asks\n---\n", true, "a", "Use when: the user asks"},
		{"broken YAML", "---\nname: a\ndescription: ok\n  bad: [\n---\n", false, "", ""},
		{"a key twice", "---\nname: a\ndescription: one\ndescription: two\n---\n", false, "", ""},
		{"tab indent", "---\nname: a\ndescription: tabbed\nmetadata:\n\tk: v\n---\n", true, "a", "tabbed"},
		{"literal block keeps its break", "---\nname: a\ndescription: |\n  one\n  two\n---\n", true, "a", "one\ntwo\n"},
		{"folded block", "---\nname: a\ndescription: >\n  one\n  two\n---\n", true, "a", "one two\n"},
		{"name untrimmed", "---\nname: \"  padded  \"\ndescription: d\n---\n", true, "  padded  ", "d"},
		{"any characters", "---\nname: My Skill/é <b>\ndescription: d\n---\n", true, "My Skill/é <b>", "d"},
		{"number name", "---\nname: 123\ndescription: d\n---\n", false, "", ""},
		{"tagged name", "---\nname: !!str 123\ndescription: d\n---\n", true, "123", "d"},
		{"null name", "---\nname:\ndescription: d\n---\n", false, "", ""},
		{"no name", "---\ndescription: d\n---\n", false, "", ""},
		{"no description", "---\nname: a\n---\n", true, "a", ""},
		{"blank description", "---\nname: a\ndescription: \"   \"\n---\n", true, "a", "   "},
		{"number description", "---\nname: a\ndescription: 42\n---\n", false, "", ""},
		{"null description", "---\nname: a\ndescription:\n---\n", false, "", ""},
		{"date description", "---\nname: a\ndescription: 2024-01-01\n---\n", false, "", ""},
		{"list description", "---\nname: a\ndescription: [a, b]\n---\n", false, "", ""},
		{"blank name", "---\nname: \"   \"\ndescription: d\n---\n", true, "   ", "d"},
		{"empty name", "---\nname: \"\"\ndescription: d\n---\n", true, "", "d"},
		{"merge key", "---\nbase: &b {name: m, description: merged}\n<<: *b\n---\n", true, "m", "merged"},
		{"text after a flow mapping", "---\n{name: a, description: d} junk\n---\n", false, "", ""},
		{"tab before a top-level key", "---\nname: a\n\tdescription: tabbed\n---\n", true, "a", "tabbed"},
		{"other fields ignored", "---\nname: a\ndescription: d\nmetadata: x\ndisable-model-invocation: true\n---\n", true, "a", "d"},
	})
}

// TestOpenCodeUnlisted: a skill without a description loads but is not in
// the catalog; one with a blank description is.
func TestOpenCodeUnlisted(t *testing.T) {
	tg := TargetByID("opencode")
	for src, want := range map[string]bool{
		"---\nname: a\n---\n":                                                 true,
		"---\nname: a\ndescription: \"\"\n---\n":                              false,
		"---\nname: a\ndescription: d\ndisable-model-invocation: true\n---\n": false,
	} {
		if got := tg.hides(Parse("/p/x/SKILL.md", []byte(src))); got != want {
			t.Errorf("%q: hidden %v, want %v", src, got, want)
		}
	}
}

// TestOpenCodeSanitizeRanges: the repaired value points into the file.
func TestOpenCodeSanitizeRanges(t *testing.T) {
	src := "---\nname: a\ndescription: Use when: asked\nlicense: x\n---\n"
	s := Parse("/p/x/SKILL.md", []byte(src))
	m := TargetByID("opencode").meta(s)
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
