package skillcore

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// contextKey is one agent running in one project ("" for none): the unit in
// which names collide and a catalog is built.
type contextKey struct {
	target  *loader.Target
	project string
	// catalog is whose catalog the context counts against the budget
	// (alone.go): "" every skill the world holds, its names colliding;
	// ownCatalog the project's and the home's own skills; else one
	// plugin of the project installed alone beside them (pluginCatalog).
	catalog string
}

// resolution is what one agent loads in one project, in its order.
type resolution struct {
	gen     int
	target  *loader.Target
	project string
	catalog string // contextKey.catalog
	// members are the skills the agent loads, in the order it finds them.
	members []*Entry
	// groups maps each name to the skills loaded under it, winner first.
	groups map[string][]*Entry
	// order is the catalog: winners, in the order the agent lists them.
	order []*Entry
	// root is the root each member is found under, pointed at rather
	// than copied: the map has an entry per skill and target.
	root   map[*Entry]*Root
	budget map[*Entry]budgetUse
	spent  int // bytes of the budget the catalog uses
	// deferFit: a change marks the fit stale instead of fitting again
	// (World.DeferFits).
	deferFit, fitStale bool
	// memo is what the last fit keeps for the next (fitMemo).
	memo loader.FitMemo
	// summary is how the whole catalog stands against its budget
	// (alone.go), worked out after each count.
	summary budgetSummary
}

type budgetUse struct {
	size, usedAfter int
	dropped         bool
	fit             loader.Fitted // under the target's own model (Target.Fit)
}

// budgetView is what a finding says of a budget standing. Typing in one
// description moves the count of every later skill; only a change in what
// their findings say needs them told again.
type budgetView struct {
	size          int
	dropped, near bool
	fit           loader.Fitted
}

func (u budgetUse) view(t *loader.Target) budgetView {
	if t.Fit.Model != loader.NoFit {
		// Rounded: the exact cut and excess change with every edit of
		// any skill of the catalog, and telling every file again on each
		// keystroke would read every released body back (fit.go).
		return budgetView{fit: u.fit.Rounded()}
	}
	near := !u.dropped && float64(u.usedAfter) > loader.NearBudget*float64(t.CatalogBudget)
	if !u.dropped && !near {
		return budgetView{}
	}
	return budgetView{size: u.size, dropped: u.dropped, near: near}
}

// standing summarises an entry's place in the resolution, so a change can be
// detected by comparing summaries before and after.
func (res *resolution) standing(e *Entry, key string) standing {
	g := res.groups[key]
	return standing{e, len(g), slices.Index(g, e), res.budget[e].view(res.target)}
}

// standing is an entry's place in one resolution.
type standing struct {
	entry        *Entry
	group, index int
	budget       budgetView
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
		if r.Scope.Local() {
			add(contextKey{r.Target, r.projectOf(e), ""})
			if r.Package != nil {
				add(contextKey{r.Target, r.projectOf(e), pluginCatalog(r.Package)})
			}
			continue
		}
		add(contextKey{r.Target, "", ""})
		for _, p := range w.Projects {
			add(contextKey{r.Target, p, ""})
		}
		if e.Project != "" {
			add(contextKey{r.Target, e.Project, ""})
		}
	}
	if len(w.plugins) > 0 && !slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Package != nil }) {
		out = w.aloneContexts(out) // alone.go
	}
	return out
}

// holding lists the contexts whose catalogs hold e or would take it in:
// its own (contextsOf), and every other catalog built for a target that
// finds e under a global root, such as one asked of a project no file
// belongs to (Catalog): a change that left those out would leave them
// holding an entry the world no longer has.
func (w *World) holding(e *Entry) []contextKey {
	out := w.contextsOf(e)
	for ctx, res := range w.cache {
		if res.gen != w.gen || slices.Contains(out, ctx) {
			continue
		}
		if slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == ctx.target && !r.Scope.Local() }) {
			out = append(out, ctx)
		}
	}
	return out
}

func (w *World) resolve(ctx contextKey) *resolution {
	res := w.resolution(ctx)
	w.fit(res)
	return res
}

