package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// corpusDir is the public corpus of real skills, when it is there.
const corpusDir = "../../shared/corpus"

// corpusFiles lists every SKILL.md of the corpus, skipping the test when
// the corpus is absent.
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		tb.Skip("corpus absent:", err)
	}
	var out []string
	err := filepath.WalkDir(corpusDir, func(p string, d os.DirEntry, err error) error {
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

// bodyDiff lists how ScanBody's reading of s differs from goldmark's.
func bodyDiff(s *loader.Skill) []string {
	got, want := ScanBody(s), goldmarkBody(s)
	var out []string
	show := func(what string, g, w []string) {
		for _, x := range w {
			if !slices.Contains(g, x) {
				out = append(out, "missing "+what+" "+x)
			}
		}
		for _, x := range g {
			if !slices.Contains(w, x) {
				out = append(out, "extra "+what+" "+x)
			}
		}
	}
	show("heading", headingKeys(s.Src, got.Headings), headingKeys(s.Src, want.Headings))
	show("link", linkKeys(s.Src, got.Links), linkKeys(s.Src, want.Links))
	show("fence", rangeKeys(s.Src, got.Fences), rangeKeys(s.Src, want.Fences))
	if got.Lines != want.Lines {
		out = append(out, fmt.Sprintf("lines %d, want %d", got.Lines, want.Lines))
	}
	return out
}

func headingKeys(src []byte, hs []Heading) []string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("h%d %q %s", h.Level, h.Text, rangeKey(src, h.Range)))
	}
	return out
}

func linkKeys(src []byte, ls []Link) []string {
	var out []string
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%q code=%v %s", l.Target, l.InCode, rangeKey(src, l.Range)))
	}
	return out
}

func rangeKeys(src []byte, rs []Range) []string {
	var out []string
	for _, r := range rs {
		out = append(out, rangeKey(src, r))
	}
	return out
}

// rangeKey shows a range as line:col-line:col and its first line of text.
func rangeKey(src []byte, r Range) string {
	line := strings.Count(string(src[:r.Start]), "\n") + 1
	text := r.Text(src)
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i] + "…"
	}
	return fmt.Sprintf("[%d:%d-%d line %d %q]", r.Start, r.End, r.End-r.Start, line, text)
}

func TestScanBodyMatchesGoldmarkOnCorpus(t *testing.T) {
	files := corpusFiles(t)
	bad := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if d := bodyDiff(loader.Parse(p, src)); len(d) > 0 {
			bad++
			t.Errorf("%s:\n  %s", p, strings.Join(d, "\n  "))
		}
	}
	t.Logf("%d of %d files differ", bad, len(files))
}

// TestScanLinksOnCorpus: the scan without headings and code blocks reads
// the same links and length as the full one, and passing over fenced code
// reads what going a line at a time does.
func TestScanLinksOnCorpus(t *testing.T) {
	for _, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := loader.Parse(p, src)
		full, links := ScanBody(s), scanLinks(s)
		if slow := scanLines(s, true, false); !reflect.DeepEqual(full, slow) {
			t.Errorf("%s: passing over fenced code differs from a line at a time", p)
		}
		if links.Headings != nil || links.Fences != nil {
			t.Errorf("%s: scanLinks kept %d headings, %d code blocks", p, len(links.Headings), len(links.Fences))
		}
		full.Headings, full.Fences = nil, nil
		if !reflect.DeepEqual(full, links) {
			t.Errorf("%s: scanLinks differs from ScanBody", p)
		}
	}
}

func BenchmarkScanBodyCorpus(b *testing.B) {
	var skills []*loader.Skill
	size := 0
	for _, p := range corpusFiles(b) {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		skills = append(skills, loader.Parse(p, src))
		size += len(src)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, s := range skills {
			ScanBody(s)
		}
	}
}

