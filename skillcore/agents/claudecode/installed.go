package claudecode

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Claude Code keeps installed plugins in ~/.claude/plugins: a copy of each
// in cache/<marketplace>/<plugin>/<version>/, and installed_plugins.json
// (version 2: {"plugins": {"<plugin>@<marketplace>": [{"scope",
// "projectPath", "installPath", "version"}]}}) naming the copy it loads.
// Old copies stay cached (marked with .orphaned_at) until cleaned up.
// enabledPlugins in the user, project and local settings enables or
// disables one; the more specific file wins; a plugin none names follows
// its defaultEnabled (the marketplace entry's over plugin.json's), true
// unless set.

func claudeInstalled(e loader.Machine, project string, in *loader.Installation) {
	const target = "claude-code"
	plugins := filepath.Join(e.Home, ".claude", "plugins")
	cache := filepath.Join(plugins, "cache")
	registry := filepath.Join(plugins, "installed_plugins.json")
	in.WatchPaths(cache, registry)

	files := []loader.Enablement{in.EnabledPlugins(filepath.Join(e.Home, ".claude", "settings.json"), "user", target, false)}
	if project != "" {
		files = append(files,
			in.EnabledPlugins(filepath.Join(project, ".claude", "settings.json"), "project", target, false),
			in.EnabledPlugins(filepath.Join(project, ".claude", "settings.local.json"), "local", target, false))
	}

	var found []loader.InstalledPlugin
	if reg := in.ReadConfig(registry, target, false, "Claude Code cannot tell which plugins are installed"); reg != nil {
		found = claudeRegistered(in, e, registry, reg, project)
	} else {
		found = claudeCached(in, cache)
	}
	for _, p := range found {
		p.Target, p.Copy = target, loader.Within(cache, p.Root)
		var manifest *syntax.JSONValue
		if p.Broken == "" {
			manifest = p.ReadManifest(in, ".claude-plugin/plugin.json", false, "Claude Code fails to load the plugin")
		}
		on, set, why := loader.Decide(p.ID(), files)
		if !set {
			on, why = claudeDefaultEnabled(in, plugins, p, manifest)
		}
		p.Enabled, p.Why = on, why
		in.Plugins = append(in.Plugins, p)
	}
}

// claudeRegistered lists the plugins installed_plugins.json records for
// project: user-scope installs everywhere, project and local ones in their
// project only (the most specific wins).
func claudeRegistered(in *loader.Installation, e loader.Machine, path string, reg *syntax.JSONValue, project string) []loader.InstalledPlugin {
	const target = "claude-code"
	m := in.ObjectOf(path, target, reg, "plugins", "Claude Code loads no installed plugin")
	if m == nil {
		return nil
	}
	rank := map[string]int{"user": 1, "managed": 1, "project": 2, "local": 3}
	var out []loader.InstalledPlugin
	for _, mem := range m.Members {
		plugin, market, ok := loader.SplitPluginID(mem.Key)
		if !ok {
			in.AddProblem(path, loader.Warning, mem.KeyRange, fmt.Sprintf("%q is not <plugin>@<marketplace>: Claude Code skips it", mem.Key), target)
			continue
		}
		best, bestRank := (*syntax.JSONValue)(nil), 0
		for _, inst := range installs(mem.Value) {
			if inst.Kind != syntax.JSONObject {
				in.AddProblem(path, loader.Warning, inst.Range, "an installation is "+inst.Kind.String()+", not an object: Claude Code skips it", target)
				continue
			}
			scope, _ := inst.Get("scope").Str()
			r := rank[scope]
			if r == 0 {
				r = 1
			}
			if pp, ok := inst.Get("projectPath").Str(); ok && r > 1 && filepath.Clean(pp) != project {
				continue
			}
			if r > bestRank {
				best, bestRank = inst, r
			}
		}
		if best == nil {
			continue
		}
		p := loader.InstalledPlugin{Marketplace: market, Plugin: plugin}
		p.Version, _ = best.Get("version").Str()
		p.Root, _ = best.Get("installPath").Str()
		switch {
		case p.Root == "":
			p.Broken = "installed_plugins.json gives it no installPath"
			in.AddProblem(path, loader.Warning, best.Range, fmt.Sprintf("%s has no installPath: Claude Code cannot load it", mem.Key), target)
		case !loader.IsDir(p.Root):
			p.Broken = fmt.Sprintf("its installPath %s is not a folder", p.Root)
			in.AddProblem(path, loader.Warning, best.Get("installPath").Range, fmt.Sprintf("%s is installed at %s, which is not a folder: Claude Code fails to load it", mem.Key, p.Root), target)
		case !loader.PluginFolder(e.Home, p.Root):
			p.Broken = fmt.Sprintf("its installPath %s holds the home folder", p.Root)
			in.AddProblem(path, loader.Warning, best.Get("installPath").Range, fmt.Sprintf("%s is installed at %s, which holds the home folder: skill-ls does not search it for skills", mem.Key, p.Root), target)
		default:
			p.Root = filepath.Clean(p.Root)
		}
		out = append(out, p)
	}
	return out
}