// resolution is resolve for a change: the catalog as it stands, its
// deferred fit not brought up to date (fitdefer.go).
func (w *World) resolution(ctx contextKey) *resolution {
	if w.cache == nil {
		w.cache = map[contextKey]*resolution{}
	}
	if res := w.cache[ctx]; res != nil && res.gen == w.gen {
		return res
	}
	w.indexAlone() // alone.go
	res := w.build(ctx)
	w.cache[ctx] = res
	return res
}

// resolveAll builds every catalog the world's files take part in, in
// parallel: the first findings asked for after a scan would otherwise
// build them one after another.
func (w *World) resolveAll() {
	if w.cache == nil {
		w.cache = map[contextKey]*resolution{}
	}
	var ctxs []contextKey
	seen := map[contextKey]bool{}
	for _, e := range w.entries {
		for _, ctx := range w.contextsOf(e) {
			if res := w.cache[ctx]; !seen[ctx] && (res == nil || res.gen != w.gen) {
				seen[ctx] = true
				ctxs = append(ctxs, ctx)
			}
		}
	}
	built := make([]*resolution, len(ctxs))
	w.indexAlone()
	ForEach(len(ctxs), func(i int) { built[i] = w.build(ctxs[i]) })
	for i, ctx := range ctxs {
		w.cache[ctx] = built[i]
	}
}

// build makes the resolution of one context from the world as it is. It
// only reads the world.
func (w *World) build(ctx contextKey) *resolution {
	t := ctx.target
	res := &resolution{gen: w.gen, target: t, project: ctx.project, catalog: ctx.catalog, deferFit: w.DeferFits}
	// Sort on copied keys: comparing through the root map costs more than
	// the rest of the resolution together.
	type keyed struct {
		at   *Root
		path string
		e    *Entry
	}
	from, alone := w.aloneFrom(ctx) // alone.go: not the whole world
	size := len(w.entries)
	if alone {
		size = len(from)
	}
	w.looked.Add(int64(size))
	ks := make([]keyed, 0, size)
	add := func(e *Entry) {
		if r, ok := res.member(e); ok {
			ks = append(ks, keyed{r, e.Skill.Path, e})
		}
	}
	if alone {
		for _, e := range from {
			add(e)
		}
	} else {
		for _, e := range w.entries {
			add(e)
		}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.at.Rank != b.at.Rank {
			return a.at.Rank - b.at.Rank
		}
		return scanOrder(t, a.at.Dir, a.path, b.path)
	})
	// The maps are made at their size: growing them was most of what
	// building 18 catalogs of 10,000 skills allocated.
	res.members = make([]*Entry, len(ks))
	res.root = make(map[*Entry]*Root, len(ks))
	res.groups = make(map[string][]*Entry, len(ks))
	res.budget = map[*Entry]budgetUse{}
	if t.Budgeted() {
		res.budget = make(map[*Entry]budgetUse, len(ks))
	}
	for i, k := range ks {
		res.members[i] = k.e
		res.root[k.e] = k.at
		id := identityOf(t, k.e)
		res.groups[id] = append(res.groups[id], k.e)
	}
	res.list()
	return res
}

// member reports whether the target loads e in the resolution's project,
// and from which root.
func (res *resolution) member(e *Entry) (*Root, bool) {
	t := res.target
	var best *Root
	ok := false
	for _, r := range e.Roots {
		if r.Target != t || (r.Scope.Local() && r.projectOf(e) != res.project) || !res.admits(r) {
			continue
		}
		if !ok || r.Rank < best.Rank {
			best, ok = r, true
		}
	}
	return best, ok && loader.Loads(e.Problems, t.ID) && (identityOf(t, e) != "" || t.Name.Empty)
}

// compare orders members as the agent finds them: roots by precedence, each
// in path order.
func (res *resolution) compare(a, b *Entry) int {
	if d := res.root[a].Rank - res.root[b].Rank; d != 0 {
		return d
	}
	return scanOrder(res.target, res.root[a].Dir, a.Skill.Path, b.Skill.Path)
}

