package skillcore

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// World is every skill the agents on one machine can see: the skills under
// the roots of some projects and under the global roots, parsed and judged.
// The language server keeps one and updates it as files change; the checker
// builds one per run. A World is not safe for concurrent use.
type World struct {
	Env      Env
	Projects []string         // project directories, each with its own roots
	Pinned   []*loader.Target // when set, the only targets applied besides agentskills
	Extra    []string         // extra roots, scanned as agentskills children roots
	// PackageDirs are folders searched for packages besides Projects (a
	// folder check was given that lies in no project).
	PackageDirs []string
	// ReleaseBodies makes Scan and Load release each file's body (see
	// Skill.Release) once it is judged: a language server's world, which
	// reads the bodies back when it needs them. BeforeRelease, when set, is
	// given each file whole first, on Load's goroutines: what a caller
	// derives from the body there it need not read again.
	ReleaseBodies bool
	BeforeRelease func(*loader.Skill)
	// DeferFits: a change leaves an agent's own budget fit (Target.Fit)
	// of the catalogs it touches to be fitted again when next read, not
	// at once, and OnFit hears then of the files whose fit that changed.
	// A fit goes over the whole catalog: many files opened one after
	// another cost one fit per read, not one per file (fitdefer.go).
	DeferFits bool
	OnFit     func(paths []string)
	// ReadAhead makes a world that releases bodies read the files Find
	// finds while the walk and the package search go on, for the Load that
	// follows (see readahead.go).
	ReadAhead bool
	// PathOnly makes the roots those a file's path gives (each target's
	// folders in the projects, the home folder and the extra roots),
	// without the package search or what the agents installed: a world a
	// server judges the files opened during its first scan in, at the
	// cost of a few lookups rather than a walk of the projects.
	PathOnly bool

	ahead *readAhead // files read ahead, until Load takes them

	entries map[string]*Entry
	gen     int // bumps when anything a catalog depends on changes
	// names bumps when a file comes, goes or changes its name: what an
	// index of the names (analysis's look-alike names) is built again on.
	names uint64
	cache map[contextKey]*resolution
	// projectDirs remembers ProjectOf per directory.
	projectDirs map[string]string
	// rootList caches roots() for the settings in rootsFor, and rootIndex
	// finds its roots by folder.
	rootList  []Root
	rootIndex rootIndex
	rootsFor  rootSettings
	// plugins are the catalogs of the plugins each agent loads from
	// each project, made with rootList; alone indexes the skills each of
	// those catalogs is built from (alone.go).
	plugins map[contextKey][]string
	alone   *aloneIndex
	// looked counts the skills looked at to build catalogs, for tests of
	// its cost (catalogs are built in parallel).
	looked atomic.Int64
	// packageSets are the packages found under Projects and PackageDirs,
	// made with rootList.
	packageSets []*PackageSet
	// manifests are editor buffers of package manifests, over the disk.
	manifests map[string][]byte
	// walks are what Find's walks met that the package search needs, by
	// the folder walked.
	walks map[string]*walkFacts
	// installation is what the agents have installed under Env.Home, read
	// with rootList.
	installation loader.Installation
	// installedCopies are the folders of the plugins in installation that
	// are an agent's own copy (IsInstalled).
	installedCopies map[string]bool
}

// Entry is one SKILL.md in a world.
type Entry struct {
	Skill *loader.Skill
	// Roots that discover the file, across targets and projects (shared
	// with the world's list of roots, which it points into).
	Roots   []*Root
	Project string
	// Targets that read the file, agentskills first.
	Targets []*loader.Target
	// Problems are the file's own, before collisions and the catalog.
	Problems []loader.Problem
	sig      catalogSig
	// ids and hidden are, for each of Targets in order, the name the agent
	// knows the file by and whether it keeps out of the agent's catalog.
	ids    []string
	hidden []bool
}

