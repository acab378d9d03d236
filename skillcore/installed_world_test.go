package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// The installed plugins of a fake home join the world: each agent ranks
// their skills its own way.
func TestInstalledInWorld(t *testing.T) {
	home, project := fakeMachine(t, "full")
	w := NewWorld(Env{Home: home}, []string{project})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	review := filepath.Join(project, ".agents", "skills", "review", "SKILL.md")
	claude := filepath.Join(home, ".claude", "plugins", "cache", "superpowers-dev", "superpowers", "6.2.0", "skills", "brainstorming", "SKILL.md")
	orphan := filepath.Join(home, ".claude", "plugins", "cache", "superpowers-dev", "superpowers", "6.1.0", "skills", "brainstorming", "SKILL.md")
	copilotOff := filepath.Join(home, ".copilot", "installed-plugins", "awesome-copilot", "off", "skills", "review", "SKILL.md")
	copilotOn := filepath.Join(home, ".copilot", "installed-plugins", "awesome-copilot", "pr-tools", "skills", "review", "SKILL.md")

	// Loaded plugins' skills are in the world under their installed names;
	// disabled plugins' and orphaned copies' are not.
	e := w.Entry(claude)
	if e == nil {
		t.Fatalf("%s not in the world", claude)
	}
	if got := identityOf(loader.TargetByID("claude-code"), e); got != "superpowers:brainstorming" {
		t.Errorf("claude-code knows it as %q, want superpowers:brainstorming", got)
	}
	for _, p := range []string{orphan, copilotOff} {
		if w.Entry(p) != nil {
			t.Errorf("%s is in the world; its plugin is not loaded", p)
		}
	}

	// Copilot: the project skill wins; the plugin's is silently ignored.
	msgs := func(path, rule, target string) []string {
		var out []string
		for _, p := range w.Problems(path) {
			if p.Rule == rule && slices.Contains(p.Targets, target) {
				out = append(out, p.Severity.String()+": "+p.Message)
			}
		}
		return out
	}
	wantMsg(t, msgs(review, "name-shadowed", "copilot"), "info: this project skill hides the `review` skill of the installed plugin `pr-tools@awesome-copilot`")
	wantMsg(t, msgs(copilotOn, "name-shadowed", "copilot"), "warning: this skill of the installed plugin `pr-tools@awesome-copilot` is hidden by the project skill")
	// Gemini: extension skills lose to workspace skills; two extensions
	// with one name are duplicates, only one loads.
	wantMsg(t, msgs(review, "name-shadowed", "gemini"), "hides the `review` skill of the installed plugin `pr-tools`")
	hereOnly := filepath.Join(home, ".gemini", "extensions", "here-only", "skills", "review", "SKILL.md")
	wantMsg(t, msgs(hereOnly, "name-duplicate", "gemini"), "another skill of the installed plugin `pr-tools` is named \"review\"")
	// Claude Code and Codex namespace plugin skills: no collision.
	for _, target := range []string{"claude-code", "codex"} {
		for _, p := range w.Problems(filepath.Join(home, ".claude", "plugins", "cache", "acme", "pr-tools", "1.0.0", "skills", "review", "SKILL.md")) {
			if slices.Contains(p.Targets, target) && (p.Rule == "name-shadowed" || p.Rule == "name-duplicate") {
				t.Errorf("%s: %s %s", target, p.Rule, p.Message)
			}
		}
	}

	// Catalogs list them under the names the agents give them.
	var names []string
	cat := w.Catalog(loader.TargetByID("claude-code"), project)
	for _, c := range cat {
		names = append(names, c.Name)
	}
	if text := RenderCatalog(loader.TargetByID("claude-code"), cat); !strings.Contains(text, "- superpowers:brainstorming: ") {
		t.Errorf("claude-code's catalog text lacks superpowers:brainstorming:\n%s", text)
	}
	for _, want := range []string{"superpowers:brainstorming", "pr-tools:review", "tools:review"} {
		if !slices.Contains(names, want) {
			t.Errorf("claude-code catalog %v lacks %s", names, want)
		}
	}
	for _, not := range []string{"dormant:dormant-skill", "broken:review"} {
		if slices.Contains(names, not) {
			t.Errorf("claude-code catalog lists %s, whose plugin is not loaded", not)
		}
	}

	// Hover's "also installed".
	also := strings.Join(w.AlsoInstalled(review), "\n")
	for _, want := range []string{"pr-tools@acme (claude-code, as pr-tools:review)", "off@awesome-copilot (copilot, disabled", "badjson@acme (codex, not loaded"} {
		if !strings.Contains(also, want) {
			t.Errorf("also installed:\n%s\nlacks %s", also, want)
		}
	}
	if !w.IsInstalled(claude) || w.IsInstalled(review) {
		t.Error("IsInstalled tells plugin copies from project files wrongly")
	}
	// A linked extension loads from the folder the user works in: loaded
	// once (it is a package of the project too), and not the agent's copy.
	linked := filepath.Join(project, "ext", "skills", "linked-skill", "SKILL.md")
	if e := w.Entry(linked); e == nil || !slices.Contains(e.LoadedBy(), "gemini") || len(e.Installed()) != 1 {
		t.Errorf("the linked extension's skill is not loaded by gemini, once")
	}
	if w.IsInstalled(linked) {
		t.Error("a linked extension's source is read-only")
	}
}

func wantMsg(t *testing.T, msgs []string, want string) {
	t.Helper()
	for _, m := range msgs {
		if strings.Contains(m, want) {
			return
		}
	}
	t.Errorf("no message like %q in %q", want, msgs)
}

// An agent rewriting its settings without touching plugins changes
// nothing; disabling a plugin does.
func TestInstallationChanged(t *testing.T) {
	home, project := fakeMachine(t, "full")
	w := NewWorld(Env{Home: home}, []string{project})
	w.Scan()
	settings := filepath.Join(home, ".claude", "settings.json")
	src, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if w.InstallationChanged() {
		t.Error("the same settings written again count as a change")
	}
	off := strings.Replace(string(src), `"superpowers@superpowers-dev": true`, `"superpowers@superpowers-dev": false`, 1)
	if err := os.WriteFile(settings, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	if !w.InstallationChanged() {
		t.Error("disabling superpowers is not a change")
	}
	// Read again, the world drops the disabled plugin's skills from its
	// catalogs.
	w.ReloadPackages()
	for _, c := range w.Catalog(loader.TargetByID("claude-code"), project) {
		if strings.HasPrefix(c.Name, "superpowers:") {
			t.Errorf("%s still in claude-code's catalog once disabled", c.Name)
		}
	}
}
