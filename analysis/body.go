package analysis

import (
	"bytes"
	"net/url"
	"path"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Body is what the Markdown after the frontmatter holds, collected in one
// walk for every feature that needs it. Ranges are offsets in the file.
type Body struct {
	Headings []Heading
	Links    []Link
	Fences   []Range // fenced and indented code blocks
	Lines    int
	// Hidden is the text an agent reads that rendered Markdown does not
	// show: HTML comments and link reference definitions, in order.
	Hidden []HiddenText
}

// Heading is a Markdown heading.
type Heading struct {
	Level int
	Text  string
	Range Range // the heading's line
}

// Link is a relative path the body points at: a link or image destination,
// or a code span naming one of the skill's files.
type Link struct {
	Target string // as written, without a #fragment
	Range  Range  // of the path as written
	InCode bool   // from a code span rather than a link
}

// ScanBody walks the skill's body once.
//
// It reads the CommonMark structure that matters here — block quotes, list
// items, headings, fenced and indented code, HTML blocks, paragraphs, and in
// paragraphs and headings the code spans and inline links — in one pass over
// the bytes, because a full Markdown parser costs more than the rest of the
// analysis together. Tests hold it to goldmark's reading of the corpus.
func ScanBody(s *loader.Skill) *Body { return scanBody(s, true) }

// scanLinks is ScanBody without the headings and code blocks, for the checks of a body
// (its length, its links), which a scan makes of every file.
func scanLinks(s *loader.Skill) *Body { return scanBody(s, false) }

func scanBody(s *loader.Skill, headings bool) *Body { return scanLines(s, headings, true) }

// scanLines is scanBody, passing over fenced code with skipFenced when
// fast, else a line at a time (tests hold the two to the same Body).
func scanLines(s *loader.Skill, headings, fast bool) *Body {
	r := s.Body()
	src := s.Src[:r.End]
	b := &Body{}
	m := mdScanner{src: src, b: b, headings: headings, para: -1, code: -1, comment: -1}
	for pos := r.Start; pos < r.End; b.Lines++ {
		if fast && m.fence && m.fenceBase == 0 && m.quotes == 0 {
			if pos = m.skipFenced(pos, r.End); pos >= r.End {
				break
			}
		}
		le, next := r.End, r.End
		if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
			le, next = pos+i, pos+i+1
			if le > pos && src[le-1] == '\r' {
				le--
			}
		}
		m.line(pos, le)
		pos = next
	}
	m.closeAll()
	sortHidden(b.Hidden)
	return b
}

// skipFenced passes over the lines from pos of a fenced code block open at
// the top level that cannot close it, at the speed of a byte search rather
// than a line at a time (a third of the lines of skills are code), and
// returns where the next line that may close it starts.
func (m *mdScanner) skipFenced(pos, end int) int {
	src := m.src
	run := fenceRuns[m.fenceChar]
	from, ls := pos, pos // ls: the start of the line holding from
	for {
		h := bytes.Index(src[from:end], run)
		if h < 0 {
			m.passLines(pos, end)
			return end
		}
		h += from
		// Only back to the last hit: a line of a million "```" stays linear.
		if i := bytes.LastIndexByte(src[from:h], '\n'); i >= 0 {
			ls = from + i + 1
		}
		if h-ls <= 3 && len(bytes.TrimLeft(src[ls:h], " ")) == 0 { // up to 3 spaces before
			m.passLines(pos, ls)
			return ls
		}
		from = h + 1
	}
}

// fenceRuns are the shortest runs that open or close a fence.
var fenceRuns = map[byte][]byte{'`': []byte("```"), '~': []byte("~~~")}

