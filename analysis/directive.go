package analysis

import (
	"bytes"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// A suppression directive is a comment on a line of its own that tells
// skill-ls to keep quiet about some rules:
//
//	<!-- skill-ls-disable-next-line RULE[, RULE...] -- reason -->   in the body
//	# skill-ls-disable-next-line RULE[, RULE...] -- reason          in the frontmatter
//
// with skill-ls-disable (from here on) and skill-ls-enable (ends a disable)
// in the same two forms. The frontmatter takes YAML comments because most
// findings sit on its keys; the body takes HTML comments, which Markdown
// renders as nothing (an agent still hands them to the model with the rest
// of the body).

// directivePrefix starts every directive's keyword.
const directivePrefix = "skill-ls-"

// Directive keywords.
const (
	disableNextLine = "disable-next-line"
	disableFrom     = "disable"
	enableFrom      = "enable"
)

// directiveKinds are the keywords, matched whole.
var directiveKinds = []string{disableNextLine, disableFrom, enableFrom}

// directive is one suppression comment as written.
type directive struct {
	kind   string // one of directiveKinds; "" when the keyword is unknown
	word   string // the keyword as written, after skill-ls-
	rules  []directiveRule
	reason string
	at     Range // the comment, from its opening to its closing mark
	line   Range // the line holding it, without its line end
	// next is the line after it, without its line end: what a
	// disable-next-line covers.
	next          Range
	inFrontmatter bool
}

// directiveRule is one rule id a directive names, where it is written.
type directiveRule struct {
	id    string
	at    Range
	used  bool // it suppressed a finding
	valid bool // a rule a directive may name
}

// scanDirectives finds the suppression directives of a whole skill file: YAML
// comment lines of the frontmatter (not lines inside a quoted or block
// scalar) and HTML comment lines of the body (not inside code, where they
// are examples). body is the body's full scan (ScanBody, which records code
// blocks), or nil to make one when the body holds a directive. A file
// without the prefix costs one search.
func scanDirectives(s *loader.Skill, body *Body) []directive {
	var out []directive
	fm := s.Frontmatter
	if fm.Present && bytes.Contains(s.Src[fm.Content.Start:fm.Content.End], []byte(directivePrefix)) {
		text := textCursor{lines: scalarText(s.Src, s.Meta, fm.Content.End, nil)}
		eachLine(s.Src, fm.Content, func(line Range, next Range) {
			if text.holds(s.Src, line) {
				return
			}
			if d, ok := parseDirective(s.Src, line, "#", ""); ok {
				d.next, d.inFrontmatter = next, true
				out = append(out, d)
			}
		})
	}
	b := fm.Body
	if b.Start >= b.End {
		return out
	}
	if body == nil {
		if !bytes.Contains(s.Src[b.Start:b.End], []byte(directivePrefix)) {
			return out
		}
		body = ScanBody(s)
	}
	// The body's comments outside code are in its scan already: a
	// directive is one that fills its line.
	last := -1
	for _, h := range body.Hidden {
		if !h.Comment || !bytes.Contains(s.Src[h.Range.Start:h.Range.End], []byte(directivePrefix)) {
			continue
		}
		start := bytes.LastIndexByte(s.Src[:h.Range.Start], '\n') + 1
		if start <= last {
			continue // a line of two comments is no directive's
		}
		last = start
		line, nl := lineRange(s.Src, start)
		if d, ok := parseDirective(s.Src, line, "<!--", "-->"); ok {
			d.next = Range{Start: len(s.Src), End: len(s.Src)}
			if nl < len(s.Src) {
				d.next, _ = lineRange(s.Src, nl)
			}
			out = append(out, d)
		}
	}
	return out
}

// eachLine calls f, in order, with each line of r in src that holds the
// directive prefix (without its line end) and the line after it (empty at
// the end of src).
func eachLine(src []byte, r Range, f func(line, next Range)) {
	for pos := r.Start; pos < r.End; {
		line, nl := lineRange(src, pos)
		if bytes.Contains(src[line.Start:line.End], []byte(directivePrefix)) {
			next := Range{Start: len(src), End: len(src)}
			if nl < len(src) {
				next, _ = lineRange(src, nl)
			}
			f(line, next)
		}
		pos = nl
	}
}

// lineRange is the line starting at pos without its "\n" or "\r\n", and
// where the next line starts.
func lineRange(src []byte, pos int) (Range, int) {
	end, next := len(src), len(src)
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		end, next = pos+i, pos+i+1
	}
	if end > pos && src[end-1] == '\r' {
		end--
	}
	return Range{Start: pos, End: end}, next
}

