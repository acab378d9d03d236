package skillcore

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// FindPackages finds every plugin, marketplace and extension under top and
// resolves, for each target, the plugins it loads and their skills. It
// reads only manifests and lists folders; it never leaves top, never
// follows a remote source and never follows a link out of a plugin root.
func FindPackages(top string) *PackageSet { return findPackages(top, nil, nil, nil) }

// findPackages is FindPackages reading the manifests of overlay (editor
// buffers) from there rather than from disk, and taking what a walk of top
// (or of a folder holding it) met from facts rather than walking again, and
// the manifests preread gives (nil: none) rather than reading them.
func findPackages(top string, overlay map[string][]byte, facts *walkFacts, preread func(string) (*Manifest, bool)) *PackageSet {
	return findPackagesFor(loader.Targets, top, overlay, facts, preread)
}

// findPackagesFor is findPackages for some targets only: the packages
// others would read are neither resolved nor searched.
func findPackagesFor(targets []*loader.Target, top string, overlay map[string][]byte, facts *walkFacts, preread func(string) (*Manifest, bool)) *PackageSet {
	f := &packageFinder{
		targets: targets,
		overlay: overlay, facts: facts, preread: preread, stats: map[string]statResult{}, listed: map[string][]os.DirEntry{},
		set:     &PackageSet{Top: top, Manifests: map[string]*Manifest{}, byPath: map[string][]*Package{}, byRoot: map[string][]*Package{}, order: map[*Package]int{}},
		top:     top,
		plugins: map[string]bool{}, markets: map[string]bool{}, bare: map[string]bool{},
		listings: map[targetDir][]*listing{}, checked: map[formatPath]bool{}, added: map[packageKey]bool{},
	}
	if f.facts == nil {
		f.facts = walkForPackages(top)
	}
	f.plugLookup, f.markLookup = map[*loader.Target][]loader.Lookup[*loader.PluginFormat]{}, map[*loader.Target][]loader.Lookup[*loader.MarketplaceFormat]{}
	for _, t := range targets {
		f.plugLookup[t], f.markLookup[t] = loader.PluginLookup(t.ID), loader.MarketplaceLookup(t.ID)
	}
	f.set.Capped = f.facts.capped
	for _, p := range f.facts.manifests {
		f.note(p)
	}
	for p := range overlay {
		if loader.Within(top, p) && !f.facts.found[p] {
			f.note(p) // a manifest an editor made, not yet saved
		}
	}
	f.prefetch()
	f.resolveMarketplaces()
	f.resolvePlugins()
	for _, p := range f.set.Packages {
		for _, s := range p.Skills {
			f.set.byPath[s] = append(f.set.byPath[s], p)
		}
		f.set.byRoot[p.Root] = append(f.set.byRoot[p.Root], p)
		f.set.order[p] = len(f.set.order)
	}
	for _, m := range f.set.Manifests {
		m.Problems = loader.Merge(m.Problems)
	}
	return f.set
}

// targetDir is a folder as one target reads it; formatPath a manifest as
// one format reads it. Map keys of two strings, not joined: no string is
// made to look them up.
type targetDir struct{ target, dir string }
type formatPath struct{ path, format string }

// packageKey is one plugin as one target reads it.
type packageKey struct {
	target     *loader.Target
	root, name string
}

type packageFinder struct {
	targets []*loader.Target // those whose packages are resolved
	// mu guards the maps below that resolvePlugins, one plugin folder to
	// a goroutine, writes or reads as they are written (set.Manifests,
	// added, stats, listed, checked), and the problems of marketplaces,
	// which several folders' entries share.
	mu    sync.Mutex
	added map[packageKey]bool   // the packages found, by key
	stats map[string]statResult // stat, remembered
	// plugLookup and markLookup are each target's manifest lookups.
	plugLookup       map[*loader.Target][]loader.Lookup[*loader.PluginFormat]
	markLookup       map[*loader.Target][]loader.Lookup[*loader.MarketplaceFormat]
	overlay          map[string][]byte
	facts            *walkFacts
	preread          func(string) (*Manifest, bool) // manifests read ahead
	listed           map[string][]os.DirEntry       // the entries of skills folders
	set              *PackageSet
	top              string
	plugins, markets map[string]bool
	bare             map[string]bool // folders with a plugin.json below the top
	// listings are the marketplace entries naming a plugin root, by
	// target and folder.
	listings map[targetDir][]*listing
	checked  map[formatPath]bool // manifest and format pairs already checked
}

