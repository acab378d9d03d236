package lsp

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// Encoding is how a protocol.Position counts the characters of a line: the
// position encoding negotiated with the client at initialize.
type Encoding int

const (
	// UTF16 counts UTF-16 code units, the protocol's default: an astral
	// character such as an emoji counts 2.
	UTF16 Encoding = iota
	// UTF8 counts bytes.
	UTF8
)

// Kind is the encoding's name in the protocol.
func (e Encoding) Kind() protocol.PositionEncodingKind {
	if e == UTF8 {
		return protocol.PositionEncodingKindUTF8
	}
	return protocol.PositionEncodingKindUTF16
}

// width is how many units of e the rune r, decoded from size bytes, takes.
// An invalid byte decodes as one U+FFFD, which is one UTF-16 unit, as a
// client that decoded the file would count it.
func (e Encoding) width(r rune, size int) int {
	if e == UTF8 {
		return size
	}
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// Mapper converts between byte offsets into one file's text, which is what
// package analysis works in, and protocol positions in the negotiated
// encoding. It is the only place in skill-ls that counts UTF-16.
//
// Lines end at "\n", "\r\n" or a lone "\r", as the protocol defines them.
// Conversions clamp rather than fail: an offset or position past the end of
// a line goes to the line's end, one past the end of the text to its end,
// and one inside a character (a UTF-8 sequence or a surrogate pair) to the
// character's start.
type Mapper struct {
	src   []byte
	enc   Encoding
	lines []int // byte offset where each line starts
}

// NewMapper indexes the lines of src.
func NewMapper(src []byte, enc Encoding) *Mapper {
	return &Mapper{src: src, enc: enc, lines: lineStarts(src)}
}

// lineStarts lists the offsets where the lines of src start.
func lineStarts(src []byte) []int {
	lines := make([]int, 1, 16)
	if bytes.IndexByte(src, '\r') < 0 {
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			lines = append(lines, i)
		}
		return lines
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		case '\n':
			lines = append(lines, i+1)
		}
	}
	return lines
}

// Src is the text the mapper indexes.
func (m *Mapper) Src() []byte { return m.src }

// lineEnd is the offset where line's content ends, before its line break.
func (m *Mapper) lineEnd(line int) int {
	if line+1 >= len(m.lines) {
		return len(m.src)
	}
	end := m.lines[line+1]
	if end > 0 && m.src[end-1] == '\n' {
		end--
	}
	if end > m.lines[line] && m.src[end-1] == '\r' {
		end--
	}
	return end
}

// Position converts a byte offset to a protocol position.
func (m *Mapper) Position(offset int) protocol.Position {
	return m.Positions([]int{offset})[0]
}

// Positions converts byte offsets to protocol positions. It visits the
// offsets in order and counts the characters of a line once, from one
// offset to the next, so that many offsets on one long line (thousands
// of findings, say) cost the line once, not once per offset.
func (m *Mapper) Positions(offsets []int) []protocol.Position {
	out := make([]protocol.Position, len(offsets))
	order := make([]int, len(offsets))
	for i := range order {
		order[i] = i
	}
	clamp := func(off int) int { return max(0, min(off, len(m.src))) }
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(clamp(offsets[a]), clamp(offsets[b])) })
	line, end := -1, 0
	at, units := 0, 0 // the characters before at on line count units
	for _, i := range order {
		offset := clamp(offsets[i])
		if line < 0 || line+1 < len(m.lines) && m.lines[line+1] <= offset {
			next := sort.Search(len(m.lines)-line-1, func(k int) bool { return m.lines[line+1+k] > offset })
			line += next
			at, units, end = m.lines[line], 0, m.lineEnd(line)
		}
		n, size := m.enc.units(m.src[at:end], min(offset, end)-at)
		at, units = at+size, units+n
		out[i] = protocol.Position{Line: uint32(line), Character: uint32(units)}
	}
	return out
}

// units counts the units of e in the whole characters of text[:n]: one
// cut by n is left out, as a position inside a character is at its start.
// It returns the units and the bytes they take.
func (e Encoding) units(text []byte, n int) (units, size int) {
	if isASCII(text[:n]) {
		return n, n // one unit per byte in either encoding, and n is a boundary
	}
	for size < n {
		r, w := utf8.DecodeRune(text[size:])
		if size+w > n {
			break
		}
		units += e.width(r, w)
		size += w
	}
	return units, size
}

// Ranges converts byte ranges to protocol ranges, as Range does, with the
// offsets converted together by Positions.
func (m *Mapper) Ranges(rs []analysis.Range) []protocol.Range {
	offsets := make([]int, 0, 2*len(rs))
	for _, r := range rs {
		offsets = append(offsets, r.Start, max(r.Start, r.End))
	}
	ps := m.Positions(offsets)
	out := make([]protocol.Range, len(rs))
	for i := range out {
		out[i] = protocol.Range{Start: ps[2*i], End: ps[2*i+1]}
	}
	return out
}

// Offset converts a protocol position to a byte offset.
func (m *Mapper) Offset(p protocol.Position) int {
	if int64(p.Line) >= int64(len(m.lines)) {
		return len(m.src)
	}
	line := int(p.Line)
	start := m.lines[line]
	return start + m.enc.columnOffset(m.src[start:m.lineEnd(line)], p.Character)
}

// columnOffset is the byte offset in line (its content, without its line
// break) of the character at column want, clamped to the line's end, and
// to the start of a character it falls inside.
func (e Encoding) columnOffset(line []byte, want uint32) int {
	if n := int(min(int64(want), int64(len(line)))); isASCII(line[:n]) {
		return n // one unit per byte, and after ASCII is a boundary
	}
	i := 0
	for units := int64(0); i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		w := int64(e.width(r, size))
		if units+w > int64(want) {
			break // the position is at or inside this character
		}
		units += w
		i += size
	}
	return i
}

// Range converts a byte range to a protocol range.
func (m *Mapper) Range(r analysis.Range) protocol.Range {
	start := m.Position(r.Start)
	if r.End <= r.Start {
		return protocol.Range{Start: start, End: start}
	}
	return protocol.Range{Start: start, End: m.Position(r.End)}
}

// OffsetRange converts a protocol range to byte offsets.
func (m *Mapper) OffsetRange(r protocol.Range) (start, end int) {
	return m.Offset(r.Start), m.Offset(r.End)
}

// LinesRange is the byte range of the whole lines r touches: from the start
// of its first line to the end of its last.
func (m *Mapper) LinesRange(r protocol.Range) analysis.Range {
	start := m.Offset(protocol.Position{Line: r.Start.Line})
	end := m.Offset(protocol.Position{Line: max(r.Start.Line, r.End.Line), Character: math.MaxUint32})
	return analysis.Range{Start: start, End: end}
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
