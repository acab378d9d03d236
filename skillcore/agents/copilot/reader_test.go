package copilot_test

import (
	"testing"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// TestSerdeKind holds serdeKind to serde_yaml 0.9's typing of untagged
// plain scalars.
func TestSerdeKind(t *testing.T) {
	for s, want := range map[string]syntax.Kind{
		"": syntax.KindNull, "~": syntax.KindNull, "null": syntax.KindNull, "NULL": syntax.KindNull, "nULL": syntax.KindString,
		"true": syntax.KindBool, "False": syntax.KindBool, "yes": syntax.KindString, "on": syntax.KindString,
		"12": syntax.KindInt, "-12": syntax.KindInt, "+12": syntax.KindInt, "0": syntax.KindInt, "-0": syntax.KindInt, "0x1F": syntax.KindInt, "0o17": syntax.KindInt, "0b101": syntax.KindInt,
		"012": syntax.KindString, "-012": syntax.KindString, "00": syntax.KindString, "1_000": syntax.KindString, "0x": syntax.KindString, "0xG": syntax.KindString, "++1": syntax.KindString,
		"1.5": syntax.KindFloat, "1e3": syntax.KindFloat, "1.": syntax.KindFloat, ".5": syntax.KindFloat, "-1.5e-3": syntax.KindFloat, "012.5": syntax.KindFloat,
		".inf": syntax.KindFloat, "-.Inf": syntax.KindFloat, ".NaN": syntax.KindFloat, "inf": syntax.KindString, "nan": syntax.KindString, "Infinity": syntax.KindString,
		"1e400": syntax.KindString, "1e": syntax.KindString, "e1": syntax.KindString, ".": syntax.KindString, "1.2.3": syntax.KindString,
		"2024-01-02": syntax.KindString, "12:30": syntax.KindString, "1.0.0": syntax.KindString,
	} {
		if got := loader.SerdeKind(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// TestCopilotTyping: where yaml.v3 and serde_yaml type a value apart,
// copilot reads it as serde_yaml does.
func TestCopilotTyping(t *testing.T) {
	copilot := loader.TargetByID("copilot")
	for _, c := range []struct {
		value, want string
		text        bool
	}{
		{"2024-01-02", "2024-01-02", true},
		{"012", "012", true},
		{"1_000", "1_000", true},
		{"!foo bar", "bar", true},
		{`!foo "123"`, "123", true},
		{"!foo 123", "", false},
		{"!!str 123", "123", true},
		{"123", "", false},
		{"1.5", "", false},
		{"0x1F", "", false},
		{"true", "", false},
		{"!!int 12", "", false},
	} {
		s := loader.Parse("/p/x/SKILL.md", []byte("---\nname: x\ndescription: "+c.value+"\n---\n"))
		got, ok := copilot.Str(s, "description")
		if ok != c.text || got != c.want {
			t.Errorf("%q: %q, %v; want %q, %v", c.value, got, ok, c.want, c.text)
		}
		if loader.Loads(loader.Validate(s, loader.Targets), "copilot") != c.text {
			t.Errorf("%q: copilot loads %v", c.value, !c.text)
		}
	}
}
