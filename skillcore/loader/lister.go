package loader

import (
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// What an agent's own catalog code is handed by the world and hands back.

// packageRank is where package roots start in a target's order.
const PackageRank = 1 << 20

// installedRank is where installed plugins' roots start in a target's
// order: after every root of the project and the user, and after the
// packages of the project's own repository.
const InstalledRank = PackageRank << 1

// nearBudget is the share of the budget past which a skill is told that the
// catalog is close to full.
const NearBudget = 0.9

// nameRange is where findings about a skill's name point: its value, or the
// opening --- when it has none.
func NameRange(s *Skill) syntax.Range {
	if f := s.Field("name"); f != nil {
		return f.Value.Range
	}
	return s.Frontmatter.Open
}

// fitState is what a budget does to one skill's line.
type FitState uint8

const (
	FitWhole    FitState = iota
	FitCut               // the description is cut (kept of had chars stay)
	FitNameOnly          // listed by name only
	FitDropped           // left out
)

// fitted is how one skill's line stands in its fitted catalog.
type Fitted struct {
	State     FitState
	Kept, Had int // description chars kept and had (Codex's cut)
	// cost is what the whole catalog would take uncut, limit its budget.
	Cost, Limit int
}

// fitMemo is what a resolution's fits keep from one to the next: a
// change refits the whole catalog, and in a large world working out every
// line's text again, and making the slices of every line anew, was most
// of a keystroke's time and garbage. A nil memo keeps nothing.
type FitMemo struct {
	Texts map[*Skill]string // each member's line text (fitText)
	// agent is what the agent's own fit keeps (Codex's lines and paths).
	Agent any
	Fits  []Fitted
	// entries is the slice resolution.entries made last.
	Entries []CatalogEntry
}

// text is the text of s's line for t.
func (m *FitMemo) Text(t *Target, s *Skill) string {
	if m == nil {
		return fitText(t, s)
	}
	return Remembered(m.Texts, s, func() string { return fitText(t, s) })
}

// remembered is memo[key], worked out by work and kept the first time.
func Remembered[K comparable](memo map[K]string, key K, work func() string) string {
	v, ok := memo[key]
	if !ok {
		v = work()
		memo[key] = v
	}
	return v
}

// reuse is a slice of n values, the one buf holds when it is large
// enough; its values are left to the caller to set.
func Reuse[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

// rounded is what a finding says of a fitted line: the chars kept to the
// nearest 50 and the excess to the nearest 10% of the budget, so that an
// edit elsewhere in the catalog seldom changes it (the exact figures are
// in `skill-ls catalog`'s report).
func (f Fitted) Rounded() Fitted {
	if f.State == FitWhole {
		return Fitted{}
	}
	r := Fitted{State: f.State, Had: f.Had, Limit: f.Limit}
	if f.State == FitCut {
		r.Kept = (f.Kept + 25) / 50 * 50
	}
	if f.Limit > 0 {
		r.Cost = ((f.Cost-f.Limit)*100/f.Limit + 5) / 10 * 10 // percent over
	}
	return r
}

// Lister is an agent's own code for its catalog, where the data of its
// Target does not say it all; its folder sets it. Every field is optional.
type Lister struct {
	// Style frames the catalog's entries.
	Style *CatalogStyle
	// Render renders the whole catalog, in place of Style's frame.
	Render func(t *Target, entries []CatalogEntry) string
	// Entry renders one entry knowing its scope, in place of Style.Entry.
	Entry func(t *Target, s *Skill, name string, scope Scope) string
	// Names sets the names entries are listed under (Listed).
	Names func(t *Target, entries []CatalogEntry)
	// Key and Compare order the catalog where that is not the order the
	// agent finds skills in: Key is what a member is ordered by, worked
	// out once from its place and those of every skill loaded under its
	// name; Compare compares two keys.
	Key     func(p Place, group []Place) Place
	Compare func(a, b Place) int
	// FoundOrder: the catalog is in the order the agent finds skills in
	// across roots, as a shared name's winner is chosen.
	FoundOrder bool
	// Cost is what a member takes of CatalogBudget when that is not its
	// name and description bytes (copilot: its rendered entry).
	Cost func(t *Target, s *Skill, listed string, scope Scope) int
	// BudgetProblem is what a finding says of a member's place in the
	// budget Cost counts.
	BudgetProblem func(t *Target, s *Skill, size, usedAfter int, dropped bool) Problem
	// BudgetLine is the catalog report's line on that budget.
	BudgetLine func(t *Target, entries []CatalogEntry) string
	// NameOnlyPastBudget: a member past CatalogBudget is listed by name
	// only, not dropped.
	NameOnlyPastBudget bool
	// Fit fits the catalog, in its order, into the agent's own budget
	// (Target.Fit); FitText is the text of a line it measures, when that
	// is not the description.
	Fit     func(t *Target, entries []CatalogEntry, memo *FitMemo) []Fitted
	FitText func(t *Target, s *Skill) string
	// Cuts reports whether the agent's listing cuts the skill's line,
	// CutAt is where.
	Cuts  func(t *Target, s *Skill) bool
	CutAt func(t *Target) int
}

// Place is where a member of an agent's catalog stands, as the agent's
// own order reads it.
type Place struct {
	Path   string
	Name   string // the agent's identity for it
	Listed string // the name it is listed under
	// Scope and Rank are of the root it is a member through.
	Scope Scope
	Rank  int
	// RootFile: the SKILL.md directly in that root; else Folder is the
	// folder below the root that holds it.
	RootFile bool
	Folder   string
}

// fitText is the text of a skill's line that t's fit measures: the
// agent's own (Lister.FitText), or the description.
func fitText(t *Target, s *Skill) string {
	if l := t.Lister; l != nil && l.FitText != nil {
		return l.FitText(t, s)
	}
	return CatalogDescription(t, s)
}
