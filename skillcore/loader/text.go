package loader

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

func abs(n int) int { return max(n, -n) }

// lengthMessage says how long a value is in the target's unit, with the
// other unit too when they differ.
func LengthMessage(what, v string, limit int, u Unit) string {
	chars, bytes := utf8.RuneCountInString(v), len(v)
	switch {
	case chars == bytes:
		return fmt.Sprintf("%s is %d chars; the limit is %d", what, chars, limit)
	case u == Bytes:
		return fmt.Sprintf("%s is %d bytes (%d chars); the limit is %d bytes", what, bytes, chars, limit)
	}
	return fmt.Sprintf("%s is %d chars (%d bytes); the limit is %d chars", what, chars, bytes, limit)
}

func TypeMessage(key string, v *syntax.Value) string {
	switch {
	case v.Kind == syntax.KindNull:
		return key + " is empty"
	case v.IsScalar():
		return fmt.Sprintf("%s is %s; write it as a quoted string", key, DescribeValue(v))
	}
	return fmt.Sprintf("%s is %s, not a string", key, DescribeValue(v))
}

// describe names a value's type for a message, with the value when short.
func DescribeValue(v *syntax.Value) string {
	if v.IsScalar() && v.Kind != syntax.KindNull {
		return fmt.Sprintf("%s (%s)", Article(v.Kind), abbreviate(v.Text, 30))
	}
	if v.Kind == syntax.KindNull {
		return "empty"
	}
	return Article(v.Kind)
}

// article names a kind with "a" or "an".
func Article(k syntax.Kind) string {
	if s := k.String(); strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + k.String()
}

// collapseSpace trims s and turns each run of white space in it into one
// space, as strings.Fields and Join would; most values need nothing done.
func CollapseSpace(s string) string {
	space := true // before the start: a leading space is a run
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if unicode.IsSpace(r) {
			if space || r != ' ' {
				return joinFields(s)
			}
			space = true
		} else {
			space = false
		}
		i += size
	}
	if space && s != "" {
		return joinFields(s) // a trailing space
	}
	return s
}

// joinFields is strings.Join(strings.Fields(s), " ") in one allocation.
func joinFields(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for f := range strings.FieldsSeq(s) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
	return b.String()
}

func abbreviate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
