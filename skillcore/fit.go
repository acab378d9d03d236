package skillcore

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// An agent's own catalog budget (Target.Fit) as findings: the resolution
// fits its whole catalog again on each change, as the agents do, and each
// skill whose line the fit cuts, reduces to its name or drops is told so,
// with how far the catalog is over. Zed's budget (CatalogBudget) is
// counted in collide.go.

// fitState is what a budget does to one skill's line.
type fitState uint8

const (
	fitWhole    fitState = iota
	fitCut               // the description is cut (kept of had chars stay)
	fitNameOnly          // listed by name only
	fitDropped           // left out
)

// fitted is how one skill's line stands in its fitted catalog.
type fitted struct {
	state     fitState
	kept, had int // description chars kept and had (Codex's cut)
	// cost is what the whole catalog would take uncut, limit its budget.
	cost, limit int
}

// fitEntries fits entries, in the catalog's order, with t's own model.
func fitEntries(t *Target, entries []CatalogEntry, memo *fitMemo) []fitted {
	switch t.Fit.Model {
	case FitCodex:
		return fitCodex(t, entries, memo).fits(len(entries), memo)
	case FitClaude:
		return fitClaude(t, entries, memo).fits()
	}
	return nil
}

// fitMemo is what a resolution's fits keep from one to the next: a
// change refits the whole catalog, and in a large world working out every
// line's text again, and making the slices of every line anew, was most
// of a keystroke's time and garbage. A nil memo keeps nothing.
type fitMemo struct {
	texts map[*Skill]string // each member's line text (fitText)
	// Codex's lines and their paths, absolute and shortened; shorts
	// remembers each path's short form under the roots shortRoots names.
	lines      []codexLine
	abs, short []string
	shorts     map[string]string
	shortRoots string
	// The slices of the two allocations (absolute and aliased) and of
	// the fits.
	alloc [2]allocScratch
	fits  []fitted
	// entries is the slice resolution.entries made last.
	entries []CatalogEntry
}

// allocScratch is the scratch of Codex's allocation i (0 absolute, 1
// aliased); nil for a nil memo.
func (m *fitMemo) allocScratch(i int) *allocScratch {
	if m == nil {
		return nil
	}
	return &m.alloc[i]
}

// text is the text of s's line for t.
func (m *fitMemo) text(t *Target, s *Skill) string {
	if m == nil {
		return fitText(t, s)
	}
	return remembered(m.texts, s, func() string { return fitText(t, s) })
}

// remembered is memo[key], worked out by work and kept the first time.
func remembered[K comparable](memo map[K]string, key K, work func() string) string {
	v, ok := memo[key]
	if !ok {
		v = work()
		memo[key] = v
	}
	return v
}

// fitText is the text of a skill's line that t's fit measures: Claude
// Code's listing text, or the description.
func fitText(t *Target, s *Skill) string {
	if t.Fit.Model == FitClaude {
		return claudeListing(t, s)
	}
	return catalogDescription(t, s)
}

// useRoots readies shortPath for paths under roots: the short forms
// remembered are of the same roots, and of no more paths than twice the
// lines.
func (m *fitMemo) useRoots(roots []string) {
	if m == nil {
		return
	}
	if key := strings.Join(roots, "\x00"); key != m.shortRoots || len(m.shorts) > 2*len(m.lines)+64 {
		m.shorts, m.shortRoots = map[string]string{}, key
	}
}

// shortPath is codexShorten, remembered (after useRoots with the same
// roots).
func (m *fitMemo) shortPath(roots []string, path string) string {
	if m == nil {
		return codexShorten(roots, path)
	}
	return remembered(m.shorts, path, func() string { return codexShorten(roots, path) })
}

