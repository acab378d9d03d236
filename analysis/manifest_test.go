package analysis

import (
	"slices"
	"strings"
	"testing"
)

// pluginTree is a plugin with a manifest naming a second skills folder,
// and a marketplace listing it.
const pluginTree = `
-- proj/.claude-plugin/marketplace.json --
{"name": "m", "owner": {}, "plugins": [{"name": "superpowers", "source": "./"}]}
-- proj/.claude-plugin/plugin.json --
{"name": "superpowers", "skills": ["./extra"]}
-- proj/skills/brainstorming/SKILL.md --
---
name: brainstorming
description: Ideas.
---
-- proj/extra/one/SKILL.md --
---
name: one
description: One.
---
-- proj/extra/two/SKILL.md --
---
name: two
description: Two.
---
`

func TestManifestFeatures(t *testing.T) {
	tr := newTestTree(t, Config{}, txtarFiles(pluginTree)...)
	plugin := tr.path("proj/.claude-plugin/plugin.json")
	src := string(tr.ws.Source(plugin))
	at := func(s string) int { return strings.Index(src, s) + 1 }

	h := tr.ws.Hover(plugin, at(`"./extra"`))
	if h == nil || !strings.Contains(h.Markdown, "brings 2 skills") || !strings.Contains(h.Markdown, "claude-code as `superpowers:one`") {
		t.Fatalf("hover: %+v", h)
	}
	if h := tr.ws.Hover(plugin, at(`"name"`)); h == nil || !strings.Contains(h.Markdown, "`name`: a string, read by claude-code") {
		t.Errorf("hover on a key: %+v", h)
	}
	if got := tr.ws.Definition(plugin, at(`"./extra"`)); len(got) != 2 || got[0].Path != tr.path("proj/extra/one/SKILL.md") {
		t.Errorf("definition: %+v", got)
	}
	links := tr.ws.Links(plugin)
	if len(links) != 1 || links[0].Target != tr.path("proj/extra") || links[0].Range.Text([]byte(src)) != "./extra" {
		t.Errorf("links: %+v", links)
	}
	// The skill says through which plugin each agent loads it, and as what.
	skill := tr.path("proj/skills/brainstorming/SKILL.md")
	lens := tr.ws.CodeLenses(skill)
	if len(lens) != 1 || !strings.Contains(lens[0].Title, "claude-code as superpowers:brainstorming") ||
		!strings.Contains(lens[0].Title, "copilot as brainstorming once installed (plugin superpowers, .claude-plugin/plugin.json)") {
		t.Errorf("lens: %+v", lens)
	}
	hs := tr.ws.Hover(skill, strings.Index(string(tr.ws.Source(skill)), "brainstorming"))
	if hs == nil || !strings.Contains(hs.Markdown, "- superpowers:brainstorming: Ideas.") {
		t.Errorf("hover on the name: %+v", hs)
	}
	// No agent loads a plugin from its checkout: the summary says so.
	if hs == nil || !strings.Contains(hs.Markdown, "once installed ·") || !strings.Contains(hs.Markdown, "superpowers:brainstorming once installed (plugin") {
		t.Errorf("hover does not say once installed: %+v", hs)
	}
	// A path without ./ makes claude-code refuse the plugin; the fix adds it.
	tr.ws.Set(plugin, []byte(`{"name": "superpowers", "skills": ["./extra", "more"]}`))
	src = string(tr.ws.Source(plugin))
	if e := tr.ws.World.Entry(tr.path("proj/extra/one/SKILL.md")); e == nil || len(e.Installed()) > 0 {
		t.Errorf("still installed from a refused plugin")
	}
	var fixed bool
	for _, a := range tr.ws.Actions(plugin, Touching(Range{Start: at(`"more"`), End: at(`"more"`)})) {
		if a.Finding.Rule == "manifest-path" && len(a.Fix.Edits) == 1 && a.Fix.Edits[0].NewText == "./" && a.Fix.Edits[0].Range.Start == at(`"more"`) {
			fixed = true
		}
	}
	if !fixed {
		t.Errorf("no fix adding ./: %+v", tr.ws.Actions(plugin, Touching(Range{Start: 0, End: len(src)})))
	}
	// Completion offers the keys the file lacks, not those it has.
	var labels []string
	for _, c := range tr.ws.Complete(plugin, 1) {
		labels = append(labels, c.Label)
	}
	if !slices.Contains(labels, "version") || slices.Contains(labels, "name") || slices.Contains(labels, "skills") {
		t.Errorf("completion: %v", labels)
	}
	// A marketplace entry's keys inside an entry.
	market := tr.path("proj/.claude-plugin/marketplace.json")
	msrc := string(tr.ws.Source(market))
	labels = nil
	for _, c := range tr.ws.Complete(market, strings.Index(msrc, `"source"`)) {
		labels = append(labels, c.Label)
	}
	if !slices.Contains(labels, "strict") || slices.Contains(labels, "owner") {
		t.Errorf("entry completion: %v", labels)
	}
	// Editing the manifest moves the skills back and forth.
	affected := tr.ws.Set(plugin, []byte(`{"name": "superpowers", "skills": "./extra"}`))
	if !slices.Contains(affected, tr.path("proj/extra/one/SKILL.md")) {
		t.Errorf("affected by the edit: %v", affected)
	}
	if e := tr.ws.World.Entry(tr.path("proj/extra/one/SKILL.md")); e == nil || len(e.Installed()) == 0 {
		t.Errorf("not installed again")
	}
}
