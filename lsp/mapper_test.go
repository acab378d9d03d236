package lsp

import (
	"errors"
	"testing"
	"unicode/utf16"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func TestMapper(t *testing.T) {
	// "a🎉b" — the emoji is 4 bytes, 2 UTF-16 units; "é" is 2 bytes, 1 unit.
	const src = "a🎉b\r\né\rx\n"
	for _, tc := range []struct {
		enc    Encoding
		offset int
		pos    protocol.Position
	}{
		{UTF16, 0, pos(0, 0)},
		{UTF16, 1, pos(0, 1)},
		{UTF16, 5, pos(0, 3)}, // after the emoji
		{UTF16, 6, pos(0, 4)}, // end of line 0, before \r\n
		{UTF16, 8, pos(1, 0)},
		{UTF16, 10, pos(1, 1)},
		{UTF16, 11, pos(2, 0)}, // a lone \r ends line 1
		{UTF16, 13, pos(3, 0)}, // the empty last line
		{UTF8, 5, pos(0, 5)},
		{UTF8, 10, pos(1, 2)},
	} {
		m := NewMapper([]byte(src), tc.enc)
		if got := m.Position(tc.offset); got != tc.pos {
			t.Errorf("enc %d: Position(%d) = %v, want %v", tc.enc, tc.offset, got, tc.pos)
		}
		if got := m.Offset(tc.pos); got != tc.offset {
			t.Errorf("enc %d: Offset(%v) = %d, want %d", tc.enc, tc.pos, got, tc.offset)
		}
	}
	m := NewMapper([]byte(src), UTF16)
	// Clamping: inside the emoji, inside \r\n, past the line, past the end.
	for _, tc := range []struct {
		offset int
		pos    protocol.Position
	}{{3, pos(0, 1)}, {7, pos(0, 4)}, {99, pos(3, 0)}, {-1, pos(0, 0)}} {
		if got := m.Position(tc.offset); got != tc.pos {
			t.Errorf("Position(%d) = %v, want %v", tc.offset, got, tc.pos)
		}
	}
	for _, tc := range []struct {
		pos    protocol.Position
		offset int
	}{{pos(0, 2), 1}, {pos(0, 99), 6}, {pos(9, 0), 13}, {pos(1, 5), 10}} {
		if got := m.Offset(tc.pos); got != tc.offset {
			t.Errorf("Offset(%v) = %d, want %d", tc.pos, got, tc.offset)
		}
	}
	if got := m.Range(analysis.Range{Start: 1, End: 5}); got != rng(0, 1, 0, 3) {
		t.Errorf("Range = %s", fmtRange(got))
	}
}

// refLines splits text into lines as the protocol does, returning each
// line's content span.
func refLines(text string) (starts, ends []int) {
	starts = []int{0}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n':
			ends = append(ends, i)
			starts = append(starts, i+2)
			i++
		case text[i] == '\n' || text[i] == '\r':
			ends = append(ends, i)
			starts = append(starts, i+1)
		}
	}
	return starts, append(ends, len(text))
}

// refBounds lists the character boundaries of a line: byte offsets and the
// units before each, in the encoding. A byte that is not UTF-8 is one
// character (U+FFFD), as ranging over a string gives it.
func refBounds(line string, utf8 bool) (bytes, units []int) {
	u := 0
	for b, r := range line {
		bytes = append(bytes, b)
		if utf8 {
			units = append(units, b)
			continue
		}
		units = append(units, u)
		u += utf16.RuneLen(r)
	}
	if utf8 {
		u = len(line)
	}
	return append(bytes, len(line)), append(units, u)
}

// refOffset is the reference for Mapper.Offset.
func refOffset(text string, p protocol.Position, utf8 bool) int {
	starts, ends := refLines(text)
	if int(p.Line) >= len(starts) {
		return len(text)
	}
	s, e := starts[p.Line], ends[p.Line]
	bytes, units := refBounds(text[s:e], utf8)
	at := 0
	for i := range bytes {
		if units[i] <= int(p.Character) {
			at = bytes[i]
		}
	}
	return s + at
}

// refPosition is the reference for Mapper.Position.
func refPosition(text string, offset int, utf8 bool) protocol.Position {
	offset = max(0, min(offset, len(text)))
	starts, ends := refLines(text)
	line := 0
	for i, s := range starts {
		if s <= offset {
			line = i
		}
	}
	s, e := starts[line], ends[line]
	bytes, units := refBounds(text[s:e], utf8)
	char := 0
	for i := range bytes {
		if s+bytes[i] <= offset {
			char = units[i]
		}
	}
	return pos(uint32(line), uint32(char))
}

