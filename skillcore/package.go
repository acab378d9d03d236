package skillcore

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// Package is one plugin as one target loads it: which manifest the target
// read (or the marketplace entry that defines it), the plugin's name, and
// the skills it brings.
type Package struct {
	Target *loader.Target
	Format *loader.PluginFormat
	Root   string // the plugin root
	Top    string // the folder searched for it (a project or a checked folder)
	// Manifest is the plugin manifest the target read, "" when a
	// marketplace entry alone defines the plugin.
	Manifest string
	Name     string // the plugin's name, which namespaces its skills
	// Marketplace is the marketplace manifest listing the plugin ("" none),
	// Entry the listing's name there.
	Marketplace string
	Entry       string
	// Skills are the SKILL.md files it loads, sorted.
	Skills []string
	// Refused says why the target refuses the plugin ("" when it loads
	// it); a refused package loads no skills.
	Refused string
	// explicit: a marketplace entry lists exactly the skills it loads.
	explicit bool
	searched []searchedDir
	skillSet map[string]bool
}

// searchedDir is a folder a package's reader looks in for skills.
type searchedDir struct {
	Dir   string
	Depth int
	What  string // how the reader came to look there
	// SkipHidden: the reader skips hidden folders there.
	SkipHidden bool
}

// SkillsDirs are the folders the package's reader lists skill folders
// from: its default skills folder and the folders its manifest names. A
// skill folder the manifest names one by one is not in one.
func (p *Package) SkillsDirs() []string {
	var out []string
	for _, s := range p.searched {
		if s.Depth >= 1 && !slices.Contains(out, s.Dir) {
			out = append(out, s.Dir)
		}
	}
	return out
}

// Has reports whether the package loads the SKILL.md at path.
func (p *Package) Has(path string) bool { return p.skillSet[path] }

// SkillDir is the folder the package's reader found the SKILL.md at path
// in (its skills folder): the deepest folder it searched that holds path,
// else the plugin root.
func (p *Package) SkillDir(path string) string {
	dir := p.Root
	for _, s := range p.searched {
		if loader.Within(s.Dir, path) && len(s.Dir) > len(dir) {
			dir = s.Dir
		}
	}
	return dir
}

// InstalledName is the name the package's target gives the skill: its own
// name for the skill (claude-code: the folder's), after "<plugin>:" where
// the target namespaces plugin skills.
func (p *Package) InstalledName(s *loader.Skill) string {
	name := p.Target.Identify(s)
	if strings.TrimSpace(name) == "" {
		name = s.DirName()
	}
	rule := p.Target.Plugins
	if rule.Sanitize != "" {
		name = strings.Map(func(r rune) rune {
			if strings.ContainsRune(rule.Sanitize, r) {
				return '-'
			}
			return r
		}, name)
	}
	if rule.Namespace {
		return p.Name + ":" + name
	}
	return name
}

// PackageSet is every package found under one folder: the plugins each
// target loads, and the manifests read to find them.
type PackageSet struct {
	Top       string
	Packages  []*Package
	Manifests map[string]*Manifest
	// Capped names the walk cap hit while looking for manifests, "" none.
	Capped string
	byPath map[string][]*Package
	byRoot map[string][]*Package // by plugin root
	order  map[*Package]int      // place in Packages
}

// around lists the packages whose plugin root holds path, in the set's
// order: looked up by path's folders, not by trying every package.
func (ps *PackageSet) around(path string) []*Package {
	var out []*Package
	for d := fsys.ParentDir(path); ; {
		out = append(out, ps.byRoot[d]...)
		up := fsys.ParentDir(d)
		if d == ps.Top || up == d || !loader.Within(ps.Top, d) {
			break
		}
		d = up
	}
	slices.SortFunc(out, func(a, b *Package) int { return ps.order[a] - ps.order[b] })
	return out
}

// Of lists the packages that load the SKILL.md at path.
func (ps *PackageSet) Of(path string) []*Package {
	if ps == nil {
		return nil
	}
	return ps.byPath[path]
}

// Installed is a skill as one target finds it through a package.
type Installed struct {
	Target  *loader.Target
	Name    string
	Package *Package
	// Loads is false when the target finds the file but refuses it by its
	// own rules for skills.
	Loads bool
	// OnceInstalled: the plugin lies in the project, not in the agent's
	// installation, and the agent loads the skill once the user installs
	// it (no agent loads a plugin from a checkout).
	OnceInstalled bool
}

// Installed lists, target by target, the packages through which the file
// is found and the name each gives it.
func (e *Entry) Installed() []Installed {
	var out []Installed
	for _, r := range e.Roots {
		if r.Package != nil {
			out = append(out, Installed{Target: r.Target, Name: r.Package.InstalledName(e.Skill), Package: r.Package, Loads: loader.Loads(e.Problems, r.Target.ID), OnceInstalled: r.Installed == nil})
		}
	}
	return out
}