// listing is one marketplace entry naming a local plugin.
type listing struct {
	market *Manifest
	format *loader.MarketplaceFormat
	root   string // the marketplace root
	entry  *syntax.JSONValue
	name   string
	dir    string
}

// manifest reads (once) the manifest at path; nil when there is none.
func (f *packageFinder) manifest(path string) *Manifest {
	f.mu.Lock()
	m, ok := f.set.Manifests[path]
	f.mu.Unlock()
	if ok {
		return m
	}
	// Read unlocked: a manifest belongs to one folder, read by one goroutine.
	if m = f.load(path); m != nil {
		f.mu.Lock()
		f.set.Manifests[path] = m
		f.mu.Unlock()
	}
	return m
}

// absent reports, without making its path, that no manifest is at
// dir/rel: the walk saw all of the tree and none there, and no editor
// holds one. A folder has a dozen such paths to look at, one per format
// and target. path is a buffer to build the path in.
func (f *packageFinder) absent(dir, rel string, path *[]byte) bool {
	if filepath.Separator != '/' || f.facts == nil || f.facts.capped != "" || !loader.Within(f.top, dir) && dir != f.top || strings.HasSuffix(dir, "/") {
		return false
	}
	b := append(append(append((*path)[:0], dir...), '/'), rel...)
	*path = b
	_, open := f.overlay[string(b)]
	return !open && !f.facts.found[string(b)]
}

// load reads the manifest at path (an editor's buffer first), nil when
// there is none or it is a link out of the tree. It only reads f, so the
// manifests a walk met are read in parallel (prefetch).
func (f *packageFinder) load(path string) *Manifest {
	if src, ok := f.overlay[path]; ok {
		return ParseManifest(path, src)
	}
	if !f.facts.mayExist(path) || !f.inside(f.top, path) {
		return nil
	}
	if f.preread != nil {
		if m, ok := f.preread(path); ok {
			return m
		}
	}
	m, err := readManifest(path)
	if err != nil {
		return nil
	}
	return m
}

