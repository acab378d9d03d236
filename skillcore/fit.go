package skillcore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// An agent's own catalog budget (Target.Fit) as findings: the resolution
// fits its whole catalog again on each change, as the agents do, and each
// skill whose line the fit cuts, reduces to its name or drops is told so,
// with how far the catalog is over. Zed's budget (CatalogBudget) is
// counted in collide.go.

// fitEntries fits entries, in the catalog's order, with t's own model.
func fitEntries(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) []loader.Fitted {
	if l := t.Lister; l != nil && l.Fit != nil {
		return l.Fit(t, entries, memo)
	}
	return nil
}

// fitMemo readies the resolution's memo for a fit: the texts of skills no
// longer members (an edited file's earlier versions) are let go once there
// are 64 of them.
func (res *resolution) fitMemo() *loader.FitMemo {
	m := &res.memo
	if m.Texts == nil || len(m.Texts) > len(res.order)+64 {
		was := m.Texts
		m.Texts = make(map[*loader.Skill]string, len(res.order))
		for _, e := range res.order {
			if text, ok := was[e.Skill]; ok {
				m.Texts[e.Skill] = text
			}
		}
	}
	return m
}

// entries are the resolution's catalog as CatalogEntry values, named as
// the agent lists them.
func (res *resolution) entries() []loader.CatalogEntry {
	t := res.target
	// Made again at every refit: the slice of the last one is reused.
	out := loader.Reuse(&res.memo.Entries, len(res.order))
	for i, e := range res.order {
		r := res.root[e]
		out[i] = loader.CatalogEntry{Skill: e.Skill, Scope: r.Scope, Root: r.Dir, RootRank: r.Rank, Name: e.InstalledName(t)}
	}
	listNames(t, out)
	return out
}

// refit fits the whole catalog again and returns the entries whose
// findings change, gone ones included.
func (res *resolution) refit(t *loader.Target, gone []*Entry) []*Entry {
	var changed []*Entry
	for _, e := range gone {
		if _, ok := res.budget[e]; ok && !slices.Contains(res.order, e) {
			delete(res.budget, e)
			changed = append(changed, e)
		}
	}
	fits := fitEntries(t, res.entries(), res.fitMemo())
	for i, e := range res.order {
		u := budgetUse{fit: fits[i], dropped: fits[i].State == loader.FitDropped}
		if w, ok := res.budget[e]; !ok || w.view(t) != u.view(t) {
			changed = append(changed, e)
		}
		res.budget[e] = u
	}
	if len(fits) > 0 {
		res.spent = fits[0].Cost
	}
	return res.resummarize(changed)
}

// fitProblem is what the finding on a skill says of its line in a fitted
// catalog, or a Problem without a rule when the line is whole.
func fitProblem(t *loader.Target, e *Entry, f loader.Fitted) loader.Problem {
	// Information: the catalog's one warning is overBudget's (alone.go).
	p := loader.Problem{Rule: "catalog-budget", Severity: loader.Info, Range: loader.NameRange(e.Skill), Targets: []string{t.ID}}
	unit := "token"
	if t.Fit.Model == loader.FitClaude {
		unit = "char"
	}
	r := f.Rounded()
	over := fmt.Sprintf("the catalog's lines are about %d%% over %s's %d-%s budget", r.Cost, t.Title, f.Limit, unit)
	if r.Cost == 0 {
		over = fmt.Sprintf("the catalog's lines are less than 5%% over %s's %d-%s budget", t.Title, f.Limit, unit)
	}
	switch f.State {
	case loader.FitCut:
		if d := e.Skill.Field("description"); d != nil {
			p.Range = d.Value.Range
		}
		kept := fmt.Sprintf("about %d", r.Kept)
		if r.Kept == 0 {
			kept = "fewer than 25"
		}
		p.Message = fmt.Sprintf("%s cuts this skill's description in the model's catalog, keeping %s of its %d chars: %s", t.Title, kept, f.Had, over)
	case loader.FitNameOnly:
		what := "with its description removed, as every skill's is"
		if t.Fit.Model == loader.FitClaude {
			what = "as \"- name\", without its description"
		}
		p.Message = fmt.Sprintf("%s lists this skill by name only, %s: %s", t.Title, what, over)
	case loader.FitDropped:
		p.Message = fmt.Sprintf("dropped from %s's catalog: with every description removed its line still does not fit; %s", t.Title, over)
	default:
		p.Rule = ""
	}
	return p
}

// fitReport is BudgetReport for a target with its own budget model: what
// the catalog takes of the budget, and each skill it cuts, lists by name
// only or drops.
func fitReport(t *loader.Target, entries []loader.CatalogEntry) string {
	var b strings.Builder
	fits := fitEntries(t, entries, nil)
	text := RenderCatalog(t, entries)
	var cut, nameOnly, dropped, long []string
	listed := 0
	for i, e := range entries {
		if e.Skill == nil {
			continue
		}
		name := e.InstalledName(t)
		switch f := fits[i]; f.State {
		case loader.FitCut:
			cut = append(cut, fmt.Sprintf("%s (%d of %d chars)", name, f.Kept, f.Had))
		case loader.FitNameOnly:
			nameOnly = append(nameOnly, name)
		case loader.FitDropped:
			dropped = append(dropped, name)
		}
		if fits[i].State != loader.FitDropped {
			listed++
		}
		if l := t.Lister; l.Cuts != nil && l.Cuts(t, e.Skill) {
			long = append(long, name)
		}
	}
	unit, limit := "tokens", t.Fit.Limit
	if t.Fit.Model == loader.FitClaude {
		unit = "chars"
	}
	fmt.Fprintf(&b, "%s: %d skill%s listed, %d bytes of catalog text", t.ID, listed, pluralS(listed), len(text))
	if len(fits) > 0 {
		cost := fits[0].Cost
		fmt.Fprintf(&b, "; its lines take %d of %d %s", cost, limit, unit)
		if cost > limit {
			fmt.Fprintf(&b, ", %d over", cost-limit)
		}
		if t.Fit.Model == loader.FitClaude {
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
		fmt.Fprintf(&b, "listing cut at %d chars (%d): %s\n", t.Lister.CutAt(t), len(long), strings.Join(long, ", "))
	}
	return b.String()
}
