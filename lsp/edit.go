package lsp

import (
	"fmt"

	"go.lsp.dev/protocol"
)

// textChange is one content change of a didChange: the text replacing a
// range, or the whole document when the range is nil.
type textChange struct {
	rng  *protocol.Range
	text string
}

// applyChanges applies a didChange's changes to src in order, each against
// the text the one before left, and returns the new text in a new slice.
// A range that does not fit the text (a line past its end, a start after
// its end) is an error, and nothing is applied.
func applyChanges(src []byte, changes []textChange, enc Encoding) ([]byte, error) {
	b := newEditBuffer(src, enc)
	for i, c := range changes {
		if c.rng == nil {
			b.reset([]byte(c.text))
			continue
		}
		start, ok1 := b.offset(c.rng.Start)
		end, ok2 := b.offset(c.rng.End)
		switch {
		case !ok1 || !ok2:
			return nil, fmt.Errorf("change %d: range %s reaches past the last line (%d)", i, fmtPosRange(*c.rng), b.lineCount()-1)
		case end < start:
			return nil, fmt.Errorf("change %d: range %s ends before it starts", i, fmtPosRange(*c.rng))
		}
		b.replace(start, end, c.text)
	}
	return b.text(), nil
}

func fmtPosRange(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

// editBuffer is a text being edited: a gap buffer whose gap moves to each
// edit, with the starts of its lines indexed on both sides of the gap, so
// that finding a position costs the length of its line, not of the text.
// A run of edits that goes through the text in either direction moves the
// gap across the text at most once: the run costs time linear in the text
// plus the edits, where making a Mapper per edit cost the text per edit.
type editBuffer struct {
	enc Encoding
	buf []byte // the text before the gap, the gap, the text after it
	gs  int    // the gap is buf[gs:ge]
	ge  int
	// before holds the starts of lines at offsets up to gs, ascending,
	// and after those past gs, each as its distance from the end of the
	// text (which edits at the gap do not change), the nearest the gap
	// last. Lines break as the Mapper breaks them.
	before []int
	after  []int
}

func newEditBuffer(src []byte, enc Encoding) *editBuffer {
	b := &editBuffer{enc: enc}
	b.reset(src)
	return b
}

// reset makes src the whole text.
func (b *editBuffer) reset(src []byte) {
	b.buf = make([]byte, len(src), len(src)+len(src)/8+64)
	copy(b.buf, src)
	b.buf = b.buf[:cap(b.buf)]
	b.gs, b.ge = len(src), len(b.buf)
	b.before, b.after = lineStarts(src), b.after[:0]
}

// len is the length of the text.
func (b *editBuffer) len() int { return b.gs + len(b.buf) - b.ge }

// at is the text's byte at offset i.
func (b *editBuffer) at(i int) byte {
	if i < b.gs {
		return b.buf[i]
	}
	return b.buf[i+b.ge-b.gs]
}

func (b *editBuffer) lineCount() int { return len(b.before) + len(b.after) }

// lineStart is the offset where line l starts; l < lineCount.
func (b *editBuffer) lineStart(l int) int {
	if l < len(b.before) {
		return b.before[l]
	}
	return b.len() - b.after[len(b.after)-1-(l-len(b.before))]
}

// isLineStart reports whether a line starts at offset p > 0: after "\n",
// or after a "\r" that no "\n" follows.
func (b *editBuffer) isLineStart(p int) bool {
	switch b.at(p - 1) {
	case '\n':
		return true
	case '\r':
		return p == b.len() || b.at(p) != '\n'
	}
	return false
}

// offset converts a position to an offset, clamped as the Mapper clamps
// it; a line past the last is not in the text.
func (b *editBuffer) offset(p protocol.Position) (int, bool) {
	if int64(p.Line) >= int64(b.lineCount()) {
		return 0, false
	}
	l := int(p.Line)
	start, end := b.lineStart(l), b.len()
	if l+1 < b.lineCount() {
		end = b.lineStart(l + 1)
		if b.at(end-1) == '\n' {
			end--
		}
		if end > start && b.at(end-1) == '\r' {
			end--
		}
	}
	if start < b.gs && b.gs < end {
		b.moveGap(start) // to read the line in one piece
	}
	line := b.buf[start:end]
	if start >= b.gs {
		line = b.buf[start+b.ge-b.gs : end+b.ge-b.gs]
	}
	return start + b.enc.columnOffset(line, p.Character), true
}

// moveGap moves the gap to offset g, and the starts of the lines it
// passes from one index to the other.
func (b *editBuffer) moveGap(g int) {
	n := b.len()
	switch {
	case g < b.gs:
		d := b.gs - g
		copy(b.buf[b.ge-d:b.ge], b.buf[g:b.gs])
		b.gs, b.ge = g, b.ge-d
		for k := len(b.before) - 1; k >= 0 && b.before[k] > g; k-- {
			b.after = append(b.after, n-b.before[k])
			b.before = b.before[:k]
		}
	case g > b.gs:
		d := g - b.gs
		copy(b.buf[b.gs:g], b.buf[b.ge:b.ge+d])
		b.gs, b.ge = g, b.ge+d
		for k := len(b.after) - 1; k >= 0 && n-b.after[k] <= g; k-- {
			b.before = append(b.before, n-b.after[k])
			b.after = b.after[:k]
		}
	}
}

// replace replaces the text between start and end with text.
func (b *editBuffer) replace(start, end int, text string) {
	b.moveGap(start)
	n := b.len()
	// The starts of lines whose previous byte goes, and the one at the
	// gap, whose next byte changes, are judged again below.
	for k := len(b.after) - 1; k >= 0 && n-b.after[k] <= end; k-- {
		b.after = b.after[:k]
	}
	if k := len(b.before) - 1; start > 0 && b.before[k] == start {
		b.before = b.before[:k]
	}
	b.ge += end - start
	if b.ge-b.gs < len(text) {
		b.grow(len(text))
	}
	copy(b.buf[b.gs:], text)
	b.gs += len(text)
	for p := max(start, 1); p <= b.gs; p++ {
		if b.isLineStart(p) {
			b.before = append(b.before, p)
		}
	}
}

// grow makes the gap at least n bytes long.
func (b *editBuffer) grow(n int) {
	tail := len(b.buf) - b.ge
	buf := make([]byte, max(2*len(b.buf), b.len()+n+64))
	copy(buf, b.buf[:b.gs])
	copy(buf[len(buf)-tail:], b.buf[b.ge:])
	b.buf, b.ge = buf, len(buf)-tail
}

// text is the text, in a slice of its own.
func (b *editBuffer) text() []byte {
	out := make([]byte, b.len())
	copy(out, b.buf[:b.gs])
	copy(out[b.gs:], b.buf[b.ge:])
	return out
}
