package analysis

import (
	"bytes"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore"
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
}

// NewPlacement places by the text src (nil: a file not held).
func NewPlacement(src []byte) *Placement {
	return &Placement{src: src}
}

func excerptPlacement(s *skillcore.Skill, lines []excerptLine) *Placement {
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
	}
	return p
}

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
			if k := off - l.start; k <= len(l.text) {
				nl := bytes.LastIndexByte(l.text[:k], '\n')
				return l.number + bytes.Count(l.text[:k], []byte{'\n'}), l.text[nl+1 : k]
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
