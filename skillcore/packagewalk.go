package skillcore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// walkFacts is what a walk of a tree tells the package search: the files
// that may be manifests and the entries that are links. The search takes
// them from check's walk for SKILL.md files when there was one, and walks
// for them itself otherwise, so a tree is walked once.
type walkFacts struct {
	top       string
	manifests []string            // files named like a manifest
	found     map[string]bool     // the same, for lookups
	links     map[string]bool     // entries that are symbolic links
	linksIn   map[string][]string // the same, by the folder they are in
	skills    []string            // regular files named SKILL.md, sorted once walked
	folders   []string            // the folders met, sorted once walked
	topSeen   bool                // top itself was listed
	marked    map[string]bool     // folders listed that hold a project marker
	capped    string              // the walk cap hit, "" none
	// hidden: the walk entered every hidden folder (check's walk does;
	// the package search's own enters only those holding manifests).
	hidden bool
	// shallow: only top and the folders of its manifests were listed
	// (rootFacts); what lies deeper is not known.
	shallow bool
	// inSkill holds the folders listed that are a skill's folder or lie
	// in one; listings, the whole listing of each of those, for the
	// checker to judge a skill's other files without listing again.
	inSkill  map[string]bool
	listings map[string][]fs.DirEntry
	// walked and entries count the folders the walk listed itself and
	// the entries it met, against the walk's caps; errs are the caps
	// reached, until ended takes them in.
	walked, entries int
	errs            []error
}

func newWalkFacts(top string) *walkFacts {
	return &walkFacts{top: top, found: map[string]bool{}, links: map[string]bool{}, linksIn: map[string][]string{}, marked: map[string]bool{}}
}

// see takes in one entry of the folder dir. Only what the search asks
// about is kept (links, SKILL.md files, manifests): a check walks every
// file of a tree through here. It returns the entry's path when it made
// one ("" else), for the caller not to make it again.
func (wf *walkFacts) see(dir string, d fs.DirEntry) string {
	link := d.Type()&fs.ModeSymlink != 0
	name := d.Name()
	skill := name == loader.FileName && d.Type().IsRegular()
	manifest := loader.ManifestNames()[name]
	if !link && !skill && !manifest {
		return ""
	}
	p := fsys.ChildPath(dir, name)
	if link {
		wf.links[p] = true
		wf.linksIn[dir] = append(wf.linksIn[dir], p)
	}
	if skill {
		wf.skills = append(wf.skills, p)
	}
	if manifest {
		wf.manifests = append(wf.manifests, p)
		wf.found[p] = true
	}
	return p
}

// mayExist reports whether a manifest may be at path: the walk met it, or
// the walk did not see everything (a cap, or a path outside it).
func (wf *walkFacts) mayExist(path string) bool {
	return wf.found[path] || wf.capped != "" || !loader.Within(wf.top, path)
}

// linkFree reports whether no entry on the way from top to path is a
// link the walk met: such a path needs no resolving to stay inside.
func (wf *walkFacts) linkFree(path string) bool {
	if wf.shallow && path != wf.top && !wf.listed(filepath.Dir(path)) {
		return false // a link may be on the way: not listed
	}
	if len(wf.links) == 0 {
		return loader.Within(wf.top, path) || path == wf.top
	}
	for p := fsys.CleanPath(path); loader.Within(wf.top, p); p = fsys.ParentDir(p) {
		if wf.links[p] {
			return false
		}
	}
	return loader.Within(wf.top, path) || path == wf.top
}

// knows reports whether the walk met every entry on the way to path, so
// what it did not meet is not there.
func (wf *walkFacts) knows(path string) bool {
	return !wf.shallow && wf.capped == "" && loader.Within(wf.top, path) && wf.linkFree(path) && (wf.hidden || !hiddenBelow(wf.top, filepath.Dir(path)))
}

