package analysis

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestPlacementLocatesAsText: a released file's placement puts every
// offset up to its end on the line, and after the bytes, that its Text
// does: findings placed from the excerpt read as those placed from the
// text used to.
func TestPlacementLocatesAsText(t *testing.T) {
	placed := 0
	for n, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := loader.Parse(p, src)
		body := s.Frontmatter.Body
		if !s.Frontmatter.Closed || body.Len() < 3 {
			continue
		}
		// Problems at a few places of the body, as a scan would keep them.
		var problems []loader.Problem
		for _, o := range []int{body.Start + 1, body.Start + body.Len()/3, body.Start + body.Len()/2 + n%7, body.End - 1} {
			problems = append(problems, loader.Problem{Range: Range{Start: o, End: min(o+2, body.End)}})
		}
		lines := excerpt(s, problems, s.Vars, nil)
		if !s.Release() {
			continue
		}
		pl := excerptPlacement(s, lines).Index()
		placed++
		text := pl.Text()
		starts := lineStarts(text)
		// Every offset of the frontmatter and the lines kept, and a few
		// between them, where nothing points.
		var offs []int
		for o := 0; o <= len(s.Src); o++ {
			offs = append(offs, o)
		}
		for _, l := range lines {
			for o := l.start - 1; o <= l.start+len(l.text); o++ {
				offs = append(offs, o)
			}
		}
		for k := 1; k < 8; k++ {
			offs = append(offs, len(s.Src)+k*(pl.Len()-len(s.Src))/8)
		}
		for _, off := range offs {
			if off < 0 || off > pl.Len() {
				continue
			}
			line, _ := slices.BinarySearch(starts, off+1)
			line--
			gotLine, before := pl.Locate(off)
			if gotLine != line || !bytes.Equal(before, text[starts[line]:off]) {
				t.Fatalf("%s: offset %d: line %d after %q, want line %d after %q", p, off, gotLine, before, line, text[starts[line]:off])
			}
		}
	}
	if placed < 100 {
		t.Fatalf("only %d files placed from an excerpt", placed)
	}
}

// TestFirstFindingsPlacedWhereTheFileHasThem: a released file's first
// findings, placed from what the scan kept, sit on the lines and columns
// the file has them at: those of its body's links and of the plugin
// variables the world judges (once placed blind, 353:4472 for 564:33).
func TestFirstFindingsPlacedWhereTheFileHasThem(t *testing.T) {
	filler := strings.Repeat("Some words on a line of their own.\n", 40)
	tr := newTestTree(t, Config{ReleaseBodies: true}, txtarFiles(`
-- proj/.agents/skills/a/SKILL.md --
---
name: a
description: Does a.
---

`+filler+"Run `${CLAUDE_PLUGIN_ROOT}/x.sh` — é.\n"+filler+"See [b](refs/missing.md), ${CLAUDE_PLUGIN_DATA}.\n"+filler)...)
	a := tr.path("proj/.agents/skills/a/SKILL.md")
	src, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	got, places := tr.ws.FindingsOf([]string{a})
	whole := NewPlacement(src).Index()
	pl := places[0].Index()
	seen := map[string]bool{}
	for _, f := range got[0] {
		seen[f.Rule] = true
		for _, off := range []int{f.Range.Start, f.Range.End} {
			line, before := pl.Locate(off)
			wantLine, wantBefore := whole.Locate(off)
			if line != wantLine || string(before) != string(wantBefore) {
				t.Errorf("%s at %d: line %d after %q, want line %d after %q", f.Rule, off, line, before, wantLine, wantBefore)
			}
		}
	}
	if !seen["variable-unknown"] || !seen["link-broken"] {
		t.Fatalf("findings %v", rules(got[0]))
	}
}

// TestPlacingOneLongLineIsLinear: the findings of a line of n links are
// placed, as the checker places them, counting no more code points when n
// doubles than twice as many: no finding counts from its line's start
// (once 64 s for 50,000 links).
func TestPlacingOneLongLineIsLinear(t *testing.T) {
	counted := 0
	defer func(f func([]byte) int) { countRunes = f }(countRunes)
	countRunes = func(b []byte) int {
		counted += len(b)
		return utf8.RuneCount(b)
	}
	work := func(n int) int {
		line := strings.Repeat("[x](missing.md) é ", n)
		tr := newTestTree(t, Config{ReleaseBodies: true}, treeFile{path: "proj/.agents/skills/a/SKILL.md",
			data: "---\nname: a\ndescription: Does a.\n---\n" + line + "\n"})
		path := tr.path("proj/.agents/skills/a/SKILL.md")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fs, places := tr.ws.FindingsOf([]string{path})
		if len(fs[0]) != n {
			t.Fatalf("%d findings for %d links", len(fs[0]), n)
		}
		pl := places[0].Index()
		counted = 0
		for _, f := range fs[0] {
			line, col := pl.Position(f.Range.Start)
			start := bytes.LastIndexByte(src[:f.Range.Start], '\n') + 1
			if want := utf8.RuneCount(src[start:f.Range.Start]); line != 4 || col != want {
				t.Fatalf("offset %d at %d:%d, want 4:%d", f.Range.Start, line, col, want)
			}
		}
		return counted
	}
	small, large := work(1000), work(2000)
	if large > 2*small+markEvery {
		t.Fatalf("placing 2,000 links counted %d bytes, 1,000 links %d: more than twice", large, small)
	}
}