// scanOrder orders two skills of the root dir as the target finds them,
// the one that wins a shared name first: in path order, or by folder name
// for Scan.FirstFolderWins.
func scanOrder(t *loader.Target, dir, a, b string) int {
	if t.Scan.Order != nil {
		return t.Scan.Order(a, b)
	}
	if t.Scan.FirstFolderWins && loader.Within(dir, a) && loader.Within(dir, b) {
		fa, fb := a[len(dir)+1:], b[len(dir)+1:]
		ia, ib := strings.IndexByte(fa, filepath.Separator), strings.IndexByte(fb, filepath.Separator)
		switch {
		case (ia < 0) != (ib < 0): // a SKILL.md in the root itself comes last
			return cmp.Compare(ib, ia)
		case ia >= 0:
			if c := strings.Compare(fa[:ia], fb[:ib]); c != 0 {
				return c
			}
		}
	}
	return strings.Compare(a, b)
}

// list makes the catalog from the members: the winner of each name, unless
// it hides itself, in load order; and counts it against the budget.
func (res *resolution) list() []*Entry {
	t := res.target
	res.order = res.order[:0]
	for _, e := range res.members {
		if g := res.groups[identityOf(t, e)]; g[0] == e && !hidesEntry(t, e) {
			res.order = append(res.order, e)
		}
	}
	if l := t.Lister; l != nil && l.Compare != nil {
		res.sortByKey()
	} else if l != nil && l.FoundOrder {
		slices.SortFunc(res.order, res.compare)
	}
	if t.Fit.Model != loader.NoFit {
		return res.refit(t, nil)
	}
	if t.CatalogBudget > 0 {
		return res.spend(t, 0, len(res.order), nil)
	}
	return nil
}

// relist puts each of the touched entries in the catalog or out of it,
// where it now belongs, and counts the budget again.
func (res *resolution) relist(touched []*Entry) []*Entry {
	t := res.target
	// The budget changes only from the first touched place on; past the
	// last one, the catalog is the same list as before.
	from, last := len(res.order), -1
	span := func() {
		for _, m := range touched {
			if i := slices.Index(res.order, m); i >= 0 {
				from, last = min(from, i), max(last, i)
			}
		}
	}
	span()
	res.order = slices.DeleteFunc(res.order, func(m *Entry) bool { return slices.Contains(touched, m) })
	for _, m := range touched {
		if _, member := res.root[m]; !member || slices.Contains(res.order, m) {
			continue
		}
		if g := res.groups[identityOf(t, m)]; g[0] == m && !hidesEntry(t, m) {
			order := res.compare
			if c := res.catalogOrder(); c != nil {
				order = c
			}
			i, _ := slices.BinarySearchFunc(res.order, m, order)
			res.order = slices.Insert(res.order, i, m)
		}
	}
	span()
	if t.Fit.Model != loader.NoFit && res.deferFit {
		return res.deferRefit(touched)
	}
	if t.Fit.Model != loader.NoFit {
		return res.refit(t, touched)
	}
	if t.CatalogBudget > 0 {
		return res.spend(t, min(from, len(res.order)), last, touched)
	}
	return nil
}

// update brings the resolution up to date with e, changed in place from a
// version known by the name was (same roots, same project), and returns the
// other entries whose standing changed.
func (res *resolution) update(e *Entry, was string) []*Entry {
	return res.swap(e, was, e)
}

// swap takes old (known by the name was; nil for none) out of the
// resolution and puts cur (nil for none) in, each where it belongs, and
// returns the other entries whose standing changed. old and cur may be one
// entry changed in place. Only the two names' groups and the catalog from
// the first place touched on are looked at: a file added to a large world
// costs what it changes, not a new resolution.
func (res *resolution) swap(old *Entry, was string, cur *Entry) []*Entry {
	t := res.target
	keys := make([]string, 0, 2)
	if old != nil {
		keys = append(keys, was)
	}
	if cur != nil && (old == nil || identityOf(t, cur) != was) {
		keys = append(keys, identityOf(t, cur))
	}
	// The catalog can change only for the winners of the names.
	touched := []*Entry{}
	for _, e := range []*Entry{old, cur} {
		if e != nil && !slices.Contains(touched, e) {
			touched = append(touched, e)
		}
	}
	winners := func() {
		for _, key := range keys {
			if g := res.groups[key]; len(g) > 0 {
				touched = append(touched, g[0])
			}
		}
	}
	winners()
	before := map[*Entry]standing{}
	for _, key := range keys {
		for _, m := range res.groups[key] {
			before[m] = res.standing(m, key)
		}
	}
	if _, member := res.root[old]; old != nil && member {
		res.members = slices.DeleteFunc(res.members, func(m *Entry) bool { return m == old })
		if g := slices.DeleteFunc(res.groups[was], func(m *Entry) bool { return m == old }); len(g) > 0 {
			res.groups[was] = g
		} else {
			delete(res.groups, was)
		}
		delete(res.root, old)
		delete(res.budget, old)
	}
	if cur != nil {
		res.insert(cur)
	}
	winners()
	changed := res.relist(touched)
	for _, key := range keys {
		for _, m := range res.groups[key] {
			if b, ok := before[m]; !ok || b != res.standing(m, key) {
				changed = append(changed, m)
			}
		}
	}
	for m := range before {
		if _, still := res.root[m]; !still || !slices.Contains(keys, identityOf(t, m)) {
			changed = append(changed, m)
		}
	}
	return slices.DeleteFunc(changed, func(m *Entry) bool { return m == old || m == cur })
}

