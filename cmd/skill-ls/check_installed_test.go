package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// installedTree is a project and a home where agents installed plugins,
// some broken: Copilot's superpowers (installed straight from
// obra/superpowers), Codex plugins with several cached versions, one with
// only a Claude Code manifest, one whose manifest is not JSON.
const installedTree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/brainstorming/SKILL.md --
---
name: brainstorming
description: The project's own brainstorming.
---
-- home/.copilot/installed-plugins/_direct/obra+superpowers/.claude-plugin/plugin.json --
{"name": "superpowers", "version": "6.2.0"}
-- home/.copilot/installed-plugins/_direct/obra+superpowers/skills/brainstorming/SKILL.md --
---
name: brainstorming
description: Superpowers' brainstorming.
colour: red
---
-- home/.copilot/installed-plugins/acme/broken/plugin.json --
{"name": broken}
-- home/.copilot/installed-plugins/acme/broken/skills/review/SKILL.md --
---
name: review
description: Never loaded.
---
-- home/.claude/settings.json --
{"enabledPlugins": {"tools@acme": "yes"}}
-- home/.codex/config.toml --
[plugins."versions@acme"]
[plugins."claude-only@acme"]
[plugins."badjson@acme"]
-- home/.codex/plugins/cache/acme/versions/1.9.0/.codex-plugin/plugin.json --
{"name": "versions", "version": "1.9.0"}
-- home/.codex/plugins/cache/acme/versions/1.9.0/skills/old/SKILL.md --
---
name: old
description: The older version's skill.
---
-- home/.codex/plugins/cache/acme/versions/1.10.0/.codex-plugin/plugin.json --
{"name": "versions", "version": "1.10.0"}
-- home/.codex/plugins/cache/acme/versions/1.10.0/skills/new/SKILL.md --
---
name: new
description: The newer version's skill.
---
-- home/.codex/plugins/cache/acme/claude-only/1.0.0/.claude-plugin/plugin.json --
{"name": "claude-only"}
-- home/.codex/plugins/cache/acme/claude-only/1.0.0/skills/from-claude/SKILL.md --
---
name: from-claude
description: Codex reads the Claude Code manifest.
---
-- home/.codex/plugins/cache/acme/badjson/1.0.0/.codex-plugin/plugin.json --
{"name": "badjson",,}
-- home/.codex/plugins/cache/acme/badjson/1.0.0/skills/review/SKILL.md --
---
name: review
description: Never loaded.
---
`

// installedReport runs check --format json in the project of installedTree
// and returns the report's files by path, and the exit status.
func installedReport(t *testing.T, flags ...string) (dir string, files map[string]jsonFile, code int) {
	t.Helper()
	dir = writeCheckTree(t, installedTree)
	t.Chdir(filepath.Join(dir, "proj"))
	code, out, errs := runCmd(append([]string{"check", "--format", "json"}, flags...)...)
	if errs != "" {
		t.Fatalf("stderr %q", errs)
	}
	var rep struct{ Files []jsonFile }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	files = map[string]jsonFile{}
	for _, f := range rep.Files {
		files[f.Path] = f
	}
	return dir, files, code
}

type jsonFile struct {
	Path     string
	Packages []struct {
		Plugin   string
		LoadedAs []struct{ Target, Name string }
	}
	Findings []struct{ Rule, Severity, Message string }
}

// Without --global, what agents installed under the home is theirs, not
// the project's: nothing there is reported, broken or not, though its
// skills still collide with the project's (named as the agent names the
// plugin).
func TestCheckInstalledNotReported(t *testing.T) {
	dir, files, code := installedReport(t)
	home := filepath.Join(dir, "home")
	for p := range files {
		if strings.HasPrefix(p, home) {
			t.Errorf("%s reported without --global", p)
		}
	}
	if code != exitOK {
		t.Errorf("exit %d, want 0: the project is clean", code)
	}
	var said []string
	for _, f := range files[".agents/skills/brainstorming/SKILL.md"].Findings {
		if f.Rule == "name-shadowed" {
			said = append(said, f.Message)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "hides the `brainstorming` skill of the installed plugin `superpowers` at ") {
		t.Errorf("name-shadowed says %q, want the plugin named superpowers", said)
	}
}

// With --global each broken file of the installations is reported, and
// the installed skills as each agent loads them.
func TestCheckInstalledGlobal(t *testing.T) {
	dir, files, code := installedReport(t, "--global")
	home := filepath.Join(dir, "home")
	if code != exitFindings {
		t.Errorf("exit %d, want 1", code)
	}
	for _, c := range []struct{ rel, rule, severity, says string }{
		{".copilot/installed-plugins/acme/broken/plugin.json", "installed-config", "error", "not valid JSON"},
		{".codex/plugins/cache/acme/badjson/1.0.0/.codex-plugin/plugin.json", "manifest-json", "error", "not valid JSON"},
		{".claude/settings.json", "installed-config", "warning", `enabledPlugins["tools@acme"] is a string`},
		{".copilot/installed-plugins/_direct/obra+superpowers/skills/brainstorming/SKILL.md", "field-unknown", "warning", `"colour"; copilot loads it anyway`},
	} {
		f, ok := files[filepath.Join(home, c.rel)]
		if !ok {
			t.Errorf("%s not reported with --global", c.rel)
			continue
		}
		if !slices.ContainsFunc(f.Findings, func(x struct{ Rule, Severity, Message string }) bool {
			return x.Rule == c.rule && x.Severity == c.severity && strings.Contains(x.Message, c.says)
		}) {
			t.Errorf("%s: findings %+v lack %s %s ~%q", c.rel, f.Findings, c.severity, c.rule, c.says)
		}
	}
	// Codex loads the newest version (1.10.0, not 1.9.0 as text has it)
	// and a plugin with only a Claude Code manifest, both namespaced.
	cache := filepath.Join(home, ".codex/plugins/cache/acme")
	for rel, want := range map[string]string{
		"versions/1.10.0/skills/new/SKILL.md":           "versions:new",
		"claude-only/1.0.0/skills/from-claude/SKILL.md": "claude-only:from-claude",
	} {
		var names []string
		for _, p := range files[filepath.Join(cache, rel)].Packages {
			for _, as := range p.LoadedAs {
				if as.Target == "codex" {
					names = append(names, as.Name)
				}
			}
		}
		if !slices.Equal(names, []string{want}) {
			t.Errorf("%s: codex loads it as %q, want %s", rel, names, want)
		}
	}
	if _, ok := files[filepath.Join(cache, "versions/1.9.0/skills/old/SKILL.md")]; ok {
		t.Error("the older cached version is reported as loaded")
	}
}

// A project with no skill of its own has nothing to report without
// --global: check says how many files of the home it left out (three
// skills; the six manifests and settings of the agents that load them or
// are broken).
func TestCheckInstalledOnly(t *testing.T) {
	dir := writeCheckTree(t, installedTree+"-- empty/.git/HEAD --\nref: main\n")
	t.Chdir(filepath.Join(dir, "empty"))
	code, out, errs := runCmd("check")
	want := "no SKILL.md found in the project; 3 global skills and 6 files of the agents' installations are reported with --global"
	if code != exitUsage || out != "" || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, want)
	}
}
