package syntax

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"gopkg.in/yaml.v3"
)

// Bounds on hostile frontmatter. An alias shares the anchored value's items
// and fields rather than copying them (see Value.Alias), so an alias bomb
// costs no more than its text.
const (
	maxFrontmatterBytes = 256 << 10
	maxYAMLDepth        = 32
	maxYAMLNodes        = 10000
)

// yamlDoc turns the frontmatter text into Values whose ranges are byte
// offsets into the whole file.
type yamlDoc struct {
	src        []byte
	content    Range
	lineStarts []int // offsets of each line of content, in src
	nodes      int
	problems   []Error
	keys       Keys
	// anchors are the values read so far of the nodes that define an
	// anchor, for the aliases that follow them.
	anchors map[*yaml.Node]*Value
}

// ParseYAML reads content, the frontmatter's text within src, as the
// Value of its one YAML document, every range a byte offset into src, and
// says what does not parse. Hostile text is bounded: at most 256 KiB, 32
// levels and 10,000 nodes, aliases shared rather than copied. Text that is
// not all UTF-8 is read as the agents' lossy decoders read it. Keys that
// are one of keys share its strings.
func ParseYAML(src []byte, content Range, keys Keys) (*Value, []Error) {
	d := newYAMLDoc(src, content, keys)
	if content.Len() > maxFrontmatterBytes {
		d.add("yaml-syntax", Range{content.Start, content.Start}, fmt.Sprintf("frontmatter is %d bytes; skill-ls reads at most %d", content.Len(), maxFrontmatterBytes))
		return nil, d.problems
	}
	if v, ok := d.simple(); ok {
		return v, nil
	}
	if !utf8.Valid(src[content.Start:content.End]) {
		return parseLossy(src, content, keys)
	}
	return d.full()
}

// parseLossy reads frontmatter whose bytes are not all UTF-8 as the agents
// that load such a file read it (Copilot's lossy read, Node's and Bun's
// "utf-8" decoding): each ill-formed sequence is U+FFFD. The values' and
// problems' ranges are the bytes they come from in src. (An agent that
// refuses the file is told so by not-utf8.)
func parseLossy(src []byte, content Range, keys Keys) (*Value, []Error) {
	text, fixes := LossyUTF8(src[content.Start:content.End])
	v, problems := ParseYAML(text, Range{0, len(text)}, keys)
	back := func(off int) int {
		// The last replacement at or before off in text.
		i, _ := slices.BinarySearchFunc(fixes, off, func(f LossyFix, off int) int { return cmp.Compare(f.At, off) })
		if i < len(fixes) && fixes[i].At == off {
			return content.Start + fixes[i].From
		}
		if i == 0 {
			return content.Start + off
		}
		f := fixes[i-1]
		if off < f.At+len(ReplacementChar) {
			return content.Start + f.From + f.N // within U+FFFD: after the bytes it stands for
		}
		return content.Start + f.From + f.N + off - f.At - len(ReplacementChar)
	}
	remap := func(r Range) Range { return Range{back(r.Start), back(r.End)} }
	var walk func(v *Value)
	walk = func(v *Value) {
		v.Range = remap(v.Range)
		if v.Alias != "" {
			return // its items and fields are the anchor's, remapped there
		}
		for i := range v.Fields {
			v.Fields[i].KeyRange = remap(v.Fields[i].KeyRange)
			walk(v.Fields[i].Value)
		}
		for _, it := range v.Items {
			walk(it)
		}
	}
	if v != nil {
		walk(v)
	}
	for i := range problems {
		problems[i].Range = remap(problems[i].Range)
	}
	return v, problems
}

const ReplacementChar = "\uFFFD"

// lossyText is s as agents that load a file that is not all UTF-8 read
// it (see lossyUTF8); s itself when it is UTF-8.
func LossyText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b, _ := LossyUTF8([]byte(s))
	return string(b)
}

// lossyFix is one ill-formed sequence replaced: n bytes at from in the
// input, U+FFFD at at in the output.
type LossyFix struct{ From, N, At int }

// lossyUTF8 is b with each maximal ill-formed subsequence (a sequence
// that starts well and breaks off counts once, a stray byte once each)
// replaced by U+FFFD, as Rust's String::from_utf8_lossy and the WHATWG
// decoder (Node, Bun) do, and where it replaced them.
func LossyUTF8(b []byte) ([]byte, []LossyFix) {
	out := make([]byte, 0, len(b)+16)
	var fixes []LossyFix
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			out = append(out, b[i])
			i++
			continue
		}
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		n := IllFormedLen(b[i:])
		fixes = append(fixes, LossyFix{From: i, N: n, At: len(out)})
		out = append(out, ReplacementChar...)
		i += n
	}
	return out, fixes
}

