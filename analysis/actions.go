package analysis

// Action is a fix offered for a finding in a range of a file.
type Action struct {
	Finding Finding
	Fix     Fix
}

// Actions lists the fixes of every finding that overlaps r in the file at
// path, preferred fixes first within each finding.
func (w *Workspace) Actions(path string, r Range) []Action {
	out := []Action{}
	e := w.file(path)
	if e == nil || w.ReadOnly(path) {
		return out
	}
	for _, f := range w.entryFindings(e) {
		if f.Range.End < r.Start || f.Range.Start > r.End {
			continue
		}
		fixes := fixesFor(e.Skill, f)
		for _, fix := range fixes {
			if fix.Preferred {
				out = append(out, Action{Finding: f, Fix: fix})
			}
		}
		for _, fix := range fixes {
			if !fix.Preferred {
				out = append(out, Action{Finding: f, Fix: fix})
			}
		}
	}
	return out
}
