package copilot_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/loader/loadertest"

	"golang.org/x/tools/txtar"
)

// A plugin Copilot installed from a marketplace on the local disk is read
// where it lies: settings.json names the marketplace folder and enables
// the plugin; a plugin of it never installed, or disabled, is not loaded.
func TestCopilotLiveMarketplace(t *testing.T) {
	dir := t.TempDir()
	home, market := filepath.Join(dir, "home"), filepath.Join(dir, "market")
	settings := `{
  // written by copilot plugin marketplace add / plugin install
  "extraKnownMarketplaces": {"m": {"source": {"source": "directory", "path": "` + market + `"}}},
  "enabledPlugins": {"alpha@m": true, "beta@m": false}
}`
	loadertest.WriteTree(t, dir, txtar.Parse([]byte(`
-- home/.copilot/settings.json --
`+settings+`
-- market/.claude-plugin/marketplace.json --
{"name": "m", "owner": {"name": "o"}, "plugins": [
  {"name": "alpha", "source": "./plugins/alpha"},
  {"name": "beta", "source": "./plugins/beta"},
  {"name": "gamma", "source": "./plugins/gamma"}]}
-- market/plugins/alpha/.claude-plugin/plugin.json --
{"name": "alpha"}
-- market/plugins/alpha/skills/one/SKILL.md --
---
name: one
description: One.
---
-- market/plugins/beta/.claude-plugin/plugin.json --
{"name": "beta"}
-- market/plugins/beta/skills/two/SKILL.md --
---
name: two
description: Two.
---
-- market/plugins/gamma/.claude-plugin/plugin.json --
{"name": "gamma"}
-- market/plugins/gamma/skills/three/SKILL.md --
---
name: three
description: Three.
---
`)).Files)
	in := skillcore.Env{Home: home}.InstalledPlugins("")
	got := map[string]loader.InstalledPlugin{}
	for _, p := range in.Plugins {
		if p.Target == "copilot" {
			got[p.ID()] = p
		}
	}
	if len(got) != 2 {
		t.Fatalf("copilot plugins %v, want alpha@m and beta@m (gamma was never installed)", got)
	}
	alpha, beta := got["alpha@m"], got["beta@m"]
	if !alpha.Loads() || alpha.Copy || alpha.Root != filepath.Join(market, "plugins", "alpha") {
		t.Errorf("alpha@m = %+v, want loaded in place from %s", alpha, filepath.Join(market, "plugins", "alpha"))
	}
	if beta.Loads() || !strings.Contains(beta.Why, "enabledPlugins") {
		t.Errorf("beta@m = %+v, want disabled by enabledPlugins", beta)
	}
	project := filepath.Join(dir, "proj")
	w := skillcore.NewWorld(skillcore.Env{Home: home}, []string{project})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, e := range w.Catalog(loader.TargetByID("copilot"), project) {
		names = append(names, e.Skill.Path)
	}
	if len(names) != 1 || names[0] != filepath.Join(market, "plugins", "alpha", "skills", "one", "SKILL.md") {
		t.Errorf("copilot's catalog lists %v, want only alpha's skill", names)
	}
}
