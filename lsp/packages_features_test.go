package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

const (
	marketRel = "ws/.claude-plugin/marketplace.json"
	pluginRel = "ws/.claude-plugin/plugin.json"
	brainRel  = "ws/skills/brainstorming/SKILL.md"
)

// Manifests are diagnosed like skills: on the first scan, unopened, and as
// the author types; hover on a skills path lists the skills it brings.
func TestManifestDiagnosticsAndHover(t *testing.T) {
	h := start(t, "packages", setup{})
	d := h.diags(marketRel, withCode("marketplace-duplicate"))
	if dup, _ := find(d, "marketplace-duplicate"); dup.Range != rng(2, 11, 2, 24) {
		t.Errorf("range %s", fmtRange(dup.Range))
	}
	// Typing breaks the plugin manifest: the error comes at once, and the
	// skill is no longer the plugin's.
	h.open(pluginRel, `{"name": "superpowers", "skills": "./skills",}`, 1)
	d = h.diags(pluginRel, version(1))
	if j, ok := find(d, "manifest-json"); !ok || j.Range != rng(0, 44, 0, 45) {
		t.Errorf("diagnostics %v", codes(d))
	}
	h.edit(pluginRel, 2, rng(0, 44, 0, 45), "")
	h.diags(pluginRel, func(p protocol.PublishDiagnosticsParams) bool { return version(2)(p) && empty(p) })
	res := hover(t, h, pluginRel, protocol.Position{Line: 0, Character: 37})
	if res == nil || !strings.Contains(hoverText(t, res), "claude-code as `superpowers:brainstorming`") {
		t.Fatalf("hover %+v", res)
	}
	lenses, err := h.server.CodeLens(h.ctx(), &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(brainRel)}})
	if err != nil || len(lenses) != 1 || !strings.Contains(lenses[0].Command.Title, "claude-code as superpowers:brainstorming (plugin superpowers, .claude-plugin/plugin.json)") {
		t.Errorf("lens %+v %v", lenses, err)
	}
}

// A skill written into a plugin's skills folder is the plugin's: it is
// diagnosed and loaded under the plugin's name; a manifest changed on disk
// moves skills in and out.
func TestPackageSkillCreatedOnDisk(t *testing.T) {
	h := start(t, "packages", setup{watch: true})
	h.settle()
	newRel := "ws/skills/fresh/SKILL.md"
	h.write(newRel, "---\nname: Fresh\ndescription: New.\n---\n")
	h.watched(protocol.FileChangeTypeCreated, newRel)
	// copilot wants the name to equal the folder: it says so, as it loads
	// the plugin's skills.
	d := h.diags(newRel, withCode("name-dir-mismatch"))
	if m, _ := find(d, "name-dir-mismatch"); !strings.Contains(messageOf(m), "copilot") {
		t.Errorf("diagnostics %v", codes(d))
	}
	// The manifest now reads skills from elsewhere: the skill is no
	// longer found, and says so.
	h.write(pluginRel, `{"name": "superpowers", "skills": "./other"}`)
	h.watched(protocol.FileChangeTypeChanged, pluginRel)
	h.diags(pluginRel, withCode("manifest-path"))
}
