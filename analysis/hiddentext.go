package analysis

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

// Rendered Markdown hides HTML comments and link reference definitions,
// but an agent reads the file as text: a comment can say to the model
// what the author reviewing the rendered page never sees, and
// "[//]: # (text)" is the usual way to write such a comment.

// HiddenText is a comment or a link reference definition in a body.
type HiddenText struct {
	Comment bool   // an HTML comment; else a link reference definition
	Label   string // the definition's label, normalized (refLabel)
	Range   Range  // the comment, or the definition's line
}

// sortHidden orders the block comments and definitions, found line by
// line, and the inline comments, found when a paragraph closes.
func sortHidden(h []HiddenText) {
	slices.SortFunc(h, func(a, b HiddenText) int { return a.Range.Start - b.Range.Start })
}

// endComment ends an open HTML comment block on the line [ls, le).
func (m *mdScanner) endComment(ls, le int) {
	if m.comment < 0 {
		return
	}
	end := le
	if k := bytes.Index(m.src[ls:le], []byte("-->")); k >= 0 {
		end = ls + k + 3
	}
	m.b.Hidden = append(m.b.Hidden, HiddenText{Comment: true, Range: Range{Start: m.comment, End: end}})
	m.comment = -1
}

// refDef records a link reference definition "[label]: ..." on the line
// [j, le) at the start of a paragraph, and reports whether it is one.
func (m *mdScanner) refDef(j, le int) bool {
	line := m.src[j:le]
	if len(line) < 4 || line[0] != '[' {
		return false
	}
	k := 1
	for k < len(line) && k <= 1000 && line[k] != ']' && line[k] != '[' {
		if line[k] == '\\' {
			k++
		}
		k++
	}
	if k >= len(line)-1 || line[k] != ']' || line[k+1] != ':' {
		return false
	}
	label := refLabel(line[1:k])
	if label == "" {
		return false
	}
	m.b.Hidden = append(m.b.Hidden, HiddenText{Label: label, Range: Range{Start: j, End: le}})
	return true
}

// refLabel is a label as CommonMark matches it: case-folded, inner
// whitespace collapsed.
func refLabel(b []byte) string {
	return strings.ToLower(strings.Join(strings.Fields(string(b)), " "))
}

// unusedDefs returns the link reference definitions of b that no
// "[label]" elsewhere in the body uses, in one pass over the body.
func unusedDefs(src []byte, body Range, b *Body) []HiddenText {
	defs := map[string]int{} // label: how many definitions
	for _, h := range b.Hidden {
		if !h.Comment {
			defs[h.Label]++
		}
	}
	if len(defs) == 0 {
		return nil
	}
	uses := map[string]int{}
	for i := body.Start; i < body.End; {
		o := bytes.IndexByte(src[i:body.End], '[')
		if o < 0 {
			break
		}
		o += i
		c := bytes.IndexAny(src[o+1:body.End], "[]\n")
		if c < 0 {
			break
		}
		c += o + 1
		if src[c] == ']' && c-o <= 1000 {
			if l := refLabel(src[o+1 : c]); defs[l] > 0 {
				uses[l]++
			}
		}
		i = c // a "[" found inside opens the next label
		if src[c] != '[' {
			i++
		}
	}
	var out []HiddenText
	for _, h := range b.Hidden {
		if !h.Comment && uses[h.Label] <= defs[h.Label] {
			out = append(out, h)
		}
	}
	return out
}

// instructionRE finds words addressed to a model rather than notes for a
// maintainer: the shapes of published prompt injections.
var instructionRE = regexp.MustCompile(`(?i)\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|all|other|user'?s?|any)\b[^.\n]{0,20}\b(?:instructions?|rules?|prompts?|messages?|guidelines?|directions?)\b` +
	`|\b(?:do not|don'?t|never)\s+(?:tell|mention|reveal|inform|disclose|show|alert|notify)\b` +
	`|(?:^|[\s<(\[])(?:system|assistant)\s*:|</?(?:system|instructions?|important)>` +
	`|\binstead\b|\bsecretly\b|\bwithout (?:telling|asking|informing|notifying)\b` +
	`|\byou (?:are now|must now|will now)\b|\bnew instructions?\b`)

// instruction is the first words of text addressed to the model, or "".
func instruction(text []byte) string {
	loc := findIndex(instructionRE, text)
	if loc == nil {
		return ""
	}
	return strings.TrimSpace(string(text[loc[0]:loc[1]]))
}
