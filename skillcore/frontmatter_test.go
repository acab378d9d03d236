package skillcore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

func TestSplitFrontmatter(t *testing.T) {
	for _, c := range []struct {
		name, src       string
		present, closed bool
		content, body   string // the text of each range
	}{
		{name: "plain", src: "---\nname: x\n---\nbody\n", present: true, closed: true, content: "name: x\n", body: "body\n"},
		{name: "CRLF", src: "---\r\nname: x\r\n---\r\nbody\r\n", present: true, closed: true, content: "name: x\r\n", body: "body\r\n"},
		{name: "closing line at end of file", src: "---\nname: x\n---", present: true, closed: true, content: "name: x\n"},
		{name: "empty frontmatter", src: "---\n---\n", present: true, closed: true},
		{name: "only the opening line", src: "---", present: true},
		{name: "opening line and newline", src: "---\n", present: true},
		{name: "unclosed", src: "---\nname: x\n", present: true, content: "name: x\n"},
		{name: "empty file", src: ""},
		{name: "no frontmatter", src: "# Title\n---\n", body: "# Title\n---\n"},
		{name: "trailing space on the opening line", src: "--- \nname: x\n---\n", present: true, closed: true, content: "name: x\n"},
		{name: "trailing tab on both lines", src: "---\t\r\nname: x\r\n--- \t\r\nb", present: true, closed: true, content: "name: x\r\n", body: "b"},
		{name: "four dashes", src: "----\nname: x\n---\n", body: "----\nname: x\n---\n"},
		{name: "indented closing line", src: "---\nname: x\n ---\n---\nb", present: true, closed: true, content: "name: x\n ---\n", body: "b"},
		{name: "closing line with trailing space", src: "---\nname: x\n--- \n---\nb", present: true, closed: true, content: "name: x\n", body: "---\nb"},
		{name: "dashes then text", src: "---\nname: x\n--- x\n---\nb", present: true, closed: true, content: "name: x\n--- x\n", body: "b"},
		{name: "dashes in a one-line double-quoted value", src: "---\ndescription: \"a --- b\"\n---\nb", present: true, closed: true, content: "description: \"a --- b\"\n", body: "b"},
		{name: "column-0 dashes in a double-quoted value", src: "---\ndescription: \"a\n---\nb\"\n---\nbody", present: true, closed: true, content: "description: \"a\n---\nb\"\n", body: "body"},
		{name: "column-0 dashes in a single-quoted value", src: "---\ndescription: 'it''s\n---\nb'\n---\nbody", present: true, closed: true, content: "description: 'it''s\n---\nb'\n", body: "body"},
		{name: "indented dashes in a quoted value", src: "---\ndescription: \"a\n  ---\n  b\"\n---\nbody", present: true, closed: true, content: "description: \"a\n  ---\n  b\"\n", body: "body"},
		{name: "quoted value on the next line", src: "---\ndescription:\n  \"a\n---\n  b\"\n---\nbody", present: true, closed: true, content: "description:\n  \"a\n---\n  b\"\n", body: "body"},
		{name: "quoted list item", src: "---\ntools:\n- \"a\n---\n  b\"\n---\nbody", present: true, closed: true, content: "tools:\n- \"a\n---\n  b\"\n", body: "body"},
		{name: "quoted value in a flow list", src: "---\ntools: [a, \"b\n---\nc\"]\n---\nbody", present: true, closed: true, content: "tools: [a, \"b\n---\nc\"]\n", body: "body"},
		{name: "escaped quote", src: "---\nd: \"a \\\" b\n---\nc\"\n---\nbody", present: true, closed: true, content: "d: \"a \\\" b\n---\nc\"\n", body: "body"},
		{name: "apostrophe in a plain value", src: "---\ndescription: don't stop\n---\nit's body\n---\n", present: true, closed: true, content: "description: don't stop\n", body: "it's body\n---\n"},
		{name: "apostrophe opening a continuation line", src: "---\ndescription: Use\n  'tis the season\n---\nbody 'x' y\n---\n", present: true, closed: true, content: "description: Use\n  'tis the season\n", body: "body 'x' y\n---\n"},
		{name: "quote opening a block scalar line", src: "---\ndescription: |\n  \"quoted\n---\nbody\n", present: true, closed: true, content: "description: |\n  \"quoted\n", body: "body\n"},
		{name: "quote in a comment", src: "---\nname: x # it's \"here\n---\nbody\n", present: true, closed: true, content: "name: x # it's \"here\n", body: "body\n"},
		{name: "unclosed quote falls back to the first delimiter", src: "---\ndescription: \"oops\n---\nbody\n---\nmore\n", present: true, closed: true, content: "description: \"oops\n", body: "body\n---\nmore\n"},
		{name: "quote in a key", src: "---\n\"a: b\": c\n---\nbody", present: true, closed: true, content: "\"a: b\": c\n", body: "body"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fm := syntax.SplitFrontmatter([]byte(c.src), 0)
			if fm.Present != c.present || fm.Closed != c.closed {
				t.Fatalf("present, closed = %v, %v; want %v, %v", fm.Present, fm.Closed, c.present, c.closed)
			}
			if got := fm.Content.Text([]byte(c.src)); fm.Present && got != c.content {
				t.Errorf("content %q, want %q", got, c.content)
			}
			if got := fm.Body.Text([]byte(c.src)); got != c.body {
				t.Errorf("body %q, want %q", got, c.body)
			}
			checkFrontmatterRanges(t, []byte(c.src), 0, fm)
		})
	}
}

