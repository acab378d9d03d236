package lsp

import (
	"slices"
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
	if err != nil || len(lenses) != 1 || !strings.Contains(lenses[0].Command.Title, "claude-code as superpowers:brainstorming once installed (plugin superpowers, .claude-plugin/plugin.json)") {
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
	h.write(newRel, "---\nname: fresh\ndescription: 42\n---\n")
	h.watched(protocol.FileChangeTypeCreated, newRel)
	// copilot refuses a description that is not a string: it says so, as
	// it loads the plugin's skills.
	d := h.diags(newRel, withCode("description-type"))
	if !slices.ContainsFunc(d.Diagnostics, func(m protocol.Diagnostic) bool {
		return codeOf(m) == "description-type" && m.Severity == protocol.DiagnosticSeverityError && strings.Contains(messageOf(m), "copilot")
	}) {
		t.Errorf("diagnostics %v", codes(d))
	}
	// The manifest now reads skills from elsewhere: the skill is no
	// longer found, and says so.
	h.write(pluginRel, `{"name": "superpowers", "skills": "./other"}`)
	h.watched(protocol.FileChangeTypeChanged, pluginRel)
	h.diags(pluginRel, withCode("manifest-path"))
}

// Over the protocol, a manifest's skills path links and leads to the
// skills it brings, completion offers the keys it lacks, and a path
// without ./ is fixed by adding it.
func TestManifestNavigation(t *testing.T) {
	h := start(t, "packages", setup{})
	text := `{"name": "superpowers", "skills": "skills"}`
	h.open(pluginRel, text, 1)
	h.diags(pluginRel, withCode("manifest-path"))
	fixText := `{"name": "superpowers", "skills": "./skills"}`
	h.edit(pluginRel, 2, rng(0, 0, 0, uint32(len(text))), fixText)
	h.diags(pluginRel, func(p protocol.PublishDiagnosticsParams) bool { return version(2)(p) && empty(p) })
	at := protocol.Position{Line: 0, Character: 37}
	defs, err := h.server.Definition(h.ctx(), &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(pluginRel)}, Position: at}})
	if err != nil {
		t.Fatal(err)
	}
	if locs, ok := defs.(protocol.LocationSlice); !ok || len(locs) != 1 || locs[0].URI != h.uri(brainRel) {
		t.Errorf("definition %#v", defs)
	}
	links, err := h.server.DocumentLink(h.ctx(), &protocol.DocumentLinkParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(pluginRel)}})
	if err != nil || len(links) != 1 || links[0].Range != rng(0, 35, 0, 43) {
		t.Errorf("links %+v %v", links, err)
	}
	list := completion(t, h, pluginRel, protocol.Position{Line: 0, Character: 1})
	if labels := itemLabels(list); !slices.Contains(labels, "version") || slices.Contains(labels, "skills") {
		t.Errorf("completion %v", labels)
	}
	// The fix over the protocol: a bare path gets its ./.
	h.edit(pluginRel, 3, rng(0, 0, 0, uint32(len(fixText))), text)
	d := h.diags(pluginRel, version(3))
	diag, _ := find(d, "manifest-path")
	acts, err := h.server.CodeAction(h.ctx(), &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(pluginRel)},
		Range: diag.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{diag}}})
	if err != nil || len(acts) == 0 {
		t.Fatalf("actions %v %v", acts, err)
	}
	if a, ok := acts[0].(*protocol.CodeAction); !ok || !strings.Contains(a.Title, `"./skills"`) {
		t.Errorf("action %#v", acts[0])
	}
}
