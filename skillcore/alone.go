package skillcore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// A catalog is what a user gets (SPEC 7): the project's own skills, what
// the home has installed, and a plugin of the project as it is installed,
// one at a time. No agent loads a marketplace's plugins from its checkout
// (Codex 0.169 run in a 60-plugin marketplace lists none of them), so the
// skills of a project with packages count against an agent's budget in
// catalogs of their own: the project's without any of its plugins
// (ownCatalog), and each plugin's, installed alone beside the project's and
// the home's skills (pluginCatalog). The context holding every skill of
// the world ("") stays the one where names collide: two plugins of a
// marketplace that ship one name do meet once both are installed.

// ownCatalog is the catalog of a project's and the home's own skills.
const ownCatalog = "\x00own"

// pluginCatalog is the key of the catalog with plugin p installed alone.
func pluginCatalog(p *Package) string { return p.Root + "\x00" + p.Name }

// isPluginCatalog reports whether key is pluginCatalog(p), without making
// the key: asked per skill and context when a catalog is built.
func isPluginCatalog(key string, p *Package) bool {
	n := len(p.Root)
	return len(key) == n+1+len(p.Name) && key[:n] == p.Root && key[n] == 0 && key[n+1:] == p.Name
}

// admits reports whether the resolution's catalog counts skills found
// under r: every root for the world's own context, no package root for
// the project's own catalog, only its plugin's for a plugin's.
func (res *resolution) admits(r *Root) bool {
	return res.catalog == "" || r.Package == nil || isPluginCatalog(res.catalog, r.Package)
}

// pluginCatalogs lists, for each agent and project (a contextKey with no
// catalog), the catalogs of the plugins it loads from that project.
func pluginCatalogs(roots []Root) map[contextKey][]string {
	var out map[contextKey][]string
	for i := range roots {
		r := &roots[i]
		if r.Package == nil {
			continue
		}
		if out == nil {
			out = map[contextKey][]string{}
		}
		k := contextKey{r.Target, r.Project, ""}
		out[k] = append(out[k], pluginCatalog(r.Package))
	}
	return out
}

// aloneContexts adds to a skill's contexts, where its project has plugins,
// the project's own catalog and each plugin's: the skill stands in every
// one of them.
func (w *World) aloneContexts(ctxs []contextKey) []contextKey {
	for _, k := range ctxs {
		plugins := w.plugins[k]
		if k.catalog != "" || len(plugins) == 0 {
			continue
		}
		ctxs = append(ctxs, contextKey{k.target, k.project, ownCatalog})
		for _, p := range plugins {
			ctxs = append(ctxs, contextKey{k.target, k.project, p})
		}
	}
	return ctxs
}

// budgetContext reports whether ctx is one whose budget is told: a
// project's own catalog, a plugin's, or the world's context of a project
// without plugins.
func (w *World) budgetContext(ctx contextKey) bool {
	return ctx.catalog != "" || len(w.plugins[ctx]) == 0
}

// countsIn reports whether e's budget standing is told from ctx: its
// plugin's catalog for a plugin's skill, the project's own for the
// project's and the home's skills, and the world's context for a project
// without plugins, where it is the project's own.
func (w *World) countsIn(ctx contextKey, res *resolution, e *Entry) bool {
	switch ctx.catalog {
	case "":
		return len(w.plugins[ctx]) == 0
	case ownCatalog:
		return true
	}
	r := res.root[e]
	return r != nil && r.Package != nil
}

// budgetOf is the resolution e's budget standing is told from, for the
// world's context res of e's agent and project.
func (w *World) budgetOf(res *resolution, e *Entry) *resolution {
	k := contextKey{res.target, res.project, ""}
	if res.catalog != "" || len(w.plugins[k]) == 0 {
		return res
	}
	k.catalog = ownCatalog
	if r := res.root[e]; r != nil && r.Package != nil {
		k.catalog = pluginCatalog(r.Package)
	}
	return w.resolve(k)
}

// aloneIndex lists the skills a project's own catalog and a plugin's are
// built from, so that building each of a marketplace's catalogs costs its
// skills and the project's, not the whole world's: the skills each target
// finds under a root that is no package's, and each plugin's.
type aloneIndex struct {
	gen    int
	base   map[*loader.Target][]*Entry
	plugin map[string][]*Entry
}

// indexAlone brings the index up to date, before catalogs are built (in
// parallel: they only read it). A world without plugins needs none.
func (w *World) indexAlone() {
	if len(w.plugins) == 0 || w.alone != nil && w.alone.gen == w.gen {
		return
	}
	x := &aloneIndex{gen: w.gen, base: map[*loader.Target][]*Entry{}, plugin: map[string][]*Entry{}}
	var targets []*loader.Target
	var plugins []string
	for _, e := range w.entries {
		targets, plugins = targets[:0], plugins[:0]
		for _, r := range e.Roots {
			switch {
			case r.Package != nil:
				// One plugin is a package per target that reads it.
				if k := pluginCatalog(r.Package); !slices.Contains(plugins, k) {
					plugins = append(plugins, k)
					x.plugin[k] = append(x.plugin[k], e)
				}
			case !slices.Contains(targets, r.Target):
				targets = append(targets, r.Target)
				x.base[r.Target] = append(x.base[r.Target], e)
			}
		}
	}
	w.alone = x
}