// ill is the length of the maximal ill-formed subsequence b starts with:
// the lead byte and the continuation bytes that could still have made a
// character of it (Unicode's "maximal subpart"), at least 1.
func IllFormedLen(b []byte) int {
	c := b[0]
	var size int
	lo, hi := byte(0x80), byte(0xBF) // the second byte's range
	switch {
	case c >= 0xC2 && c <= 0xDF:
		size = 2
	case c == 0xE0:
		size, lo = 3, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		size = 3
	case c == 0xED:
		size, hi = 3, 0x9F
	case c == 0xF0:
		size, lo = 4, 0x90
	case c >= 0xF1 && c <= 0xF3:
		size = 4
	case c == 0xF4:
		size, hi = 4, 0x8F
	default:
		return 1
	}
	n := 1
	for ; n < size && n < len(b); n++ {
		if n == 1 && (b[1] < lo || b[1] > hi) || n > 1 && (b[n] < 0x80 || b[n] > 0xBF) {
			break
		}
	}
	return n
}

func newYAMLDoc(src []byte, content Range, keys Keys) *yamlDoc {
	return &yamlDoc{src: src, content: content, keys: keys}
}

// ParseYAMLFull is ParseYAML reading with yaml.v3 alone, without the fast
// path for common frontmatter.
func ParseYAMLFull(src []byte, content Range, keys Keys) (*Value, []Error) {
	return newYAMLDoc(src, content, keys).full()
}

// ParseYAMLFast is the fast path of ParseYAML alone: the Value of plain
// frontmatter read without yaml.v3, or false when the text is anything
// else (ParseYAMLFull then reads the same Value).
func ParseYAMLFast(src []byte, content Range, keys Keys) (*Value, bool) {
	return newYAMLDoc(src, content, keys).simple()
}

// full reads the frontmatter with yaml.v3.
func (d *yamlDoc) full() (*Value, []Error) {
	src, content := d.src, d.content
	d.lineStarts = append(d.lineStarts[:0], content.Start)
	for i := content.Start; i < content.End; i++ {
		if c := src[i]; c != '\n' && c != '\r' && c != 0xc2 && c != 0xe2 {
			continue
		}
		if n := lineBreak(src[i:content.End]); n > 0 {
			i += n - 1
			d.lineStarts = append(d.lineStarts, i+1)
		}
	}
	var root yaml.Node
	if err := safeUnmarshal(src[content.Start:content.End], &root); err != nil {
		d.add("yaml-syntax", d.errorRange(err.Error()), "YAML does not parse: "+yamlErrorText(err.Error()))
		return nil, d.problems
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return nil, d.problems
	}
	v := d.value(root.Content[0], content.End, 0)
	return v, d.problems
}

// maxSimpleKeys bounds the fast path of simple; longer frontmatter goes to
// yaml.v3 and its bounds.
const maxSimpleKeys = 200

