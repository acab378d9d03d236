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
	if w.ReadOnly(path) {
		return out
	}
	var findings []Finding
	fixesOf := func(f Finding) []Fix { return w.Fixes(path, f) }
	if IsManifestFile(path) {
		findings = w.ManifestFindings(path)
	} else if e := w.file(path); e != nil {
		findings = w.entryFindings(e)
		fixesOf = func(f Finding) []Fix { return fixesFor(e.Skill, f) }
	}
	for _, f := range findings {
		if f.Range.End < r.Start || f.Range.Start > r.End {
			continue
		}
		fixes := fixesOf(f)
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
