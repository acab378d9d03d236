package qwencode_test

import (
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/loader/loadertest"
)

// TestReadQwen holds readQwen to what Qwen Code 0.24.4 was seen to do
// (testdata/conformance/probes/qwen-code).
func TestReadQwen(t *testing.T) {
	loadertest.CheckReader(t, "qwen-code", []loadertest.ReaderCase{
		{"plain", "---\nname: a\ndescription: d\n---\nbody\n", true, "a", "d"},
		{"BOM", "\ufeff---\nname: a\ndescription: d\n---\n", true, "a", "d"},
		{"CRLF", "---\r\nname: a\r\ndescription: crlf\r\n---\r\n", true, "a", "crlf"},
		{"no body", "---\nname: a\ndescription: d\n---", true, "a", "d"},
		{"opening with spaces", "---   \nname: a\ndescription: d\n---\n", false, "", ""},
		{"closing with spaces", "---\nname: a\ndescription: d\n---   \n", false, "", ""},
		{"closing four dashes", "---\nname: a\ndescription: d\n----\n", false, "", ""},
		{"language tag", "---yaml\nname: a\ndescription: d\n---\n", false, "", ""},
		{"no closing line", "---\nname: a\ndescription: d\n", false, "", ""},
		{"empty", "---\n---\n", false, "", ""},
		{"comments only", "---\n# c\n---\n", false, "", ""},
		{"a list", "---\n- a\n---\n", false, "", ""},
		{"colon in a value", "---\nname: a\ndescription: Use when: the user asks\n---\n", true, "a", "Use when: the user asks"},
		{"broken YAML, line reader", "---\nname: a\ndescription: ok\n  bad: [\n---\n", true, "a", "ok"},
		{"a key twice: the last", "---\nname: a\ndescription: first\ndescription: second\n---\n", true, "a", "second"},
		{"tab indent", "---\nname: a\ndescription: tabbed\nmetadata:\n\tk: v\n---\n", true, "a", "tabbed"},
		{"line reader keeps single quotes", "---\nname: 'a'\ndescription: 'it''s: here'\nbad: : :\n---\n", false, "", ""},
		{"yes is a string", "---\nname: yes\ndescription: no\n---\n", true, "yes", "no"},
		{"date is a string", "---\nname: a\ndescription: 2024-01-01\n---\n", true, "a", "2024-01-01"},
		{"number name", "---\nname: 123\ndescription: d\n---\n", true, "123", "d"},
		{"hex name", "---\nname: 0x1F\ndescription: d\n---\n", true, "31", "d"},
		{"float name", "---\nname: 1.50\ndescription: d\n---\n", true, "1.5", "d"},
		{"leading zero name", "---\nname: 010\ndescription: d\n---\n", true, "10", "d"},
		{"line breaks of CR alone", "---\rname: a\rdescription: cr\r---\rbody\r", true, "a", "cr"},
		{"text after a flow mapping", "---\n{name: a, description: d} junk\n---\n", false, "", ""},
		{"boolean name", "---\nname: true\ndescription: d\n---\n", true, "true", "d"},
		{"list name", "---\nname: [a, b]\ndescription: d\n---\n", false, "", ""},
		{"one-item list name", "---\nname: [ab]\ndescription: d\n---\n", true, "ab", "d"},
		{"map name", "---\nname: {a: b}\ndescription: d\n---\n", false, "", ""},
		{"null name", "---\nname: null\ndescription: d\n---\n", false, "", ""},
		{"empty name", "---\nname: \"\"\ndescription: d\n---\n", false, "", ""},
		{"padded name", "---\nname: \"  a  \"\ndescription: d\n---\n", false, "", ""},
		{"unicode name", "---\nname: Été:Ünï.v2_x\ndescription: d\n---\n", true, "Été:Ünï.v2_x", "d"},
		{"leading dash", "---\nname: -foo\ndescription: d\n---\n", true, "-foo", "d"},
		{"space in name", "---\nname: My Skill\ndescription: d\n---\n", false, "", ""},
		{"no description", "---\nname: a\n---\n", false, "", ""},
		{"blank description", "---\nname: a\ndescription: \"   \"\n---\n", false, "", ""},
		{"number description", "---\nname: a\ndescription: 42\n---\n", true, "a", "42"},
		{"list description", "---\nname: a\ndescription: [a, b]\n---\n", true, "a", "a,b"},
		{"untrimmed description", "---\nname: a\ndescription: \"  a   b  \"\n---\n", true, "a", "  a   b  "},
		{"model not a string", "---\nname: a\ndescription: d\nmodel: 5\n---\n", false, "", ""},
		{"model a string", "---\nname: a\ndescription: d\nmodel: qwen\n---\n", true, "a", "d"},
		{"paths not a list", "---\nname: a\ndescription: d\npaths: \"*.go\"\n---\n", false, "", ""},
		{"paths absolute", "---\nname: a\ndescription: d\npaths: [/etc/x]\n---\n", false, "", ""},
		{"allowedTools not a list", "---\nname: a\ndescription: d\nallowedTools: x\n---\n", false, "", ""},
		{"allowed-tools not read", "---\nname: a\ndescription: d\nallowed-tools: 5\n---\n", true, "a", "d"},
		{"priority a string", "---\nname: a\ndescription: d\npriority: high\n---\n", true, "a", "d"},
	})
}