// simple reads the frontmatter most skills have — top-level keys, each with
// a one-line plain, single-quoted or escape-free double-quoted string, or
// with a map of such keys one level down — without yaml.v3, which costs
// more than the rest of a file's analysis. It gives up (false) on anything
// else, and then full reads the text; tests hold the two to the same Values.
func (d *yamlDoc) simple() (*Value, bool) {
	src, content := d.src, d.content
	text := src[content.Start:content.End]
	for i := 0; i < len(text); {
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(text[i:])
		}
		i += n
		if !yamlPrintable(r) || r == 0x85 || r == 0x2028 || r == 0x2029 {
			return nil, false // invalid UTF-8, control characters, BOM, odd line breaks: yaml.v3 decides
		}
	}
	// The values come from slabs (see slabChunk), and the fields from one
	// slice sized by the lines: a few allocations a file rather than a few
	// a field.
	lines := bytes.Count(text, []byte("\n")) + 1
	slab := make(valueSlab, 0, min(lines+1, slabChunk))
	root := slab.new()
	*root = Value{Kind: KindMap, Range: Range{-1, -1}, Fields: make([]Field, 0, min(lines, maxSimpleKeys))}
	var nested *Value // the map or list of the last "key:" line
	var plain *Value  // the last top-level plain string, which an indented line goes on
	indent, keys := 0, 0
	for pos := content.Start; pos < content.End; {
		line, next := LineAt(src, pos)
		line.End = min(line.End, content.End)
		pos = next
		l := src[line.Start:line.End]
		if bytes.IndexByte(l, '\r') >= 0 {
			return nil, false // a lone CR breaks the line for YAML
		}
		n := 0
		for n < len(l) && l[n] == ' ' {
			n++
		}
		if n == len(l) || l[n] == '#' {
			plain = nil // an empty line folds to a line break, a comment ends the value: yaml.v3 reads what follows
			continue
		}
		if keys++; keys > maxSimpleKeys {
			return nil, false
		}
		switch {
		case plain != nil && n > 0:
			// A plain value goes on: the line break folds to a space.
			t := bytes.TrimRight(l[n:], " ")
			if !continuesPlain(t) {
				return nil, false
			}
			plain.Text += " " + string(t)
			plain.Range.End = line.Start + n + len(t)
			continue
		case n == 0:
			plain = nil
			if k := bytes.TrimRight(l, " "); len(k) > 1 && k[len(k)-1] == ':' && isSimpleKey(k[:len(k)-1]) {
				nested = slab.new()
				*nested = Value{Kind: KindMap, Range: Range{-1, -1}}
				root.Fields = append(root.Fields, Field{Key: d.keys.intern(k[:len(k)-1]), KeyRange: Range{line.Start, line.Start + len(k) - 1}, Value: nested})
				continue
			}
			nested = nil
			if f, after, isBlock := blockField(src, line, next, content.End, &slab, d.keys); isBlock {
				if after < 0 {
					return nil, false
				}
				root.Fields = append(root.Fields, f)
				pos = after
				continue
			}
			f, ok := simpleField(src, line, &slab, d.keys)
			if !ok {
				return nil, false
			}
			root.Fields = append(root.Fields, f)
			if f.Value.Kind == KindString && f.Value.Style == StylePlain {
				plain = f.Value
			}
		case nested != nil && len(nested.Fields) == 0 && bytes.HasPrefix(l[n:], []byte("- ")) && (len(nested.Items) == 0 || n == indent):
			// A block list under the key: "  - item", each one line.
			if len(nested.Items) == 0 {
				nested.Kind, indent, nested.Range.Start = KindList, n, line.Start+n
			}
			t := bytes.TrimRight(l[n:], " ")
			j := 1
			for j < len(t) && t[j] == ' ' {
				j++
			}
			if j == len(t) {
				return nil, false // an empty item: yaml.v3 places the null
			}
			item, ok := simpleValue(t[j:], line.Start+n+j, &slab)
			if !ok {
				return nil, false
			}
			nested.Items = append(nested.Items, item)
			nested.Range.End = item.Range.End
		case nested != nil && len(nested.Items) > 0:
			return nil, false // after a list's items, only more of them
		case nested != nil && (len(nested.Fields) == 0 || n == indent):
			f, ok := simpleField(src, Range{line.Start + n, line.End}, &slab, d.keys)
			if !ok {
				return nil, false
			}
			if len(nested.Fields) == 0 {
				indent, nested.Range.Start = n, f.KeyRange.Start
			}
			nested.Range.End = f.Value.Range.End
			nested.Fields = append(nested.Fields, f)
		default:
			return nil, false
		}
	}
	for _, f := range root.Fields {
		if f.Value.Kind == KindMap && len(f.Value.Fields) == 0 {
			return nil, false // an empty value: yaml.v3 places it
		}
	}
	if len(root.Fields) == 0 {
		return nil, false
	}
	root.Range = Range{root.Fields[0].KeyRange.Start, root.Fields[len(root.Fields)-1].Value.Range.End}
	return root, true
}

