package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCheckPackagesJSON checks a real plugin repository: each skill lists
// the packages that bring it, with the name each reader gives it, and the
// manifests are checked files too.
func TestCheckPackagesJSON(t *testing.T) {
	writeCheckTree(t, "") // a home of its own
	repo, _ := filepath.Abs("../../testdata/packages/obra+superpowers")
	code, out, errs := runCmd("check", "--format", "json", repo)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rep struct {
		Files []struct {
			Path     string
			LoadedBy []string
			Packages []struct {
				Format   string
				Manifest *string
				Plugin   string
				LoadedAs []struct{ Target, Name string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var manifests, found int
	for _, f := range rep.Files {
		if strings.HasSuffix(f.Path, ".json") {
			manifests++
			continue
		}
		if !strings.HasSuffix(f.Path, "skills/brainstorming/SKILL.md") {
			continue
		}
		found++
		names := map[string]string{}
		for _, p := range f.Packages {
			if p.Manifest == nil || p.Plugin != "superpowers" {
				t.Errorf("package %+v", p)
			}
			for _, as := range p.LoadedAs {
				names[as.Target] = as.Name
			}
		}
		want := map[string]string{"claude-code": "superpowers:brainstorming", "codex": "superpowers:brainstorming",
			"copilot": "brainstorming", "gemini": "brainstorming", "cursor": "brainstorming"}
		for target, name := range want {
			if names[target] != name || !slices.Contains(f.LoadedBy, target) {
				t.Errorf("%s: loaded as %q (loaded by %v), want %q", target, names[target], f.LoadedBy, name)
			}
		}
	}
	if found != 1 || manifests < 5 {
		t.Fatalf("brainstorming found %d times, %d manifests checked", found, manifests)
	}
}

// TestCheckManifestPath checks a broken manifest named on the command line.
func TestCheckManifestPath(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.claude-plugin/marketplace.json --
{"name": "m", "owner": {}, "plugins": [
  {"name": "a", "source": "./a"},
  {"name": "a", "source": "../outside"}
]}
-- proj/a/.claude-plugin/plugin.json --
{"name": "a", "skills": [{"path": "./skills"}]}
-- proj/a/skills/x/SKILL.md --
---
name: x
description: x
---
`)
	market := filepath.Join(dir, "proj/.claude-plugin/marketplace.json")
	code, out, _ := runCmd("check", market)
	if code != exitOK { // a warning only
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{market + ":3:12: warning marketplace-duplicate:", "1 file checked"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCmd("check", filepath.Join(dir, "proj"))
	plugin := filepath.Join(dir, "proj/a/.claude-plugin/plugin.json")
	if code != exitFindings || !strings.Contains(out, plugin+":1:26: error manifest-field: claude-code, codex and copilot refuse the plugin") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestCheckVerbose: a clean file prints nothing in the text output, as in
// other linters; --verbose says what loads each file and under which
// name, from skill folders and through packages alike.
func TestCheckVerbose(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	repo, _ := filepath.Abs("../../testdata/packages/obra+superpowers")
	skill := filepath.Join(repo, "skills/brainstorming/SKILL.md")
	other := filepath.Join(dir, "proj/.agents/skills/other/SKILL.md")
	code, out, _ := runCmd("check", other)
	if code != exitOK || out != "1 file checked: 0 errors, 0 warnings, 0 infos\n" {
		t.Errorf("a clean file: exit %d\n%s", code, out)
	}
	_, out, _ = runCmd("check", skill)
	if strings.Contains(out, "loaded by") {
		t.Errorf("loaded by without --verbose:\n%s", out)
	}
	_, out, _ = runCmd("check", "--verbose", skill)
	if !strings.Contains(out, skill+": loaded by codex as superpowers:brainstorming once installed (plugin superpowers, ") || !strings.Contains(out, "; gemini as brainstorming once installed (plugin superpowers, ") {
		t.Errorf("--verbose does not say through which package:\n%s", out)
	}
	_, out, _ = runCmd("check", "--verbose", other)
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(other) + `: loaded by agentskills, zed, codex[a-z, -]*$`).MatchString(out) {
		t.Errorf("--verbose does not list the agents reading the skill folder:\n%s", out)
	}
	_, out, _ = runCmd("check", "--format", "json", other)
	if !strings.Contains(out, `"loadedBy":["agentskills","zed","codex"`) {
		t.Errorf("JSON lost loadedBy without --verbose:\n%s", out)
	}
	for _, format := range []string{"github", "sarif"} {
		_, plain, _ := runCmd("check", "--format", format, skill)
		_, verbose, _ := runCmd("check", "--format", format, "--verbose", skill)
		if plain != verbose {
			t.Errorf("--verbose changed the %s output", format)
		}
	}
	if code, _, errs := runCmd("check", "--quiet", "--verbose", other); code != exitUsage || !strings.Contains(errs, "contradict") {
		t.Errorf("--quiet --verbose: exit %d, %q", code, errs)
	}
	// The manifests are named as the files are: relative to the working
	// folder below it.
	t.Chdir(repo)
	_, out, _ = runCmd("check", "--verbose", "skills/brainstorming")
	if !strings.Contains(out, "skills/brainstorming/SKILL.md: loaded by codex as superpowers:brainstorming once installed (plugin superpowers, .codex-plugin/plugin.json);") {
		t.Errorf("--verbose in the repository:\n%s", out)
	}
}

// TestCheckNamedFileNotASkill: a file named on the command line that is
// neither a skill's file nor a manifest an agent reads is refused on one
// line with exit 2, not judged as a skill nor passed over as "0 files".
// skill.md is judged: discovery takes it for a SKILL.md misnamed.
func TestCheckNamedFileNotASkill(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.git/HEAD --
ref: main
-- proj/LICENSE --
MIT
-- proj/docs/notes.md --
# Notes
-- proj/.claude-plugin/plugin.json --
{"name": "p"}
-- proj/skills/x/SKILL.md --
---
name: x
description: Does x.
---
-- proj/skills/x/plugin.json --
{"name": "not a plugin, inside one"}
-- proj/skills/y/skill.md --
---
name: y
description: Does y.
---
`)
	proj := filepath.Join(dir, "proj")
	t.Chdir(proj)
	for _, c := range []struct {
		path string
		code int
		err  string
	}{
		{"LICENSE", exitUsage, "LICENSE: not a SKILL.md or a package manifest; check takes SKILL.md files, package manifests"},
		{"docs/notes.md", exitUsage, "docs/notes.md: not a SKILL.md or a package manifest"},
		{"skills/x/plugin.json", exitUsage, "skills/x/plugin.json: no agent reads this file as a package manifest where it lies"},
		{".claude-plugin/plugin.json", exitOK, ""},
		{"skills/x/SKILL.md", exitOK, ""},
		{"skills/y/skill.md", exitFindings, ""},
	} {
		code, out, errs := runCmd("check", c.path)
		if code != c.code || !strings.Contains(errs, c.err) || (c.code == exitUsage && (out != "" || strings.Count(errs, "\n") != 1)) {
			t.Errorf("check %s: exit %d, want %d; stdout %q, stderr %q, want %q", c.path, code, c.code, out, errs, c.err)
		}
	}
	if _, out, _ := runCmd("check", "skills/y/skill.md"); !strings.Contains(out, "skill-md-case") {
		t.Errorf("skill.md not judged as a misnamed SKILL.md:\n%s", out)
	}
}