// passLines counts the lines [pos, to) of a fenced code block as its content.
func (m *mdScanner) passLines(pos, to int) {
	if to <= pos {
		return
	}
	src := m.src
	n := bytes.Count(src[pos:to], []byte{'\n'})
	le := to
	if src[to-1] == '\n' {
		// The last line ends before its line break, and a CR before that.
		le--
		if ls := bytes.LastIndexByte(src[pos:le], '\n') + 1 + pos; le > ls && src[le-1] == '\r' {
			le--
		}
	} else {
		n++ // the body ends without a line break, a CR and all
	}
	m.b.Lines += n
	m.fenceLast = le
}

// mdScanner is the state of the block structure between lines. Offsets are
// into src, the file up to the end of the body.
type mdScanner struct {
	src      []byte
	b        *Body
	headings bool  // record headings and code blocks (links are read either way)
	quotes   int   // depth of the open block quotes
	lists    []int // content columns of the open list items, innermost last

	para, paraEnd int // the open paragraph's first line start and end; para -1: none

	code, codeEnd int // the open indented code block; code -1: none

	fence     bool // a fenced code block is open
	fenceChar byte
	fenceLen  int
	fenceBase int // the column its container's content starts at
	fenceAt   int // start of the opening fence line
	fenceLast int // end of its last content line, -1 when it has none

	html       int  // kind of the open HTML block (CommonMark 1 to 7), 0: none
	comment    int  // start of the open HTML comment block, -1: none
	commentEnd int  // end of its last line so far
	defs       bool // the open paragraph holds only link reference definitions so far
}

// line reads the line [ls, le) (without its line break).
func (m *mdScanner) line(ls, le int) {
	src := m.src
	if m.para >= 0 && !m.fence && m.html == 0 && ls < le && isASCIILetter(src[ls]) {
		m.paraEnd = le // a paragraph goes on: the common line, read fast
		return
	}
	// Block quote markers: those of the open quotes, then, unless the line
	// is inside a fenced code or HTML block, new ones.
	i, quotes := ls, 0
	for {
		if quotes >= m.quotes && (m.fence || m.html != 0) {
			break
		}
		j, _ := skipIndent(src, i, le, 3)
		if j >= le || src[j] != '>' {
			break
		}
		quotes++
		i = j + 1
		if i < le && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
	}
	j, indent := skipIndent(src, i, le, -1)
	blank := j == le
	if quotes != m.quotes {
		if quotes < m.quotes && m.para >= 0 && !blank && !m.startsBlock(j, le, indent) {
			m.paraEnd = le // a lazy continuation line
			return
		}
		m.closeAll()
		m.quotes = quotes
	}

	if m.fence {
		if !blank && indent < m.fenceBase {
			m.closeFence(-1)
		} else {
			if !blank && indent-m.fenceBase <= 3 && isFenceClose(src[j:le], m.fenceChar, m.fenceLen) {
				m.closeFence(le)
				return
			}
			m.fenceLast = le
			return
		}
	}
	if m.html != 0 {
		m.commentEnd = le
		if m.html >= 6 {
			if blank {
				m.html = 0
			}
			return
		}
		if htmlEnds(m.html, src[i:le]) {
			m.endComment(i, le)
			m.html = 0
		}
		return
	}
	if blank {
		m.closePara()
		return
	}

	// Which open list items the line continues.
	matched := len(m.lists)
	for matched > 0 && m.lists[matched-1] > indent {
		matched--
	}
	base := 0
	if matched > 0 {
		base = m.lists[matched-1]
	}
	if m.para >= 0 {
		if matched == len(m.lists) && indent-base <= 3 && m.setext(j, le) {
			return
		}
		if !m.startsBlock(j, le, indent-base) {
			m.paraEnd = le // a paragraph continuation line, lazy or not
			m.defs = m.defs && m.refDef(j, le)
			return
		}
	}
	m.lists = m.lists[:matched]
	if m.code >= 0 && indent-base < 4 {
		m.closeCode()
	}
	m.block(ls, j, le, indent, base)
}