// installs is a registry value's installations: an array in version 2,
// one object in version 1.
func installs(v *syntax.JSONValue) []*syntax.JSONValue {
	if v.Kind == syntax.JSONArray {
		return v.Items
	}
	return []*syntax.JSONValue{v}
}

// claudeCached lists what the cache holds when there is no registry: per
// plugin the copy not marked orphaned, the newest when several are not.
func claudeCached(in *loader.Installation, cache string) []loader.InstalledPlugin {
	var out []loader.InstalledPlugin
	for _, market := range in.Subdirs(cache) {
		for _, plugin := range in.Subdirs(filepath.Join(cache, market)) {
			base := filepath.Join(cache, market, plugin)
			var live []string
			for _, v := range in.Subdirs(base) {
				if _, err := os.Stat(filepath.Join(base, v, ".orphaned_at")); err != nil {
					live = append(live, v)
				}
			}
			if len(live) == 0 {
				continue
			}
			v := newest(base, live)
			out = append(out, loader.InstalledPlugin{Marketplace: market, Plugin: plugin, Version: v, Root: filepath.Join(base, v)})
		}
	}
	return out
}

// newest is the most recently modified of the folders names in dir, the
// greatest name among equals.
func newest(dir string, names []string) string {
	best, bestT := "", int64(-1)
	for _, n := range names {
		st, err := os.Stat(filepath.Join(dir, n))
		if err != nil {
			continue
		}
		if t := st.ModTime().UnixNano(); t > bestT || (t == bestT && n > best) {
			best, bestT = n, t
		}
	}
	return best
}

// claudeDefaultEnabled is the enablement of a plugin no settings file
// names: defaultEnabled in its marketplace entry (the marketplace copy
// under plugins/marketplaces), else in its plugin.json, else true.
func claudeDefaultEnabled(in *loader.Installation, plugins string, p loader.InstalledPlugin, manifest *syntax.JSONValue) (bool, string) {
	market := filepath.Join(plugins, "marketplaces", p.Marketplace, ".claude-plugin", "marketplace.json")
	if _, err := os.Stat(market); err == nil {
		in.WatchPaths(market)
		if mv := in.ReadConfig(market, "claude-code", false, "its defaultEnabled values are not known"); mv != nil {
			for _, entry := range loader.ArrayOf(mv.Get("plugins")) {
				if n, _ := entry.Get("name").Str(); n == p.Plugin {
					if on, ok := in.BoolOf(market, "claude-code", entry, "defaultEnabled", "Claude Code enables the plugin"); ok {
						return on, fmt.Sprintf("no settings file names it; its marketplace entry sets defaultEnabled to %t (%s)", on, market)
					}
				}
			}
		}
	}
	if manifest != nil {
		path := filepath.Join(p.Root, ".claude-plugin", "plugin.json")
		if on, ok := in.BoolOf(path, "claude-code", manifest, "defaultEnabled", "Claude Code enables the plugin"); ok {
			return on, fmt.Sprintf("no settings file names it; its plugin.json sets defaultEnabled to %t", on)
		}
	}
	return true, "no settings file names it, and plugins are enabled by default"
}

func init() { Target.Installed = claudeInstalled }