// aloneFrom lists the skills ctx's catalog is built from; false for the
// world's own context, or without an index to say.
func (w *World) aloneFrom(ctx contextKey) ([]*Entry, bool) {
	x := w.alone
	if ctx.catalog == "" || x == nil || x.gen != w.gen {
		return nil, false
	}
	base := x.base[ctx.target]
	if ctx.catalog == ownCatalog {
		return base, true
	}
	// A plugin's skill also found under an ordinary root is in base.
	return slices.Concat(base, slices.DeleteFunc(slices.Clone(x.plugin[ctx.catalog]), func(e *Entry) bool {
		return slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == ctx.target && r.Package == nil })
	})), true
}

// budgetSummary is how a whole catalog stands against its budget: how
// many skills it cuts, lists by name only or drops, how far over it is,
// and the skill its one warning is told on (anchor; nil when it fits, or
// when none of its skills is the author's to shorten).
type budgetSummary struct {
	anchor                 *Entry
	cut, nameOnly, dropped int
	over                   int // percent over the budget, to the nearest 10
}

// summarize works out the resolution's budgetSummary from its budget
// standing: one pass over the catalog, after each count of the budget.
func (res *resolution) summarize() budgetSummary {
	t := res.target
	var s budgetSummary
	total, best, bestRank := 0, 0, 0
	for _, e := range res.order {
		b := res.budget[e]
		switch {
		case t.Fit.Model != loader.NoFit:
			switch b.fit.State {
			case loader.FitCut:
				s.cut++
			case loader.FitNameOnly:
				s.nameOnly++
			case loader.FitDropped:
				s.dropped++
			}
			if s.over == 0 && b.fit.State != loader.FitWhole {
				s.over = b.fit.Rounded().Cost
			}
		case b.dropped:
			s.dropped++
		}
		total += b.size
		if rank := res.owned(e); rank > bestRank || rank == bestRank && rank > 0 && e.sig.size > best {
			s.anchor, best, bestRank = e, e.sig.size, rank
		}
	}
	if s.cut+s.nameOnly+s.dropped == 0 {
		return budgetSummary{}
	}
	if t.Fit.Model == loader.NoFit && t.CatalogBudget > 0 {
		s.over = ((total-t.CatalogBudget)*100/t.CatalogBudget + 5) / 10 * 10
	}
	return s
}

// owned ranks how much a catalog's skill is the author's to act on: a
// skill of the catalog's plugin first, then one of the project, then one
// of the home's own folders; one an agent installed, or a plugin's in the
// world's context (not installed), not at all.
func (res *resolution) owned(e *Entry) int {
	r := res.root[e]
	switch {
	case r == nil || r.Scope == loader.ScopeInstalled:
		return 0
	case r.Package != nil && res.catalog == "":
		return 0
	case r.Package != nil:
		return 3
	case r.Scope == loader.ScopeGlobal:
		return 1
	}
	return 2
}

// resummarize keeps the summary up to date after a count of the budget and
// adds to changed the skills whose warning comes or goes with it.
func (res *resolution) resummarize(changed []*Entry) []*Entry {
	s := res.summarize()
	if s == res.summary {
		return changed
	}
	for _, e := range []*Entry{res.summary.anchor, s.anchor} {
		if e != nil {
			changed = append(changed, e)
		}
	}
	res.summary = s
	return changed
}

// overBudget is the catalog's one warning when it passes its budget, on
// the skill the summary names (its description: what to shorten); none
// for any other skill.
func (res *resolution) overBudget(e *Entry) []loader.Problem {
	s := res.summary
	if s.anchor != e {
		return nil
	}
	t := res.target
	var did []string
	if s.cut > 0 {
		did = append(did, fmt.Sprintf("cuts %s", count(s.cut, "description")))
	}
	if s.nameOnly > 0 || s.dropped > 0 && nameOnlyPast(t) {
		did = append(did, fmt.Sprintf("lists %s by name only", count(s.nameOnly+namedPast(t, s.dropped), "skill")))
	}
	if s.dropped > 0 && !nameOnlyPast(t) {
		did = append(did, fmt.Sprintf("drops %s", count(s.dropped, "skill")))
	}
	over := fmt.Sprintf("about %d%% over", s.over)
	if s.over == 0 {
		over = "less than 5% over"
	}
	at := loader.NameRange(e.Skill)
	if d := e.Skill.Field("description"); d != nil {
		at = d.Value.Range
	}
	return []loader.Problem{{Rule: "catalog-budget", Severity: loader.Warning, Range: at, Targets: []string{t.ID},
		Message: fmt.Sprintf("%s's catalog %s is %s its budget: it %s; this skill's entry is the longest %s, the first to shorten", t.Title, res.whose(e), over, strings.Join(did, " and "), res.ofWhom(e))}}
}

// namedPast is how many of the skills past its budget t lists by name
// only instead of dropping them: all of them for an agent that drops none.
func namedPast(t *loader.Target, dropped int) int {
	if nameOnlyPast(t) {
		return dropped
	}
	return 0
}

// nameOnlyPast reports whether t lists the skills past its CatalogBudget
// by name only rather than drop them (Lister.NameOnlyPastBudget).
func nameOnlyPast(t *loader.Target) bool {
	return t.Lister != nil && t.Lister.NameOnlyPastBudget
}

// whose says whose skills the catalog holds, from one of them, e.
func (res *resolution) whose(e *Entry) string {
	if r := res.root[e]; r.Package != nil {
		return fmt.Sprintf("with plugin %s installed alone", r.Package.Name)
	}
	return "of this project's skills"
}

// ofWhom says among which skills e's entry is the longest.
func (res *resolution) ofWhom(e *Entry) string {
	switch r := res.root[e]; {
	case r.Package != nil:
		return "of the plugin's"
	case r.Scope == loader.ScopeGlobal:
		return "of your own skills"
	}
	return "of the project's"
}

// count is n things, in the plural unless n is 1.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
