package analysis

import "slices"

// SafeFixes are the fixes a checker applies unasked to the file at path:
// for each finding, its first fix marked Safe, leaving out any whose edits
// overlap those of a fix taken before (the next pass takes it, on the text
// the first left).
func (w *Workspace) SafeFixes(path string) []Fix {
	var out []Fix
	var taken []Range
	for _, f := range w.Findings(path) {
		if f.Suppressed {
			continue // the author accepts it as it is
		}
		fixes := w.Fixes(path, f)
		i := slices.IndexFunc(fixes, func(x Fix) bool { return x.Safe })
		if i < 0 {
			continue
		}
		fix := fixes[i]
		if slices.ContainsFunc(fix.Edits, func(e Edit) bool { return overlapsAny(e.Range, taken) }) {
			continue
		}
		for _, e := range fix.Edits {
			taken = append(taken, e.Range)
		}
		out = append(out, fix)
	}
	return out
}

// overlapsAny reports whether r shares a byte, or an insertion point, with
// one of rs.
func overlapsAny(r Range, rs []Range) bool {
	return slices.ContainsFunc(rs, func(q Range) bool {
		return r.Start < q.End && q.Start < r.End || r.Start == q.Start
	})
}

// ApplyEdits returns src with the edits of fixes made, which must not
// overlap (as SafeFixes gives them).
func ApplyEdits(src []byte, fixes []Fix) []byte {
	var edits []Edit
	for _, f := range fixes {
		edits = append(edits, f.Edits...)
	}
	slices.SortFunc(edits, func(a, b Edit) int { return a.Range.Start - b.Range.Start })
	out := make([]byte, 0, len(src))
	at := 0
	for _, e := range edits {
		out = append(out, src[at:e.Range.Start]...)
		out = append(out, e.NewText...)
		at = e.Range.End
	}
	return append(out, src[at:]...)
}
