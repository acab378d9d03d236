package codex

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/BurntSushi/toml"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Codex keeps installed plugins in $CODEX_HOME/plugins/cache/<marketplace>/
// <plugin>/<version>/ ($CODEX_HOME defaults to ~/.codex) and loads only the
// plugins its user config.toml lists as [plugins."<plugin>@<marketplace>"]
// (enabled defaults to true). Of the cached versions it loads "local" when
// there is one, else the newest (semver.go). [features] plugins = false turns
// plugins off altogether.

func codexInstalled(e loader.Machine, project string, in *loader.Installation) {
	const target = "codex"
	home := filepath.Join(e.Home, ".codex")
	if e.Getenv != nil {
		if v := e.Getenv("CODEX_HOME"); v != "" {
			home = v
		}
	}
	cache := filepath.Join(home, "plugins", "cache")
	config := filepath.Join(home, "config.toml")
	in.WatchPaths(config, cache)

	cfg := readCodexConfig(in, config)
	seen := map[string]bool{}
	listed := len(in.Plugins)
	for _, id := range cfg.order {
		plugin, market, ok := loader.SplitPluginID(id)
		if !ok || !codexSegment(plugin) || !codexSegment(market) {
			in.AddProblem(config, loader.Warning, cfg.where(id), fmt.Sprintf("[plugins.%q] is not <plugin>@<marketplace> of ASCII letters, digits, `_` and `-`: Codex fails to load it", id), target)
			continue
		}
		seen[id] = true
		p := loader.InstalledPlugin{Target: target, Marketplace: market, Plugin: plugin, Copy: true}
		p.Enabled, p.Why = cfg.enabled[id], fmt.Sprintf("[plugins.%q] enabled = %t in %s", id, cfg.enabled[id], config)
		if !cfg.explicit[id] {
			p.Why = fmt.Sprintf("[plugins.%q] in %s (enabled defaults to true)", id, config)
		}
		if cfg.off {
			p.Enabled, p.Why = false, "plugins are turned off: [features] plugins = false in "+config
		}
		base := filepath.Join(cache, market, plugin)
		if p.Version = CodexActiveVersion(in, base); p.Version == "" {
			p.Root = filepath.Join(base, "local")
			p.Broken = "it is not in the plugin cache " + base
		} else {
			p.Root = filepath.Join(base, p.Version)
			p.ReadAgentManifest(in, "Codex fails to load the plugin")
		}
		in.Plugins = append(in.Plugins, p)
	}
	codexLoadOrder(in.Plugins[listed:])
	// Cached plugins config.toml does not list stay unloaded.
	for _, market := range in.Subdirs(cache) {
		for _, plugin := range in.Subdirs(filepath.Join(cache, market)) {
			id := plugin + "@" + market
			base := filepath.Join(cache, market, plugin)
			if seen[id] {
				continue
			}
			v := CodexActiveVersion(in, base)
			if v == "" {
				continue
			}
			in.Plugins = append(in.Plugins, loader.InstalledPlugin{
				Target: target, Marketplace: market, Plugin: plugin, Version: v, Root: filepath.Join(base, v), Copy: true,
				Why: fmt.Sprintf("cached, but %s has no [plugins.%q]: Codex loads only the plugins it lists", config, id),
			})
		}
	}
}

// codexLoadOrder puts the plugins config.toml lists in the order Codex
// 0.169.0 loads them, which orders its roots (and so its catalog's alias
// table): by marketplace, then plugin, whatever their order in the file.
func codexLoadOrder(plugins []loader.InstalledPlugin) {
	slices.SortStableFunc(plugins, func(a, b loader.InstalledPlugin) int {
		return cmp.Or(strings.Compare(a.Marketplace, b.Marketplace), strings.Compare(a.Plugin, b.Plugin))
	})
}

// codexConfig is what config.toml says of plugins.
type codexConfig struct {
	order    []string // plugin ids in file order
	enabled  map[string]bool
	explicit map[string]bool
	off      bool
	src      []byte
}

// where finds the table header naming id, for a problem's range.
func (c codexConfig) where(id string) syntax.Range {
	for _, h := range []string{`plugins."` + id + `"`, "plugins." + id} {
		if i := strings.Index(string(c.src), h); i >= 0 {
			return syntax.Range{Start: i, End: i + len(h)}
		}
	}
	return syntax.Range{}
}

func readCodexConfig(in *loader.Installation, path string) codexConfig {
	const target = "codex"
	cfg := codexConfig{enabled: map[string]bool{}, explicit: map[string]bool{}}
	src, err := fsys.ReadFile(path, nil)
	if err != nil {
		if !os.IsNotExist(err) {
			in.AddProblem(path, loader.Warning, syntax.Range{}, fmt.Sprintf("cannot be read (%v): Codex loads no plugin", err), target)
		}
		return cfg
	}
	cfg.src = src
	var doc struct {
		Plugins  map[string]any `toml:"plugins"`
		Features map[string]any `toml:"features"`
	}
	md, err := toml.Decode(string(src), &doc)
	if err != nil {
		var pe toml.ParseError
		r := syntax.Range{}
		if errors.As(err, &pe) {
			r = syntax.Range{Start: pe.Position.Start, End: pe.Position.Start + max(pe.Position.Len, 1)}
			err = errors.New(pe.Message)
		}
		in.AddProblem(path, loader.Error, r, fmt.Sprintf("not valid TOML (%v): Codex refuses its configuration", err), target)
		return cfg
	}
	if v, ok := doc.Features["plugins"]; ok {
		b, isBool := v.(bool)
		cfg.off = isBool && !b
	}
	for _, k := range md.Keys() {
		if len(k) != 2 || k[0] != "plugins" {
			continue
		}
		id := k[1]
		table, ok := doc.Plugins[id].(map[string]any)
		if !ok {
			in.AddProblem(path, loader.Warning, cfg.where(id), fmt.Sprintf("plugins.%q is not a table: Codex ignores its plugin settings", id), target)
			continue
		}
		cfg.order = append(cfg.order, id)
		cfg.enabled[id] = true
		if v, ok := table["enabled"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				in.AddProblem(path, loader.Error, cfg.where(id), fmt.Sprintf("[plugins.%q] enabled is %T, not true or false: Codex ignores its plugin settings", id, v), target)
				cfg.order = cfg.order[:len(cfg.order)-1]
				continue
			}
			cfg.enabled[id], cfg.explicit[id] = b, true
		}
	}
	return cfg
}

// codexSegment is a plugin or marketplace name Codex accepts.
func codexSegment(s string) bool {
	for _, c := range s {
		if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// codexActiveVersion is the cached version Codex loads: "local" when
// present, else the newest valid version name (newestVersion); "" when
// none.
func CodexActiveVersion(in *loader.Installation, base string) string {
	var names []string
	for _, v := range in.Subdirs(base) {
		if !codexVersion(v) {
			continue
		}
		if v == "local" {
			return v
		}
		names = append(names, v)
	}
	return loader.NewestVersion(names)
}

// codexVersion is a version folder name Codex accepts.
func codexVersion(v string) bool {
	if v == "" || v == "." || v == ".." {
		return false
	}
	for _, c := range v {
		if !(strings.ContainsRune("-_.+", c) || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func init() { Target.Installed = codexInstalled }
