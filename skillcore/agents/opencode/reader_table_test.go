package opencode_test

import (
	"testing"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/loader/loadertest"
)

// readerCase is a SKILL.md and what one agent makes of it: whether it
// loads it, and the name and description it reads.
// TestReadOpenCode holds readOpenCode to what OpenCode 1.18.33 was seen to
// do (testdata/conformance/probes/opencode).
func TestReadOpenCode(t *testing.T) {
	loadertest.CheckReader(t, "opencode", []loadertest.ReaderCase{
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