// missReason says why the package's target does not load the SKILL.md at
// path, which lies in its plugin root, or "" when it does.
func (p *Package) missReason(path string) string {
	if p.Has(path) || !loader.Within(p.Root, path) {
		return ""
	}
	if p.Refused != "" || p.explicit {
		// A refusal is told once, on the manifest or marketplace at
		// fault; a listing entry, by packageMisses.
		return ""
	}
	plugin := fmt.Sprintf("plugin %s (%s)", p.Name, p.Where())
	var where []string
	for _, s := range p.searched {
		rel, _ := filepath.Rel(p.Root, s.Dir)
		if dir := filepath.ToSlash(rel) + "/"; !slices.Contains(where, dir) {
			where = append(where, dir)
		}
		if !loader.Within(s.Dir, path) {
			continue
		}
		inner := filepath.ToSlash(path[len(s.Dir)+1:])
		depth := strings.Count(inner, "/")
		if s.SkipHidden && (strings.HasPrefix(inner, ".") || strings.Contains(inner, "/.")) {
			return fmt.Sprintf("%s skips hidden folders under %s in %s", p.Target.ID, filepath.ToSlash(rel), plugin)
		}
		if depth > s.Depth {
			return fmt.Sprintf("%s reads %s/<skill>/SKILL.md of %s no deeper than %d folder(s), and this file is %d folders deep", p.Target.ID, filepath.ToSlash(rel), plugin, max(s.Depth, 1), depth)
		}
	}
	if len(where) == 0 {
		return fmt.Sprintf("%s finds no skills folder in %s", p.Target.ID, plugin)
	}
	return fmt.Sprintf("%s reads skills of %s only from %s, and this file is outside them", p.Target.ID, plugin, strings.Join(where, ", "))
}

// PackageMisses lists, per target that loads the file through no root or
// package, why the packages around it that the target reads miss it;
// refused tells that one of those refuses the plugin holding the file, for
// a cause told on its manifest or marketplace, not on each of its skills.
func (w *World) packageMisses(e *Entry) (out map[*loader.Target][]string, refused bool) {
	out = map[*loader.Target][]string{}
	targets := w.targets()
	for _, ps := range w.packageSets {
		if !loader.Within(ps.Top, e.Skill.Path) {
			continue
		}
		// Entries that list their skills, by target: one reason for all.
		listing := map[*loader.Target][]string{}
		for _, p := range ps.around(e.Skill.Path) {
			if !slices.Contains(targets, p.Target) || slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Target == p.Target }) {
				continue
			}
			if p.explicit && p.Refused == "" && loader.Within(p.Root, e.Skill.Path) && !p.Has(e.Skill.Path) {
				listing[p.Target] = append(listing[p.Target], p.Name)
			}
			if p.Refused != "" && loader.Within(p.Root, e.Skill.Path) {
				refused = true
			}
			if why := p.missReason(e.Skill.Path); why != "" && !slices.Contains(out[p.Target], why) {
				out[p.Target] = append(out[p.Target], why)
			}
		}
		for t, names := range listing {
			out[t] = append(out[t], fmt.Sprintf("%s loads of the marketplace entries %s only the skills they list, and not this one",
				t.ID, strings.Join(names, ", ")))
		}
	}
	return out, refused
}

// PackageUse is one plugin through which a file is found, with the name
// each of its readers gives the skill: the readers of one manifest (or one
// marketplace entry) together.
type PackageUse struct {
	Format      *loader.PluginFormat
	Manifest    string // "" when a marketplace entry defines the plugin
	Plugin      string
	Marketplace string
	Top         string
	LoadedAs    []Installed
	// OnceInstalled: the plugin lies in the project (Installed).
	OnceInstalled bool
}

// PackageUses groups Installed by plugin, in order of first reader.
func (e *Entry) PackageUses() []PackageUse {
	var out []PackageUse
	for _, in := range e.Installed() {
		p := in.Package
		i := slices.IndexFunc(out, func(u PackageUse) bool {
			return u.Format == p.Format && u.Manifest == p.Manifest && u.Plugin == p.Name && u.Marketplace == p.Marketplace
		})
		if i < 0 {
			out = append(out, PackageUse{Format: p.Format, Manifest: p.Manifest, Plugin: p.Name, Marketplace: p.Marketplace, Top: p.Top, OnceInstalled: in.OnceInstalled})
			i = len(out) - 1
		}
		out[i].LoadedAs = append(out[i].LoadedAs, in)
	}
	return out
}

// Where says where the plugin is defined, relative to the folder searched:
// its manifest, or the marketplace entry that defines it.
func (u PackageUse) Where() string { return where(u.Top, u.Manifest, u.Plugin, u.Marketplace) }

// Where is PackageUse.Where for one package.
func (p *Package) Where() string { return where(p.Top, p.Manifest, p.Name, p.Marketplace) }

func where(top, manifest, plugin, marketplace string) string {
	rel := func(p string) string {
		if r, ok := fsys.Below(top, p); ok {
			return r
		}
		if r, err := filepath.Rel(top, p); err == nil {
			return filepath.ToSlash(r)
		}
		return p
	}
	if manifest != "" {
		return rel(manifest)
	}
	return "entry " + plugin + " of " + rel(marketplace)
}

// Describe is the use as hovers and reports say it, a reader at a time:
// "claude-code as superpowers:brainstorming (plugin superpowers,
// .claude-plugin/plugin.json)". Readers that refuse the skill by their own
// rules are left out; "" when none is left.
func (u PackageUse) Describe() string {
	var as []string
	place, once := "", ""
	if u.OnceInstalled {
		once = " once installed"
	}
	for _, in := range u.LoadedAs {
		if in.Loads {
			if place == "" {
				place = u.Where()
			}
			as = append(as, in.Target.ID+" as "+in.Name+once+" (plugin "+u.Plugin+", "+place+")")
		}
	}
	return strings.Join(as, "; ")
}

// packageTopLevels is how far above a file PackageTopOf looks.
const packageTopLevels = 8

// PackageTopOf is the folder to search for the packages around path: the
// outermost of its nearest ancestors (up to eight levels) holding a
// package manifest, so a plugin's marketplace is found with it; "" when
// none holds one.
func PackageTopOf(path string) string {
	top := ""
	dir := filepath.Dir(fsys.CleanPath(path))
	for range packageTopLevels {
		for _, rel := range loader.ManifestPaths() {
			if loader.IsRegular(filepath.Join(dir, rel)) {
				top = dir
				break
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return top
}
