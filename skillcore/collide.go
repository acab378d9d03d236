package skillcore

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// contextKey is one agent running in one project ("" for none): the unit in
// which names collide and a catalog is built.
type contextKey struct {
	target  *Target
	project string
}

// resolution is what one agent loads in one project, in its order.
type resolution struct {
	gen    int
	target *Target
	// groups maps each name to the skills loaded under it, winner first.
	groups map[string][]*Entry
	// order is the catalog: winners, in the order the agent lists them.
	order  []*Entry
	root   map[*Entry]Root
	budget map[*Entry]budgetUse
}

type budgetUse struct {
	size, usedAfter int
	dropped         bool
}

// standing summarises an entry's place in the resolution, so a change can be
// detected by comparing summaries before and after.
func (res *resolution) standing(e *Entry, key string) standing {
	g := res.groups[key]
	return standing{e, len(g), slices.Index(g, e), res.budget[e]}
}

// standing is an entry's place in one resolution.
type standing struct {
	entry        *Entry
	group, index int
	budget       budgetUse
}

// contextsOf lists the contexts a file takes part in: its project's, for
// each target with a project root that finds it, and every project's for a
// global root.
func (w *World) contextsOf(e *Entry) []contextKey {
	var out []contextKey
	add := func(k contextKey) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, r := range e.Roots {
		if r.Scope == ScopeProject {
			add(contextKey{r.Target, e.Project})
			continue
		}
		add(contextKey{r.Target, ""})
		for _, p := range w.Projects {
			add(contextKey{r.Target, p})
		}
		if e.Project != "" {
			add(contextKey{r.Target, e.Project})
		}
	}
	return out
}

func (w *World) resolve(ctx contextKey) *resolution {
	if w.cache == nil {
		w.cache = map[contextKey]*resolution{}
	}
	if res := w.cache[ctx]; res != nil && res.gen == w.gen {
		return res
	}
	t := ctx.target
	res := &resolution{gen: w.gen, target: t, groups: map[string][]*Entry{}, root: map[*Entry]Root{}, budget: map[*Entry]budgetUse{}}
	var members []*Entry
	for _, e := range w.entries {
		best, ok := Root{}, false
		for _, r := range e.Roots {
			if r.Target != t || (r.Scope == ScopeProject && e.Project != ctx.project) {
				continue
			}
			if !ok || r.Rank < best.Rank {
				best, ok = r, true
			}
		}
		if !ok || !Loads(e.Problems, t.ID) || t.identity(e) == "" {
			continue
		}
		res.root[e] = best
		members = append(members, e)
	}
	slices.SortFunc(members, func(a, b *Entry) int {
		if d := res.root[a].Rank - res.root[b].Rank; d != 0 {
			return d
		}
		return strings.Compare(a.Skill.Path, b.Skill.Path)
	})
	for _, e := range members {
		k := t.identity(e)
		res.groups[k] = append(res.groups[k], e)
	}
	for _, e := range members {
		if g := res.groups[t.identity(e)]; g[0] == e && !t.hides(e.Skill) {
			res.order = append(res.order, e)
		}
	}
	// The catalog keeps load order: roots by precedence, each in path order.
	if t.CatalogBudget > 0 {
		res.spend(t)
	}
	w.cache[ctx] = res
	return res
}

// spend counts the catalog's entries against the target's budget, in order,
// and returns those whose standing changed.
func (res *resolution) spend(t *Target) []*Entry {
	var changed []*Entry
	used, full := 0, false
	for _, e := range res.order {
		name, _ := e.Skill.Str("name")
		desc, _ := e.Skill.Str("description")
		size := len(name) + len(desc)
		u := budgetUse{size: size}
		// Zed stops at the first skill that does not fit.
		if full = full || used+size > t.CatalogBudget; full {
			u.dropped = true
		} else {
			used += size
		}
		u.usedAfter = used
		if was, ok := res.budget[e]; !ok || was != u {
			changed = append(changed, e)
			res.budget[e] = u
		}
	}
	return changed
}

// nearBudget is the share of the budget past which a skill is told that the
// catalog is close to full.
const nearBudget = 0.9

// Problems returns everything wrong with the file at path in this world:
// its own problems, its collisions, its catalog standing, and whether any
// agent discovers it at all.
func (w *World) Problems(path string) []Problem {
	e := w.Entry(path)
	if e == nil {
		return nil
	}
	out := slices.Clone(e.Problems)
	for _, ctx := range w.contextsOf(e) {
		res := w.resolve(ctx)
		out = append(out, collisions(res, ctx.target, e)...)
		if b, ok := res.budget[e]; ok {
			out = append(out, budgetProblem(ctx.target, e, b))
		}
	}
	if len(e.Roots) == 0 {
		out = append(out, w.notDiscovered(e))
	}
	return merge(slices.DeleteFunc(out, func(p Problem) bool { return p.Rule == "" }))
}

