package loader

import (
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// GitHub Copilot CLI 1.0.102 reads the frontmatter in its native runtime
// (src/native/frontmatter, vendored serde_yaml 0.9.34) into a serde_yaml
// Value and then asks whether name, description and the typed fields are
// strings. serde_yaml types an untagged plain scalar by its own rules
// (de.rs visit_untagged_scalar), which differ from yaml.v3's: a date is a
// string (no timestamps), and so is a number with a leading zero ("012",
// digits_but_not_number) or an underscore ("1_000"); a scalar under a tag
// it does not know ("!foo bar") is read as the untagged scalar. Probed
// with `copilot skill list --json` (testdata/conformance/notes/copilot.md
// §1; probes name-date, yaml-scalar-typing y-date and y-octal,
// yaml-features y-custom-tag, yaml-tag-unknown).

// serdeString reports whether serde_yaml's Value holds v, which yaml.v3
// read as a number or another scalar that is no string, as a string.
func serdeString(v *syntax.Value) bool {
	switch {
	case v.Kind != syntax.KindInt && v.Kind != syntax.KindFloat && v.Kind != syntax.KindOther:
		return false
	case v.Style == syntax.StyleQuoted || v.Style == syntax.StyleBlock:
		return v.Kind == syntax.KindOther // a quoted or block scalar under an unknown tag
	case v.Tagged && v.Kind != syntax.KindOther:
		return false // !!int, !!float
	}
	return SerdeKind(v.Text) == syntax.KindString
}

// serdeKind is the type serde_yaml gives the untagged plain scalar s.
func SerdeKind(s string) syntax.Kind {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return syntax.KindNull
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return syntax.KindBool
	}
	if serdeInt(s) {
		return syntax.KindInt
	}
	if !digitsButNotNumber(s) && serdeFloat(s) {
		return syntax.KindFloat
	}
	return syntax.KindString
}

// serdeInt: parse_unsigned_int or parse_negative_int, in any width.
func serdeInt(s string) bool {
	rest, neg := strings.CutPrefix(s, "-")
	if !neg {
		var plus bool
		if rest, plus = strings.CutPrefix(s, "+"); plus && (strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "-")) {
			return false
		}
	}
	for _, p := range []struct {
		prefix string
		base   int
	}{{"0x", 16}, {"0o", 8}, {"0b", 2}} {
		if digits, ok := strings.CutPrefix(rest, p.prefix); ok {
			return digits != "" && allDigits(digits, p.base)
		}
	}
	return !digitsButNotNumber(s) && rest != "" && allDigits(rest, 10)
}

func allDigits(s string, base int) bool {
	for i := 0; i < len(s); i++ {
		d := 99
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			d = int(c|0x20-'a') + 10
		}
		if d >= base {
			return false
		}
	}
	return true
}

// digitsButNotNumber: a leading zero and more digits, after a sign, is a
// string to serde_yaml (YAML 1.2 has no octal "012").
func digitsButNotNumber(s string) bool {
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	return len(s) > 1 && s[0] == '0' && allDigits(s[1:], 10)
}

// serdeFloat: parse_f64, the YAML infinities and NaN or a finite number
// as Rust's f64 parser reads it (digits, a point, an exponent; no "_").
func serdeFloat(s string) bool {
	switch strings.TrimPrefix(s, "+") {
	case ".inf", ".Inf", ".INF":
		return true
	}
	switch s {
	case "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		return true
	}
	t := strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	if strings.HasPrefix(s, "+") && strings.HasPrefix(t, "-") {
		return false
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(t), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	if whole == "" && frac == "" || !allDigitsOrEmpty(whole) || !allDigitsOrEmpty(frac) {
		return false
	}
	if hasExp {
		exp = strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-")
		if exp == "" || !allDigits(exp, 10) {
			return false
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	return err == nil && f <= 1.7976931348623157e308 // finite
}

func allDigitsOrEmpty(s string) bool { return s == "" || allDigits(s, 10) }