// block reads what starts at j, indent columns in, in a container whose
// content starts at column base.
func (m *mdScanner) block(ls, j, le, indent, base int) {
	src := m.src
	for {
		rel := indent - base
		if rel >= 4 {
			if m.para < 0 {
				if m.code < 0 {
					m.code = ls
				}
				m.codeEnd = le
				return
			}
			m.paraEnd = le
			return
		}
		line := src[j:le]
		switch {
		case isThematicBreak(line):
			m.closePara()
			return
		case atxLevel(line) > 0:
			m.closePara()
			m.atxHeading(ls, j, le)
			return
		case fenceOpen(line) > 0:
			m.closePara()
			m.fence, m.fenceChar, m.fenceLen = true, line[0], fenceOpen(line)
			m.fenceBase, m.fenceAt, m.fenceLast = base, ls, -1
			return
		}
		if k := htmlStart(line, m.para >= 0); k > 0 {
			m.closePara()
			m.html = k
			if k == 2 {
				m.comment, m.commentEnd = j, le
			}
			if k < 6 && htmlEnds(k, line) {
				m.endComment(j, le)
				m.html = 0
			}
			return
		}
		if content, col, ok := m.listItem(j, le, indent); ok {
			m.closePara()
			m.lists = append(m.lists, col)
			if content == le {
				return
			}
			j, indent, base = content, col, col
			continue
		}
		if m.para < 0 {
			m.para = ls
			m.defs = m.refDef(j, le)
		}
		m.paraEnd = le
		return
	}
}

// startsBlock reports whether the text at j, rel columns into its container,
// begins a block that interrupts a paragraph.
func (m *mdScanner) startsBlock(j, le, rel int) bool {
	if rel >= 4 {
		return false
	}
	line := m.src[j:le]
	if isThematicBreak(line) || atxLevel(line) > 0 || fenceOpen(line) > 0 || htmlStart(line, true) > 0 {
		return true
	}
	marker, ordered := listMarker(line)
	if marker == 0 || marker == len(line) {
		return false // an empty item does not interrupt a paragraph
	}
	return !ordered || (marker == 2 && line[0] == '1')
}

// listItem reads a list marker at j and returns where the item's content
// starts and its column.
func (m *mdScanner) listItem(j, le, indent int) (content, col int, ok bool) {
	marker, _ := listMarker(m.src[j:le])
	if marker == 0 {
		return 0, 0, false
	}
	after := j + marker
	k, spaces := skipIndent(m.src, after, le, -1)
	switch {
	case k == le:
		return le, indent + marker + 1, true
	case spaces > 4:
		return after + 1, indent + marker + 1, true
	}
	return k, indent + marker + spaces, true
}

// setext turns the open paragraph into a heading when the line underlines it.
func (m *mdScanner) setext(j, le int) bool {
	line := bytes.TrimRight(m.src[j:le], " \t")
	if len(line) == 0 || (line[0] != '=' && line[0] != '-') || len(bytes.Trim(line, string(line[:1]))) != 0 {
		return false
	}
	level := 1
	if line[0] == '-' {
		level = 2
	}
	if m.headings {
		var text []string
		for _, l := range bytes.Split(m.src[m.para:m.paraEnd], []byte("\n")) {
			text = append(text, string(bytes.TrimSpace(l)))
		}
		// A heading without text (a line of form feeds) names no symbol.
		if t := strings.TrimSpace(strings.Join(text, "\n")); t != "" {
			m.b.Headings = append(m.b.Headings, Heading{Level: level, Text: t, Range: Range{Start: m.para, End: m.paraEnd}})
		}
	}
	m.inline(m.para, m.paraEnd)
	m.para = -1
	return true
}