// insert makes e a member, in its place, when the target loads it.
func (res *resolution) insert(e *Entry) {
	r, ok := res.member(e)
	if !ok {
		return
	}
	now := identityOf(res.target, e)
	res.root[e] = r
	i, _ := slices.BinarySearchFunc(res.members, e, res.compare)
	res.members = slices.Insert(res.members, i, e)
	g := res.groups[now]
	j, _ := slices.BinarySearchFunc(g, e, res.compare)
	res.groups[now] = slices.Insert(g, j, e)
}

// spend counts the catalog's entries against the target's budget from
// position from on (those before it keep their count), forgets the entries of
// gone that left the catalog, and returns the entries whose findings change.
// Zed stops at the first skill that does not fit, so once the count is full
// past the last changed place, where it was full before, the rest stand as
// they stood: typing in a description recounts only the skills up to the
// edge of the budget, not the whole catalog.
func (res *resolution) spend(t *loader.Target, from, last int, gone []*Entry) []*Entry {
	var changed []*Entry
	for _, e := range gone {
		if _, ok := res.budget[e]; ok && !slices.Contains(res.order, e) {
			delete(res.budget, e)
			changed = append(changed, e) // out of the catalog now
		}
	}
	used, full := 0, false
	if from > 0 {
		prev := res.budget[res.order[from-1]]
		used, full = prev.usedAfter, prev.dropped
		if full {
			used = res.spent // a dropped skill's own count may be an older edit's
		}
	}
	for i, e := range res.order[from:] {
		u := budgetUse{size: res.budgetCost(e)} // name and description bytes, or copilot's entry
		if full = full || used+u.size > t.CatalogBudget; full {
			u.dropped = true
		} else {
			used += u.size
		}
		u.usedAfter = used
		w, ok := res.budget[e]
		if full && ok && w.dropped && from+i > last {
			break
		}
		if !ok || w.view(t) != u.view(t) {
			changed = append(changed, e)
		}
		res.budget[e] = u
	}
	res.spent = used
	return res.resummarize(changed)
}

// Problems returns everything wrong with the file at path in this world:
// its own problems, its collisions, its catalog standing, and whether any
// agent discovers it at all.
func (w *World) Problems(path string) []loader.Problem {
	e := w.Entry(path)
	if e == nil {
		return nil
	}
	ctxs := w.contextsOf(e)
	for _, ctx := range ctxs {
		w.resolve(ctx)
	}
	return w.problems(e, ctxs)
}

// ProblemsOf is Problems for each of paths: the catalogs they need are
// built first, then each file's problems are gathered in parallel.
func (w *World) ProblemsOf(paths []string) [][]loader.Problem {
	entries := make([]*Entry, len(paths))
	ctxs := make([][]contextKey, len(paths))
	for i, p := range paths {
		if e := w.Entry(p); e != nil {
			entries[i], ctxs[i] = e, w.contextsOf(e)
			for _, ctx := range ctxs[i] {
				w.resolve(ctx)
			}
		}
	}
	w.roots() // brought up to date here, only read below
	out := make([][]loader.Problem, len(paths))
	ForEach(len(paths), func(i int) {
		if e := entries[i]; e != nil {
			out[i] = w.problems(e, ctxs[i])
		}
	})
	return out
}