// TestQwenUnlisted: disable-model-invocation true or "true" and paths keep
// a skill out of the listing; yes and user-invocable false do not.
func TestQwenUnlisted(t *testing.T) {
	tg := loader.TargetByID("qwen-code")
	for extra, want := range map[string]bool{
		"disable-model-invocation: true":     true,
		"disable-model-invocation: \"true\"": true,
		"disable-model-invocation: yes":      false,
		"user-invocable: false":              false,
		"paths: [\"src/**\"]":                true,
		"paths: []":                          false,
	} {
		s := loader.Parse("/p/x/SKILL.md", []byte("---\nname: a\ndescription: d\n"+extra+"\n---\n"))
		if got := tg.Hides(s); got != want {
			t.Errorf("%s: hidden %v, want %v", extra, got, want)
		}
	}
}

// TestRenderQwenEntry: the level for a location, escaping with &apos;,
// when_to_use after a dash.
func TestRenderQwenEntry(t *testing.T) {
	tg := loader.TargetByID("qwen-code")
	s := loader.Parse("/h/.qwen/skills/x/SKILL.md", []byte("---\nname: x\ndescription: a <b> & 'q'\nwhen_to_use: later\n---\n"))
	got := skillcore.RenderEntry(tg, loader.CatalogEntry{Skill: s, Scope: loader.ScopeGlobal})
	want := "<skill>\n<name>\nx\n</name>\n<description>\na &lt;b&gt; &amp; &apos;q&apos; \u2014 later (user)\n</description>\n<location>\nuser\n</location>\n</skill>"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRenderLocaleOrder: opencode and qwen-code sort with localeCompare,
// case-blind first.
func TestRenderLocaleOrder(t *testing.T) {
	var entries []loader.CatalogEntry
	for _, n := range []string{"Zed-Upper", "beta", "alpha", "x<&>y"} {
		entries = append(entries, loader.CatalogEntry{Skill: loader.Parse("/p/.opencode/skills/"+n+"/SKILL.md", []byte("---\nname: "+n+"\ndescription: d\n---\n"))})
	}
	got := skillcore.RenderCatalog(loader.TargetByID("opencode"), entries)
	order := []string{"<name>alpha<", "<name>beta<", "<name>x<&>y<", "<name>Zed-Upper<"}
	last := -1
	for _, o := range order {
		i := strings.Index(got, o)
		if i < last {
			t.Fatalf("%s out of order:\n%s", o, got)
		}
		last = i
	}
}
