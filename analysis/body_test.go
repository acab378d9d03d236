package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
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
		if err == nil && d.Name() == skillcore.FileName && !d.IsDir() {
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
func bodyDiff(s *skillcore.Skill) []string {
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
		if d := bodyDiff(skillcore.Parse(p, src)); len(d) > 0 {
			bad++
			t.Errorf("%s:\n  %s", p, strings.Join(d, "\n  "))
		}
	}
	t.Logf("%d of %d files differ", bad, len(files))
}

func BenchmarkScanBodyCorpus(b *testing.B) {
	var skills []*skillcore.Skill
	size := 0
	for _, p := range corpusFiles(b) {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		skills = append(skills, skillcore.Parse(p, src))
		size += len(src)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, s := range skills {
			ScanBody(s)
		}
	}
}
