package skillcore

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// An agent's own order of its catalog (Lister.Key and Compare), and its own
// budget cost, driven from the resolution: the world works out where each
// member stands, the agent what that means.

// place is where e stands in the resolution's catalog.
func (res *resolution) place(e *Entry) loader.Place {
	at := res.root[e]
	p := loader.Place{Path: e.Skill.Path, Name: identityOf(res.target, e), Listed: res.listedName(e), Scope: at.Scope, Rank: at.Rank}
	for _, r := range e.Roots {
		if r.Target != res.target || r.Rank != at.Rank || !loader.Within(r.Dir, e.Skill.Path) {
			continue
		}
		dir := r.SkillDir(e.Skill.Path)
		rel := filepath.ToSlash(strings.TrimPrefix(e.Skill.Path[len(dir):], string(filepath.Separator)))
		p.Folder, _, _ = strings.Cut(rel, "/")
		p.RootFile = !strings.Contains(rel, "/")
		break
	}
	return p
}

// key is what the agent orders e by in its catalog.
func (res *resolution) key(e *Entry) loader.Place {
	p := res.place(e)
	l := res.target.Lister
	if l.Key == nil {
		return p
	}
	g := res.groups[p.Name]
	group := make([]loader.Place, len(g))
	for i, m := range g {
		group[i] = res.place(m)
	}
	return l.Key(p, group)
}

// sortByKey sorts the catalog in the agent's own order, each member's key
// worked out once rather than at every comparison.
func (res *resolution) sortByKey() {
	type keyed struct {
		key loader.Place
		e   *Entry
	}
	ks := make([]keyed, len(res.order))
	for i, e := range res.order {
		ks[i] = keyed{res.key(e), e}
	}
	compare := res.target.Lister.Compare
	slices.SortFunc(ks, func(a, b keyed) int { return compare(a.key, b.key) })
	for i, k := range ks {
		res.order[i] = k.e
	}
}

// catalogOrder is how the resolution's target orders its catalog where
// that is not the order it finds skills in; nil: the order it finds them.
func (res *resolution) catalogOrder() func(a, b *Entry) int {
	l := res.target.Lister
	switch {
	case l == nil:
		return nil
	case l.Compare != nil:
		return func(a, b *Entry) int { return l.Compare(res.key(a), res.key(b)) }
	case l.FoundOrder:
		return res.compare
	}
	return nil
}

// listedName is the name a member is listed under: its installed name, or
// its own.
func (res *resolution) listedName(e *Entry) string {
	if n := e.InstalledName(res.target); n != "" {
		return n
	}
	return loader.DisplayName(res.target, e.Skill)
}

// budgetCost is what a member takes of the target's CatalogBudget: what
// the agent counts (Lister.Cost), else its name and description bytes.
func (res *resolution) budgetCost(e *Entry) int {
	if l := res.target.Lister; l != nil && l.Cost != nil {
		return l.Cost(res.target, e.Skill, res.listedName(e), res.root[e].Scope)
	}
	return e.sig.size
}

// budgetSigText is what, besides name and size, an agent's own cost of a
// skill depends on: the description as it reads it (the body's text when
// the frontmatter has none), so an edit that keeps the byte count but not
// the escaped length is still counted again.
func budgetSigText(targets []*loader.Target, s *loader.Skill) string {
	for _, t := range targets {
		if t.Lister != nil && t.Lister.Cost != nil && t.CatalogBudget > 0 {
			return loader.CatalogDescription(t, s)
		}
	}
	return ""
}

// listNames sets the names entries are listed under, as the agent does.
func listNames(t *loader.Target, entries []loader.CatalogEntry) {
	if l := t.Lister; l != nil && l.Names != nil {
		l.Names(t, entries)
	}
}
