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

// An installed plugin's skill is diagnosed when opened, not before: the
// agents' caches would fill the problems list with other people's files.
func TestInstalledDiagnosedWhenOpened(t *testing.T) {
	h := start(t, "", setup{})
	const plugin = "home/.copilot/installed-plugins/market/pr-tools/"
	h.write(plugin+"plugin.json", `{"name": "pr-tools"}`)
	h.write(plugin+"skills/review/SKILL.md", "---\nname: review\ndescription: Review with pr-tools.\nsome-key: x\n---\n")
	h.write("home/.copilot/config.json", `{"installedPlugins": [{"name": "pr-tools", "marketplace": "market", "enabled": true}]}`)
	// Once the project's review hides the plugin's, the plugin is loaded.
	const proj = "ws/.agents/skills/review/SKILL.md"
	h.write(proj, "---\nname: review\ndescription: Review this project.\n---\n")
	h.diags(proj, withCode("name-shadowed"))
	h.settle()
	rel := plugin + "skills/review/SKILL.md"
	if p, found := h.client.latest(h.uri(rel)); found && len(p.Diagnostics) > 0 {
		t.Errorf("diagnostics published for an installed plugin's file nobody opened: %v", codes(p))
	}
	h.open(rel, h.read(rel), 1)
	h.diags(rel, withCode("name-shadowed"))
	h.closeDoc(rel)
	h.diags(rel, empty)
}