func collisions(res *resolution, t *Target, e *Entry) []Problem {
	group := res.groups[t.identity(e)]
	if len(group) < 2 || !slices.Contains(group, e) {
		return nil
	}
	winner := group[0]
	at := nameRange(e.Skill)
	var out []Problem
	add := func(rule string, sev Severity, other *Entry, msg string) {
		out = append(out, Problem{Rule: rule, Severity: sev, Range: at, Message: msg, Targets: []string{t.ID},
			Related: []Related{{Path: other.Skill.Path, Range: nameRange(other.Skill), Message: "the other skill named " + t.identity(e)}}})
	}
	name := t.identity(e)
	if e == winner {
		for _, o := range group[1:] {
			if res.root[o].Scope == res.root[e].Scope {
				add("name-duplicate", Warning, o, fmt.Sprintf("another %s skill is named %q (%s); this one is kept", res.root[e].Scope, name, o.Skill.Path))
			} else {
				add("name-shadowed", Info, o, fmt.Sprintf("this %s skill hides the %s skill %q at %s", res.root[e].Scope, res.root[o].Scope, name, o.Skill.Path))
			}
		}
		return out
	}
	if res.root[winner].Scope == res.root[e].Scope {
		add("name-duplicate", Warning, winner, fmt.Sprintf("another %s skill is named %q (%s); that one is kept and this one ignored", res.root[e].Scope, name, winner.Skill.Path))
	} else {
		add("name-shadowed", Warning, winner, fmt.Sprintf("this %s skill is hidden by the %s skill %q at %s", res.root[e].Scope, res.root[winner].Scope, name, winner.Skill.Path))
	}
	return out
}

func budgetProblem(t *Target, e *Entry, b budgetUse) Problem {
	p := Problem{Rule: "catalog-budget", Range: nameRange(e.Skill), Targets: []string{t.ID}}
	switch {
	case b.dropped:
		p.Severity = Warning
		p.Message = fmt.Sprintf("dropped from the model's catalog: name + description take %d bytes and only %d of the %d-byte budget are left", b.size, t.CatalogBudget-b.usedAfter, t.CatalogBudget)
	case float64(b.usedAfter) > nearBudget*float64(t.CatalogBudget):
		p.Severity = Info
		p.Message = fmt.Sprintf("the catalog is near its %d-byte budget: %d bytes used after this skill's %d", t.CatalogBudget, b.usedAfter, b.size)
	default:
		p.Rule = ""
	}
	return p
}

// nameRange is where findings about a skill's name point: its value, or the
// opening --- when it has none.
func nameRange(s *Skill) Range {
	if f := s.Field("name"); f != nil {
		return f.Value.Range
	}
	return s.Frontmatter.Open
}

// notDiscovered explains why no agent finds the file where it is.
func (w *World) notDiscovered(e *Entry) Problem {
	path := e.Skill.Path
	roots := w.roots()
	if e.Project != "" && !slices.Contains(w.Projects, e.Project) {
		roots = nil
		for _, t := range w.targets() {
			roots = append(roots, w.Env.Roots(t, e.Project)...)
		}
	}
	var reasons []string
	for _, r := range roots {
		if (r.Scope == ScopeProject && r.Project != e.Project) || !within(r.Dir, path) {
			continue
		}
		t := r.Target
		rel, err := filepath.Rel(r.Dir, path)
		if err != nil {
			continue
		}
		depth := strings.Count(filepath.ToSlash(rel), "/")
		switch {
		case depth == 0:
			reasons = append(reasons, fmt.Sprintf("%s reads skills from folders inside %s, not a SKILL.md in it", t.ID, r.Dir))
		case !t.Scan.Recursive:
			reasons = append(reasons, fmt.Sprintf("%s reads only %s/<skill>/SKILL.md and this file is %d folders deep", t.ID, r.Dir, depth))
		case depth > t.Scan.MaxDepth:
			reasons = append(reasons, fmt.Sprintf("%s stops %d folders below %s", t.ID, t.Scan.MaxDepth, r.Dir))
		default:
			reasons = append(reasons, fmt.Sprintf("%s skips hidden folders under %s", t.ID, r.Dir))
		}
	}
	msg := "no agent discovers this file: it is not under a skills folder such as .agents/skills/<name>/"
	if len(reasons) > 0 {
		msg = "no agent discovers this file: " + strings.Join(reasons, "; ")
	}
	return Problem{Rule: "not-discovered", Severity: Info, Range: e.Skill.Frontmatter.Open, Message: msg, Targets: idsOf(w.targets())}
}

// CatalogEntry is one skill as an agent lists it.
type CatalogEntry struct {
	Skill   *Skill
	Scope   Scope
	Dropped bool // left out for the catalog budget
	// Used is the budget spent once this entry is counted.
	Used int
}

// Catalog lists the skills the target would show the model in project ("" for
// none), in its order, with the budget standing of each.
func (w *World) Catalog(t *Target, project string) []CatalogEntry {
	res := w.resolve(contextKey{t, filepath.Clean(project)})
	if project == "" {
		res = w.resolve(contextKey{t, ""})
	}
	out := make([]CatalogEntry, len(res.order))
	for i, e := range res.order {
		b := res.budget[e]
		out[i] = CatalogEntry{Skill: e.Skill, Scope: res.root[e].Scope, Dropped: b.dropped, Used: b.usedAfter}
	}
	return out
}
