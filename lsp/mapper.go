package lsp

import (
	"bytes"
	"math"
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
	} else {
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
	}
	return &Mapper{src: src, enc: enc, lines: lines}
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
	offset = max(0, min(offset, len(m.src)))
	line := sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > offset }) - 1
	start, end := m.lines[line], m.lineEnd(line)
	offset = min(offset, end)
	if isASCII(m.src[start:offset]) {
		// One unit per byte in either encoding, and offset is a boundary.
		return protocol.Position{Line: uint32(line), Character: uint32(offset - start)}
	}
	units := 0
	for i := start; i < offset; {
		r, size := utf8.DecodeRune(m.src[i:end])
		if i+size > offset {
			break // inside a character: count up to its start
		}
		units += m.enc.width(r, size)
		i += size
	}
	return protocol.Position{Line: uint32(line), Character: uint32(units)}
}

// Offset converts a protocol position to a byte offset.
func (m *Mapper) Offset(p protocol.Position) int {
	if int64(p.Line) >= int64(len(m.lines)) {
		return len(m.src)
	}
	line := int(p.Line)
	i, end := m.lines[line], m.lineEnd(line)
	want := int64(p.Character)
	if n := int(min(want, int64(end-i))); isASCII(m.src[i : i+n]) {
		return i + n // one unit per byte, and after ASCII is a boundary
	}
	for units := int64(0); i < end; {
		r, size := utf8.DecodeRune(m.src[i:end])
		w := int64(m.enc.width(r, size))
		if units+w > want {
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
