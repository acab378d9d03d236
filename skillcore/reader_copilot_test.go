package skillcore

import "testing"

// TestSerdeKind holds serdeKind to serde_yaml 0.9's typing of untagged
// plain scalars.
func TestSerdeKind(t *testing.T) {
	for s, want := range map[string]Kind{
		"": KindNull, "~": KindNull, "null": KindNull, "NULL": KindNull, "nULL": KindString,
		"true": KindBool, "False": KindBool, "yes": KindString, "on": KindString,
		"12": KindInt, "-12": KindInt, "+12": KindInt, "0": KindInt, "-0": KindInt, "0x1F": KindInt, "0o17": KindInt, "0b101": KindInt,
		"012": KindString, "-012": KindString, "00": KindString, "1_000": KindString, "0x": KindString, "0xG": KindString, "++1": KindString,
		"1.5": KindFloat, "1e3": KindFloat, "1.": KindFloat, ".5": KindFloat, "-1.5e-3": KindFloat, "012.5": KindFloat,
		".inf": KindFloat, "-.Inf": KindFloat, ".NaN": KindFloat, "inf": KindString, "nan": KindString, "Infinity": KindString,
		"1e400": KindString, "1e": KindString, "e1": KindString, ".": KindString, "1.2.3": KindString,
		"2024-01-02": KindString, "12:30": KindString, "1.0.0": KindString,
	} {
		if got := serdeKind(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// TestCopilotTyping: where yaml.v3 and serde_yaml type a value apart,
// copilot reads it as serde_yaml does.
func TestCopilotTyping(t *testing.T) {
	copilot := TargetByID("copilot")
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
		s := Parse("/p/x/SKILL.md", []byte("---\nname: x\ndescription: "+c.value+"\n---\n"))
		got, ok := copilot.Str(s, "description")
		if ok != c.text || got != c.want {
			t.Errorf("%q: %q, %v; want %q, %v", c.value, got, ok, c.want, c.text)
		}
		if Loads(Validate(s, Targets), "copilot") != c.text {
			t.Errorf("%q: copilot loads %v", c.value, !c.text)
		}
	}
}
