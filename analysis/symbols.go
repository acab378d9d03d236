package analysis

import (
	"bytes"
)

// SymbolKind says what a document symbol is.
type SymbolKind int

const (
	SymbolKey SymbolKind = iota + 1
	SymbolHeading
)

// Symbol is an outline entry: a frontmatter key or a Markdown heading, with
// headings nested by level.
type Symbol struct {
	Name      string
	Detail    string
	Kind      SymbolKind
	Range     Range // the whole entry (a key with its value; a section)
	Selection Range // the part to highlight (the key; the heading line)
	Children  []Symbol
}

// Symbols is the outline of the file at path.
func (w *Workspace) Symbols(path string) []Symbol {
	e := w.file(path)
	out := []Symbol{}
	if e == nil {
		return out
	}
	s := e.Skill
	if s.Meta != nil {
		for _, f := range s.Meta.Fields {
			detail := ""
			if f.Value.IsScalar() {
				detail = abbreviate(f.Value.Text, 60)
			}
			out = append(out, Symbol{Name: f.Key, Detail: detail, Kind: SymbolKey,
				Range: Range{Start: f.KeyRange.Start, End: max(f.KeyRange.End, f.Value.Range.End)}, Selection: f.KeyRange})
		}
	}
	sections := w.sections(e.Skill.Src, w.body(s))
	return append(out, nestSections(sections)...)
}

// section is a heading with the range of text it governs.
type section struct {
	heading Heading
	end     int
}

// sections gives every heading the text up to the next heading of the same
// or a higher level.
func (w *Workspace) sections(src []byte, b *Body) []section {
	out := make([]section, len(b.Headings))
	for i, h := range b.Headings {
		end := len(src)
		for _, n := range b.Headings[i+1:] {
			if n.Level <= h.Level {
				end = n.Range.Start
				break
			}
		}
		out[i] = section{heading: h, end: trimTrailingSpace(src, h.Range.End, end)}
	}
	return out
}

func trimTrailingSpace(src []byte, min, end int) int {
	for end > min && bytes.ContainsRune([]byte(" \t\r\n"), rune(src[end-1])) {
		end--
	}
	return end
}

func nestSections(secs []section) []Symbol {
	var out []Symbol
	var stack []*[]Symbol
	var levels []int
	stack = append(stack, &out)
	levels = append(levels, 0)
	for _, s := range secs {
		for len(levels) > 1 && levels[len(levels)-1] >= s.heading.Level {
			stack, levels = stack[:len(stack)-1], levels[:len(levels)-1]
		}
		parent := stack[len(stack)-1]
		*parent = append(*parent, Symbol{Name: s.heading.Text, Kind: SymbolHeading,
			Range: Range{Start: s.heading.Range.Start, End: s.end}, Selection: s.heading.Range})
		child := &(*parent)[len(*parent)-1].Children
		stack = append(stack, child)
		levels = append(levels, s.heading.Level)
	}
	if out == nil {
		return []Symbol{}
	}
	return out
}

// Fold is a range an editor can fold.
type Fold struct {
	Range Range
	Kind  string // "frontmatter", "section" or "code"
}

// Folds lists the foldable ranges of the file: the frontmatter, each
// section and each fenced code block.
func (w *Workspace) Folds(path string) []Fold {
	e := w.file(path)
	out := []Fold{}
	if e == nil {
		return out
	}
	s := e.Skill
	if fm := s.Frontmatter; fm.Present {
		end := fm.Close.End
		if !fm.Closed {
			end = fm.Content.End
		}
		out = append(out, Fold{Range: Range{Start: fm.Open.Start, End: end}, Kind: "frontmatter"})
	}
	b := w.body(s)
	for _, sec := range w.sections(s.Src, b) {
		out = append(out, Fold{Range: Range{Start: sec.heading.Range.Start, End: sec.end}, Kind: "section"})
	}
	for _, f := range b.Fences {
		out = append(out, Fold{Range: f, Kind: "code"})
	}
	return out
}

func abbreviate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