// reuse is a slice of n values, the one buf holds when it is large
// enough; its values are left to the caller to set.
func reuse[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

// fitMemo readies the resolution's memo for a fit: the texts of skills no
// longer members (an edited file's earlier versions) are let go once there
// are 64 of them.
func (res *resolution) fitMemo() *fitMemo {
	m := &res.memo
	if m.texts == nil || len(m.texts) > len(res.order)+64 {
		was := m.texts
		m.texts = make(map[*Skill]string, len(res.order))
		for _, e := range res.order {
			if text, ok := was[e.Skill]; ok {
				m.texts[e.Skill] = text
			}
		}
	}
	return m
}

// entries are the resolution's catalog as CatalogEntry values, named as
// the agent lists them.
func (res *resolution) entries() []CatalogEntry {
	t := res.target
	// Made again at every refit: the slice of the last one is reused.
	out := reuse(&res.memo.entries, len(res.order))
	for i, e := range res.order {
		r := res.root[e]
		out[i] = CatalogEntry{Skill: e.Skill, Scope: r.Scope, Root: r.Dir, RootRank: r.Rank, Name: e.InstalledName(t)}
	}
	listNames(t, out)
	return out
}

// refit fits the whole catalog again and returns the entries whose
// findings change, gone ones included.
func (res *resolution) refit(t *Target, gone []*Entry) []*Entry {
	var changed []*Entry
	for _, e := range gone {
		if _, ok := res.budget[e]; ok && !slices.Contains(res.order, e) {
			delete(res.budget, e)
			changed = append(changed, e)
		}
	}
	fits := fitEntries(t, res.entries(), res.fitMemo())
	for i, e := range res.order {
		u := budgetUse{fit: fits[i], dropped: fits[i].state == fitDropped}
		if w, ok := res.budget[e]; !ok || w.view(t) != u.view(t) {
			changed = append(changed, e)
		}
		res.budget[e] = u
	}
	if len(fits) > 0 {
		res.spent = fits[0].cost
	}
	return res.resummarize(changed)
}

// rounded is what a finding says of a fitted line: the chars kept to the
// nearest 50 and the excess to the nearest 10% of the budget, so that an
// edit elsewhere in the catalog seldom changes it (the exact figures are
// in `skill-ls catalog`'s report).
func (f fitted) rounded() fitted {
	if f.state == fitWhole {
		return fitted{}
	}
	r := fitted{state: f.state, had: f.had, limit: f.limit}
	if f.state == fitCut {
		r.kept = (f.kept + 25) / 50 * 50
	}
	if f.limit > 0 {
		r.cost = ((f.cost-f.limit)*100/f.limit + 5) / 10 * 10 // percent over
	}
	return r
}

// fitProblem is what the finding on a skill says of its line in a fitted
// catalog, or a Problem without a rule when the line is whole.
func fitProblem(t *Target, e *Entry, f fitted) Problem {
	// Information: the catalog's one warning is overBudget's (alone.go).
	p := Problem{Rule: "catalog-budget", Severity: Info, Range: nameRange(e.Skill), Targets: []string{t.ID}}
	unit := "token"
	if t.Fit.Model == FitClaude {
		unit = "char"
	}
	r := f.rounded()
	over := fmt.Sprintf("the catalog's lines are about %d%% over %s's %d-%s budget", r.cost, t.Title, f.limit, unit)
	if r.cost == 0 {
		over = fmt.Sprintf("the catalog's lines are less than 5%% over %s's %d-%s budget", t.Title, f.limit, unit)
	}
	switch f.state {
	case fitCut:
		if d := e.Skill.Field("description"); d != nil {
			p.Range = d.Value.Range
		}
		kept := fmt.Sprintf("about %d", r.kept)
		if r.kept == 0 {
			kept = "fewer than 25"
		}
		p.Message = fmt.Sprintf("%s cuts this skill's description in the model's catalog, keeping %s of its %d chars: %s", t.Title, kept, f.had, over)
	case fitNameOnly:
		what := "with its description removed, as every skill's is"
		if t.Fit.Model == FitClaude {
			what = "as \"- name\", without its description"
		}
		p.Message = fmt.Sprintf("%s lists this skill by name only, %s: %s", t.Title, what, over)
	case fitDropped:
		p.Message = fmt.Sprintf("dropped from %s's catalog: with every description removed its line still does not fit; %s", t.Title, over)
	default:
		p.Rule = ""
	}
	return p
}

// fitReport is BudgetReport for a target with its own budget model: what
// the catalog takes of the budget, and each skill it cuts, lists by name
// only or drops.
func fitReport(t *Target, entries []CatalogEntry) string {
	var b strings.Builder
	fits := fitEntries(t, entries, nil)
	text := RenderCatalog(t, entries)
	var cut, nameOnly, dropped, long []string
	listed := 0
	for i, e := range entries {
		if e.Skill == nil {
			continue
		}
		name := e.installedName(t)
		switch f := fits[i]; f.state {
		case fitCut:
			cut = append(cut, fmt.Sprintf("%s (%d of %d chars)", name, f.kept, f.had))
		case fitNameOnly:
			nameOnly = append(nameOnly, name)
		case fitDropped:
			dropped = append(dropped, name)
		}
		if fits[i].state != fitDropped {
			listed++
		}
		if t.Fit.Model == FitCodex && utf8.RuneCountInString(catalogDescription(t, e.Skill)) > codexDescMax {
			long = append(long, name)
		} else if _, c := claudeListingText(t, e.Skill); c && t.Catalog == CatalogClaude {
			long = append(long, name)
		}
	}
	unit, limit := "tokens", t.Fit.Limit
	if t.Fit.Model == FitClaude {
		unit = "chars"
	}
	fmt.Fprintf(&b, "%s: %d skill%s listed, %d bytes of catalog text", t.ID, listed, pluralS(listed), len(text))
	if len(fits) > 0 {
		cost := fits[0].cost
		fmt.Fprintf(&b, "; its lines take %d of %d %s", cost, limit, unit)
		if cost > limit {
			fmt.Fprintf(&b, ", %d over", cost-limit)
		}
		if t.Fit.Model == FitClaude {
			b.WriteString(" (the agent's own skills included)")
		}
	}
	b.WriteString("\n")
	if len(cut) > 0 {
		fmt.Fprintf(&b, "descriptions cut for the budget (%d): %s\n", len(cut), strings.Join(cut, ", "))
	}
	if len(nameOnly) > 0 {
		fmt.Fprintf(&b, "listed by name only for the budget (%d): %s\n", len(nameOnly), strings.Join(nameOnly, ", "))
	}
	if len(dropped) > 0 {
		fmt.Fprintf(&b, "dropped for the budget (%d): %s\n", len(dropped), strings.Join(dropped, ", "))
	}
	if len(long) > 0 {
		max := codexDescMax
		if t.Fit.Model == FitClaude {
			max = t.Description.ListingMax
		}
		fmt.Fprintf(&b, "listing cut at %d chars (%d): %s\n", max, len(long), strings.Join(long, ", "))
	}
	return b.String()
}
