package copilot

import (
	"path/filepath"
	"sort"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Copilot CLI 1.0.102 installs a plugin from a marketplace on the local
// disk without copying it ("It is loaded live from DIR ... nothing was
// copied"): ~/.copilot/settings.json names the marketplace under
// extraKnownMarketplaces ({"NAME": {"source": {"source": "directory",
// "path": DIR}}}) and enables "PLUGIN@NAME" in enabledPlugins. The plugin
// root is the entry's source in DIR's marketplace, read where it lies.

// copilotLive lists the plugins the settings enable from marketplaces on
// the local disk.
func copilotLive(in *loader.Installation, e loader.Machine, settings string, files []loader.Enablement) []loader.InstalledPlugin {
	const target = "copilot"
	var scratch loader.Installation // the settings' problems are told by enabledPlugins
	v := scratch.ReadConfig(settings, target, true, "")
	if v == nil {
		return nil
	}
	markets := v.Get("extraKnownMarketplaces")
	if markets == nil || markets.Kind != syntax.JSONObject {
		return nil
	}
	var out []loader.InstalledPlugin
	for _, m := range markets.Members {
		src := m.Value.Get("source")
		kind, _ := src.Get("source").Str()
		dir, _ := src.Get("path").Str()
		if kind != "directory" || dir == "" || !filepath.IsAbs(dir) || !loader.PluginFolder(e.Home, dir) {
			continue
		}
		in.WatchPaths(dir)
		for _, p := range e.MarketPlugins(dir) {
			if p.Target.ID != target || p.Marketplace == "" || p.Entry == "" {
				continue
			}
			ip := loader.InstalledPlugin{Target: target, Marketplace: m.Key, Plugin: p.Entry, Root: p.Root, Broken: p.Refused}
			on, set, why := loader.Decide(ip.ID(), files)
			if !set {
				continue // added with its marketplace, never installed
			}
			ip.Enabled, ip.Why = on, why
			out = append(out, ip)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}