func FuzzMapper(f *testing.F) {
	f.Add("a🎉b\r\né\rx\n", 3, uint16(0), uint16(2), true)
	f.Add("---\nname: x\n---\n", 7, uint16(1), uint16(40), false)
	f.Add("\xff\xfe🎉\r", 2, uint16(0), uint16(1), false)
	f.Fuzz(func(t *testing.T, text string, offset int, line, char uint16, utf8 bool) {
		if len(text) > 1<<12 {
			t.Skip("long texts test nothing short ones do not")
		}
		enc := UTF16
		if utf8 {
			enc = UTF8
		}
		m := NewMapper([]byte(text), enc)
		p := pos(uint32(line%8), uint32(char))
		if got, want := m.Offset(p), refOffset(text, p, utf8); got != want {
			t.Fatalf("Offset(%v) = %d, reference %d", p, got, want)
		}
		if got, want := m.Position(offset), refPosition(text, offset, utf8); got != want {
			t.Fatalf("Position(%d) = %v, reference %v", offset, got, want)
		}
		// Offsets converted together are converted as one by one.
		offsets := []int{offset, offset / 2, len(text) - offset, offset + 1, -offset, offset}
		for i, got := range m.Positions(offsets) {
			if want := refPosition(text, offsets[i], utf8); got != want {
				t.Fatalf("Positions(%v)[%d] = %v, reference %v", offsets, i, got, want)
			}
		}
		// A position read back is the same position.
		q := m.Position(offset)
		if back := m.Position(m.Offset(q)); back != q {
			t.Fatalf("Position(Offset(%v)) = %v", q, back)
		}
	})
}

// refApply is the reference for applyChanges: whole strings, reference
// offsets.
func refApply(text string, edits []protocol.TextDocumentContentChangePartial, utf8 bool) (string, error) {
	for _, e := range edits {
		if starts, _ := refLines(text); int(max(e.Range.Start.Line, e.Range.End.Line)) >= len(starts) {
			return "", errors.New("past the last line")
		}
		s, end := refOffset(text, e.Range.Start, utf8), refOffset(text, e.Range.End, utf8)
		if end < s {
			return "", errors.New("reversed")
		}
		text = text[:s] + e.Text + text[end:]
	}
	return text, nil
}

// decodeEdits turns fuzz bytes into edits: 5 bytes each (start line and
// character, end line and character, a text choice), at most 64 of them so
// that an execution stays short.
func decodeEdits(ops []byte) []protocol.TextDocumentContentChangePartial {
	ops = ops[:min(len(ops), 64*5)]
	texts := []string{"", "x", "🎉", "é\n", "\r\n", "\r", "name: Bad\n", "\xff", "---\n"}
	var out []protocol.TextDocumentContentChangePartial
	for ; len(ops) >= 5; ops = ops[5:] {
		out = append(out, protocol.TextDocumentContentChangePartial{
			Range: rng(uint32(ops[0]%6), uint32(ops[1]%20), uint32(ops[2]%6), uint32(ops[3]%20)),
			Text:  texts[int(ops[4])%len(texts)],
		})
	}
	return out
}

func FuzzApplyChanges(f *testing.F) {
	f.Add("---\nname: a🎉b\r\ndescription: é\n---\n", []byte{1, 6, 1, 9, 1, 0, 0, 0, 0, 2}, false)
	f.Add("a\rb\r\nc\n", []byte{0, 1, 1, 1, 3, 2, 0, 2, 9, 4}, true)
	f.Fuzz(func(t *testing.T, text string, ops []byte, utf8 bool) {
		if len(text) > 1<<12 {
			t.Skip("long texts test nothing short ones do not")
		}
		enc := UTF16
		if utf8 {
			enc = UTF8
		}
		edits := decodeEdits(ops)
		changes := make([]textChange, len(edits))
		for i := range edits {
			changes[i] = textChange{rng: &edits[i].Range, text: edits[i].Text}
		}
		got, err := applyChanges([]byte(text), changes, enc)
		want, refErr := refApply(text, edits, utf8)
		if (err != nil) != (refErr != nil) {
			t.Fatalf("error %v, reference error %v", err, refErr)
		}
		if err == nil && string(got) != want {
			t.Fatalf("applyChanges = %q, reference %q", got, want)
		}
	})
}

func TestApplyChangesWholeDocument(t *testing.T) {
	r := rng(0, 4, 0, 6)
	got, err := applyChanges([]byte("old"), []textChange{{text: "new 🎉"}, {rng: &r, text: "!"}}, UTF16)
	if err != nil || string(got) != "new !" {
		t.Errorf("got %q, %v", got, err)
	}
}