// skillsUnder lists the regular SKILL.md files the walk met below dir, at
// most depth folders down (1: dir/<skill>/SKILL.md), leaving out those in
// hidden folders when skipHidden.
func (wf *walkFacts) skillsUnder(dir string, depth int, skipHidden bool) []string {
	prefix := dir + string(filepath.Separator)
	var out []string
	for i, _ := slices.BinarySearch(wf.skills, prefix); i < len(wf.skills) && strings.HasPrefix(wf.skills[i], prefix); i++ {
		rel := filepath.ToSlash(wf.skills[i][len(prefix):])
		n := strings.Count(rel, "/")
		if n < 1 || n > depth || (skipHidden && (strings.HasPrefix(rel, ".") || strings.Contains(rel, "/."))) {
			continue
		}
		out = append(out, wf.skills[i])
	}
	return out
}

// seeFolder takes in a folder of the walk and its entries.
func (wf *walkFacts) seeFolder(p string, entries []fs.DirEntry) {
	wf.addFolder(p)
	for _, e := range entries {
		wf.see(p, e)
	}
}

// addFolder takes in a folder of the walk, its entries aside.
func (wf *walkFacts) addFolder(p string) {
	if p != wf.top {
		wf.folders = append(wf.folders, p)
	} else {
		wf.topSeen = true
	}
}

// ended takes in the caps a walk reached, and sorts what it met.
func (wf *walkFacts) ended(errs []error) *walkFacts {
	for _, err := range append(wf.errs, errs...) {
		var le *LimitError
		if errors.As(err, &le) {
			wf.capped = le.Cap
		}
	}
	wf.errs = nil
	return wf.done()
}

// walkForPackages walks top for manifests with the walk check uses for
// SKILL.md files (its caps, links followed once), when no such walk came
// first. It enters no hidden folder but those on the way to a manifest
// (packageSkip).
func walkForPackages(top string) *walkFacts {
	return walkPackagesSkipping(top, packageSkip(top)).ended(nil)
}

// walkPackagesSkipping is the walk of walkForPackages entering no entry
// skip names; the caps it reached are in wf.errs, for ended.
func walkPackagesSkipping(top string, skip func(dir, name string) bool) *walkFacts {
	wf := newWalkFacts(top)
	_, wf.errs = walkTree(top, func(p string, entries []fs.DirEntry, _ bool, err error) {
		if err == nil {
			wf.seeFolder(p, entries)
			wf.walked++
			wf.entries += len(entries)
		}
	}, skip)
	return wf
}

// packageSkip is the package search's rule for the walk of top: no hidden
// folder but those on the way to a manifest (.claude-plugin,
// .agents/plugins, ...), for a workspace's .agents/skills or .venv holds
// no package.
func packageSkip(top string) func(dir, name string) bool {
	return func(dir, name string) bool {
		if name[0] != '.' && !strings.HasPrefix(filepath.Base(dir), ".") {
			return false
		}
		rel := name
		if parent := filepath.Base(dir); strings.HasPrefix(parent, ".") && dir != top {
			rel = parent + "/" + name
		}
		return !hiddenOnTheWay[rel]
	}
}

// rootFacts lists only what a plugin's agent reads first at its root: the
// root folder and the folders its manifests are in (.claude-plugin,
// .github/plugin, ...), not the tree below. An installed plugin is loaded
// from its root alone, so a search of it needs no more: it lists the
// skills folders itself, as the agent does.
func rootFacts(root string) *walkFacts {
	wf := newWalkFacts(root)
	wf.shallow = true
	list := func(dir string) []fs.DirEntry {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil
		}
		wf.seeFolder(dir, entries)
		return entries
	}
	for _, e := range list(root) {
		if name := e.Name(); hiddenOnTheWay[name] && e.IsDir() {
			for _, inner := range list(filepath.Join(root, name)) {
				if hiddenOnTheWay[name+"/"+inner.Name()] && inner.IsDir() {
					list(filepath.Join(root, name, inner.Name()))
				}
			}
		}
	}
	return wf.done()
}

// done ends a walk: its SKILL.md files and folders sorted for lookups.
func (wf *walkFacts) done() *walkFacts {
	slices.Sort(wf.skills)
	slices.Sort(wf.folders)
	return wf
}

