package lsp

import (
	"fmt"
	"strings"
	"testing"
)

// largeSkill is a SKILL.md of at least size bytes, in lines of about 60.
func largeSkill(size int) string {
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: A large skill.\n---\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Line %d of the body, with a link to [notes](notes.md) 🎉.\n", i)
	}
	return b.String()
}

// BenchmarkDidChange5000Ranges decodes and applies one didChange of 5,000
// ranged edits to a 1 MiB document, as clients send them: top to bottom
// (each edit's position counts the edits before it), bottom to top
// (VS Code's multi-cursor edits) and all at one place (typing).
func BenchmarkDidChange5000Ranges(b *testing.B) {
	const edits = 5000
	text := []byte(largeSkill(1 << 20))
	lines := strings.Count(string(text), "\n")
	for _, bc := range []struct {
		name string
		at   func(i int) (line, char int)
	}{
		{"top-down", func(i int) (int, int) { return 4 + i*(lines-5)/edits, 5 }},
		{"bottom-up", func(i int) (int, int) { return lines - 1 - i*(lines-5)/edits, 5 }},
		{"one-place", func(i int) (int, int) { return lines / 2, 5 + i }},
	} {
		var changes strings.Builder
		for i := range edits {
			if i > 0 {
				changes.WriteByte(',')
			}
			l, c := bc.at(i)
			fmt.Fprintf(&changes, `{"range":{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}},"text":"x"}`, l, c, l, c)
		}
		raw := []byte(`{"textDocument":{"uri":"file:///w/SKILL.md","version":2},"contentChanges":[` + changes.String() + `]}`)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				_, cs, err := decodeDidChange(raw)
				if err != nil {
					b.Fatal(err)
				}
				out, err := applyChanges(text, cs, UTF16)
				if err != nil || len(out) != len(text)+edits {
					b.Fatalf("%d bytes, %v", len(out), err)
				}
			}
		})
	}
}
