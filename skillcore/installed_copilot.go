package skillcore

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"
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

func copilotInstalled(e Env, project string, in *Installation) {
	const target = "copilot"
	home := filepath.Join(e.Home, ".copilot")
	dir := filepath.Join(home, "installed-plugins")
	config := filepath.Join(home, "config.json")
	in.watch(dir, config)

	files := []enablement{in.enabledPlugins(filepath.Join(home, "settings.json"), "user", target, true)}
	if project != "" {
		files = append(files,
			in.enabledPlugins(filepath.Join(project, ".github", "copilot", "settings.json"), "project", target, true),
			in.enabledPlugins(filepath.Join(project, ".github", "copilot", "settings.local.json"), "local", target, true))
	}
	recorded := copilotRecords(in, config)

	for _, market := range in.subdirs(dir) {
		for _, plugin := range in.subdirs(filepath.Join(dir, market)) {
			p := InstalledPlugin{Target: target, Marketplace: market, Plugin: plugin, Root: filepath.Join(dir, market, plugin), Copy: true}
			if market == copilotDirect {
				p.Marketplace = ""
			}
			p.Enabled, p.Why = true, "plugins are enabled once installed"
			if r, ok := recorded[p.ID()]; ok {
				p.Version = r.version
				if r.set {
					p.Enabled, p.Why = r.enabled, fmt.Sprintf("installedPlugins records enabled = %t in %s", r.enabled, config)
				}
			}
			if on, set, why := decide(p.ID(), files); set {
				p.Enabled, p.Why = on, why
			}
			p.Broken = copilotManifest(in, p.Root)
			in.Plugins = append(in.Plugins, p)
		}
	}
	in.Plugins = append(in.Plugins, copilotLive(in, e.Home, filepath.Join(home, "settings.json"), files)...) // installed_copilot_market.go
}

// copilotManifests are where Copilot looks for a plugin's manifest, in
// its order.
var copilotManifests = []string{".plugin/plugin.json", "plugin.json", ".github/plugin/plugin.json", ".claude-plugin/plugin.json"}

// copilotManifest says why Copilot fails the plugin: no manifest where it
// looks, or the first it finds not a JSON object. "" when it reads one.
func copilotManifest(in *Installation, root string) string {
	for _, rel := range copilotManifests {
		if isRegular(filepath.Join(root, filepath.FromSlash(rel))) {
			_, broken := pluginManifest(in, "copilot", root, rel, true, "Copilot fails to load the plugin")
			return broken
		}
	}
	return "it has no plugin.json where Copilot looks (" + strings.Join(copilotManifests, ", ") + ")"
}

// copilotRecord is one entry of config.json's installedPlugins.
type copilotRecord struct {
	version      string
	enabled, set bool
}

func copilotRecords(in *Installation, path string) map[string]copilotRecord {
	out := map[string]copilotRecord{}
	v := in.readConfig(path, "copilot", true, "Copilot cannot tell which plugins are installed")
	if v == nil {
		return out
	}
	for _, r := range arrayOf(v.Get("installedPlugins")) {
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
		rec.enabled, rec.set = in.boolOf(path, "copilot", r, "enabled", "Copilot keeps the plugin enabled")
		out[id] = rec
	}
	return out
}

// standardizeJSONC turns JSON with comments and trailing commas into JSON
// of the same length (comments become spaces), so offsets still point
// into the file. Text that is not even that is returned as it is, for
// the JSON reader to say where it breaks.
func standardizeJSONC(src []byte) []byte {
	out, err := hujson.Standardize(append([]byte(nil), src...))
	if err != nil || len(out) != len(src) {
		return src
	}
	return out
}
