package analysis

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Placement is enough of a file to place its findings on lines and
// columns: its text, or, for a file whose body was let go, its frontmatter
// and the lines of its body the findings point into. A checker places
// thousands of findings deep in bodies it no longer holds without making
// a text of the file's size for each; a server that wants a text still has
// one (Text).
type Placement struct {
	src     []byte        // the text, or the released file's frontmatter
	excerpt []excerptLine // the body's lines kept, in order; nil: src is all
	starts  []int         // where each line of src starts
	marks   []columnMark  // in long lines, columns known along the way
}

// columnMark is a column known at an offset of a long line (at a rune
// boundary), so that placing a finding counts the code points from the
// nearest mark before it, not from the start of its line: a line of
// thousands of links is placed in linear time.
type columnMark struct {
	off, col int
}

// markEvery is how many bytes of a long line lie between two marks.
const markEvery = 256

// NewPlacement places by the text src (nil: a file not held).
func NewPlacement(src []byte) *Placement {
	return &Placement{src: src}
}

func excerptPlacement(s *loader.Skill, lines []excerptLine) *Placement {
	return &Placement{src: s.Src, excerpt: lines}
}

// Len is how far into the file offsets are placed.
func (p *Placement) Len() int {
	if p == nil {
		return 0
	}
	if n := len(p.excerpt); n > 0 {
		last := p.excerpt[n-1]
		return last.start + len(last.text)
	}
	return len(p.src)
}

// Text is a text in which every offset up to Len falls on its line and
// column: the file's, or its frontmatter and the excerpt's lines where they
// were, with as many line ends before each as the file has, and blanks
// elsewhere.
func (p *Placement) Text() []byte {
	if p == nil {
		return nil
	}
	if p.excerpt == nil {
		return p.src
	}
	text := bytes.Repeat([]byte{' '}, p.Len())
	copy(text, p.src)
	line := bytes.Count(p.src, []byte{'\n'})
	for _, l := range p.excerpt {
		for i := l.start - (l.number - line); i < l.start; i++ {
			text[i] = '\n'
		}
		copy(text[l.start:], l.text)
		line = l.number + bytes.Count(l.text, []byte{'\n'})
	}
	return text
}

// Index prepares the placement for Locate, which may then be called from
// many goroutines.
func (p *Placement) Index() *Placement {
	if p != nil && p.starts == nil {
		p.starts = lineStarts(p.src)
		for i, start := range p.starts {
			end := len(p.src)
			if i+1 < len(p.starts) {
				end = p.starts[i+1]
			}
			p.marks = appendMarks(p.marks, start, p.src[start:end])
		}
		for _, l := range p.excerpt {
			p.marks = appendMarks(p.marks, l.start, l.text)
		}
	}
	return p
}

// appendMarks adds the marks of one line, text, at offset start.
func appendMarks(marks []columnMark, start int, text []byte) []columnMark {
	if len(text) <= markEvery {
		return marks
	}
	next, col := markEvery, 0
	for i := 0; i < len(text); col++ {
		if i >= next {
			marks = append(marks, columnMark{start + i, col})
			next = i + markEvery
		}
		_, n := utf8.DecodeRune(text[i:])
		i += n
	}
	return marks
}

// Position returns the 0-based line of off (clamped to Len) and its
// 0-based column in code points, as Locate places it. Call Index first.
func (p *Placement) Position(off int) (line, col int) {
	off = max(0, min(off, p.Len()))
	line, before := p.Locate(off)
	from := off - len(before) // where the line starts
	i, _ := slices.BinarySearchFunc(p.marks, off+1, func(m columnMark, off int) int { return m.off - off })
	if i > 0 && p.marks[i-1].off >= from {
		m := p.marks[i-1]
		return line, m.col + countRunes(before[m.off-from:])
	}
	return line, countRunes(before)
}

// countRunes is utf8.RuneCount; tests count the bytes it reads.
var countRunes = utf8.RuneCount

// Locate returns the 0-based line of off (clamped to Len) and the part of
// that line before it, as Text would place them.
func (p *Placement) Locate(off int) (line int, before []byte) {
	off = max(0, min(off, p.Len()))
	if off > len(p.src) {
		i, _ := slices.BinarySearchFunc(p.excerpt, off, func(l excerptLine, off int) int { return l.start - off })
		if i < len(p.excerpt) && p.excerpt[i].start == off {
			return p.excerpt[i].number, nil
		}
		if i > 0 {
			l := p.excerpt[i-1]
			// A kept line holds one newline, at its end: after it is the
			// start of the next line.
			if k := off - l.start; k < len(l.text) || k == len(l.text) && !bytes.HasSuffix(l.text, []byte{'\n'}) {
				return l.number, l.text[:k]
			} else if k == len(l.text) {
				return l.number + 1, nil
			}
		}
		// Between the lines kept, where nothing points: as Text has it.
		return NewPlacement(p.Text()).Index().Locate(off)
	}
	i, found := slices.BinarySearch(p.starts, off)
	if !found {
		i--
	}
	return i, p.src[p.starts[i]:off]
}

func lineStarts(src []byte) []int {
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return starts
		}
		i += j + 1
		starts = append(starts, i)
	}
}

// Line is the text of the line holding off, without its line end: what a
// finding there points at, for a fingerprint that survives the line
// moving. A line the placement does not hold (between the kept lines of an
// excerpt) reads as empty. Call Index first.
func (p *Placement) Line(off int) []byte {
	off = max(0, min(off, p.Len()))
	_, before := p.Locate(off)
	start := off - len(before)
	var rest []byte
	switch {
	case start < len(p.src) || p.excerpt == nil:
		rest = p.src[min(start, len(p.src)):]
	default:
		if i, found := slices.BinarySearchFunc(p.excerpt, start, func(l excerptLine, off int) int { return l.start - off }); found {
			rest = p.excerpt[i].text
		}
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return bytes.TrimSuffix(rest, []byte{'\r'})
}