func (m *mdScanner) atxHeading(ls, j, le int) {
	line := m.src[j:le]
	level := atxLevel(line)
	text := bytes.Trim(line[level:], " \t")
	// A closing run of "#" counts when a space precedes it or it is all.
	if t := bytes.TrimRight(text, "#"); len(t) == 0 || t[len(t)-1] == ' ' || t[len(t)-1] == '\t' {
		text = bytes.TrimRight(t, " \t")
	}
	if len(text) == 0 {
		return
	}
	start := j + level + bytes.Index(line[level:], text)
	if m.headings {
		m.b.Headings = append(m.b.Headings, Heading{Level: level, Text: string(text), Range: Range{Start: ls, End: le}})
	}
	m.inline(start, start+len(text))
}

func (m *mdScanner) closePara() {
	if m.para >= 0 {
		m.inline(m.para, m.paraEnd)
		m.para = -1
	}
}

func (m *mdScanner) closeCode() {
	if m.code >= 0 {
		if m.headings {
			m.b.Fences = append(m.b.Fences, Range{Start: m.code, End: m.codeEnd})
		}
		m.code = -1
	}
}

// closeFence ends the fenced code block, at the end of its closing line or
// (-1) where its content ends. A block without content is not listed.
func (m *mdScanner) closeFence(closeEnd int) {
	if m.fenceLast >= 0 {
		end := m.fenceLast
		if closeEnd >= 0 {
			end = closeEnd
		}
		if m.headings {
			m.b.Fences = append(m.b.Fences, Range{Start: m.fenceAt, End: end})
		}
	}
	m.fence = false
}

func (m *mdScanner) closeAll() {
	m.closePara()
	m.closeCode()
	if m.fence {
		m.closeFence(-1)
	}
	if m.comment >= 0 {
		m.b.Hidden = append(m.b.Hidden, HiddenText{Comment: true, Range: Range{Start: m.comment, End: m.commentEnd}})
		m.comment = -1
	}
	m.html = 0
	m.lists = m.lists[:0]
}

// inline finds the code spans and inline links in the text [start, end) of
// a paragraph or heading.
//
// Only a backtick, "<" or "[" (and "]" once a bracket is open) can start
// what it looks for; "!" and "\\" matter only just before one. So it jumps
// from one of those to the next with bytes.IndexByte, each kept until
// passed, instead of looking at every byte: most text has none.
func (m *mdScanner) inline(start, end int) {
	src := m.src
	type opener struct {
		image, active bool
	}
	var open []opener
	next := nextBytes{-1, -1, -1, -1}
	for i := start; i < end; {
		i = next.find(src, i, end, len(open) > 0)
		if i == end {
			break
		}
		// A byte after an odd run of backslashes is escaped; those before i
		// were read already.
		escaped := backslashesBefore(src, start, i)%2 == 1
		if escaped {
			i++
			continue
		}
		switch c := src[i]; c {
		case '`':
			n := 1
			for i+n < end && src[i+n] == '`' {
				n++
			}
			if close := codeSpanEnd(src, i+n, end, n); close >= 0 {
				m.codeSpan(i+n, close)
				i = close + n
			} else {
				i += n
			}
			continue
		case '<':
			if e := inlineTagEnd(src, i, end); e > 0 {
				if src[i+1] == '!' && bytes.HasPrefix(src[i:e], []byte("<!--")) {
					m.b.Hidden = append(m.b.Hidden, HiddenText{Comment: true, Range: Range{Start: i, End: e}})
				}
				i = e
				continue
			}
		case '[':
			// "![" opens an image unless the "!" is escaped.
			image := i > start && src[i-1] == '!' && backslashesBefore(src, start, i-1)%2 == 0
			open = append(open, opener{image: image, active: true})
		case ']':
			o := open[len(open)-1]
			open = open[:len(open)-1]
			if !o.active || i+1 >= end || src[i+1] != '(' {
				break
			}
			ds, de, after, ok := linkDestination(src, i+2, end)
			if !ok {
				break
			}
			m.addLink(ds, de)
			if !o.image {
				for k := range open {
					open[k].active = false
				}
			}
			i = after
			continue
		}
		i++
	}
}