// continuesPlain reports whether t, an indented line after a plain value,
// is more of it as yaml.v3 reads it: text that starts with a letter or a
// digit and holds no ": ", " #", tab or final ":".
func continuesPlain(t []byte) bool {
	if len(t) == 0 || t[len(t)-1] == ':' || bytes.Contains(t, []byte(": ")) || bytes.Contains(t, []byte(" #")) || bytes.IndexByte(t, '\t') >= 0 {
		return false
	}
	r, _ := utf8.DecodeRune(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isSimpleKey(k []byte) bool {
	if len(k) > 128 {
		return false // YAML caps implicit keys at 1024 characters; real ones are short
	}
	for i, c := range k {
		if !isWordByte(c) && (i == 0 || c != '-' && c != '.') {
			return false
		}
	}
	return len(k) > 0
}

// valueSlab hands out Values from slices of at most slabChunk.
type valueSlab []Value

// slabChunk keeps a slab under 512 bytes. A larger object of pointers is
// allocated with a header, which the runtime writes behind a write barrier
// while the collector runs: the barrier reads the fresh page first, so the
// write that follows costs the kernel a copy and a TLB shootdown on every
// core (a twentieth of a large check went there).
const slabChunk = 512 / int(unsafe.Sizeof(Value{}))

func (s *valueSlab) new() *Value {
	if len(*s) == cap(*s) {
		*s = make(valueSlab, 0, slabChunk)
	}
	*s = (*s)[:len(*s)+1]
	return &(*s)[len(*s)-1]
}

// simpleField reads `key: value` on one line, its value from slab, or
// gives up.
func simpleField(src []byte, line Range, slab *valueSlab, keys Keys) (Field, bool) {
	l := src[line.Start:line.End]
	k := bytes.IndexByte(l, ':')
	if k <= 0 || !isSimpleKey(l[:k]) {
		return Field{}, false
	}
	f := Field{Key: keys.intern(l[:k]), KeyRange: Range{line.Start, line.Start + k}}
	i := k + 1
	if i < len(l) && l[i] != ' ' {
		return Field{}, false
	}
	for i < len(l) && l[i] == ' ' {
		i++
	}
	v, ok := simpleValue(bytes.TrimRight(l[i:], " "), line.Start+i, slab)
	if !ok {
		return Field{}, false
	}
	f.Value = v
	return f, true
}

// simpleValue reads rest, a one-line value at offset start (trailing
// spaces trimmed), from slab, or gives up.
func simpleValue(rest []byte, start int, slab *valueSlab) (*Value, bool) {
	v := slab.new()
	*v = Value{Kind: KindString, Range: Range{start, start + len(rest)}}
	switch r, _ := utf8.DecodeRune(rest); {
	case len(rest) >= 2 && rest[0] == '\'' && rest[len(rest)-1] == '\'':
		inner := rest[1 : len(rest)-1]
		for j := 0; j < len(inner); j++ {
			if inner[j] == '\'' {
				if j+1 == len(inner) || inner[j+1] != '\'' {
					return nil, false
				}
				j++
			}
		}
		v.Style, v.Text = StyleQuoted, strings.ReplaceAll(string(inner), "''", "'")
	case len(rest) >= 2 && rest[0] == '"' && rest[len(rest)-1] == '"':
		inner := rest[1 : len(rest)-1]
		if bytes.ContainsAny(inner, "\"\\\t") {
			return nil, false
		}
		v.Style, v.Text = StyleQuoted, string(inner)
	case unicode.IsLetter(r) || r == '/':
		if bytes.Contains(rest, []byte(": ")) || bytes.HasSuffix(rest, []byte(":")) || bytes.ContainsAny(rest, "#\t") {
			return nil, false
		}
		v.Text = string(rest)
		v.Kind = wordKind(v.Text)
	case isDottedVersion(rest):
		v.Text = string(rest) // 1.0.0: no number or date to YAML, text
	case isDate(rest):
		v.Kind, v.Text = KindOther, string(rest) // 2026-03-13: a timestamp to yaml.v3
	case len(rest) >= 3 && rest[0] == '[' && rest[len(rest)-1] == ']':
		if !flowWords(rest, start, v, slab) {
			return nil, false
		}
	default:
		return nil, false
	}
	return v, true
}

// flowWords reads into v a flow list of plain words on one line
// ("[Read, Write]", "[Vector Search, torch>=2.0]"), as yaml.v3 reads it:
// each item words of letters, digits and "-_./<=>+@" (the first a letter)
// with spaces between them, not a boolean or null; false for anything more.
func flowWords(rest []byte, start int, v *Value, slab *valueSlab) bool {
	v.Kind, v.Style = KindList, StyleFlow
	end := len(rest) - 1 // the "]"
	for i := 1; i < end; {
		for i < end && rest[i] == ' ' {
			i++
		}
		from, to := i, i
		for i < end && (isFlowWordByte(rest[i]) || rest[i] == ' ') {
			if i++; rest[i-1] != ' ' {
				to = i // words with spaces between them make one item
			}
		}
		i = to
		word := rest[from:to]
		if len(word) == 0 || word[0]|0x20 < 'a' || word[0]|0x20 > 'z' || wordKind(string(word)) != KindString {
			return false // not a letter first, or a boolean or null
		}
		for i < end && rest[i] == ' ' {
			i++
		}
		switch {
		case i == end:
		case rest[i] == ',':
			i++
		default:
			return false
		}
		if i == end && rest[i-1] == ',' {
			return false // a trailing comma
		}
		item := slab.new()
		*item = Value{Kind: KindString, Text: string(word), Range: Range{start + from, start + from + len(word)}}
		v.Items = append(v.Items, item)
	}
	return len(v.Items) > 0
}

// wordKind is the kind yaml.v3 gives a plain word: a boolean or a null for
// its keywords (YAML 1.2's: "yes" is a string), else a string.
func wordKind(s string) Kind {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return KindBool
	case "null", "Null", "NULL":
		return KindNull
	}
	return KindString
}

func isFlowWordByte(c byte) bool {
	return isWordByte(c) || c == '-' || c == '.' || c == '/' || c == '>' || c == '=' || c == '<' || c == '+' || c == '@'
}

// blockField reads a top-level `key: |` (or "|-", ">", ">-") followed by
// lines all indented alike, with empty lines between them (or lines of no
// more spaces than the indent), with no tab, trailing space or "#" first: a description written as a block, as yaml.v3 reads it.
// isBlock is false when line is no such key; after is where the lines
// after the block start, or -1 when the block is less plain than that.
func blockField(src []byte, line Range, next, end int, slab *valueSlab, keys Keys) (f Field, after int, isBlock bool) {
	l := src[line.Start:line.End]
	k := bytes.IndexByte(l, ':')
	if k <= 0 || k+1 >= len(l) || l[k+1] != ' ' || !isSimpleKey(l[:k]) {
		return Field{}, 0, false
	}
	at := k + 1
	for at < len(l) && l[at] == ' ' {
		at++
	}
	switch string(bytes.TrimRight(l[at:], " ")) {
	case "|", "|-", ">", ">-":
	default:
		return Field{}, 0, false
	}
	folded, strip := l[at] == '>', at+1 < len(l) && l[at+1] == '-'
	// Built in a buffer kept for the next block: one string made of it.
	buf := blockBuffers.Get().(*[]byte)
	text := (*buf)[:0]
	defer func() {
		*buf = text[:0]
		blockBuffers.Put(buf)
	}()
	indent, last, blanks := -1, -1, 0
	for pos := next; pos < end; {
		ln, nl := LineAt(src, pos)
		b := src[ln.Start:min(ln.End, end)]
		if indent >= 0 && len(b) <= indent && len(bytes.TrimLeft(b, " ")) == 0 && nl <= end && src[nl-1] == '\n' {
			blanks++ // an empty line in the block, or after it (spaces up to the indent are none)
			pos = nl
			continue
		}
		n := 0
		for n < len(b) && b[n] == ' ' {
			n++
		}
		if n == 0 && len(b) > 0 {
			break // the next key, or a comment, at the left
		}
		if n == len(b) || indent >= 0 && n != indent || b[n] == '#' || b[len(b)-1] == ' ' ||
			bytes.IndexByte(b, '\t') >= 0 || bytes.IndexByte(b, '\r') >= 0 || nl > end || src[nl-1] != '\n' {
			return Field{}, -1, true
		}
		switch {
		case indent < 0:
			indent = n
		case blanks > 0:
			// Folded, the line break before empty lines goes; literal, it
			// stays, and each empty line is one more.
			if !folded {
				blanks++
			}
			for range blanks {
				text = append(text, '\n')
			}
		case folded:
			text = append(text, ' ')
		default:
			text = append(text, '\n')
		}
		blanks = 0
		text = append(text, b[n:]...)
		last, pos, next = ln.End, nl, nl
	}
	if indent < 0 {
		return Field{}, -1, true
	}
	if !strip {
		text = append(text, '\n')
	}
	v := slab.new()
	*v = Value{Kind: KindString, Style: StyleBlock, Text: string(text), Range: Range{line.Start + at, last}}
	return Field{Key: keys.intern(l[:k]), KeyRange: Range{line.Start, line.Start + k}, Value: v}, next, true
}

// blockBuffers are where blockField builds a block scalar's text.
var blockBuffers = sync.Pool{New: func() any { return new([]byte) }}

// isDate reports whether b is a date, YYYY-MM-DD, that yaml.v3 reads as a
// timestamp (a real day of a real month).
func isDate(b []byte) bool {
	if len(b) != 10 || b[4] != '-' || b[7] != '-' {
		return false
	}
	for i, c := range b {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	_, err := time.Parse(time.DateOnly, string(b))
	return err == nil
}

// isDottedVersion reports whether b is digits in three or more dotted parts
// ("1.0.0"), which YAML reads as text: no int, float or timestamp has two
// dots.
func isDottedVersion(b []byte) bool {
	dots, digits := 0, 0
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && digits > 0:
			dots, digits = dots+1, 0
		default:
			return false
		}
	}
	return dots >= 2 && digits > 0
}