// checkFrontmatterRanges holds a split to its invariants: every range
// within the file and in order, delimiters that are "---" and blanks, with
// OpenSpaces and CloseSpaces saying which have blanks.
func checkFrontmatterRanges(t *testing.T, src []byte, start int, fm syntax.Frontmatter) {
	t.Helper()
	in := func(what string, r syntax.Range) {
		if r.Start < 0 || r.Start > r.End || r.End > len(src) {
			t.Fatalf("%s %v outside the %d-byte file", what, r, len(src))
		}
	}
	in("body", fm.Body)
	if fm.Body.End != len(src) {
		t.Fatalf("body %v does not run to the end of the %d-byte file", fm.Body, len(src))
	}
	if !fm.Present {
		if fm.Body.Start != start {
			t.Fatalf("body %v should start at %d", fm.Body, start)
		}
		return
	}
	in("open", fm.Open)
	in("content", fm.Content)
	delimiter := func(r syntax.Range, spaces bool) bool {
		text := string(src[r.Start:r.End])
		return strings.TrimRight(text, " \t") == "---" && spaces == (text != "---")
	}
	if fm.Open.Start != start || !delimiter(fm.Open, fm.OpenSpaces) || fm.Content.Start < fm.Open.End {
		t.Fatalf("open %v, content %v", fm.Open, fm.Content)
	}
	if !fm.Closed {
		if fm.Content.End != len(src) || fm.Body.Start != len(src) {
			t.Fatalf("unclosed: content %v, body %v", fm.Content, fm.Body)
		}
		return
	}
	in("close", fm.Close)
	if !delimiter(fm.Close, fm.CloseSpaces) || fm.Content.End != fm.Close.Start || fm.Body.Start < fm.Close.End {
		t.Fatalf("content %v, close %v, body %v", fm.Content, fm.Close, fm.Body)
	}
}

// TestSplitFrontmatterAfterBOM starts past a byte-order mark.
func TestSplitFrontmatterAfterBOM(t *testing.T) {
	src := []byte("\ufeff---\nname: x\n---\nb")
	fm := syntax.SplitFrontmatter(src, 3)
	if !fm.Closed || fm.Open != (syntax.Range{Start: 3, End: 6}) || fm.Content.Text(src) != "name: x\n" || fm.Body.Text(src) != "b" {
		t.Fatalf("%+v", fm)
	}
}

// TestSplitFrontmatterCorpus compares the split with the naive one (the
// first "---" line after the opening) on every real skill: where they
// differ, the naive one must have cut a quoted value.
func TestSplitFrontmatterCorpus(t *testing.T) {
	for _, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fm := syntax.SplitFrontmatter(src, 0)
		checkFrontmatterRanges(t, src, 0, fm)
		lines := strings.SplitAfter(string(src), "\n")
		if strings.TrimRight(lines[0], "\r\n") != "---" {
			continue
		}
		naive, off := -1, len(lines[0])
		for _, l := range lines[1:] {
			if strings.TrimRight(l, "\r\n") == "---" {
				naive = off
				break
			}
			off += len(l)
		}
		if naive != fm.Close.Start && !(naive < 0 && !fm.Closed) {
			t.Errorf("%s: closes at %d, the naive split at %d", p, fm.Close.Start, naive)
		}
	}
}

// corpusFiles lists the SKILL.md files of the public corpus, skipping the
// test when it is absent.
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(dir); err != nil {
		tb.Skip("corpus absent:", err)
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == loader.FileName && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}
