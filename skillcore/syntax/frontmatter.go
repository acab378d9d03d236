package syntax

import "bytes"

// Frontmatter locates the YAML header of a SKILL.md: an opening "---" line
// on line 1 and the next "---" line. A delimiter line may have spaces or
// tabs after its dashes (most loaders read on; OpenSpaces and CloseSpaces
// let each target say). A "---" line inside a multi-line quoted scalar does
// not close it, unlike the naive split some validators do.
type Frontmatter struct {
	Present bool // line 1 is a "---" line
	Closed  bool // a closing "---" line was found
	// OpenSpaces, CloseSpaces: that delimiter line has spaces or tabs after
	// its "---".
	OpenSpaces  bool
	CloseSpaces bool
	// ExactCloseAfter: with CloseSpaces, a line that is exactly "---" comes
	// later, where a loader that wants an exact closing line closes. Kept
	// here so that a skill judged after its body is released reads the same.
	ExactCloseAfter bool
	Open            Range // the opening delimiter, without its line end
	Content         Range // the YAML between the delimiters
	Close           Range // the closing delimiter, without its line end
	Body            Range // everything after the closing line
}

// SplitFrontmatter finds the frontmatter in src starting at offset start
// (past a byte-order mark, if any).
func SplitFrontmatter(src []byte, start int) Frontmatter {
	var fm Frontmatter
	end := len(src)
	line, next := LineAt(src, start)
	if !isDelimiter(src[line.Start:line.End]) {
		fm.Body = Range{start, end}
		return fm
	}
	fm.Present = true
	fm.Open = line
	fm.OpenSpaces = line.Len() > 3
	fm.Content = Range{next, end}
	var q quoteState
	// skipped is the first "---" line passed over inside a quoted scalar: if
	// the scalar never closes, it was the closing line after all.
	skipped, skippedNext := Range{-1, -1}, 0
	for pos := next; pos < end; {
		line, nl := LineAt(src, pos)
		text := src[line.Start:line.End]
		if isDelimiter(text) {
			if !q.open() {
				return fm.close(src, line, nl)
			}
			if skipped.Start < 0 {
				skipped, skippedNext = line, nl
			}
		}
		q.scan(text)
		pos = nl
	}
	if skipped.Start >= 0 {
		return fm.close(src, skipped, skippedNext)
	}
	fm.Body = Range{end, end}
	return fm
}

// close ends the frontmatter at the delimiter line, the body starting at next.
func (fm Frontmatter) close(src []byte, line Range, next int) Frontmatter {
	fm.Closed = true
	fm.CloseSpaces = line.Len() > 3
	fm.ExactCloseAfter = fm.CloseSpaces && exactDelimiterAfter(src, next)
	fm.Content.End = line.Start
	fm.Close = line
	fm.Body = Range{next, len(src)}
	return fm
}

// lineAt returns the line starting at pos without its "\n" or "\r\n", and the
// offset where the next line starts.
func LineAt(src []byte, pos int) (Range, int) {
	i := bytes.IndexByte(src[pos:], '\n')
	if i < 0 {
		return Range{pos, len(src)}, len(src)
	}
	e := pos + i
	next := e + 1
	if e > pos && src[e-1] == '\r' {
		e--
	}
	return Range{pos, e}, next
}

// isDelimiter: "---" and nothing after it but spaces and tabs.
func isDelimiter(line []byte) bool {
	return bytes.HasPrefix(line, []byte("---")) && len(bytes.TrimRight(line[3:], " \t")) == 0
}

// quoteState follows YAML quoted scalars across lines, just enough to know
// whether a line begins inside one. A quote opens a scalar only where a value
// can start: after "key:" or "- " (on the same line, or on the next when
// nothing followed them), and after "[", "{" and "," inside a flow
// collection. The lines of a block scalar ("key: |") are text.
type quoteState struct {
	quote   byte // '"' or '\'' while inside a quoted scalar, else 0
	flow    int  // depth of flow collections
	pending bool // the last line ended where a value can start
	inBlock bool // inside a block scalar's lines
	block   int  // the indentation of the line that opened it
}

func (q *quoteState) open() bool { return q.quote != 0 }

func (q *quoteState) scan(line []byte) {
	indent := 0
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	if q.inBlock && q.quote == 0 {
		if indent == len(line) || indent > q.block {
			return
		}
		q.inBlock = false
	}
	valueStart := q.pending || q.flow > 0
	lead := true // only indentation and "- " so far
	q.pending = false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if q.quote != 0 {
			switch {
			case q.quote == '"' && c == '\\':
				i++
			case c == q.quote && q.quote == '\'' && i+1 < len(line) && line[i+1] == '\'':
				i++
			case c == q.quote:
				q.quote = 0
				valueStart, lead = false, false
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t':
			continue
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			q.pending = valueStart && q.flow == 0
			return
		case (c == '"' || c == '\'') && valueStart:
			q.quote = c
			continue
		case c == ':' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'):
			valueStart, lead = true, false
			continue
		case c == '-' && (valueStart || lead) && (i+1 == len(line) || line[i+1] == ' '):
			valueStart = true
			continue
		case (c == '|' || c == '>') && valueStart && q.flow == 0:
			q.inBlock, q.block = true, indent
			return
		case (c == '[' || c == '{') && (valueStart || q.flow > 0):
			q.flow++
			valueStart, lead = true, false
			continue
		case c == ',' && q.flow > 0:
			valueStart = true
			continue
		case (c == ']' || c == '}') && q.flow > 0:
			q.flow--
		}
		valueStart, lead = false, false
	}
	q.pending = valueStart && q.quote == 0 && q.flow == 0
}

// exactDelimiterAfter reports whether a line that is exactly "---" starts
// at or after pos: Zed, which takes only such a line as the closing one,
// then closes there (the "--- " line before it ends the first YAML
// document, which is all it reads).
func exactDelimiterAfter(src []byte, pos int) bool {
	for pos < len(src) {
		line, next := LineAt(src, pos)
		if string(src[line.Start:line.End]) == "---" {
			return true
		}
		pos = next
	}
	return false
}