// prefetch reads, in parallel, every manifest the walk met in a folder
// noted as a plugin or marketplace root.
func (f *packageFinder) prefetch() {
	// The manifests met are fewer than the folders times the manifest
	// paths: each is looked at once, for the folder it would belong to.
	var paths []string
	for _, p := range f.facts.manifests {
		for _, rel := range loader.ManifestPaths() {
			rel = filepath.FromSlash(rel)
			if !strings.HasSuffix(p, rel) || len(p) <= len(rel) || !os.IsPathSeparator(p[len(p)-len(rel)-1]) {
				continue
			}
			d := p[:len(p)-len(rel)-1]
			if d == "" {
				d = string(filepath.Separator)
			}
			if f.plugins[d] || f.markets[d] || f.bare[d] {
				paths = append(paths, p)
				break
			}
		}
	}
	read := make([]*Manifest, len(paths))
	ForEach(len(paths), func(i int) { read[i] = f.load(paths[i]) })
	for i, m := range read {
		if m != nil {
			f.set.Manifests[paths[i]] = m
		}
	}
	// A bare plugin.json below the top is a plugin when its $schema marks
	// a format; else it is left alone, unreported.
	for d := range f.bare {
		p := filepath.Join(d, "plugin.json")
		m := f.set.Manifests[p]
		if m != nil && slices.ContainsFunc(loader.PluginFormats, func(pf *loader.PluginFormat) bool {
			return pf.Schema.Marker != "" && slices.Contains(pf.Manifests, "plugin.json") && markerFits(m, pf)
		}) {
			f.plugins[d] = true
		} else if !f.plugins[d] {
			delete(f.set.Manifests, p)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (f *packageFinder) resolveMarketplaces() {
	for _, dir := range sortedKeys(f.markets) {
		for _, t := range f.targets {
			for _, l := range f.markLookup[t] {
				m := f.manifest(fsys.SubPath(dir, l.Rel))
				if m == nil {
					continue
				}
				if key := (formatPath{m.Path, l.Format.ID}); !f.checked[key] {
					f.checked[key] = true
					checkMarketplace(m, l.Format, dir, f.top, f.stat)
				}
				f.list(t, m, l.Format, dir)
				break
			}
		}
	}
}

// list records the local plugins of a marketplace that target reads.
func (f *packageFinder) list(t *loader.Target, m *Manifest, mf *loader.MarketplaceFormat, root string) {
	seen := map[string]bool{}
	for _, e := range m.Root.Get("plugins").Array() {
		name, _ := e.Get("name").Str()
		if name == "" || seen[name] || m.fatalFor(t.ID, e.Range) {
			continue // skipped, as its findings say
		}
		seen[name] = true
		src := resolveSource(mf, m.Root, e.Get("source"), root, f.top, f.stat)
		if src.dir == "" {
			continue
		}
		if !f.inside(f.top, src.dir) {
			m.add("manifest-path", loader.Error, e.Get("source").Range, []string{t.ID},
				fmt.Sprintf("%s skips the entry %q: its source leads out of the repository through a link", t.ID, name))
			continue
		}
		key := targetDir{t.ID, src.dir}
		f.listings[key] = append(f.listings[key], &listing{market: m, format: mf, root: root, entry: e, name: name, dir: src.dir})
		f.plugins[src.dir] = true
	}
}

func (f *packageFinder) resolvePlugins() {
	// Each plugin folder is resolved on its own, in parallel; the packages
	// are then listed in the order of the folders, as one pass gives them.
	dirs := sortedKeys(f.plugins)
	found := make([][]*Package, len(dirs))
	ForEach(len(dirs), func(i int) { found[i] = f.resolvePlugin(dirs[i]) })
	for _, ps := range found {
		f.set.Packages = append(f.set.Packages, ps...)
	}
	slices.SortStableFunc(f.set.Packages, func(a, b *Package) int {
		if c := strings.Compare(a.Root, b.Root); c != 0 {
			return c
		}
		return slices.Index(loader.Targets, a.Target) - slices.Index(loader.Targets, b.Target)
	})
}

// readersOf lists the readers of the format pf that read the manifest m
// of the plugin folder dir: those whose lookup finds no manifest of
// theirs before it (codex reads .codex-plugin/plugin.json where there is
// one, and then not .claude-plugin/plugin.json).
func (f *packageFinder) readersOf(dir string, m *Manifest, pf *loader.PluginFormat) []string {
	var out []string
	var path []byte
	for _, r := range pf.Readers {
		t := loader.TargetByID(r.Target)
		for _, l := range f.plugLookup[t] {
			if f.absent(dir, l.Rel, &path) {
				continue
			}
			if first := f.manifest(fsys.SubPath(dir, l.Rel)); first != nil && markerFits(first, l.Format) {
				if first == m && l.Format == pf {
					out = append(out, r.Target)
				}
				break
			}
		}
	}
	return out
}

// resolvePlugin makes the packages each target loads from the plugin
// folder dir.
func (f *packageFinder) resolvePlugin(dir string) []*Package {
	var out []*Package
	var path []byte
	for _, t := range f.targets {
		lk := f.plugLookup[t]
		var man *Manifest
		var pf *loader.PluginFormat
		for _, l := range lk {
			if f.absent(dir, l.Rel, &path) {
				continue
			}
			m := f.manifest(fsys.SubPath(dir, l.Rel))
			if m == nil || !markerFits(m, l.Format) {
				continue
			}
			man, pf = m, l.Format
			f.mu.Lock()
			key := formatPath{m.Path, pf.ID}
			first := !f.checked[key]
			f.checked[key] = true
			f.mu.Unlock()
			if first {
				checkPlugin(m, pf, dir, f.readersOf(dir, m, pf), f.stat)
			}
			break
		}
		ls := f.listings[targetDir{t.ID, dir}]
		if len(ls) == 0 {
			if man != nil {
				out = f.add(out, t, pf, man, nil, dir)
			}
			continue
		}
		for _, l := range ls {
			fmtFor := pf
			if man == nil {
				fmtFor = optionalFormat(lk)
				if fmtFor == nil {
					continue // the target loads no plugin without its manifest
				}
			}
			out = f.add(out, t, fmtFor, man, l, dir)
		}
	}
	return out
}

// optionalFormat is the format a target reads a manifest-less listed
// plugin as, or nil.
func optionalFormat(lk []loader.Lookup[*loader.PluginFormat]) *loader.PluginFormat {
	for _, l := range lk {
		if l.Reading.Optional {
			return l.Format
		}
	}
	return nil
}

// markerFits reports whether the manifest's $schema makes it this format.
func markerFits(m *Manifest, pf *loader.PluginFormat) bool {
	schema, _ := m.Root.Get("$schema").Str()
	if pf.Schema.Marker != "" && schema != pf.Schema.Marker {
		return false
	}
	return pf.Schema.NotMarker == "" || schema != pf.Schema.NotMarker
}

// add appends to out the package target t loads from the plugin at dir (or
// records why it refuses it), unless the plugin is one already added.
func (f *packageFinder) add(out []*Package, t *loader.Target, pf *loader.PluginFormat, man *Manifest, l *listing, dir string) []*Package {
	p := &Package{Target: t, Format: pf, Root: dir, Top: f.top, Name: filepath.Base(dir), skillSet: map[string]bool{}}
	strict, defines := true, false
	if l != nil {
		defines = slices.Contains(l.format.Sources.EntryDefines, t.ID)
		p.Marketplace, p.Entry, p.Name = l.market.Path, l.name, l.name
		if s := l.entry.Get("strict"); s != nil && s.Kind == syntax.JSONBool && s.Text == "false" {
			strict = false
		}
	}
	var fields *syntax.JSONValue
	if man != nil {
		p.Manifest = man.Path
		fields = man.Root
		if n, ok := man.Root.Get("name").Str(); ok && n != "" {
			p.Name = n
		}
	}
	if defines && (man == nil || !strict) {
		fields = l.entry
	}
	// A marketplace's problems, and the packages found, are shared with
	// the goroutines of other plugin folders.
	f.mu.Lock()
	p.Refused = refusal(t, man, l, p.Name, defines, strict)
	key := packageKey{t, dir, p.Name}
	listedTwice := f.added[key]
	f.added[key] = true
	f.mu.Unlock()
	if listedTwice {
		return out
	}
	out = append(out, p)
	if p.Refused != "" {
		return out
	}
	explicit := defines && l.dir == l.root && l.entry.Get("skills") != nil
	layout := pf.Skills
	if r, _ := loader.ReadingOf(pf.Readers, t.ID); r.OwnScan && t.Scan.Recursive {
		layout.Depth, layout.MaxDirs, layout.SkipHidden = t.Scan.MaxDepth, t.Scan.MaxDirs, t.Scan.SkipHidden
	}
	f.findSkills(p, layout, fields, explicit)
	return out
}

// refusal says why t refuses the plugin named name ("" when it does not),
// adding to its marketplace the problem that says so where there is one.
func refusal(t *loader.Target, man *Manifest, l *listing, name string, defines, strict bool) string {
	switch {
	case man != nil && man.Root == nil:
		return "its manifest is not a JSON object it can read"
	case man != nil && man.fatalFor(t.ID, man.Root.Range):
		return "its manifest has errors"
	case l != nil && l.market.fatalFor(t.ID, l.entry.Range):
		return "its marketplace entry has errors"
	case defines && !strict && man != nil && declaresComponents(man.Root):
		conflict(l, t, man)
		return "its marketplace entry sets \"strict\": false and its plugin.json declares components too"
	case l != nil && l.format.Sources.NameMustMatch && man != nil && name != l.name:
		mismatch(l, t, man, name)
		return "its manifest name differs from its marketplace entry's"
	}
	return ""
}

// declaresComponents reports whether a plugin.json names components.
func declaresComponents(v *syntax.JSONValue) bool {
	for _, k := range []string{"skills", "commands", "agents", "hooks", "mcpServers", "outputStyles", "lspServers"} {
		if v.Get(k) != nil {
			return true
		}
	}
	return false
}

// findSkills fills the package's skills from the layout, the skills field
// of fields (a manifest or a marketplace entry) and explicit (the field
// lists exactly what loads).
func (f *packageFinder) findSkills(p *Package, layout loader.SkillsLayout, fields *syntax.JSONValue, explicit bool) {
	p.explicit = explicit
	var field *syntax.JSONValue
	if layout.Field != "" || explicit {
		field = fields.Get("skills")
	}
	dirExists := false
	if layout.Dir != "" && !explicit && !(layout.Replaces && field != nil) {
		d := filepath.Join(p.Root, layout.Dir)
		if f.isDir(d) && f.inside(p.Root, d) {
			dirExists = true
			f.search(p, layout, d, layout.Dir+"/")
			if layout.DirIsSkill {
				f.addSkill(p, filepath.Join(d, loader.FileName))
			}
		}
	}
	for _, v := range stringsOf(field) {
		if problemOfPath(v.Text, layout.Paths) != "" {
			continue
		}
		d := filepath.Join(p.Root, filepath.FromSlash(v.Text))
		if !f.inside(p.Root, d) {
			continue
		}
		st, err := f.stat(d)
		switch {
		case err != nil:
		case st.Mode().IsRegular() && filepath.Base(d) == loader.FileName:
			f.addSkill(p, d)
		case st.IsDir() && layout.EntryIsSkill && f.isRegular(filepath.Join(d, loader.FileName)):
			f.addSkill(p, filepath.Join(d, loader.FileName))
			p.searched = append(p.searched, searchedDir{Dir: d, Depth: 0, What: "the skills entry " + v.Text})
		case st.IsDir():
			f.search(p, layout, d, "the skills entry "+v.Text)
		}
	}
	if layout.RootSkill && !dirExists && field == nil {
		f.addSkill(p, filepath.Join(p.Root, loader.FileName))
	}
	slices.Sort(p.Skills)
}

// stringsOf lists a string value, or an array's strings.
func stringsOf(v *syntax.JSONValue) []*syntax.JSONValue {
	if v == nil {
		return nil
	}
	if v.Kind == syntax.JSONString {
		return []*syntax.JSONValue{v}
	}
	var out []*syntax.JSONValue
	for _, it := range v.Array() {
		if it.Kind == syntax.JSONString {
			out = append(out, it)
		}
	}
	return out
}

type statResult struct {
	info fs.FileInfo
	err  error
}

// stat is os.Stat, remembered: the readers of one plugin root, and the
// checks of its manifest, look at the same paths.
func (f *packageFinder) stat(p string) (fs.FileInfo, error) {
	f.mu.Lock()
	r, ok := f.stats[p]
	f.mu.Unlock()
	if !ok {
		r.info, r.err = os.Stat(p)
		f.mu.Lock()
		f.stats[p] = r
		f.mu.Unlock()
	}
	return r.info, r.err
}

// isDir reports whether a folder is at p, from the walk when it met every
// entry on the way.
func (f *packageFinder) isDir(p string) bool {
	if f.facts.knows(p) {
		return f.facts.hasFolder(p)
	}
	st, err := f.stat(p)
	return err == nil && st.IsDir()
}

// isRegular is the package function, remembered: the readers of one
// plugin root look at the same files.
func (f *packageFinder) isRegular(p string) bool {
	if filepath.Base(p) == loader.FileName && f.facts.knows(p) {
		return f.facts.hasSkill(p)
	}
	st, err := f.stat(p)
	return err == nil && st.Mode().IsRegular()
}

func (f *packageFinder) addSkill(p *Package, path string) {
	if !p.skillSet[path] && f.isRegular(path) {
		p.skillSet[path] = true
		p.Skills = append(p.Skills, path)
	}
}

// search looks for skills in dir as the layout says: its children, or
// recursively to the layout's depth.
func (f *packageFinder) search(p *Package, layout loader.SkillsLayout, dir, what string) {
	p.searched = append(p.searched, searchedDir{Dir: dir, Depth: layout.Depth, What: what, SkipHidden: layout.SkipHidden})
	if f.facts.knows(dir) && (layout.Depth == 1 || f.facts.foldersUnder(dir) < layout.MaxDirs) {
		// The walk met every file below: no folder need be read again.
		for _, s := range f.facts.skillsUnder(dir, layout.Depth, layout.SkipHidden) {
			switch {
			case f.facts.linkFree(s):
				f.addSkill(p, s)
			case layout.Depth == 1 && f.inside(p.Root, s):
				f.addSkill(p, s) // a linked skill folder inside the root
			}
			// A recursive search follows no link at all.
		}
		if layout.Depth == 1 {
			for _, l := range f.facts.linksIn[dir] {
				if f.inside(p.Root, l) {
					f.addSkill(p, filepath.Join(l, loader.FileName))
				}
			}
		}
		return
	}
	if layout.Depth > 1 {
		for _, s := range discoverRecursive(dir, loader.Scan{Recursive: true, MaxDepth: layout.Depth, MaxDirs: layout.MaxDirs, SkipHidden: layout.SkipHidden}) {
			f.addSkill(p, s)
		}
		return
	}
	f.mu.Lock()
	entries, seen := f.listed[dir]
	f.mu.Unlock()
	if !seen {
		entries, _ = os.ReadDir(dir)
		entries = entries[:min(len(entries), maxRootEntries)]
		f.mu.Lock()
		f.listed[dir] = entries
		f.mu.Unlock()
	}
	for _, e := range entries {
		if layout.SkipHidden && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		child := filepath.Join(dir, e.Name())
		if e.Type()&os.ModeSymlink != 0 && !f.inside(p.Root, child) {
			continue // a link out of the plugin root
		}
		f.addSkill(p, filepath.Join(child, loader.FileName))
	}
}
