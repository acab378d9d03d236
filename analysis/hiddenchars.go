package analysis

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An agent reads every byte of a skill, and some characters show nothing
// in an editor or in rendered Markdown: zero-width characters, the
// bidirectional controls that reorder what is displayed (Trojan Source),
// and the Unicode tag block, which spells ASCII invisibly (ASCII
// smuggling). Unusual spaces look like a space and are not one.

// charKind is how a character deceives, the worst first.
type charKind int

const (
	kindNone charKind = iota
	kindSpace
	kindZeroWidth
	kindBidi
	kindTag // U+E0000–U+E007F, and the variation selectors U+E0100–U+E01EF that smuggle bytes
)

// hiddenRun is a run of adjacent deceptive characters, as byte offsets.
type hiddenRun struct {
	Range Range
	Kind  charKind // the worst in the run
	Runes []rune   // each character, in order
}

// kindOf tells whether r is a deceptive character, and how.
func kindOf(r rune) charKind {
	switch {
	case r >= 0xE0000 && r <= 0xE007F, r >= 0xE0100 && r <= 0xE01EF:
		return kindTag
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return kindBidi
	case r >= 0x200B && r <= 0x200F, r >= 0x2060 && r <= 0x2064, r == 0xFEFF, r == 0x180E, r == 0x061C:
		return kindZeroWidth
	case r == 0x00A0, r == 0x00AD, r == 0x1680, r >= 0x2000 && r <= 0x200A, r == 0x202F, r == 0x205F, r == 0x3000:
		return kindSpace
	}
	return kindNone
}

// leadBytes are the first bytes of every deceptive character's UTF-8
// form: other bytes are passed over without decoding.
var leadBytes = [256]bool{0xC2: true, 0xD8: true, 0xE1: true, 0xE2: true, 0xE3: true, 0xEF: true, 0xF3: true}

// scanHidden finds the runs of deceptive characters in src[from:to], in
// one pass. A byte-order mark at offset 0 is the bom rule's; characters
// that writing needs are passed over (see needed).
func scanHidden(src []byte, from, to int) []hiddenRun {
	var out []hiddenRun
	var cur *hiddenRun
	prev := rune(0) // the last character before the open run
	for i := from; i < to; {
		c := src[i]
		if c < 0x80 {
			cur = nil
			if n := nextNonASCII(src, i, to); n > i+1 {
				i = n
				prev = rune(src[i-1])
				continue
			}
			prev = rune(c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:to])
		k := kindNone
		if leadBytes[c] && !(r == 0xFEFF && i == 0) {
			k = kindOf(r)
		}
		if k == kindNone {
			cur = nil
			prev = r
			i += n
			continue
		}
		if cur == nil {
			out = append(out, hiddenRun{Range: Range{Start: i}})
			cur = &out[len(out)-1]
		}
		cur.Runes = append(cur.Runes, r)
		cur.Kind = max(cur.Kind, k)
		cur.Range.End = i + n
		i += n
		if cur.Range.End == to || !continuesRun(src, cur.Range.End, to) {
			if needed(prev, cur, src, to) {
				out = out[:len(out)-1]
			}
			cur = nil
		}
	}
	return out
}

