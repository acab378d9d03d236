package skillcore

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// The world's packages change when a manifest does: the files they bring
// are judged again, and files a package now brings are read.

// SetManifest lays an editor's text over the manifest at path (nil: the
// disk's again) and judges the world's packages anew. It returns the
// SKILL.md files whose standing may have changed.
func (w *World) SetManifest(path string, src []byte) []string {
	path = fsys.CleanPath(path)
	if w.manifests == nil {
		w.manifests = map[string][]byte{}
	}
	if src == nil {
		delete(w.manifests, path)
	} else {
		w.manifests[path] = src
	}
	return w.ReloadPackages()
}

// ManifestFromDisk takes the manifest at path as it is on disk (created,
// changed, deleted, or its editor buffer closed): any buffer of it is
// dropped and the folders around it are searched for packages again.
func (w *World) ManifestFromDisk(path string) []string {
	path = fsys.CleanPath(path)
	delete(w.manifests, path)
	for dir := range w.walks {
		if loader.Within(dir, path) {
			delete(w.walks, dir)
		}
	}
	return w.ReloadPackages()
}

// RefreshPackagesFor searches the packages around path again when path, a
// SKILL.md that came or went, lies in a folder searched for packages (a
// plugin may now bring it, or no longer). It reports whether it did.
func (w *World) RefreshPackagesFor(path string) bool {
	path = fsys.CleanPath(path)
	found := false
	for dir := range w.walks {
		if loader.Within(dir, path) {
			delete(w.walks, dir)
			found = true
		}
	}
	if found {
		w.ReloadPackages()
	}
	return found
}

// ManifestPaths lists every manifest the world's package search read.
func (w *World) ManifestPaths() []string {
	var out []string
	for _, ps := range w.PackageSets() {
		for p := range ps.Manifests {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ReloadPackages reads the manifests again (one changed on disk), judges
// again every file of the world whose roots change with the packages
// found, reads the files a package now brings, and returns every file when
// any one's roots changed (its collisions may touch any other), else none.
func (w *World) ReloadPackages() []string {
	w.rootList = nil
	roots := w.roots()
	var changed, reread []string
	for p, e := range w.entries {
		if found, _ := w.rootIndex.finding(p, roots); sameRoots(e.Roots, found) {
			e.Roots = found // judged as it was: only its roots are the new list's
			continue
		}
		changed = append(changed, p)
		if e.Skill.Released() {
			reread = append(reread, p) // its body is on disk only
			continue
		}
		ne := w.evaluate(e.Skill, roots)
		w.place(ne)
		w.entries[p] = ne
		w.names++
	}
	for _, r := range roots {
		if r.Package == nil {
			continue
		}
		for _, s := range r.Package.Skills {
			if w.entries[s] == nil && !slices.Contains(reread, s) {
				reread = append(reread, s)
				changed = append(changed, s)
			}
		}
	}
	w.gen++
	w.Load(reread)
	if len(changed) > 0 {
		// Names moved: any file may now collide, or no longer.
		return w.Paths()
	}
	return nil
}

// sameRoots reports whether two lists of roots are the same roots.
func sameRoots(a, b []*Root) bool {
	return slices.EqualFunc(a, b, func(x, y *Root) bool {
		return x.Dir == y.Dir && x.Target == y.Target && x.Rank == y.Rank && (x.Package == nil) == (y.Package == nil) &&
			(x.Package == nil || x.Package.Name == y.Package.Name)
	})
}

// Manifest returns the manifest at path as the world's packages read it,
// with its problems; a manifest no package search met is read and checked
// on its own, unless its name alone (plugin.json, marketplace.json) is all
// that makes it one. Nil when there is none.
func (w *World) Manifest(path string) *Manifest {
	path = fsys.CleanPath(path)
	for _, ps := range w.PackageSets() {
		if m := ps.Manifests[path]; m != nil {
			return m
		}
	}
	if !loader.IsManifest(path) || !loader.Unmistakable(filepath.ToSlash(manifestRel(path))) {
		return nil
	}
	return checkAlone(path, w.manifests[path])
}

// checkAlone reads (unless src is given) and checks the manifest at path
// by the formats its path names, as a search from its folder would.
func checkAlone(path string, src []byte) *Manifest {
	dir := manifestRoot(path)
	var overlay map[string][]byte
	if src != nil {
		overlay = map[string][]byte{path: src}
	} else if _, err := os.Stat(path); err != nil {
		return nil
	}
	ps := findPackages(dir, overlay, nil, nil)
	if m := ps.Manifests[path]; m != nil {
		return m
	}
	// A manifest no search counts (a bare plugin.json below the top) is
	// still read, for its syntax.
	if src != nil {
		return ParseManifest(path, src)
	}
	m, _ := readManifest(path)
	return m
}

// manifestRel is the longest manifest path path ends with ("" none).
func manifestRel(path string) string {
	root := manifestRoot(path)
	if root == filepath.Dir(path) && !loader.IsManifest(path) {
		return ""
	}
	rel, _ := filepath.Rel(root, path)
	return rel
}

// manifestRoot is the plugin or marketplace root a manifest path belongs
// to: the folder its format's relative path starts from.
func manifestRoot(path string) string {
	slash := filepath.ToSlash(path)
	best := filepath.Dir(path)
	for _, rel := range loader.ManifestPaths() {
		if len(slash) > len(rel) && slash[len(slash)-len(rel)-1:] == "/"+rel {
			if d := path[:len(path)-len(rel)-1]; len(d) < len(best) {
				best = d
			}
		}
	}
	return best
}

// findPackageSets finds the packages under each folder, leaving out a
// folder inside another (the outer search finds its packages, with the
// marketplaces around them).
func findPackageSets(dirs []string, overlay map[string][]byte, walks map[string]*walkFacts, preread func(string) (*Manifest, bool)) []*PackageSet {
	dirs = slices.Clone(dirs)
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	var tops []string
	for _, d := range dirs {
		if !slices.ContainsFunc(tops, func(t string) bool { return loader.Within(t, d) }) {
			tops = append(tops, d)
		}
	}
	out := make([]*PackageSet, len(tops))
	facts := make([]*walkFacts, len(tops))
	for i, top := range tops {
		facts[i] = factsFor(walks, top)
	}
	ForEach(len(tops), func(i int) {
		if facts[i] == nil {
			facts[i] = walkForPackagesReusing(tops[i], walks)
		}
		out[i] = findPackages(tops[i], overlay, facts[i], preread)
	})
	for i, top := range tops {
		if walks != nil && walks[top] == nil {
			walks[top] = facts[i] // an edit of a manifest need not walk again
		}
	}
	return out
}

// packageRoots are the roots standing for the packages targets load: each
// ranks after every ordinary root of its target, as agents rank project
// and personal skills over a plugin's.
func packageRoots(sets []*PackageSet, targets []*loader.Target) []Root {
	var out []Root
	for _, ps := range sets {
		for i, p := range ps.Packages {
			if p.Refused == "" && slices.Contains(targets, p.Target) {
				out = append(out, Root{Dir: p.Root, Target: p.Target, Scope: loader.ScopePackage, Rank: loader.PackageRank + i, Project: ps.Top, Package: p})
			}
		}
	}
	return out
}
