package loader

import (
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Describe is the skill's description as the agent takes it: the
// frontmatter's as its reader sees text, else what it makes of the body.
func (t *Target) Describe(s *Skill) string {
	if d, ok := t.Str(s, "description"); ok {
		if t.Description.CollapseSpace {
			d = CollapseSpace(d)
		}
		return d
	}
	if f := t.Meta(s).Field("description"); f != nil {
		return ""
	}
	switch t.Description.FromBody {
	case FirstLine:
		return FirstLineDescription(syntax.LossyText(t.Body(s).Text(s.Src)))
	case Paragraphs:
		return paragraphsDescription(syntax.LossyText(t.Body(s).Text(s.Src)))
	}
	return ""
}

// paragraphsDescription is copilot's description from the body: the
// first three non-blank lines that are not headings, trimmed, joined by
// spaces, cut to 1,024 UTF-16 units.
func paragraphsDescription(body string) string {
	var words []string
	for line := range strings.SplitSeq(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if words = append(words, line); len(words) == 3 {
			break
		}
	}
	return CutUTF16(strings.Join(words, " "), 1024)
}

// utf16Len is a string's length as JavaScript counts it.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// cutUTF16 keeps the first n UTF-16 units of s; a pair cut in two leaves
// its first half, which reaches the model as U+FFFD.
func CutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := utf16.RuneLen(r)
		if units+w > n {
			if units < n {
				return s[:i] + "\uFFFD"
			}
			return s[:i]
		}
		units += w
	}
	return s
}

// firstLineDescription is claude-code's description from the body: the
// first non-blank line, without a heading's #s, over 100 UTF-16 units cut
// to 97 and "...".
func FirstLineDescription(body string) string {
	for line := range strings.SplitSeq(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if rest := strings.TrimLeft(line, "#"); rest != line && rest != "" && unicode.IsSpace(rune(rest[0])) {
			line = strings.TrimSpace(rest)
		}
		if UTF16Len(line) > 100 {
			line = CutUTF16(line, 97) + "..."
		}
		return line
	}
	return "Skill"
}