// nextNonASCII is the offset of the first byte at or after i, before to,
// that is not ASCII, or to; eight bytes at a time, as most text is ASCII.
func nextNonASCII(src []byte, i, to int) int {
	for ; i+8 <= to; i += 8 {
		if binary.LittleEndian.Uint64(src[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < to && src[i] < 0x80; i++ {
	}
	return i
}

// continuesRun reports whether the character at i is deceptive too.
func continuesRun(src []byte, i, to int) bool {
	if src[i] < 0x80 || !leadBytes[src[i]] {
		return false
	}
	r, _ := utf8.DecodeRune(src[i:to])
	return kindOf(r) != kindNone
}

// needed reports whether a run is writing rather than hiding: a joiner
// inside an emoji sequence (👩‍💻) or between letters of the scripts that
// need joiners (Persian, the Indic scripts), a direction mark in
// right-to-left text, a subdivision flag's tag characters (🏴 + tags).
func needed(prev rune, run *hiddenRun, src []byte, to int) bool {
	next, _ := utf8.DecodeRune(src[run.Range.End:to])
	if run.Kind == kindTag {
		return prev == 0x1F3F4 && run.Runes[len(run.Runes)-1] == 0xE007F
	}
	if run.Kind != kindZeroWidth {
		return false
	}
	if len(run.Runes) == 1 && run.Runes[0] == 0x200B && (next == '`' || next == '~') {
		return true // the usual way to write a fence inside a fence
	}
	for _, r := range run.Runes {
		if r != 0x200C && r != 0x200D && r != 0x200E && r != 0x200F && r != 0x061C {
			return false
		}
	}
	return pictographic(prev) || pictographic(next) || scriptLetter(prev) || scriptLetter(next)
}

// pictographic is an emoji or a part of one (variation selector, skin tone).
func pictographic(r rune) bool {
	return r >= 0x1F000 || (r >= 0x2190 && r <= 0x2BFF) || r == 0xFE0F || r == 0x20E3
}

// scriptLetter is a letter or mark of a script past Latin, Greek and
// Cyrillic, where joiners and direction marks are part of spelling.
func scriptLetter(r rune) bool {
	return r >= 0x0590 && (unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r))
}

// runeNames names the deceptive characters in messages and hovers.
var runeNames = map[rune]string{
	0x00A0: "NO-BREAK SPACE", 0x00AD: "SOFT HYPHEN", 0x061C: "ARABIC LETTER MARK", 0x1680: "OGHAM SPACE MARK",
	0x180E: "MONGOLIAN VOWEL SEPARATOR", 0x200B: "ZERO WIDTH SPACE", 0x200C: "ZERO WIDTH NON-JOINER",
	0x200D: "ZERO WIDTH JOINER", 0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x202F: "NARROW NO-BREAK SPACE",
	0x205F: "MEDIUM MATHEMATICAL SPACE", 0x2060: "WORD JOINER", 0x2061: "FUNCTION APPLICATION",
	0x2062: "INVISIBLE TIMES", 0x2063: "INVISIBLE SEPARATOR", 0x2064: "INVISIBLE PLUS",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE", 0x3000: "IDEOGRAPHIC SPACE", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
}

// runeName is "U+200B ZERO WIDTH SPACE".
func runeName(r rune) string {
	switch {
	case r >= 0xE0000 && r <= 0xE007F:
		return fmt.Sprintf("U+%04X TAG", r)
	case r >= 0xE0100:
		return fmt.Sprintf("U+%04X VARIATION SELECTOR-%d", r, r-0xE0100+17)
	case r >= 0x2000 && r <= 0x200A:
		return fmt.Sprintf("U+%04X SPACE", r)
	}
	return fmt.Sprintf("U+%04X %s", r, runeNames[r])
}

// decoded is the text a run of tag characters spells (ASCII smuggling),
// or the bytes variation selectors carry; "" when it spells nothing.
func (h hiddenRun) decoded() string {
	var b strings.Builder
	var raw []byte
	for _, r := range h.Runes {
		switch {
		case r >= 0xE0020 && r <= 0xE007E:
			b.WriteRune(r - 0xE0000)
		case r >= 0xE0100 && r <= 0xE01EF:
			raw = append(raw, byte(r-0xE0100+16))
		}
	}
	if len(raw) > 0 {
		if utf8.Valid(raw) {
			b.Write(raw)
		} else {
			fmt.Fprintf(&b, "% x", raw)
		}
	}
	return b.String()
}

// describe is the run's message.
func (h hiddenRun) describe(where string) string {
	if text := h.decoded(); text != "" {
		return fmt.Sprintf("%d invisible tag characters in %s spell %q: the model reads it, editors and rendered Markdown show nothing", len(h.Runes), where, clip(text, 80))
	}
	names := h.names(3)
	switch h.Kind {
	case kindBidi:
		return fmt.Sprintf("bidirectional control %s in %s: the text displays in another order than the model reads it", names, where)
	case kindSpace:
		return fmt.Sprintf("%s in %s looks like a space and is not one; the model reads it as written", names, where)
	case kindTag:
		return fmt.Sprintf("%d invisible tag characters in %s (%s)", len(h.Runes), where, names)
	}
	return fmt.Sprintf("invisible %s in %s: the model reads it, editors and rendered Markdown show nothing", names, where)
}

// names lists the run's distinct characters, at most n of them.
func (h hiddenRun) names(n int) string {
	var seen []rune
	for _, r := range h.Runes {
		if !containsRune(seen, r) {
			seen = append(seen, r)
		}
	}
	var parts []string
	for i, r := range seen {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more", len(seen)-n))
			break
		}
		parts = append(parts, runeName(r))
	}
	s := strings.Join(parts, ", ")
	if len(h.Runes) > 1 {
		s = fmt.Sprintf("%d× %s", len(h.Runes), s)
	}
	return s
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// clip shortens text to n characters, marking the cut.
func clip(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	return string([]rune(text)[:n]) + "…"
}

// hiddenHover shows what a run of deceptive characters at offset holds:
// the text tag characters spell, and each character by name. Only the
// line holding offset is scanned.
func hiddenHover(src []byte, offset int) *Hover {
	if offset < 0 || offset > len(src) {
		return nil
	}
	ls := bytes.LastIndexByte(src[:offset], '\n') + 1
	le := len(src)
	if i := bytes.IndexByte(src[offset:], '\n'); i >= 0 {
		le = offset + i
	}
	for _, h := range scanHidden(src, ls, le) {
		if offset < h.Range.Start || offset > h.Range.End {
			continue
		}
		var b strings.Builder
		if text := h.decoded(); text != "" {
			fmt.Fprintf(&b, "**Hidden text** the model reads:\n\n%s\n", fenced(text, "text"))
		}
		fmt.Fprintf(&b, "%d invisible %s: %s", len(h.Runes), plural(len(h.Runes), "character", "characters"), h.names(8))
		return &Hover{Markdown: b.String(), Range: h.Range}
	}
	return nil
}