// backslashesBefore counts the backslashes just before i, back to start.
func backslashesBefore(src []byte, start, i int) int {
	n := 0
	for i-n > start && src[i-n-1] == '\\' {
		n++
	}
	return n
}

// inlineStarts are the bytes inline stops at; the last only inside brackets.
var inlineStarts = [4]byte{'`', '<', '[', ']'}

// nextBytes holds, for each of inlineStarts, where it next occurs after
// the offset it was last looked for from (end: nowhere; -1: not looked for).
type nextBytes [4]int

// find returns the first offset at or after i, before end, holding one of
// inlineStarts (the "]" only when brackets is true), or end.
func (n *nextBytes) find(src []byte, i, end int, brackets bool) int {
	best := end
	k := len(inlineStarts)
	if !brackets {
		k--
	}
	for c := range k {
		if n[c] < i {
			n[c] = end
			if j := bytes.IndexByte(src[i:end], inlineStarts[c]); j >= 0 {
				n[c] = i + j
			}
		}
		best = min(best, n[c])
	}
	return best
}

// codeSpan records a code span's content [s, e) when it names a file.
func (m *mdScanner) codeSpan(s, e int) {
	text := m.src[s:e]
	if len(text) >= 2 && text[0] == ' ' && text[len(text)-1] == ' ' && len(bytes.Trim(text, " ")) > 0 {
		s, e = s+1, e-1
	}
	// Most code spans are no path: tell so before making a string.
	if !underSkillDir(m.src[s:e]) {
		return
	}
	if p := string(m.src[s:e]); looksLikeSkillPath(p) {
		m.b.Links = append(m.b.Links, Link{Target: p, Range: Range{Start: s, End: e}, InCode: true})
	}
}

// addLink records a link destination [s, e) that is a relative path.
func (m *mdScanner) addLink(s, e int) {
	if target := linkTarget(string(m.src[s:e])); target != "" {
		m.b.Links = append(m.b.Links, Link{Target: target, Range: Range{Start: s, End: e}})
	}
}

// linkTarget is the file a relative link destination names: without its
// #fragment or ?query, %-escapes decoded; "" when it names none.
func linkTarget(dest string) string {
	if !isRelativePath(dest) {
		return ""
	}
	target := dest
	if i := strings.IndexAny(target, "#?"); i >= 0 {
		target = target[:i]
	}
	if strings.IndexByte(target, '%') >= 0 {
		if u, err := url.PathUnescape(target); err == nil {
			target = u
		}
	}
	return target
}

// linkDestination reads "dest)", `<dest>)` or `dest "title")` at i, after
// "](": it returns the destination's span and the offset after ")".
func linkDestination(src []byte, i, end int) (ds, de, after int, ok bool) {
	i = skipSpace(src, i, end)
	if i < end && src[i] == '<' {
		ds = i + 1
		for de = ds; de < end && src[de] != '>' && src[de] != '\n' && src[de] != '<'; de++ {
			if src[de] == '\\' && de+1 < end && isPunct(src[de+1]) {
				de++
			}
		}
		if de >= end || src[de] != '>' {
			return 0, 0, 0, false
		}
		i = de + 1
	} else {
		ds = i
		depth := 0
	scan:
		for de = i; de < end; de++ {
			switch c := src[de]; {
			case c == '\\' && de+1 < end && isPunct(src[de+1]):
				de++
			case c == '(':
				depth++
			case c == ')':
				if depth == 0 {
					break scan
				}
				depth--
			case c <= ' ':
				break scan
			}
		}
		i = de
	}
	j := skipSpace(src, i, end)
	if j < end && j > i && (src[j] == '"' || src[j] == '\'' || src[j] == '(') {
		closer := src[j]
		if closer == '(' {
			closer = ')'
		}
		for j++; j < end && src[j] != closer; j++ {
			if src[j] == '\\' && j+1 < end {
				j++
			}
		}
		if j >= end {
			return 0, 0, 0, false
		}
		j = skipSpace(src, j+1, end)
	}
	if j >= end || src[j] != ')' {
		return 0, 0, 0, false
	}
	return ds, de, j + 1, true
}