// yamlPrintable reports whether YAML allows r in a stream (or r is a line
// break), as yaml.v3 checks it.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85:
		return true
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0, r == 0xfeff, r == utf8.RuneError:
		return false
	case r >= 0xd800 && r < 0xe000, r == 0xfffe, r == 0xffff:
		return false
	}
	return true
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// safeUnmarshal decodes the YAML document in b into n. A second document,
// after a "..." line or from a "--- x" line on, is an error: loaders that
// read one document refuse it (serde_yaml: "deserializing from YAML
// containing more than one document is not supported"), and the others
// drop its fields without a word.
func safeUnmarshal(b []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: parser failed: %v", r)
		}
	}()
	if !bytes.HasPrefix(b, []byte("...")) && !bytes.Contains(b, []byte("\n...")) && !bytes.Contains(b, []byte("\n---")) {
		// One document for sure, read faster, unless it is a flow
		// collection or a quoted scalar, after which more text on its
		// line ("{a: b} junk") is a second document.
		if err := yaml.Unmarshal(b, n); err != nil || !closedEarly(n) {
			return err
		}
		*n = yaml.Node{}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(n); err != nil {
		if err == io.EOF {
			return nil
		}
		return err
	}
	var more yaml.Node
	if err := dec.Decode(&more); err != io.EOF {
		if err != nil {
			return err
		}
		return errors.New("yaml: " + secondDocument)
	}
	return nil
}