// catalogSig is what collisions and the catalog depend on, so edits that
// leave it alone (most keystrokes) cost no recomputation.
type catalogSig struct {
	name   string
	size   int    // bytes of name and description, which budgets count
	hidden string // targets whose catalog it stays out of, joined
	loads  string // targets that load it, joined
	// text is the description as a budget that counts rendered text
	// reads it (budgetSigText, order.go).
	text string
	// ids are the names each target knows the file by (Entry.ids),
	// joined: an agent that reads the name its own way (a number
	// quoted or not, YAML a line reader reads past) can know the file by
	// another name while name reads the same.
	ids string
}

// NewWorld makes an empty world.
func NewWorld(env Env, projects []string) *World {
	w := &World{Env: env, entries: map[string]*Entry{}, projectDirs: map[string]string{}}
	for _, p := range projects {
		w.Projects = append(w.Projects, fsys.CleanPath(p))
	}
	return w
}

// Roots lists every root of the world, project by project, then global.
func (w *World) Roots() []Root { return slices.Clone(w.roots()) }

// roots is Roots, computed again only when the projects, extra roots, pinned
// targets or home change. (Variables read through Env.Getenv are read once.)
func (w *World) roots() []Root {
	// Asked per file and per finding: compared, not rebuilt, when nothing
	// changed.
	if w.rootList != nil && w.rootsFor.same(w) {
		return w.rootList
	}
	var out []Root
	seen := map[string]bool{}
	add := func(r Root) {
		k := r.Target.ID + "\x00" + r.Dir
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for _, t := range w.targets() {
		for _, p := range append(slices.Clone(w.Projects), "") {
			for _, r := range w.Env.Roots(t, p) {
				add(r)
			}
		}
	}
	for _, d := range w.Extra {
		add(Root{Dir: d, Target: loader.Targets[0], Scope: loader.ScopeProject, Rank: -1})
	}
	if !w.PathOnly {
		out = append(out, w.searchedRoots()...)
	}
	w.rootsFor, w.rootList, w.rootIndex = settingsOf(w), out, indexRoots(out)
	w.plugins = pluginCatalogs(out) // alone.go
	return out
}

// searchedRoots are the roots a path does not tell: the packages found
// in the projects and what the agents installed.
func (w *World) searchedRoots() []Root {
	if w.walks == nil {
		w.walks = map[string]*walkFacts{}
	}
	w.packageSets = findPackageSets(append(slices.Clone(w.Projects), w.PackageDirs...), w.manifests, w.walks, w.takeManifest)
	return append(packageRoots(w.packageSets, w.targets()), w.installedRoots(w.targets())...)
}

// rootSettings are what the world's roots depend on (Env's variables are
// read once).
type rootSettings struct {
	home                         string
	projects, extra, packageDirs []string
	pinned                       []*loader.Target
}

func settingsOf(w *World) rootSettings {
	return rootSettings{w.Env.Home, slices.Clone(w.Projects), slices.Clone(w.Extra), slices.Clone(w.PackageDirs), slices.Clone(w.Pinned)}
}

func (r rootSettings) same(w *World) bool {
	return r.home == w.Env.Home && slices.Equal(r.projects, w.Projects) && slices.Equal(r.extra, w.Extra) &&
		slices.Equal(r.packageDirs, w.PackageDirs) && slices.Equal(r.pinned, w.Pinned)
}

// PackageSets lists the packages of the world, one set per folder searched.
func (w *World) PackageSets() []*PackageSet {
	w.roots()
	return w.packageSets
}

func (w *World) targets() []*loader.Target {
	if len(w.Pinned) > 0 {
		out := []*loader.Target{loader.Targets[0]}
		for _, t := range w.Pinned {
			if t != loader.Targets[0] {
				out = append(out, t)
			}
		}
		return out
	}
	return loadingTargets
}

// targetIDs are the IDs of targets(), for messages.
func (w *World) targetIDs() []string {
	if len(w.Pinned) > 0 {
		return loader.IdsOf(w.targets())
	}
	return loadingTargetIDs
}

// loadingTargets are the targets a world applies unless pinned (shared:
// not to be changed), and loadingTargetIDs their IDs.
var loadingTargets = func() []*loader.Target {
	var out []*loader.Target
	for _, t := range loader.Targets {
		if !t.UploadOnly {
			out = append(out, t)
		}
	}
	return out
}()

var loadingTargetIDs = loader.IdsOf(loadingTargets)

// Scan discovers and reads every SKILL.md under the world's roots, and the
// files at extra (those a check found itself), in one batch. Files that
// cannot be read, and caps a root's scan reached (*LimitError), are
// returned as errors; the rest are loaded.
func (w *World) Scan(extra ...string) []error {
	var paths []string
	var errs []error
	seen := map[string]bool{}
	for _, p := range extra {
		if p = fsys.CleanPath(p); !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	// Many agents share a root (.agents/skills): walk each folder once per
	// way of scanning it, the roots side by side, listing each folder once.
	type scanned struct {
		root  Root
		found []string
		err   error
	}
	var walks []scanned
	walked := map[string]bool{}
	for _, r := range w.roots() {
		if r.Package == nil {
			key := fmt.Sprintf("%s\x00%+v", r.Dir, r.Target.Scan)
			if walked[key] {
				continue
			}
			walked[key] = true
		}
		walks = append(walks, scanned{root: r})
	}
	l := newLister(w.Listing)
	ForEach(len(walks), func(i int) { walks[i].found, walks[i].err = discoverWith(walks[i].root, l) })
	for _, s := range walks {
		if s.err != nil {
			errs = append(errs, s.err)
		}
		for _, p := range s.found {
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
	}
	return append(errs, w.Load(paths)...)
}

// Load reads the files at paths and puts them in the world as Set does, in
// one batch: the files are read and parsed in parallel and the catalogs are
// rebuilt once, in parallel, so it reports no affected files. Files that
// cannot be read are returned as errors and left as they were.
func (w *World) Load(paths []string) []error {
	type read struct {
		entry *Entry
		err   error
	}
	done := make([]read, len(paths))
	roots := w.roots()
	ahead := w.takeAhead()
	ForEach(len(paths), func(i int) {
		p := fsys.CleanPath(paths[i])
		r, ok := ahead[p]
		if !ok {
			r.skill, r.err = w.read(p, !w.inCopy(p))
		}
		if r.err != nil {
			done[i].err = r.err
			return
		}
		done[i].entry = w.evaluate(r.skill, roots)
	})
	if len(w.entries) == 0 {
		w.entries = make(map[string]*Entry, len(paths))
	}
	var errs []error
	for _, d := range done {
		if d.err != nil {
			errs = append(errs, d.err)
			continue
		}
		w.place(d.entry)
		w.entries[d.entry.Skill.Path] = d.entry
	}
	w.gen++
	w.names++
	w.resolveAll()
	return errs
}

// ForEach calls f(0) ... f(n-1) on as many goroutines as there are CPUs
// and returns when all are done. Load reads files with it; a caller that
// judges many files can share it. A panic in f stops the calls not yet
// begun and is raised again in the caller (a *WorkerPanic), where it can
// be recovered.
func ForEach(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed panics
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			defer failed.catch()
			for i := int(next.Add(1) - 1); i < n && !failed.caught(); i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
	failed.raise()
}

// Paths lists the files in the world, sorted.
func (w *World) Paths() []string {
	out := make([]string, 0, len(w.entries))
	for p := range w.entries {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// NamesGen changes whenever a file comes or goes or its name changes, so
// that what is worked out from every file's name is worked out again only
// then: a keystroke in a description leaves it as it was.
func (w *World) NamesGen() uint64 { return w.names }

// Entry returns the file at path, or nil.
func (w *World) Entry(path string) *Entry {
	if e, ok := w.entries[path]; ok {
		return e // asked by its own path, as most callers do: no cleaning
	}
	return w.entries[fsys.CleanPath(path)]
}

// Set parses src as the file at path, replacing what the world had, and
// returns the other files whose collisions or catalog standing may have
// changed with it.
func (w *World) Set(path string, src []byte) []string {
	path = fsys.CleanPath(path)
	if old := w.entries[path]; old != nil {
		return w.Put(loader.Reparse(old.Skill, src))
	}
	return w.Put(loader.Parse(path, src))
}

// Put is Set for a file parsed already (ReadSkill: read and parsed
// without holding whatever guards the world).
func (w *World) Put(s *loader.Skill) []string {
	s.Path = fsys.CleanPath(s.Path)
	path := s.Path
	old := w.entries[path]
	e := w.judge(s)
	if old == nil || old.Project != e.Project || !slices.Equal(old.Roots, e.Roots) {
		return w.replace(path, old, e)
	}
	// The file stays where it was: update the entry the resolutions hold in
	// place, and each resolution it stands in by what changed. The files
	// sharing its name point at its name: they are told when it moved.
	moved := loader.NameRange(old.Skill) != loader.NameRange(e.Skill)
	if old.sig == e.sig {
		*old = *e
		if moved {
			return w.namesakes(old)
		}
		return nil
	}
	if old.sig.name != e.sig.name {
		w.names++
	}
	ctxs := w.holding(old)
	res := make([]*resolution, len(ctxs))
	was := make([]string, len(ctxs))
	for i, ctx := range ctxs {
		res[i], was[i] = w.resolution(ctx), identityOf(ctx.target, old)
	}
	*old = *e
	var out []string
	for i := range res {
		for _, m := range res[i].update(old, was[i]) {
			if !slices.Contains(out, m.Skill.Path) {
				out = append(out, m.Skill.Path)
			}
		}
	}
	if moved {
		for _, p := range w.namesakes(old) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// namesakes lists the files that collide with e in its contexts: their
// findings point at e's name.
func (w *World) namesakes(e *Entry) []string {
	var out []string
	for _, ctx := range w.contextsOf(e) {
		res := w.cache[ctx]
		if res == nil || res.gen != w.gen {
			continue
		}
		g := res.groups[identityOf(ctx.target, e)]
		if !slices.Contains(g, e) {
			continue
		}
		for _, m := range g {
			if m != e && !slices.Contains(out, m.Skill.Path) {
				out = append(out, m.Skill.Path)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Remove drops the file at path and returns the files affected, as Set.
func (w *World) Remove(path string) []string {
	path = fsys.CleanPath(path)
	old := w.entries[path]
	if old == nil {
		return nil
	}
	return w.replace(path, old, nil)
}

// replace puts cur in place of old (nil: nothing) and lists the other
// files whose collisions or budget standing changed: those that shared a
// name with the old or new version, or stand in a budgeted catalog with it.
// Each catalog either takes part in is brought up to date in place, not
// built again: opening one new file among many costs what it changes.
func (w *World) replace(path string, old, cur *Entry) []string {
	type change struct {
		res *resolution
		was string
		old *Entry // old, when this context held it
		cur *Entry // cur, when this context holds it
	}
	var changes []change
	at := map[contextKey]int{}
	for _, e := range []*Entry{old, cur} {
		if e == nil {
			continue
		}
		for _, ctx := range w.holding(e) {
			i, ok := at[ctx]
			if !ok {
				// Resolved before the world changes: swap takes the
				// change in.
				i = len(changes)
				at[ctx] = i
				changes = append(changes, change{res: w.resolution(ctx)})
			}
			if e == old {
				changes[i].old, changes[i].was = old, identityOf(ctx.target, old)
			} else {
				changes[i].cur = cur
			}
		}
	}
	if cur == nil {
		delete(w.entries, path)
	} else {
		w.entries[path] = cur
	}
	w.alone = nil // its lists hold entries, not paths
	w.names++
	var out []string
	for _, c := range changes {
		for _, m := range c.res.swap(c.old, c.was, c.cur) {
			if p := m.Skill.Path; p != path && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// judge places a parsed file in the world: which roots find it, which
// project it belongs to, which targets read it and what they say.
func (w *World) judge(s *loader.Skill) *Entry {
	e := w.evaluate(s, w.roots())
	w.place(e)
	return e
}

// evaluate judges a file under roots: which find it, which targets read it
// and what they say. It only reads the world, so Load runs it in parallel.
func (w *World) evaluate(s *loader.Skill, roots []Root) *Entry {
	e := &Entry{Skill: s}
	e.Roots, e.Project = w.rootIndex.finding(s.Path, roots)
	e.Targets = w.readers(e)
	e.Problems = loader.Validate(s, e.Targets)
	// The budget's size counts scalars as text, as Zed, the one target
	// with a budget, reads them.
	name, desc := loader.ScalarText(s, "name"), loader.ScalarText(s, "description")
	var loads []string
	for _, t := range e.Targets {
		if loader.Loads(e.Problems, t.ID) {
			loads = append(loads, t.ID)
		}
	}
	e.sig = catalogSig{name: name, size: len(name) + len(desc), loads: strings.Join(loads, ",")}
	e.sig.text = budgetSigText(e.Targets, s)
	for _, t := range e.Targets {
		if t.Hides(s) {
			e.sig.hidden += t.ID + ","
		}
	}
	e.ids, e.hidden = make([]string, len(loader.Targets)), make([]bool, len(loader.Targets))
	for i, t := range loader.Targets {
		e.ids[i], e.hidden[i] = t.Identify(s), t.Hides(s)
		if p := e.packageFor(t); p != nil {
			e.ids[i] = p.InstalledName(s)
			if !e.hidden[i] && t.PackageUnlisted != nil && t.PackageUnlisted(t.Meta(s)) {
				e.hidden[i] = true
				e.sig.hidden += t.ID + ",package,"
			}
		}
	}
	e.sig.ids = strings.Join(e.ids, "\x00")
	return e
}

// InstalledName is the name t gives the file when it loads it through a
// package ("superpowers:brainstorming"), "" when it does not.
func (e *Entry) InstalledName(t *loader.Target) string {
	if p := e.packageFor(t); p != nil {
		return p.InstalledName(e.Skill)
	}
	return ""
}

// above lists, in order, the roots (of the list x indexes) in one of the
// folders holding path (clean).
func (x rootIndex) above(path string) []int {
	at := slices.Clone(x[linkRoots])
	for d := fsys.ParentDir(path); ; {
		at = append(at, x[d]...)
		up := fsys.ParentDir(d)
		if up == d {
			break
		}
		d = up
	}
	slices.Sort(at)
	return slices.Compact(at)
}

// linkRoots keys the roots whose scan follows folder links, and so may
// find a file outside their folder, under its real path.
const linkRoots = "\x00links"

// rootIndex lists roots by their folder: the roots that may find a file
// are those of its folders, so a world of a thousand plugin roots judges a
// file in a few lookups instead of a thousand.
type rootIndex map[string][]int

func indexRoots(roots []Root) rootIndex {
	x := make(rootIndex, len(roots))
	for i, r := range roots {
		x[r.Dir] = append(x[r.Dir], i)
		if r.Reach != nil && r.Target.Scan.FollowSymlinks {
			x[linkRoots] = append(x[linkRoots], i)
		}
	}
	return x
}

// finding lists the roots (of roots, the list x indexes) that find the
// file at path, in their order, and the project of the deepest project
// root among them.
func (x rootIndex) finding(path string, roots []Root) (found []*Root, project string) {
	inherited := ""
	for _, i := range x.above(path) {
		if r := &roots[i]; r.Finds(path) {
			found = append(found, r)
			switch {
			case r.Inherited:
				if len(r.Project) > len(inherited) {
					inherited = r.Project
				}
			case len(r.Project) > len(project):
				project = r.Project
			}
		}
	}
	// A root of the project's own folder says whose file it is before a
	// copy read from a project below it.
	if project == "" {
		project = inherited
	}
	return found, project
}

// projectOf is the project in which the root reads e: a project root's
// own (a root read from a folder above the project belongs to the project
// below it), else the file's.
func (r *Root) projectOf(e *Entry) string {
	if r.Project != "" && r.Scope == loader.ScopeProject {
		return r.Project
	}
	return e.Project
}

// packageFor is the package through which t loads the file, nil when its
// first root is an ordinary one (or it has none).
func (e *Entry) packageFor(t *loader.Target) *Package {
	var best *Root
	for _, r := range e.Roots {
		if r.Target == t && (best == nil || r.Rank < best.Rank) {
			best = r
		}
	}
	if best == nil {
		return nil
	}
	return best.Package
}

// place gives a file no project root finds the project that holds it.
func (w *World) place(e *Entry) {
	// An installed plugin's copy belongs to no project: no walk up for it.
	if e.Project == "" && !e.FromInstalled() {
		e.Project = w.ProjectOf(e.Skill.Path)
	}
}

// ProjectOf is Env.ProjectOf, remembered per directory for the life of the
// world: the files of one tree cost one walk up to the filesystem root.
func (w *World) ProjectOf(path string) string {
	if w.projectDirs == nil {
		w.projectDirs = map[string]string{}
	}
	return w.Env.projectOf(fsys.CleanPath(path), w.projectDirs, w.markedByWalk)
}

// markedByWalk tells whether a walk of Find listed dir (known), and then
// whether dir holds a project marker.
func (w *World) markedByWalk(dir string) (marked, known bool) {
	for _, wf := range w.walks {
		if wf.listed(dir) {
			return wf.marked[dir], true
		}
	}
	return false, false
}

// readers are the targets that read the file: agentskills always, then every
// target with a root that finds it (or the pinned targets).
func (w *World) readers(e *Entry) []*loader.Target {
	if len(w.Pinned) > 0 {
		return w.targets()
	}
	out := []*loader.Target{loader.Targets[0]}
	for _, t := range loader.Targets[1:] {
		if slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == t }) {
			out = append(out, t)
		}
	}
	return out
}

// LoadedBy lists the targets that discover the file and would load it.
func (e *Entry) LoadedBy() []string {
	var out []string
	for _, t := range loader.Targets {
		if slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == t }) && loader.Loads(e.Problems, t.ID) {
			out = append(out, t.ID)
		}
	}
	return out
}

// DiscoveredBy lists the targets that discover the file, loaded or not.
func (e *Entry) DiscoveredBy() []string {
	var out []string
	for _, t := range loader.Targets {
		if slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == t }) {
			out = append(out, t.ID)
		}
	}
	return out
}

// identity is the name a target knows the skill by, "" when it has none.
// For an agent that keeps every skill of a shared name, the path is part
// of it: no two skills collide.
func identityOf(t *loader.Target, e *Entry) string {
	if e == nil {
		return ""
	}
	var id string
	if i := slices.Index(loader.Targets, t); i >= 0 && e.ids != nil {
		id = e.ids[i]
	} else {
		id = t.Identify(e.Skill)
	}
	if t.Name.KeepAll && id != "" {
		return id + "\x00" + e.Skill.Path
	}
	return id
}

// hidesEntry is hides for a file of the world.
func hidesEntry(t *loader.Target, e *Entry) bool {
	if i := slices.Index(loader.Targets, t); i >= 0 && e.hidden != nil {
		return e.hidden[i]
	}
	return t.Hides(e.Skill)
}

// sortedRoots orders roots by precedence.
func sortedRoots(rs []Root) []Root {
	rs = slices.Clone(rs)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Rank < rs[j].Rank })
	return rs
}