// skipSpace skips spaces, tabs and at most one line break.
func skipSpace(src []byte, i, end int) int {
	nl := false
	for i < end {
		switch src[i] {
		case ' ', '\t', '\r':
		case '\n':
			if nl {
				return i
			}
			nl = true
		default:
			return i
		}
		i++
	}
	return i
}

// codeSpanEnd finds the backtick run of exactly n that closes a code span
// whose content starts at i.
func codeSpanEnd(src []byte, i, end, n int) int {
	for i < end {
		k := bytes.IndexByte(src[i:end], '`')
		if k < 0 {
			return -1
		}
		i += k
		r := 1
		for i+r < end && src[i+r] == '`' {
			r++
		}
		if r == n {
			return i
		}
		i += r
	}
	return -1
}

// inlineTagEnd is the end of an autolink, an inline HTML tag or comment at
// i (CommonMark's raw HTML), whose text holds no links, or 0.
func inlineTagEnd(src []byte, i, end int) int {
	rest := src[i:end]
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		if k := bytes.Index(rest[4:], []byte("-->")); k >= 0 {
			return i + 4 + k + 3
		}
		return 0
	case bytes.HasPrefix(rest, []byte("<?")):
		if k := bytes.Index(rest[2:], []byte("?>")); k >= 0 {
			return i + 2 + k + 2
		}
		return 0
	case len(rest) > 2 && rest[1] == '!' && isASCIILetter(rest[2]):
		if k := bytes.IndexByte(rest, '>'); k >= 0 {
			return i + k + 1
		}
		return 0
	}
	if e := autolinkEnd(rest); e > 0 {
		return i + e
	}
	if e := tagEnd(rest); e > 0 {
		return i + e
	}
	return 0
}

// autolinkEnd is the length of "<scheme:...>" or "<user@host>" at the start
// of b, or 0.
func autolinkEnd(b []byte) int {
	k := bytes.IndexByte(b, '>')
	if k < 3 {
		return 0
	}
	text := b[1:k]
	if bytes.ContainsAny(text, " \t\n<") {
		return 0
	}
	if c := bytes.IndexByte(text, ':'); c >= 2 && c <= 32 && isASCIILetter(text[0]) {
		for _, x := range text[1:c] {
			if !isASCIILetter(x) && !(x >= '0' && x <= '9') && x != '+' && x != '.' && x != '-' {
				return 0
			}
		}
		return k + 1
	}
	if at := bytes.IndexByte(text, '@'); at > 0 && at < len(text)-1 && bytes.IndexByte(text[at+1:], '.') > 0 {
		return k + 1
	}
	return 0
}

// tagEnd is the length of an open or closing HTML tag at the start of b, or
// 0.
func tagEnd(b []byte) int {
	k := 1
	closing := k < len(b) && b[k] == '/'
	if closing {
		k++
	}
	if k >= len(b) || !isASCIILetter(b[k]) {
		return 0
	}
	for k < len(b) && (isASCIILetter(b[k]) || b[k] >= '0' && b[k] <= '9' || b[k] == '-') {
		k++
	}
	for {
		ws := k
		for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\n' || b[k] == '\r') {
			k++
		}
		switch {
		case k >= len(b):
			return 0
		case b[k] == '>':
			return k + 1
		case !closing && b[k] == '/' && k+1 < len(b) && b[k+1] == '>':
			return k + 2
		case closing || ws == k:
			return 0
		}
		// An attribute: a name, then maybe "=" and a value.
		if c := b[k]; !isASCIILetter(c) && c != '_' && c != ':' {
			return 0
		}
		for k < len(b) && (isASCIILetter(b[k]) || b[k] >= '0' && b[k] <= '9' || strings.IndexByte("_.:-", b[k]) >= 0) {
			k++
		}
		v := k
		for v < len(b) && (b[v] == ' ' || b[v] == '\t' || b[v] == '\n') {
			v++
		}
		if v >= len(b) || b[v] != '=' {
			continue
		}
		for v++; v < len(b) && (b[v] == ' ' || b[v] == '\t' || b[v] == '\n'); v++ {
		}
		switch {
		case v >= len(b):
			return 0
		case b[v] == '"' || b[v] == '\'':
			q := bytes.IndexByte(b[v+1:], b[v])
			if q < 0 {
				return 0
			}
			k = v + 1 + q + 1
		default:
			k = v
			for k < len(b) && bytes.IndexByte([]byte(" \t\n\r\"'=<>`"), b[k]) < 0 {
				k++
			}
			if k == v {
				return 0
			}
		}
	}
}

