package analysis

import (
	"bytes"
	"fmt"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// reasonPlaceholder is the reason the editor's action writes for the
// author to replace; until replaced it counts as no reason, so that
// suppression-without-reason keeps asking for one.
const reasonPlaceholder = "reason"

// suppressFix is the editor's action that silences f with a comment on a
// new line above the line it points at, in the comment form of that part
// of the file, indented as that line; a finding on the frontmatter's
// opening line gets a skill-ls-disable just below it, which covers the
// file from its first line. There is none for the directives' own rules,
// for a finding whose line is text of a YAML scalar or code of the body
// (a comment there would change the value, or be an example), or for one
// on the first line of a file without frontmatter (nothing comes before
// it).
func suppressFix(s *loader.Skill, body *Body, f Finding) (Fix, bool) {
	if !suppressible(f.Rule) || f.Range.Start > len(s.Src) {
		return Fix{}, false
	}
	src, fm := s.Src, s.Frontmatter
	ls := bytes.LastIndexByte(src[:f.Range.Start], '\n') + 1
	line, _ := lineRange(src, ls)
	indent := string(src[ls : ls+len(src[ls:line.End])-len(bytes.TrimLeft(src[ls:line.End], " \t"))])
	title := fmt.Sprintf("Suppress %s on this line with a comment", f.Rule)
	keyword, at := disableNextLine, ls
	inFrontmatter := fm.Present && ls < fm.Content.End
	switch {
	case fm.Present && ls == fm.Open.Start:
		keyword, at, indent, inFrontmatter = disableFrom, fm.Content.Start, "", true
		title = fmt.Sprintf("Suppress %s in this file with a comment", f.Rule)
	case inFrontmatter && (&textCursor{lines: scalarText(src, s.Meta, fm.Content.End, nil)}).holds(src, line),
		!inFrontmatter && ((&rangeCursor{rs: body.Fences}).holds(ls) || ls == 0):
		return Fix{}, false
	}
	comment := fmt.Sprintf("<!-- %s%s %s -- %s -->", directivePrefix, keyword, f.Rule, reasonPlaceholder)
	if inFrontmatter {
		comment = fmt.Sprintf("# %s%s %s -- %s", directivePrefix, keyword, f.Rule, reasonPlaceholder)
	}
	return Fix{Title: title, Edits: []Edit{{Range: Range{Start: at, End: at}, NewText: indent + comment + lineBreak(src, ls)}}}, true
}

// lineBreak is the line break the file uses at the line starting at ls.
func lineBreak(src []byte, ls int) string {
	if i := bytes.IndexByte(src[ls:], '\n'); i > 0 && src[ls+i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}