// closedEarly reports whether the document n is a node that closes with a
// bracket or a quote, which text may follow.
func closedEarly(n *yaml.Node) bool {
	return n.Kind == yaml.DocumentNode && len(n.Content) > 0 &&
		n.Content[0].Style&(yaml.FlowStyle|yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
}

const secondDocument = "a second YAML document follows (after a ... or --- line); loaders read one"

func (d *yamlDoc) add(rule string, r Range, msg string) {
	d.problems = append(d.problems, Error{Rule: rule, Range: r, Message: msg})
}

// offset converts yaml.v3's 1-based line and character column to a byte offset.
func (d *yamlDoc) offset(line, col int) int {
	if line < 1 {
		return d.content.Start
	}
	if line > len(d.lineStarts) {
		return d.content.End
	}
	off := d.lineStarts[line-1]
	for c := 1; c < col && off < d.content.End && lineBreak(d.src[off:d.content.End]) == 0; c++ {
		_, size := utf8.DecodeRune(d.src[off:d.content.End])
		off += size
	}
	return off
}

// lineBreak is the length of the line break b starts with, 0 if none: as
// for yaml.v3, a CR LF, a lone CR or LF, or a NEL, LS or PS character.
func lineBreak(b []byte) int {
	switch {
	case len(b) == 0:
		return 0
	case b[0] == '\n':
		return 1
	case b[0] == '\r':
		if len(b) > 1 && b[1] == '\n' {
			return 2
		}
		return 1
	case bytes.HasPrefix(b, []byte("\u0085")):
		return 2
	case bytes.HasPrefix(b, []byte("\u2028")), bytes.HasPrefix(b, []byte("\u2029")):
		return 3
	}
	return 0
}

// value converts n, whose text ends no later than limit.
func (d *yamlDoc) value(n *yaml.Node, limit, depth int) *Value {
	d.nodes++
	start := d.offset(n.Line, n.Column)
	limit = max(limit, start) // should yaml.v3 place a node past its parent's end
	v := &Value{Anchor: n.Anchor, Text: n.Value, Tagged: n.Style&yaml.TaggedStyle != 0 || start < len(d.src) && d.src[start] == '!'}
	if depth > maxYAMLDepth || d.nodes > maxYAMLNodes {
		if depth == maxYAMLDepth+1 || d.nodes == maxYAMLNodes+1 {
			d.add("yaml-syntax", Range{start, start}, fmt.Sprintf("frontmatter nests deeper than %d levels or holds more than %d values; skill-ls stops reading it here", maxYAMLDepth, maxYAMLNodes))
		}
		v.Kind = KindOther
		v.Range = Range{start, d.trimEnd(start, limit)}
		return v
	}
	switch n.Kind {
	case yaml.AliasNode:
		return d.alias(n, start, limit)
	case yaml.ScalarNode:
		v.Kind = scalarKind(n)
		v.Style, v.Range = d.scalarSpan(n, start, limit)
	case yaml.SequenceNode:
		v.Kind = KindList
		v.Style = flowOr(n.Style)
		v.Range = d.collectionSpan(v.Style, start, limit)
		for i, c := range n.Content {
			v.Items = append(v.Items, d.flowItem(v, d.value(c, d.nextStart(n.Content, i+1, v.Range.End), depth+1)))
		}
	case yaml.MappingNode:
		v.Kind = KindMap
		v.Style = flowOr(n.Style)
		v.Range = d.collectionSpan(v.Style, start, limit)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			key := d.value(k, d.offset(val.Line, val.Column), depth+1)
			key.Range.End = d.keyEnd(k, key.Range)
			if key.Kind == KindAlias || key.Alias != "" && !key.IsScalar() {
				key.Text = "*" + k.Value
			}
			v.Fields = append(v.Fields, Field{
				Key:      key.Text,
				KeyRange: key.Range,
				Value:    d.flowItem(v, d.value(val, d.nextStart(n.Content, i+2, v.Range.End), depth+1)),
			})
		}
	}
	if n.Anchor != "" {
		if d.anchors == nil {
			d.anchors = map[*yaml.Node]*Value{}
		}
		d.anchors[n] = v
	}
	return v
}

// alias reads the alias n at start as the value its anchor names, as YAML
// readers resolve it: a copy of that value's head with the alias's own
// range, sharing its items and fields (whose ranges stay at the anchor).
// An alias of a value not read yet (one inside its own anchor) stays
// KindAlias.
func (d *yamlDoc) alias(n *yaml.Node, start, limit int) *Value {
	end := start + 1 + len(n.Value)
	if end > limit || end > d.content.End || d.src[start] != '*' || string(d.src[start+1:end]) != n.Value {
		end = d.plainEnd(start, limit) // should yaml.v3 place it elsewhere
	}
	anchored := d.anchors[n.Alias]
	if anchored == nil {
		return &Value{Kind: KindAlias, Text: n.Value, Alias: n.Value, Range: Range{start, end}}
	}
	v := *anchored
	v.Range, v.Alias, v.Anchor, v.Tagged, v.Style = Range{start, end}, n.Value, "", false, StylePlain
	if v.Kind == KindList || v.Kind == KindMap {
		v.Style = anchored.Style
	}
	return &v
}