// skipIndent skips spaces and tabs from i (at most max columns when max >= 0)
// and returns where the text starts and its column, tabs counting to the
// next multiple of 4.
func skipIndent(src []byte, i, le, max int) (int, int) {
	col := 0
	for i < le {
		w := 0
		switch src[i] {
		case ' ':
			w = 1
		case '\t':
			w = 4 - col%4
		}
		if w == 0 || (max >= 0 && col+w > max) {
			break
		}
		col += w
		i++
	}
	return i, col
}

func isBlank(b []byte) bool { return len(bytes.Trim(b, " \t")) == 0 }

func isThematicBreak(line []byte) bool {
	if len(line) < 3 || (line[0] != '-' && line[0] != '*' && line[0] != '_') {
		return false
	}
	n := 0
	for _, c := range line {
		switch c {
		case line[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// atxLevel is the level of an ATX heading line, or 0.
func atxLevel(line []byte) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(line) && line[n] != ' ' && line[n] != '\t') {
		return 0
	}
	return n
}

// fenceOpen is the length of the fence a line opens, or 0.
func fenceOpen(line []byte) int {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return 0
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 || (line[0] == '`' && bytes.IndexByte(line[n:], '`') >= 0) {
		return 0
	}
	return n
}

func isFenceClose(line []byte, c byte, n int) bool {
	k := 0
	for k < len(line) && line[k] == c {
		k++
	}
	return k >= n && isBlank(line[k:])
}

// listMarker is the length of a list item marker ("-", "*", "+", "1.", "1)")
// that starts line, or 0, and whether it is ordered.
func listMarker(line []byte) (int, bool) {
	n, ordered := 0, false
	switch {
	case len(line) > 0 && (line[0] == '-' || line[0] == '*' || line[0] == '+'):
		n = 1
	default:
		for n < len(line) && n < 9 && line[n] >= '0' && line[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(line) || (line[n] != '.' && line[n] != ')') {
			return 0, false
		}
		n++
		ordered = true
	}
	if n < len(line) && line[n] != ' ' && line[n] != '\t' {
		return 0, false
	}
	return n, ordered
}

// htmlBlockTags are the tags that start an HTML block of kind 6.
var htmlBlockTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`address article aside base basefont blockquote body caption center col
		colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2
		h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup
		option p param search section summary table tbody td tfoot th thead title tr track ul`) {
		htmlBlockTags[t] = true
	}
}

// htmlEnds reports whether line ends an HTML block of kind 1 to 5.
func htmlEnds(kind int, line []byte) bool {
	switch kind {
	case 1:
		lower := bytes.ToLower(line)
		for _, t := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
			if bytes.Contains(lower, []byte(t)) {
				return true
			}
		}
		return false
	case 2:
		return bytes.Contains(line, []byte("-->"))
	case 3:
		return bytes.Contains(line, []byte("?>"))
	case 4:
		return bytes.IndexByte(line, '>') >= 0
	}
	return bytes.Contains(line, []byte("]]>"))
}