// TestScanBodyMatchesGoldmark holds the scan to goldmark on the CommonMark
// constructs a skill's body uses, and the tricky ones around links.
func TestScanBodyMatchesGoldmark(t *testing.T) {
	for _, c := range []struct {
		name, body string
		// extra are links the scan finds that the oracle misses: goldmark
		// reads them, but its position lookup ("](" + destination) cannot
		// place a destination written after a space or line break.
		extra []string
	}{
		{"headings", "# One\n## Two ##\n### Three #\n#NotAHeading\n####### seven\n  # indented\n#\n# \t\nSetext\n===\nTwo lines\nof setext\n---\n", nil},
		{"fences", "```sh\n[a](in-fence.md)\n```\n~~~\n# not a heading\n~~~~\n````\n```\nnested\n````\n```\n\n```\n", nil},
		{"unclosed fence", "text\n```\n[a](a.md)\n", nil},
		{"indented code", "para\n\n    [a](code.md)\n    # code\n\n    more\n\nafter [b](b.md)\n", nil},
		{"lists", "- item [a](a.md)\n- item\n\n  ```\n  [b](in-list-fence.md)\n  ```\n\n  continued [c](c.md)\n1. one\n2) two\n   ```py\n   x\n   ```\n10. ten\n    - nested `scripts/x.py`\n", nil},
		{"list and indented code", "- a\n\n      code in item\n\n  para\n\n    not code after list\n", nil},
		{"blockquotes", "> quote [a](a.md)\n> ```\n> [b](b.md)\n> ```\nlazy [c](c.md)\n\n> # heading\n>> nested [d](d.md)\n", nil},
		{"html blocks", "<!-- [a](a.md)\n[b](b.md) -->\n[c](c.md)\n\n<div>\n[d](d.md)\n</div>\n\n[e](e.md)\n<details>\n<summary>x</summary>\n\n[f](f.md)\n</details>\n<script>\n[g](g.md)\n</script>\n", nil},
		{"links", "[a](a.md) ![i](img/i.png) [t](t.md \"title\") [p](p.md 'x') [q](q.md (y)) [s](<sp ace.md>)\n[x]( y.md ) [n](#anchor) [u](https://x.y/z.md) [m](mailto:a@b) [r](/abs.md) [h](~/h.md)\n[f](f.md#frag) [v](v.md?x=1) [e](e%20x.md) [w](a/../../w.md) [paren](a(b).md)\n", []string{"y.md"}},
		{"nested and escaped brackets", "[a [b] c](abc.md) [[x]](x.md) \\[no](no.md) [a\\]b](ab.md) [![img](i.png)](link.md) [a [b](inner.md) c](outer.md)\n", nil},
		{"code spans", "`scripts/a.py` `` `scripts/b.py` `` ` scripts/c.py ` `references/` `./d.sh` `../e.md` `scripts/f` `assets/g h.png` `templates/*.md` [`scripts/h.py`](scripts/h.py)\n", nil},
		{"code span hides a link", "`[a](a.md)` [b](b.md`) `c`](c.md)\n", nil},
		{"inline html and autolinks", "<a href=\"x\">[a](a.md)</a> <https://x.y/[b](b.md)> x <y [c](c.md) z> <!-- [d](d.md) --> [e](e.md)\n", nil},
		{"reference links", "[a][ref] [b] [c][]\n\n[ref]: ref.md\n[b]: b.md \"t\"\n", nil},
		{"tables", "| a | b |\n|---|---|\n| [x](x.md) | `scripts/y.sh` |\n", nil},
		{"tabs", "#\tTab heading\n-\titem [a](a.md)\n\t[b](code.md)\n", nil},
		{"CRLF", "# Title\r\n\r\n[a](a.md)\r\n```\r\n[b](b.md)\r\n```\r\nSetext\r\n---\r\n", nil},
		{"thematic breaks", "para\n***\n- - -\n___\n[a](a.md)\n", nil},
		{"multi-line link text", "[a\nb](ab.md) [c](\nc.md)\n", []string{"c.md"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := loader.Parse("/p/x/SKILL.md", []byte("---\nname: x\n---\n"+c.body))
			d := slices.DeleteFunc(bodyDiff(s), func(d string) bool {
				return slices.ContainsFunc(c.extra, func(x string) bool { return strings.HasPrefix(d, fmt.Sprintf("extra link %q ", x)) })
			})
			if len(d) > 0 {
				t.Errorf("\n  %s", strings.Join(d, "\n  "))
			}
		})
	}
}

func TestLinkTarget(t *testing.T) {
	for dest, want := range map[string]string{
		"refs/x.md":        "refs/x.md",
		"refs/x.md#part":   "refs/x.md",
		"refs/x.md?raw=1":  "refs/x.md",
		"my%20notes.md":    "my notes.md",
		"bad%zz.md":        "bad%zz.md", // not an escape: kept as written
		"#top":             "",
		"https://x.org/a":  "",
		"mailto:a@b.c":     "",
		"scripts/run.py#L": "scripts/run.py",
	} {
		if got := linkTarget(dest); got != want {
			t.Errorf("linkTarget(%q) = %q, want %q", dest, got, want)
		}
	}
}

// TestScanBodyFenceRunsInOneLine: inside fenced code, a line holding a
// great many fence runs is passed over in one go, as it is a line at a
// time (a scan that looked back to the fence's start from each run took
// 37 s here).
func TestScanBodyFenceRunsInOneLine(t *testing.T) {
	src := "---\nname: x\n---\n```\n" + strings.Repeat("a```", 260000) + "\n  ```\n[l](l.md)\n"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	fast, slow := ScanBody(s), scanLines(s, true, false)
	if !reflect.DeepEqual(fast, slow) || fast.Lines != 4 || len(fast.Fences) != 1 || len(fast.Links) != 1 {
		t.Errorf("fast %d lines, %d fences, %d links; slow %d, %d, %d", fast.Lines, len(fast.Fences), len(fast.Links), slow.Lines, len(slow.Fences), len(slow.Links))
	}
}

// TestSkipFenced: inside top-level fenced code, the pass stops at the first
// line that may close the fence (up to three spaces, then the fence's
// character thrice), counting the lines before it as content.
func TestSkipFenced(t *testing.T) {
	for _, c := range []struct {
		src       string
		stop, n   int
		fenceLast int
	}{
		{"a\nb```\n\t```\n   ```x\nz", 12, 3, 11}, // a run mid-line, one after a tab: content
		{"a\nb\r\n", 5, 2, 3},                     // the last line's CR is not content
		{"a\r\nb\n", 5, 2, 4},
		{"a\nb", 3, 2, 3},
		{"```\n", 0, 0, -1},
	} {
		b := &Body{}
		m := mdScanner{src: []byte(c.src), b: b, fence: true, fenceChar: '`', fenceLen: 3, fenceLast: -1, para: -1, code: -1}
		if stop := m.skipFenced(0, len(c.src)); stop != c.stop || b.Lines != c.n || m.fenceLast != c.fenceLast {
			t.Errorf("%q: stop %d, %d lines, last %d; want %d, %d, %d", c.src, stop, b.Lines, m.fenceLast, c.stop, c.n, c.fenceLast)
		}
	}
}
