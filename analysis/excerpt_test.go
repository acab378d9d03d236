package analysis

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// place is the line and code-point column of off in src, counted anew.
func place(src []byte, off int) [2]int {
	line := bytes.Count(src[:off], []byte{'\n'})
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return [2]int{line, utf8.RuneCount(src[start:off])}
}

// A text made from a body's excerpt places every offset its problems point
// to on the line and column the whole file has, on hand-made bodies (no
// final newline, CRLF, a problem at the very end, non-ASCII before a
// link) and on every file of the corpus.
func TestPlaceTextMatchesWholeText(t *testing.T) {
	srcs := map[string][]byte{
		"no final newline": []byte("---\nname: a\ndescription: d\n---\nSee [x](missing.md)"),
		"crlf":             []byte("---\r\nname: a\r\ndescription: d\r\n---\r\n\r\nÉté 😀 [x](gone.md)\r\n\r\n[y](also-gone.md)\r\n"),
		"many lines":       append([]byte("---\nname: a\ndescription: d\n---\n"), bytes.Repeat([]byte("line\n[z](nope.md)\n"), 300)...),
	}
	for _, f := range corpusFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = b
	}
	placed := 0
	for name, src := range srcs {
		s := loader.Parse("/x/a/SKILL.md", src)
		if !s.Frontmatter.Closed {
			continue
		}
		problems := bodyProblems(s, scanLinks(s))
		lines := excerpt(s, problems, s.Vars, nil)
		fm := &loader.Skill{Src: src[:s.Frontmatter.Body.Start], Frontmatter: s.Frontmatter}
		end := 0
		for _, p := range problems {
			end = max(end, p.Range.End)
		}
		if end <= len(fm.Src) {
			continue
		}
		pl := excerptPlacement(fm, lines)
		if end > pl.Len() {
			t.Errorf("%s: the excerpt does not reach %d", name, end)
			continue
		}
		text := pl.Text()
		for _, p := range problems {
			for _, o := range []int{p.Range.Start, p.Range.End} {
				if got, want := place(text, o), place(src, o); got != want {
					t.Errorf("%s: %s at %d placed at %v, want %v", name, p.Rule, o, got, want)
				}
				placed++
			}
		}
	}
	if placed == 0 {
		t.Fatal("no offset placed")
	}
}

// TestPlacementLine: the line a finding points at reads the same from a
// released file's excerpt as from its whole text.
func TestPlacementLine(t *testing.T) {
	src := "---\nname: x\r\ndescription: y\n---\nintro\n\nSee [a](a.md) now.\nlast"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	link := strings.Index(src, "[a]")
	whole := NewPlacement(s.Src).Index()
	lines := excerpt(s, []loader.Problem{{Range: Range{Start: link, End: link + 3}}}, nil, []Range{{Start: len(src) - 2, End: len(src)}})
	s.Release()
	kept := excerptPlacement(s, lines).Index()
	for _, c := range []struct {
		off  int
		want string
	}{{0, "---"}, {6, "name: x"}, {link, "See [a](a.md) now."}, {len(src) - 1, "last"}, {len(src), "last"}} {
		if got := string(whole.Line(c.off)); got != c.want {
			t.Errorf("whole: line at %d is %q, want %q", c.off, got, c.want)
		}
		if got := string(kept.Line(c.off)); got != c.want {
			t.Errorf("kept: line at %d is %q, want %q", c.off, got, c.want)
		}
	}
}