// htmlStart is the kind of HTML block (CommonMark 1 to 7) line starts, or 0.
// Kind 7 does not interrupt a paragraph.
func htmlStart(line []byte, inPara bool) int {
	if len(line) < 2 || line[0] != '<' {
		return 0
	}
	lower := bytes.ToLower(line)
	for _, t := range []string{"script", "pre", "style", "textarea"} {
		if bytes.HasPrefix(lower[1:], []byte(t)) {
			if r := lower[1+len(t):]; len(r) == 0 || r[0] == ' ' || r[0] == '\t' || r[0] == '>' {
				return 1
			}
		}
	}
	switch {
	case bytes.HasPrefix(line, []byte("<!--")):
		return 2
	case bytes.HasPrefix(line, []byte("<?")):
		return 3
	case bytes.HasPrefix(line, []byte("<![CDATA[")):
		return 5
	case line[1] == '!' && len(line) > 2 && isASCIILetter(line[2]):
		return 4
	}
	name := lower[1:]
	if len(name) > 0 && name[0] == '/' {
		name = name[1:]
	}
	n := 0
	for n < len(name) && (isASCIILetter(name[n]) || (n > 0 && (name[n] >= '0' && name[n] <= '9' || name[n] == '-'))) {
		n++
	}
	if n == 0 {
		return 0
	}
	rest := name[n:]
	if htmlBlockTags[string(name[:n])] && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '>' || bytes.HasPrefix(rest, []byte("/>"))) {
		return 6
	}
	if !inPara {
		if e := tagEnd(line); e > 0 && isBlank(line[e:]) {
			return 7
		}
	}
	return 0
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

func isRelativePath(dest string) bool {
	if dest == "" || dest[0] == '#' || dest[0] == '/' || dest[0] == '~' {
		return false
	}
	// A URL's scheme: a letter, then letters, digits, "+", "-" or ".", then
	// ":", before any "/", "?" or "#".
	for i := 0; i < len(dest); i++ {
		c := dest[i]
		switch {
		case c == ':':
			return i == 0
		case isASCIILetter(c), i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return true
		}
	}
	return true
}

// skillDirs are the folders the spec names for a skill's own files; a code
// span under one of them is read as a file reference.
var skillDirs = []string{"scripts/", "references/", "assets/", "templates/", "examples/", "./", "../"}

// underSkillDir reports whether p starts with one of skillDirs, or names
// the skill's folder as a placeholder or variable, and goes on.
func underSkillDir(p []byte) bool {
	if len(p) > 2 && (p[0] == '{' || p[0] == '$' && p[1] == '{') {
		_, ok := skillFolderPrefix(string(p))
		return ok
	}
	for _, d := range skillDirs {
		if len(p) > len(d) && string(p[:len(d)]) == d {
			return true
		}
	}
	return false
}

func looksLikeSkillPath(p string) bool {
	if rest, ok := skillFolderPrefix(p); ok {
		return rest != "" && looksLikeFile(rest)
	}
	for _, d := range skillDirs {
		if strings.HasPrefix(p, d) && len(p) > len(d) {
			return looksLikeFile(p)
		}
	}
	return false
}

// looksLikeFile reports whether p reads as a file's path: with an
// extension, no glob or shell characters, not a folder.
func looksLikeFile(p string) bool {
	return path.Ext(p) != "" && !strings.ContainsAny(p, " \t*?<>|$`{}") && !strings.HasSuffix(p, "/")
}

// lineEnd is the end of the line holding offset i, before its line break.
func lineEnd(src []byte, i int) int {
	i = max(0, min(i, len(src)))
	j := bytes.IndexByte(src[i:], '\n')
	if j < 0 {
		return len(src)
	}
	e := i + j
	if e > i && src[e-1] == '\r' {
		e--
	}
	return e
}