// problems gathers e's problems from the catalogs of its contexts, built
// already. It only reads the world.
func (w *World) problems(e *Entry, ctxs []contextKey) []loader.Problem {
	out := slices.Clone(e.Problems)
	for _, ctx := range ctxs {
		res := w.cache[ctx]
		if ctx.catalog == "" {
			out = append(out, collisions(res, ctx.target, e)...)
		}
		if !w.budgetContext(ctx) { // alone.go
			continue
		}
		out = append(out, res.overBudget(e)...)
		if !w.countsIn(ctx, res, e) {
			continue
		}
		if b, ok := res.budget[e]; ok && ctx.target.Fit.Model != loader.NoFit {
			out = append(out, fitProblem(ctx.target, e, b.fit))
		} else if ok {
			out = append(out, budgetProblem(ctx.target, e, b))
		}
	}
	misses, refused := w.packageMisses(e)
	switch {
	case len(e.Roots) == 0 && refused:
		// Its plugin is refused for a fault of its manifest, told there.
	case len(e.Roots) == 0:
		out = append(out, w.notDiscovered(e, misses))
	default:
		for _, t := range loader.Targets {
			if why := misses[t]; len(why) > 0 {
				out = append(out, loader.Problem{Rule: "not-discovered", Severity: loader.Info, Range: e.Skill.Frontmatter.Open, Targets: []string{t.ID},
					Message: "not loaded by " + t.ID + ": " + strings.Join(why, "; ")})
			}
		}
	}
	installed := e.Installed()
	out = append(out, qualifiedTooLong(e, installed)...)
	out = append(out, requiredByFormat(e, installed)...)
	out = append(out, variableProblems(e)...)
	return loader.Merge(slices.DeleteFunc(out, func(p loader.Problem) bool { return p.Rule == "" }))
}

func collisions(res *resolution, t *loader.Target, e *Entry) []loader.Problem {
	group := res.groups[identityOf(t, e)]
	// A member is in its name's group (build, swap): asking the map, not
	// the group, keeps a name that thousands share linear.
	if _, member := res.root[e]; len(group) < 2 || !member {
		return nil
	}
	winner := group[0]
	at := loader.NameRange(e.Skill)
	var out []loader.Problem
	add := func(rule string, sev loader.Severity, other *Entry, msg string) {
		out = append(out, loader.Problem{Rule: rule, Severity: sev, Range: at, Message: msg, Targets: []string{t.ID},
			Related: []loader.Related{{Path: other.Skill.Path, Range: loader.NameRange(other.Skill), Message: "the other skill named " + identityOf(t, e)}}})
	}
	name := identityOf(t, e)
	this, that := res.describe(t, e, name), func(o *Entry) described { return res.describe(t, o, name) }
	if e == winner {
		for _, o := range group[1:] {
			switch {
			case samePlugin(t, e, o):
				add("name-duplicate", loader.Warning, o, fmt.Sprintf("another skill of plugin %s is named %q (%s): %s loads only one of the two, this one", e.packageFor(t).Name, name, o.Skill.Path, t.ID))
			case res.root[e].Scope == loader.ScopePackage && res.root[o].Scope == loader.ScopePackage:
				add("name-duplicate", loader.Warning, o, fmt.Sprintf("another package skill is installed as %q (%s): with both installed, only one loads, this one", name, o.Skill.Path))
			case res.root[o].Scope == res.root[e].Scope:
				add("name-duplicate", loader.Warning, o, fmt.Sprintf("another %s is named %q (%s); this one is kept", that(o).kind, name, o.Skill.Path))
			default:
				add("name-shadowed", loader.Info, o, fmt.Sprintf("this %s hides the %s at %s%s", this.kind, that(o).named, o.Skill.Path, that(o).in))
			}
		}
		return out
	}
	switch {
	case samePlugin(t, e, winner):
		add("name-duplicate", loader.Warning, winner, fmt.Sprintf("another skill of plugin %s is named %q (%s): %s loads only one of the two, that one, and drops this one", e.packageFor(t).Name, name, winner.Skill.Path, t.ID))
	case res.root[winner].Scope == loader.ScopePackage && res.root[e].Scope == loader.ScopePackage:
		add("name-duplicate", loader.Warning, winner, fmt.Sprintf("another package skill is installed as %q (%s): with both installed, only one loads, that one", name, winner.Skill.Path))
	case res.root[winner].Scope == res.root[e].Scope:
		add("name-duplicate", loader.Warning, winner, fmt.Sprintf("another %s is named %q (%s); that one is kept and this one ignored", this.kind, name, winner.Skill.Path))
	default:
		add("name-shadowed", loader.Warning, winner, fmt.Sprintf("this %s is hidden by the %s at %s%s", this.kind, that(winner).named, winner.Skill.Path, this.in))
	}
	return out
}

