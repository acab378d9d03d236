package analysis

import (
	"bytes"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// A scan checks each body as it reads it and then lets the body go; the
// first findings of the file are placed (line and column) without reading
// it again from what the scan kept of it: the lines its body's problems
// point into (an excerpt), a few lines where the body is thousands.

// excerptLine is one line of a body that a kept problem points into.
type excerptLine struct {
	number int    // 0-based
	start  int    // its offset in the file
	text   []byte // the line, its newline included
}

// excerpt copies out of s, whole, the lines of its body that problems
// point into, and those of its plugin variables (the world's findings on
// them point into the body too) and of extra, in order.
func excerpt(s *loader.Skill, problems []loader.Problem, vars []loader.VarRef, extra []Range) []excerptLine {
	body := s.Frontmatter.Body.Start
	var offs []int
	add := func(r Range) {
		for _, o := range []int{r.Start, r.End} {
			if o > body && o <= len(s.Src) {
				offs = append(offs, o)
			}
		}
	}
	for _, p := range problems {
		add(p.Range)
	}
	for _, v := range vars {
		add(v.Range)
	}
	for _, r := range extra {
		add(r)
	}
	if len(offs) == 0 {
		return nil
	}
	slices.Sort(offs)
	src := s.Src
	var out []excerptLine
	pos, line := body, bytes.Count(src[:body], []byte{'\n'})
	for _, o := range offs {
		// A line already kept, found without a look back along it: many
		// findings on one long line cost its length once.
		if n := len(out); n > 0 && o < out[n-1].start+len(out[n-1].text) {
			continue
		}
		start := bytes.LastIndexByte(src[pos:o], '\n') + 1 + pos
		line += bytes.Count(src[pos:start], []byte{'\n'})
		end := len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		out = append(out, excerptLine{number: line, start: start, text: bytes.Clone(src[start:end])})
		pos = start
	}
	return out
}