// hasSkill reports whether the walk met a regular SKILL.md at p.
func (wf *walkFacts) hasSkill(p string) bool {
	_, found := slices.BinarySearch(wf.skills, p)
	return found
}

// hasFolder reports whether the walk met a folder at p.
func (wf *walkFacts) hasFolder(p string) bool {
	_, found := slices.BinarySearch(wf.folders, p)
	return found
}

// listed reports whether the walk listed the folder dir.
func (wf *walkFacts) listed(dir string) bool {
	if dir == wf.top {
		return wf.topSeen
	}
	return loader.Within(wf.top, dir) && wf.hasFolder(dir)
}

// foldersUnder counts the folders the walk met below dir.
func (wf *walkFacts) foldersUnder(dir string) int {
	prefix := dir + string(filepath.Separator)
	from, _ := slices.BinarySearch(wf.folders, prefix)
	to, _ := slices.BinarySearch(wf.folders, dir+string(filepath.Separator+1))
	return to - from
}

// hiddenOnTheWay are the hidden folders (and the folders inside them) on
// the way to a manifest: ".claude-plugin", ".agents", ".agents/plugins".
var hiddenOnTheWay = func() map[string]bool {
	out := map[string]bool{}
	for _, rel := range loader.ManifestPaths() {
		parts := strings.Split(rel, "/")
		for i := 1; i < len(parts); i++ {
			if strings.HasPrefix(parts[0], ".") {
				out[strings.Join(parts[:i], "/")] = true
			}
		}
	}
	return out
}()

// factsFor picks, among the walks of a world, one that covered top, and
// narrows it to top; nil when none did.
func factsFor(walks map[string]*walkFacts, top string) *walkFacts {
	for dir, wf := range walks {
		if dir != top && !loader.Within(dir, top) {
			continue
		}
		out := newWalkFacts(top)
		out.capped, out.links, out.linksIn, out.hidden = wf.capped, wf.links, wf.linksIn, wf.hidden
		for _, p := range wf.manifests {
			if loader.Within(top, p) {
				out.manifests = append(out.manifests, p)
				out.found[p] = true
			}
		}
		slices.Sort(out.manifests)
		out.skills, out.folders = wf.skills, wf.folders // read only
		return out
	}
	return nil
}

// note classifies a manifest the walk met by the path it ends with. A bare
// plugin.json or marketplace.json counts only at the top (or where a
// marketplace points): elsewhere it is too often something else. Nor does
// one in a hidden folder that holds no manifests (.claude/skills/...).
func (f *packageFinder) note(p string) {
	slash := filepath.ToSlash(p)
	for _, rel := range loader.ManifestPaths() {
		if !strings.HasSuffix(slash, "/"+rel) {
			continue
		}
		dir := p[:len(p)-len(rel)-1]
		if dir != f.top && !loader.Within(f.top, dir) || hiddenBelow(f.top, dir) {
			continue
		}
		if !loader.Unmistakable(rel) && dir != f.top {
			if rel == "plugin.json" {
				f.bare[dir] = true // a plugin if its $schema says so (marked)
			}
			continue
		}
		if strings.HasSuffix(rel, "marketplace.json") {
			f.markets[dir] = true
		} else {
			f.plugins[dir] = true
		}
	}
}

// hiddenBelow reports whether a folder between top and dir is hidden.
func hiddenBelow(top, dir string) bool {
	if dir == top {
		return false
	}
	rel := filepath.ToSlash(dir[len(top)+1:])
	return strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.")
}

// inside reports whether path, links resolved, stays in root (links
// resolved too). A path the walk met no link on is inside when its text
// is; only one with a link on its way is resolved.
func (f *packageFinder) inside(root, path string) bool {
	if f.facts.linkFree(path) && f.facts.linkFree(root) {
		return path == root || loader.Within(root, path)
	}
	rp, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	rr, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	return rp == rr || loader.Within(rr, rp)
}