// samePlugin reports whether t loads a and b through one plugin: two of
// its skills, not two packages a user may install apart.
func samePlugin(t *loader.Target, a, b *Entry) bool {
	pa, pb := a.packageFor(t), b.packageFor(t)
	return pa != nil && pb != nil && pa.Root == pb.Root && pa.Name == pb.Name
}

func budgetProblem(t *loader.Target, e *Entry, b budgetUse) loader.Problem {
	if l := t.Lister; l != nil && l.BudgetProblem != nil {
		return l.BudgetProblem(t, e.Skill, b.size, b.usedAfter, b.dropped)
	}
	p := loader.Problem{Rule: "catalog-budget", Range: loader.NameRange(e.Skill), Targets: []string{t.ID}}
	switch {
	case b.dropped:
		p.Severity = loader.Info // the catalog's one warning is overBudget's
		p.Message = fmt.Sprintf("dropped from the model's catalog: the %d-byte budget for names and descriptions is used up before this skill's %d bytes", t.CatalogBudget, b.size)
	case float64(b.usedAfter) > loader.NearBudget*float64(t.CatalogBudget):
		p.Severity = loader.Info
		p.Message = fmt.Sprintf("this skill's %d bytes fall in the last %d%% of the catalog's %d-byte budget; later skills may be dropped", b.size, int(100-100*loader.NearBudget), t.CatalogBudget)
	default:
		p.Rule = ""
	}
	return p
}