// mergeKeys is the mapping m with its merge keys applied, as js-yaml and
// Bun's YAML read them: the fields of the map a "<<" key names ("<<: *b",
// or of each map of a list, "<<: [*a, *b]", the first one winning) that m
// does not give itself are m's, and the "<<" keys go. m itself when it has
// no merge key, or one that names anything but maps (an error to js-yaml,
// where the agent's own reading decides).
func MergeKeys(m *Value) *Value {
	if m == nil || m.Kind != KindMap || m.Field("<<") == nil {
		return m
	}
	out := *m
	out.Fields = make([]Field, 0, len(m.Fields))
	set := map[string]bool{}
	for _, f := range m.Fields {
		if f.Key != "<<" {
			out.Fields = append(out.Fields, f)
			set[f.Key] = true
		}
	}
	for _, f := range m.Fields {
		if f.Key != "<<" {
			continue
		}
		from := []*Value{f.Value}
		if f.Value.Kind == KindList {
			from = f.Value.Items
		}
		for _, src := range from {
			if src.Kind != KindMap {
				return m
			}
			for _, g := range src.Fields {
				if !set[g.Key] {
					out.Fields = append(out.Fields, g)
					set[g.Key] = true
				}
			}
		}
	}
	return &out
}

// flowItem ends a plain scalar of a flow collection at the "," "]" or "}"
// that closes it, which plainEnd, made for block style, keeps.
func (d *yamlDoc) flowItem(parent, v *Value) *Value {
	if parent.Style == StyleFlow && v.IsScalar() && v.Style == StylePlain {
		if i := bytes.IndexAny(d.src[v.Range.Start:v.Range.End], ",]}"); i >= 0 {
			v.Range.End = trimSpaceEnd(d.src, v.Range.Start, v.Range.Start+i)
		}
	}
	return v
}

// keyEnd ends a plain key at its text, before the ":" that follows it.
func (d *yamlDoc) keyEnd(k *yaml.Node, r Range) int {
	if k.Kind != yaml.ScalarNode || k.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		return r.End
	}
	if e := r.Start + len(k.Value); e <= r.End && string(d.src[r.Start:e]) == k.Value {
		return e
	}
	end := r.End
	if end > r.Start && d.src[end-1] == ':' {
		end--
	}
	return trimSpaceEnd(d.src, r.Start, end)
}

// nextStart is where the sibling at index i begins, or limit if none.
func (d *yamlDoc) nextStart(siblings []*yaml.Node, i, limit int) int {
	if i < len(siblings) {
		return min(limit, d.lineStartOf(d.offset(siblings[i].Line, siblings[i].Column)))
	}
	return limit
}

// lineStartOf moves back over the indentation and "- " markers before a node.
func (d *yamlDoc) lineStartOf(off int) int {
	i := off
	for i > d.content.Start && (d.src[i-1] == ' ' || d.src[i-1] == '\t' || d.src[i-1] == '-') {
		i--
	}
	if i > d.content.Start && d.src[i-1] == '\n' {
		return i
	}
	return off
}

func flowOr(s yaml.Style) Style {
	if s&yaml.FlowStyle != 0 {
		return StyleFlow
	}
	return StylePlain
}

func scalarKind(n *yaml.Node) Kind {
	switch n.ShortTag() {
	case "!!str":
		return KindString
	case "!!bool":
		return KindBool
	case "!!int":
		return KindInt
	case "!!float":
		return KindFloat
	case "!!null":
		return KindNull
	}
	return KindOther
}

func (d *yamlDoc) scalarSpan(n *yaml.Node, start, limit int) (Style, Range) {
	switch {
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return StyleQuoted, Range{start, d.quotedEnd(start, limit)}
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return StyleBlock, Range{start, d.trimEnd(start, limit)}
	case n.ShortTag() == "!!null" && n.Value == "":
		return StylePlain, Range{start, start}
	}
	return StylePlain, Range{start, d.plainEnd(start, limit)}
}

// quotedEnd finds the closing quote of the scalar opening at start.
func (d *yamlDoc) quotedEnd(start, limit int) int {
	if start >= limit {
		return start
	}
	q := d.src[start]
	for i := start + 1; i < limit; i++ {
		switch c := d.src[i]; {
		case q == '"' && c == '\\':
			i++
		case c == q && q == '\'' && i+1 < limit && d.src[i+1] == '\'':
			i++
		case c == q:
			return i + 1
		}
	}
	return d.trimEnd(start, limit)
}

