package copilot

import (
	"fmt"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Copilot CLI copies installed plugins to ~/.copilot/installed-plugins/
// <marketplace>/<plugin>/ (a direct install from a repository or a path
// under _direct/<plugin>/), and records each in ~/.copilot/config.json
// ("installedPlugins": [{"name", "marketplace", "version", "enabled",
// "cache_path"}]); `copilot plugin disable` sets enabled to false.
// enabledPlugins in ~/.copilot/settings.json, the repository's
// .github/copilot/settings.json and settings.local.json (JSON with
// comments) enable or disable one too, the more specific file winning.

// copilotDirect is the folder of plugins installed without a marketplace.
const copilotDirect = "_direct"

func copilotInstalled(e loader.Machine, project string, in *loader.Installation) {
	const target = "copilot"
	home := filepath.Join(e.Home, ".copilot")
	dir := filepath.Join(home, "installed-plugins")
	config := filepath.Join(home, "config.json")
	in.WatchPaths(dir, config)

	files := []loader.Enablement{in.EnabledPlugins(filepath.Join(home, "settings.json"), "user", target, true)}
	if project != "" {
		files = append(files,
			in.EnabledPlugins(filepath.Join(project, ".github", "copilot", "settings.json"), "project", target, true),
			in.EnabledPlugins(filepath.Join(project, ".github", "copilot", "settings.local.json"), "local", target, true))
	}
	recorded := copilotRecords(in, config)

	for _, market := range in.Subdirs(dir) {
		for _, plugin := range in.Subdirs(filepath.Join(dir, market)) {
			p := loader.InstalledPlugin{Target: target, Marketplace: market, Plugin: plugin, Root: filepath.Join(dir, market, plugin), Copy: true}
			if market == copilotDirect {
				p.Marketplace = ""
			}
			p.ReadAgentManifest(in, "Copilot fails to load the plugin")
			p.Enabled, p.Why = true, "plugins are enabled once installed"
			if r, ok := copilotRecorded(recorded, p); ok {
				p.Version = r.version
				if r.set {
					p.Enabled, p.Why = r.enabled, fmt.Sprintf("installedPlugins records enabled = %t in %s", r.enabled, config)
				}
			}
			if on, set, why := loader.Decide(p.ID(), files); set {
				p.Enabled, p.Why = on, why
			} else if on, set, why := loader.Decide(p.Named(), files); set {
				p.Enabled, p.Why = on, why
			}
			in.Plugins = append(in.Plugins, p)
		}
	}
	in.Plugins = append(in.Plugins, copilotLive(in, e, filepath.Join(home, "settings.json"), files)...) // installed_market.go
}

// copilotRecorded is the config.json record of p: by its install folder
// or by its own name (a direct install's folder is owner+repo).
func copilotRecorded(recorded map[string]copilotRecord, p loader.InstalledPlugin) (copilotRecord, bool) {
	if r, ok := recorded[p.ID()]; ok {
		return r, ok
	}
	r, ok := recorded[p.Named()]
	return r, ok
}

// copilotRecord is one entry of config.json's installedPlugins.
type copilotRecord struct {
	version      string
	enabled, set bool
}

func copilotRecords(in *loader.Installation, path string) map[string]copilotRecord {
	out := map[string]copilotRecord{}
	v := in.ReadConfig(path, "copilot", true, "Copilot cannot tell which plugins are installed")
	if v == nil {
		return out
	}
	for _, r := range loader.ArrayOf(v.Get("installedPlugins")) {
		name, _ := r.Get("name").Str()
		if name == "" {
			continue
		}
		market, _ := r.Get("marketplace").Str()
		id := name
		if market != "" {
			id += "@" + market
		}
		rec := copilotRecord{}
		rec.version, _ = r.Get("version").Str()
		rec.enabled, rec.set = in.BoolOf(path, "copilot", r, "enabled", "Copilot keeps the plugin enabled")
		out[id] = rec
	}
	return out
}

func init() { Target.Installed = copilotInstalled }