// notDiscovered explains why no agent finds the file where it is.
func (w *World) notDiscovered(e *Entry, misses map[*loader.Target][]string) loader.Problem {
	path := e.Skill.Path
	roots := w.roots()
	// The roots over the file: by folder from the world's index, or all of
	// those of a project the world does not hold.
	var over []int
	if e.Project != "" && !slices.Contains(w.Projects, e.Project) {
		roots = nil
		for _, t := range w.targets() {
			roots = append(roots, w.Env.Roots(t, e.Project)...)
		}
		for i := range roots {
			over = append(over, i)
		}
	} else {
		over = w.rootIndex.above(path)
	}
	var reasons []string
	for _, i := range over {
		r := roots[i]
		if r.Package != nil || (r.Scope == loader.ScopeProject && r.Project != e.Project) || !loader.Within(r.Dir, path) {
			continue // a package's misses are told by packageMisses
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
	for _, t := range loader.Targets {
		reasons = append(reasons, misses[t]...)
	}
	msg := "no agent discovers this file: it is not under a skills folder such as .agents/skills/<name>/"
	if len(reasons) > 0 {
		msg = "no agent discovers this file: " + strings.Join(reasons, "; ")
	}
	return loader.Problem{Rule: "not-discovered", Severity: loader.Info, Range: e.Skill.Frontmatter.Open, Message: msg, Targets: w.targetIDs()}
}

// qualifiedTooLong reports installed names (e.Installed) over a target's
// cap (codex: 128 chars for "<plugin>:<name>").
func qualifiedTooLong(e *Entry, installed []Installed) []loader.Problem {
	var out []loader.Problem
	for _, in := range installed {
		if max := in.Target.Plugins.QualifiedMax; max > 0 && loader.Measure(in.Name, loader.Chars) > max {
			out = append(out, loader.Problem{Rule: "name-too-long", Severity: loader.Error, Range: loader.NameRange(e.Skill), Targets: []string{in.Target.ID},
				Message: fmt.Sprintf("%s installs this skill as %q, %d chars, over its %d-char limit for a plugin's skill name", in.Target.ID, in.Name, loader.Measure(in.Name, loader.Chars), max)})
		}
	}
	return out
}

// requiredByFormat reports fields a package's reader (of e.Installed)
// skips a skill without (a Gemini extension's skill needs a name and a
// description).
func requiredByFormat(e *Entry, installed []Installed) []loader.Problem {
	var out []loader.Problem
	for _, in := range installed {
		// A reader that refuses the file already says why, once; one that
		// reads past broken YAML (Gemini's line reader) has the fields it
		// found.
		if !loader.Loads(e.Problems, in.Target.ID) {
			continue
		}
		for _, key := range in.Package.Format.Skills.Requires {
			if v, ok := in.Target.Str(e.Skill, key); !ok || strings.TrimSpace(v) == "" {
				out = append(out, loader.Problem{Rule: key + "-missing", Severity: loader.Error, Range: e.Skill.Frontmatter.Open, Targets: []string{in.Target.ID},
					Message: fmt.Sprintf("%s skips a skill of %s %s without a %s", in.Target.ID, in.Package.Format.Title, in.Package.Name, key)})
			}
		}
	}
	return out
}

// Catalog lists the skills the target would show the model in project ("" for
// none), in its order, with the budget standing of each.
func (w *World) Catalog(t *loader.Target, project string) []loader.CatalogEntry {
	res := w.catalogOf(t, project)
	out := make([]loader.CatalogEntry, len(res.order))
	for i, e := range res.order {
		b := res.budget[e]
		if b.dropped {
			b.usedAfter = res.spent // a dropped skill may keep the count of an older edit
		}
		r := res.root[e]
		out[i] = loader.CatalogEntry{Skill: e.Skill, Scope: r.Scope, Dropped: b.dropped, Used: b.usedAfter, Name: e.InstalledName(t), Root: r.SkillDir(e.Skill.Path), RootRank: r.Rank}
		if p := r.Reach.shownPath(e.Skill.Path); p != e.Skill.Path {
			out[i].Shown = p
		}
	}
	listNames(t, out)
	return out
}

// Load is one skill an agent loads in a project, whether or not it wins
// its name and shows in the catalog.
type Load struct {
	loader.CatalogEntry
	// Winner: no skill found before it has its name.
	Winner bool
	// Hidden: it keeps itself out of the model's catalog.
	Hidden bool
}

// Loads lists every skill the target loads in project ("" for none), in the
// order the agent finds them: what an agent's own listing command shows.
func (w *World) Loads(t *loader.Target, project string) []Load {
	res := w.catalogOf(t, project)
	out := make([]Load, len(res.members))
	for i, e := range res.members {
		out[i] = Load{
			CatalogEntry: loader.CatalogEntry{Skill: e.Skill, Scope: res.root[e].Scope, Name: e.InstalledName(t), Root: res.root[e].SkillDir(e.Skill.Path), RootRank: res.root[e].Rank},
			Winner:       res.groups[identityOf(t, e)][0] == e,
			Hidden:       hidesEntry(t, e),
		}
	}
	entries := make([]loader.CatalogEntry, len(out))
	for i := range out {
		entries[i] = out[i].CatalogEntry
	}
	listNames(t, entries)
	for i := range out {
		out[i].CatalogEntry = entries[i]
	}
	return out
}

func (w *World) catalogOf(t *loader.Target, project string) *resolution {
	if project == "" {
		return w.resolve(contextKey{t, "", ""})
	}
	return w.resolve(contextKey{t, fsys.CleanPath(project), ""})
}

// BudgetStanding is how the skill at path stands in the target's budgeted
// catalog for project: the bytes its name and description take, the bytes
// the whole catalog spends, and whether it is listed or dropped. Unlike
// Catalog it copies nothing, for the hover on any skill of a large world.
func (w *World) BudgetStanding(t *loader.Target, project, path string) (size, spent int, listed, dropped bool) {
	res := w.catalogOf(t, project)
	if e := w.Entry(path); e != nil {
		res = w.budgetOf(res, e) // alone.go
		if b, ok := res.budget[e]; ok {
			return b.size, res.spent, true, b.dropped
		}
	}
	return 0, res.spent, false, false
}