// plainEnd ends a plain scalar before trailing blank or comment lines and a
// trailing " # comment".
func (d *yamlDoc) plainEnd(start, limit int) int {
	end := d.trimEnd(start, limit)
	lastLine := bytes.LastIndexByte(d.src[start:end], '\n') + 1 + start
	if i := bytes.Index(d.src[lastLine:end], []byte(" #")); i >= 0 {
		end = lastLine + i
	}
	if i := bytes.Index(d.src[lastLine:end], []byte("\t#")); i >= 0 {
		end = lastLine + i
	}
	return trimSpaceEnd(d.src, start, end)
}

func (d *yamlDoc) collectionSpan(s Style, start, limit int) Range {
	if s != StyleFlow {
		return Range{start, d.trimEnd(start, limit)}
	}
	depth := 0
	var q quoteState
	for i := start; i < limit; i++ {
		c := d.src[i]
		if q.open() {
			if c == q.quote && (c != '\'' || i+1 >= limit || d.src[i+1] != '\'') && (c != '"' || d.src[i-1] != '\\') {
				q.quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			q.quote = c
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return Range{start, i + 1}
			}
		}
	}
	return Range{start, d.trimEnd(start, limit)}
}

// trimEnd drops trailing whitespace and whole comment lines before limit.
func (d *yamlDoc) trimEnd(start, limit int) int {
	end := trimSpaceEnd(d.src, start, limit)
	for end > start {
		ls := bytes.LastIndexByte(d.src[start:end], '\n') + 1 + start
		if ls == start {
			break
		}
		t := bytes.TrimLeft(d.src[ls:end], " \t")
		if len(t) == 0 || t[0] != '#' {
			break
		}
		end = trimSpaceEnd(d.src, start, ls)
	}
	return end
}

func trimSpaceEnd(src []byte, start, end int) int {
	for end > start && (src[end-1] == ' ' || src[end-1] == '\t' || src[end-1] == '\n' || src[end-1] == '\r') {
		end--
	}
	return end
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlErrorText strips yaml.v3's "yaml: line N:" prefix: the finding's range
// says where.
func yamlErrorText(msg string) string {
	if m := yamlLineRE.FindStringIndex(msg); m != nil {
		return msg[m[1]:]
	}
	if len(msg) > 6 && msg[:6] == "yaml: " {
		return msg[6:]
	}
	return msg
}

// parserErrors begin the messages of yaml.v3's parser, as opposed to its
// scanner: those name the line where the broken collection starts, counted
// from 0.
var parserErrors = []string{
	"did not find expected <", "did not find expected key", "did not find expected node content",
	"did not find expected '-' indicator", "did not find expected ','", "found duplicate %",
	"found incompatible YAML document", "found undefined tag handle",
}

func isParserError(text string) bool {
	for _, p := range parserErrors {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// errorRange places a yaml.v3 error message, which names only a line, on the
// most likely column of that line.
func (d *yamlDoc) errorRange(msg string) Range {
	line := 1
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		if isParserError(yamlErrorText(msg)) {
			line++ // yaml.v3 names parser errors by their 0-based line
		}
	}
	if line > len(d.lineStarts) {
		line = len(d.lineStarts)
	}
	ls := d.lineStarts[line-1]
	le, _ := LineAt(d.src, ls)
	le.End = min(le.End, d.content.End)
	text := d.src[ls:le.End]
	switch {
	case bytes.Contains([]byte(msg), []byte("mapping values are not allowed")):
		// The fault is the second ": " on the line: the first ends the key.
		if first := bytes.Index(text, []byte(": ")); first >= 0 {
			if second := bytes.Index(text[first+2:], []byte(":")); second >= 0 {
				at := ls + first + 2 + second
				return Range{at, at + 1}
			}
		}
	case strings.HasPrefix(yamlErrorText(msg), "unknown anchor '"):
		// The fault is the alias: find "*name" after the named line.
		name := strings.TrimPrefix(yamlErrorText(msg), "unknown anchor '")
		if i := strings.IndexByte(name, '\''); i >= 0 {
			if at := bytes.Index(d.src[ls:d.content.End], []byte("*"+name[:i])); at >= 0 {
				return Range{ls + at, ls + at + 1 + i}
			}
		}
	case bytes.Contains([]byte(msg), []byte("document indicator")), strings.Contains(msg, secondDocument):
		// The fault is the "---" or "..." line at or after the one named.
		for _, at := range d.lineStarts[line-1:] {
			l, _ := LineAt(d.src, at)
			l.End = min(l.End, d.content.End)
			if t := d.src[l.Start:l.End]; bytes.HasPrefix(t, []byte("---")) || bytes.HasPrefix(t, []byte("...")) {
				return l
			}
		}
		return Range{ls, le.End}
	}
	// Otherwise the line's content, without indentation.
	s := ls
	for s < le.End && (d.src[s] == ' ' || d.src[s] == '\t') {
		s++
	}
	return Range{s, max(s, le.End)}
}
