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

// installedRoots reads what the agents have installed (enablement as seen
// from the first project) and gives each plugin an agent loads a root
// standing for it, through the same package formats as a repository's.
func (w *World) installedRoots(targets []*loader.Target) []Root {
	w.installation = w.Env.InstalledPlugins(w.enablementProject())
	plugins := w.installation.Plugins
	w.installedCopies = map[string]bool{}
	for _, p := range plugins {
		if p.Copy {
			w.installedCopies[p.Root] = true
		}
	}
	// A plugin installed from a folder the workspace holds (linked, or
	// loaded in place) is already one of its packages.
	known := map[string]bool{}
	for _, ps := range w.packageSets {
		for _, p := range ps.Packages {
			known[p.Target.ID+"\x00"+p.Root] = true
		}
	}
	found := make([][]Root, len(plugins))
	// A check reading ahead what its walk found reads these skills too,
	// while other plugins are searched; nil: no reading ahead.
	ahead := w.ahead
	ForEach(len(plugins), func(i int) {
		ip := &plugins[i]
		t := loader.TargetByID(ip.Target)
		if !ip.Loads() || t == nil || !slices.Contains(targets, t) || known[ip.Target+"\x00"+ip.Root] {
			return
		}
		// The agent loads the plugin from its root: the tree is not walked
		// for other packages (rootFacts), nor read as other agents would.
		for _, p := range findPackagesFor([]*loader.Target{t}, ip.Root, nil, rootFacts(ip.Root), func(path string) (*Manifest, bool) { return manifestRead(&w.installation, path) }).Packages {
			if p.Target != t || p.Root != ip.Root || p.Refused != "" {
				continue
			}
			if p.Entry != "" && ip.Marketplace != "" && p.Entry != ip.Plugin && p.Name != ip.Plugin {
				continue // another plugin of a marketplace sharing the root
			}
			if p.Manifest == "" {
				// A cached copy's folder is its version: the agent names
				// the plugin as it installed it.
				p.Name = cmp.Or(ip.Name, ip.Plugin)
			}
			found[i] = append(found[i], Root{Dir: p.Root, Target: t, Scope: loader.ScopeInstalled, Rank: loader.InstalledRank + i, Package: p, Installed: ip})
			for _, s := range p.Skills {
				ahead.add(aheadFile{path: s, installed: ip.Copy})
			}
		}
	})
	return slices.Concat(found...)
}

// enablementProject is the project whose settings decide which installed
// plugins are enabled: the first.
func (w *World) enablementProject() string {
	if len(w.Projects) > 0 {
		return w.Projects[0]
	}
	return ""
}

// InstallationChanged reads again what the agents have installed and
// reports whether it differs from what the world's roots were made with
// (an agent rewrites its settings for many reasons besides plugins).
func (w *World) InstallationChanged() bool {
	was, now := w.Installation(), w.Env.InstalledPlugins(w.enablementProject())
	return !slices.Equal(was.Plugins, now.Plugins) || !slices.EqualFunc(was.Problems, now.Problems, func(a, b loader.FileProblem) bool {
		return a.Path == b.Path && a.Range == b.Range && a.Message == b.Message
	})
}

// Installation is what the agents have installed on the machine, as read
// for the world's roots.
func (w *World) Installation() loader.Installation {
	w.roots()
	return w.installation
}

// IsInstalled reports whether path lies in an agent's own copy of a plugin
// it installed (in its cache under the home folder): such files are never
// edited. A plugin loaded in place from a folder the user works in is not
// such a copy.
// It is asked of every finding a check reports: the folders of path are
// looked up, not every plugin tried.
func (w *World) IsInstalled(path string) bool {
	if w.rootList == nil {
		w.roots()
	}
	return w.inCopy(path)
}

// inCopy is IsInstalled once the roots are made. Load asks it of each file
// it reads: the body of an agent's copy is scanned only if it is reported.
func (w *World) inCopy(path string) bool {
	if len(w.installedCopies) == 0 {
		return false
	}
	for d := filepath.Dir(fsys.CleanPath(path)); ; {
		if w.installedCopies[d] {
			return true
		}
		up := filepath.Dir(d)
		if up == d {
			return false
		}
		d = up
	}
}

// InstalledOf is the installed plugin through which t loads the file, nil
// when it loads it otherwise.
func (e *Entry) InstalledOf(t *loader.Target) *loader.InstalledPlugin {
	for _, r := range e.Roots {
		if r.Target == t && r.Installed != nil {
			return r.Installed
		}
	}
	return nil
}

// FromInstalled reports whether an agent loads the file from a plugin it
// installed under the home folder.
func (e *Entry) FromInstalled() bool {
	return slices.ContainsFunc(e.Roots, func(r *Root) bool { return r.Installed != nil })
}

// AlsoInstalled lists the installed plugins that ship a skill named as the
// file's (its name, else its folder; case aside), each with the agent that installed
// it and whether it is enabled; the file's own plugin is left out.
func (w *World) AlsoInstalled(path string) []string {
	e := w.Entry(path)
	if e == nil {
		return nil
	}
	name, _ := e.Skill.Str("name")
	if strings.TrimSpace(name) == "" {
		name = e.Skill.DirName()
	}
	var out []string
	for _, o := range w.entries {
		n, _ := o.Skill.Str("name")
		if strings.TrimSpace(n) == "" {
			n = o.Skill.DirName()
		}
		if o == e || !strings.EqualFold(n, name) {
			continue
		}
		for _, r := range o.Roots {
			if r.Installed != nil && !loader.Within(r.Installed.Root, e.Skill.Path) {
				out = append(out, fmt.Sprintf("`%s` in %s (%s, as %s)", name, r.Installed.Named(), r.Target.ID, identityOf(r.Target, o)))
			}
		}
	}
	for _, p := range w.Installation().Plugins {
		if !p.Loads() && !loader.Within(p.Root, e.Skill.Path) && shipsSkill(p.Root, name) {
			state := "disabled: " + p.Why
			if p.Broken != "" {
				state = "not loaded: " + p.Broken
			}
			out = append(out, fmt.Sprintf("`%s` in %s (%s, %s)", name, p.Named(), p.Target, state))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// shipsSkill reports whether a plugin not loaded has skills/<name>/SKILL.md.
func shipsSkill(root, name string) bool {
	return loader.IsRegular(filepath.Join(root, "skills", name, loader.FileName))
}

// described is how a collision message names one side: kind ("project
// skill"), named ("global skill \"deploy\"") and, for an installed
// plugin's skill, in (" in copilot").
type described struct{ kind, named, in string }

func (res *resolution) describe(t *loader.Target, e *Entry, name string) described {
	sc := res.root[e].Scope
	if ip := e.InstalledOf(t); sc == loader.ScopeInstalled && ip != nil {
		return described{
			kind:  fmt.Sprintf("skill of the installed plugin `%s`", ip.Named()),
			named: fmt.Sprintf("`%s` skill of the installed plugin `%s`", name, ip.Named()),
			in:    " in " + t.ID,
		}
	}
	return described{kind: sc.String() + " skill", named: fmt.Sprintf("%s skill %q", sc, name)}
}
