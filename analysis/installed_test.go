package analysis

import (
	"strings"
	"testing"
)

// A plugin an agent installed is the agent's copy: its skills are judged,
// but no fix, action or rename ever edits them, and a project skill's
// hover says which installed plugins ship the same name.
func TestInstalledReadOnly(t *testing.T) {
	const plugin = "home/.copilot/installed-plugins/market/pr-tools/skills/review/SKILL.md"
	tr := newTestTree(t, Config{},
		treeFile{path: "home/.copilot/installed-plugins/market/pr-tools/plugin.json", data: `{"name": "pr-tools"}`},
		treeFile{path: plugin, data: "---\nname: Review\ndescription: Review a pull request.\n---\n"},
		treeFile{path: "proj/.agents/skills/review/SKILL.md", data: "---\nname: review\ndescription: Review this project's pull request.\n---\n"},
		treeFile{path: "proj/.agents/skills/lint/SKILL.md", data: "---\nname: lint\ndescription: Lint.\n---\n"},
	)
	p := tr.path(plugin)
	fs := tr.ws.Findings(p)
	if len(fs) == 0 {
		t.Fatal("the installed skill's own findings are missing")
	}
	for _, f := range fs {
		if fixes := tr.ws.Fixes(p, f); len(fixes) > 0 {
			t.Errorf("%s: fix %q offered on an installed plugin's file", f.Rule, fixes[0].Title)
		}
	}
	if a := tr.ws.Actions(p, func(Finding) bool { return true }); len(a) > 0 {
		t.Errorf("actions offered on an installed plugin's file: %+v", a)
	}
	if _, ok := tr.ws.PrepareRename(p, strings.Index(string(tr.src[plugin]), "Review")); ok {
		t.Error("rename offered on an installed plugin's file")
	}
	if _, err := tr.ws.Rename(p, strings.Index(string(tr.src[plugin]), "Review"), "other"); err == nil || !strings.Contains(err.Error(), "never edits") {
		t.Errorf("rename of an installed plugin's skill: %v", err)
	}
	// A project skill may take a name an installed plugin uses.
	lint := tr.path("proj/.agents/skills/lint/SKILL.md")
	src := string(tr.src["proj/.agents/skills/lint/SKILL.md"])
	if _, err := tr.ws.Rename(lint, strings.Index(src, "lint"), "Review"); err != nil && strings.Contains(err.Error(), "taken") {
		t.Errorf("renaming a project skill after an installed one: %v", err)
	}
	review := tr.path("proj/.agents/skills/review/SKILL.md")
	h := tr.ws.Hover(review, strings.Index(string(tr.src["proj/.agents/skills/review/SKILL.md"]), "review"))
	if h == nil || !strings.Contains(h.Markdown, "Also installed") || !strings.Contains(h.Markdown, "pr-tools@market (copilot") {
		t.Errorf("hover lacks also installed:\n%v", h)
	}
}
