package analysis

// Action is a fix offered for a finding in a range of a file.
type Action struct {
	Finding Finding
	Fix     Fix
}

// Actions lists the fixes of every finding of the file at path that want
// picks (the editor's request decides: the lines it touches, the
// diagnostics it names), preferred fixes first within each finding. No two
// actions share a title: where two findings offer the same change (an
// "Open" of the same file, say), the first is kept.
func (w *Workspace) Actions(path string, want func(Finding) bool) []Action {
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
		fixesOf = func(f Finding) []Fix {
			fixes := fixesFor(e.Skill, f)
			if fix, ok := suppressFix(e.Skill, w.body(e.Skill), f); ok && !w.config.NoInlineConfig {
				fixes = append(fixes, fix) // last: the fixes mend, this accepts
			}
			return fixes
		}
	}
	titles := map[string]bool{}
	add := func(f Finding, fix Fix) {
		if !titles[fix.Title] {
			titles[fix.Title] = true
			out = append(out, Action{Finding: f, Fix: fix})
		}
	}
	for _, f := range findings {
		if f.Suppressed || !want(f) {
			continue
		}
		fixes := fixesOf(f)
		for _, fix := range fixes {
			if fix.Preferred {
				add(f, fix)
			}
		}
		for _, fix := range fixes {
			if !fix.Preferred {
				add(f, fix)
			}
		}
	}
	return out
}

// Overlaps reports whether a finding's range meets r (touching ends
// included).
func (f Finding) Overlaps(r Range) bool {
	return f.Range.End >= r.Start && f.Range.Start <= r.End
}

// Touching picks, for Actions, the findings that meet r.
func Touching(r Range) func(Finding) bool {
	return func(f Finding) bool { return f.Overlaps(r) }
}
