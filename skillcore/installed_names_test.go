package skillcore

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestInstalledNames: each installed plugin as the agent reads it — the
// cached version Codex picks, the manifest it falls back to, and the
// plugin's own name rather than its install folder. The Codex side is
// what codex 0.169.0 listed for this home (skills/list).
func TestInstalledNames(t *testing.T) {
	home, project := fakeMachine(t, "names")
	in := Env{Home: home}.InstalledPlugins(project)
	got := map[string]loader.InstalledPlugin{}
	for _, p := range in.Plugins {
		got[p.Target+" "+p.ID()] = p
	}
	for _, c := range []struct {
		key, version, named, broken string
	}{
		{"codex versions@acme", "1.10.0", "versions@acme", ""},
		{"codex claude-only@acme", "1.0.0", "claude-only@acme", ""}, // .claude-plugin/plugin.json only
		{"codex folder@acme", "1.0.0", "own-name@acme", ""},
		{"codex none@acme", "1.0.0", "none@acme", "it has no manifest where Codex looks"},
		{"copilot obra+superpowers", "6.2.0", "superpowers", ""},
	} {
		p, ok := got[c.key]
		if !ok {
			t.Errorf("%s: not listed", c.key)
			continue
		}
		if p.Version != c.version || p.Named() != c.named || !strings.HasPrefix(p.Broken, c.broken) || (c.broken == "") != (p.Broken == "") {
			t.Errorf("%s: version %q, named %q, broken %q; want %q, %q, %q", c.key, p.Version, p.Named(), p.Broken, c.version, c.named, c.broken)
		}
	}

	w := NewWorld(Env{Home: home}, []string{project})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	codex := loader.TargetByID("codex")
	cache := filepath.Join(home, ".codex", "plugins", "cache", "acme")
	var loaded []string
	for _, p := range w.Paths() {
		if e := w.Entry(p); loader.Within(cache, p) && slices.Contains(e.LoadedBy(), "codex") {
			name, _, _ := strings.Cut(identityOf(codex, e), "\x00") // codex keys by name and path
			loaded = append(loaded, name)
		}
	}
	slices.Sort(loaded)
	if want := []string{"claude-only:from-claude", "claude-only:nested", "own-name:own", "versions:v1-10-0"}; !slices.Equal(loaded, want) {
		t.Errorf("codex loads %q from its cache, want %q", loaded, want)
	}

	// Messages name the plugin as Copilot does, not by its folder.
	direct := filepath.Join(home, ".copilot", "installed-plugins", "_direct", "obra+superpowers", "skills", "brainstorming", "SKILL.md")
	mine := filepath.Join(project, ".agents", "skills", "brainstorming", "SKILL.md")
	for path, want := range map[string]string{
		direct: "this skill of the installed plugin `superpowers` is hidden by the project skill",
		mine:   "this project skill hides the `brainstorming` skill of the installed plugin `superpowers`",
	} {
		var msgs []string
		for _, p := range w.Problems(path) {
			if p.Rule == "name-shadowed" && slices.Contains(p.Targets, "copilot") {
				msgs = append(msgs, p.Message)
			}
		}
		wantMsg(t, msgs, want)
		for _, m := range msgs {
			if said, _, _ := strings.Cut(m, " at "); strings.Contains(said, "obra+superpowers") {
				t.Errorf("message names the install folder: %s", m)
			}
		}
	}
}
