package skillcore

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// installers are the targets that keep installed plugins
// (Target.Installed), in the order of their ids.
func installers() []*loader.Target {
	var out []*loader.Target
	for _, t := range loader.Targets {
		if t.Installed != nil {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *loader.Target) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// InstalledPlugins lists the plugins the agents have installed under the home
// folder, and whether each is enabled for project ("" for none). It only
// reads: settings, registries and caches are never written. Unreadable
// or malformed files are Problems; the rest of the answer stands.
func (e Env) InstalledPlugins(project string) loader.Installation {
	var in loader.Installation
	if e.Home == "" {
		return in
	}
	if project != "" {
		project = filepath.Clean(project)
	}
	// The agents keep their plugins apart: each is read on its own, in
	// parallel, and their answers joined in a fixed order.
	m := loader.Machine{Home: e.Home, Getenv: e.Getenv, MarketPlugins: marketPlugins}
	ts := installers()
	each := make([]loader.Installation, len(ts))
	ForEach(len(ts), func(i int) { ts[i].Installed(m, project, &each[i]) })
	for _, one := range each {
		in.Plugins = append(in.Plugins, one.Plugins...)
		in.Problems = append(in.Problems, one.Problems...)
		in.Watch = append(in.Watch, one.Watch...)
		for p, src := range one.Manifests {
			in.KeepManifest(p, src)
		}
	}
	// Each agent's plugins stay in the order it keeps them: Claude Code
	// lists plugins' skills in installed_plugins.json's order, the order
	// they were installed (probe installed-order).
	slices.SortStableFunc(in.Plugins, func(a, b loader.InstalledPlugin) int { return strings.Compare(a.Target, b.Target) })
	return in
}

// marketPlugins are the plugins the marketplaces under dir define.
func marketPlugins(dir string) []loader.MarketPlugin {
	var out []loader.MarketPlugin
	for _, p := range FindPackages(dir).Packages {
		out = append(out, loader.MarketPlugin{Target: p.Target, Marketplace: p.Marketplace, Entry: p.Entry, Root: p.Root, Refused: p.Refused})
	}
	return out
}

// manifestRead is the manifest at path as InstalledPlugins read it, for
// a package search (findPackages' preread); false when it did not.
func manifestRead(in *loader.Installation, path string) (*Manifest, bool) {
	src, ok := in.Manifests[path]
	if !ok {
		return nil, false
	}
	return ParseManifest(path, src), true
}