// parseDirective reads the line as a directive in a comment opened by open
// and closed by close ("" for a comment that runs to the line's end).
func parseDirective(src []byte, line Range, open, close string) (directive, bool) {
	text := string(src[line.Start:line.End])
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	rest := strings.TrimRight(text[lead:], " \t")
	if !strings.HasPrefix(rest, open) || !strings.HasSuffix(rest, close) || len(rest) < len(open)+len(close) {
		return directive{}, false
	}
	inner := rest[len(open) : len(rest)-len(close)]
	off := line.Start + lead + len(open) // where inner starts in src
	trimmed := strings.TrimLeft(inner, " \t")
	off += len(inner) - len(trimmed)
	if !strings.HasPrefix(trimmed, directivePrefix) {
		return directive{}, false
	}
	d := directive{line: line, at: Range{Start: line.Start + lead, End: line.Start + lead + len(rest)}}
	body := trimmed[len(directivePrefix):]
	off += len(directivePrefix)
	d.word = strings.TrimRight(body, " \t")
	if i := strings.IndexAny(d.word, " \t"); i >= 0 {
		d.word = d.word[:i]
	}
	for _, k := range directiveKinds {
		if d.word == k {
			d.kind = k
		}
	}
	if d.kind == "" {
		return d, true // told as an unknown keyword
	}
	body, off = body[len(d.word):], off+len(d.word)
	list := body
	if i := reasonMark(body); i >= 0 {
		list, d.reason = body[:i], strings.TrimSpace(body[i+2:])
	}
	for _, part := range splitRuleList(list) {
		d.rules = append(d.rules, directiveRule{id: part.id, at: Range{Start: off + part.start, End: off + part.start + len(part.id)}})
	}
	return d, true
}

// reasonMark is where the "--" before the reason is in a directive's
// text: the first standing alone between blanks (or at the end), or -1.
func reasonMark(text string) int {
	blank := func(i int) bool { return i < 0 || i >= len(text) || text[i] == ' ' || text[i] == '\t' }
	for i := 0; ; i++ {
		j := strings.Index(text[i:], "--")
		if j < 0 {
			return -1
		}
		if i += j; blank(i-1) && blank(i+2) && i > 0 {
			return i
		}
	}
}

// ruleToken is a rule id in a directive's list, at an offset in the list.
type ruleToken struct {
	id    string
	start int
}

// splitRuleList splits "a, b c" at commas and blanks into its ids.
func splitRuleList(list string) []ruleToken {
	var out []ruleToken
	start := -1
	for i := 0; i <= len(list); i++ {
		sep := i == len(list) || list[i] == ',' || list[i] == ' ' || list[i] == '\t'
		switch {
		case sep && start >= 0:
			out = append(out, ruleToken{id: list[start:i], start: start})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return out
}

// textLines is where lines are scalar text, not comments: the lines
// starting in span indented at least indent columns.
type textLines struct {
	span   Range
	indent int
}

// scalarText appends where the scalars of v hold text lines: a quoted one
// over its range; a block one ("|", ">") up to the next key or item, on
// the lines indented deeper than its key (its range as read leaves out
// trailing lines that look like comments, which YAML reads as text). end
// bounds v: where what follows it starts. The spans come in file order,
// without overlaps.
func scalarText(src []byte, v *syntax.Value, end int, out []textLines) []textLines {
	if v == nil || v.Alias != "" {
		return out
	}
	if v.IsScalar() && v.Style == syntax.StyleQuoted {
		return append(out, textLines{span: v.Range})
	}
	if v.IsScalar() && v.Style == syntax.StyleBlock { // a list item's: deeper than its "-"
		ls := bytes.LastIndexByte(src[:v.Range.Start], '\n') + 1
		dash := len(src[ls:v.Range.Start]) - len(bytes.TrimLeft(src[ls:v.Range.Start], " "))
		return append(out, textLines{span: Range{Start: v.Range.Start, End: end}, indent: dash + 1})
	}
	for i, it := range v.Items {
		next := end
		if i+1 < len(v.Items) && v.Items[i+1] != nil {
			next = v.Items[i+1].Range.Start
		}
		out = scalarText(src, it, next, out)
	}
	for i, f := range v.Fields {
		next := end
		if i+1 < len(v.Fields) {
			next = v.Fields[i+1].KeyRange.Start
		}
		if f.Value != nil && f.Value.Style == syntax.StyleBlock {
			col := f.KeyRange.Start - (bytes.LastIndexByte(src[:f.KeyRange.Start], '\n') + 1)
			out = append(out, textLines{span: Range{Start: f.Value.Range.Start, End: next}, indent: col + 1})
			continue
		}
		out = scalarText(src, f.Value, next, out)
	}
	return out
}

// textCursor tells, for lines asked about in file order, which are text
// of a scalar: a pass over the scalars for a pass over the lines.
type textCursor struct {
	lines []textLines // in file order, without overlaps
	i     int
}

func (c *textCursor) holds(src []byte, line Range) bool {
	for c.i < len(c.lines) && c.lines[c.i].span.End <= line.Start {
		c.i++
	}
	if c.i == len(c.lines) || c.lines[c.i].span.Start > line.Start {
		return false
	}
	text := src[line.Start:line.End]
	return len(text)-len(bytes.TrimLeft(text, " \t")) >= c.lines[c.i].indent
}

// rangeCursor tells, for offsets asked about in increasing order, which
// fall in one of rs (in file order, without overlaps).
type rangeCursor struct {
	rs []Range
	i  int
}

func (c *rangeCursor) holds(off int) bool {
	for c.i < len(c.rs) && c.rs[c.i].End <= off {
		c.i++
	}
	return c.i < len(c.rs) && c.rs[c.i].Start <= off
}

// directives are the suppression directives of the whole skill s (body:
// its full scan, or nil), none when the settings ignore them.
func (w *Workspace) directives(s *loader.Skill, body *Body) []directive {
	if w.config.NoInlineConfig {
		return nil
	}
	return scanDirectives(s, body)
}

// directiveLines are where the directives are written: the findings about
// them point there.
func directiveLines(ds []directive) []Range {
	out := make([]Range, len(ds))
	for i, d := range ds {
		out[i] = d.line
	}
	return out
}
