package lsp

import "testing"

// Installing a plugin, and disabling it, while the server runs re-judges
// the workspace: Copilot ignores the plugin's skill named as a project
// skill, and stops once the plugin is disabled.
func TestInstalledPluginWatched(t *testing.T) {
	h := start(t, "", setup{})
	h.settle()
	// An unknown key gives the file a finding to wait for, and every
	// agent but the spec's still loads it.
	const proj = "ws/.agents/skills/review/SKILL.md"
	h.write(proj, "---\nname: review\ndescription: Review this project.\nsome-key: x\n---\n")
	h.diags(proj, withCode("field-unknown"))
	const plugin = "home/.copilot/installed-plugins/market/pr-tools/"
	h.write(plugin+"plugin.json", `{"name": "pr-tools"}`)
	h.write(plugin+"skills/review/SKILL.md", "---\nname: review\ndescription: Review with pr-tools.\n---\n")
	// Copilot records the install once the files are in place.
	h.write("home/.copilot/config.json", `{"installedPlugins": [{"name": "pr-tools", "marketplace": "market", "enabled": true}]}`)
	h.diags(proj, withCode("name-shadowed"))
	h.write("home/.copilot/config.json", `{"installedPlugins": [{"name": "pr-tools", "marketplace": "market", "enabled": false}]}`)
	h.diags(proj, without("name-shadowed"))
}
