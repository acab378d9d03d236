package skillcore

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"golang.org/x/tools/txtar"
)

// TestPackageScenarios runs the archives of testdata/packages/hostile: a
// project (proj/) holding packages, and a "want" file listing every skill
// each target loads through a package ("load PATH TARGET NAME") and every
// problem packages cause ("problem PATH RULE SEVERITY TARGETS"), on
// manifests and on skills.
func TestPackageScenarios(t *testing.T) {
	scenarios(t, "../testdata/packages/hostile/*.txtar", func(t *testing.T, files []txtar.File, want []string) {
		dir := t.TempDir()
		skills := writeTree(t, dir, files)
		w := newTestWorld(t, dir, skills)
		if got := packageLines(w, dir, skills); !slices.Equal(got, want) {
			t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	})
}

// packageRules are the rules packages cause on a skill.
var packageRules = []string{"not-discovered", "name-duplicate", "name-shadowed", "name-too-long", "description-missing", "name-missing"}

func packageLines(w *World, dir string, skills []string) []string {
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	var out []string
	for _, s := range skills {
		e := w.Entry(s)
		if e == nil {
			continue
		}
		for _, in := range e.Installed() {
			out = append(out, fmt.Sprintf("load %s %s %s", rel(s), in.Target.ID, in.Name))
		}
		for _, p := range w.Problems(s) {
			if slices.Contains(packageRules, p.Rule) && (p.Rule != "not-discovered" || len(p.Targets) == 1) {
				out = append(out, fmt.Sprintf("problem %s %s %s %s", rel(s), p.Rule, p.Severity, strings.Join(p.Targets, ",")))
			}
		}
	}
	for _, m := range w.ManifestPaths() {
		for _, p := range w.Manifest(m).Problems {
			targets := strings.Join(p.Targets, ",")
			if targets == "" {
				targets = "all"
			}
			out = append(out, fmt.Sprintf("problem %s %s %s %s", rel(m), p.Rule, p.Severity, targets))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestManifestBounds: a manifest too large, nested too deep, or not a file
// is a finding, never a hang.
func TestManifestBounds(t *testing.T) {
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	for name, src := range map[string]string{
		"deep":     `{"name": "p", "x": ` + deep + `}`,
		"large":    `{"name": "p", "x": "` + strings.Repeat("a", loader.MaxFileBytes) + `"}`,
		"not JSON": "\x00\xff",
		"empty":    "",
	} {
		m := ParseManifest("/p/.claude-plugin/plugin.json", []byte(src))
		want := "manifest-json"
		if name == "large" {
			want = "file-too-large"
		}
		if len(m.Problems) != 1 || m.Problems[0].Rule != want || m.Root != nil {
			t.Errorf("%s: %+v", name, m.Problems)
		}
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude-plugin", "plugin.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	if ps := FindPackages(dir); len(ps.Packages) != 0 {
		t.Errorf("a folder named plugin.json made a plugin: %+v", ps.Packages)
	}
}

// TestPackageLinksOut: a skill folder, a skills path or a marketplace
// source that is a link out of the repository brings nothing.
func TestPackageLinksOut(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	repo := filepath.Join(dir, "repo")
	writeTree(t, dir, txtar.Parse([]byte(`
-- outside/evil/SKILL.md --
---
name: evil
description: Outside.
---
-- outside/plugin/.claude-plugin/plugin.json --
{"name": "far"}
-- outside/plugin/skills/far/SKILL.md --
---
name: far
description: Far.
---
-- repo/.git/HEAD --
ref: main
-- repo/.claude-plugin/marketplace.json --
{"name": "m", "owner": {}, "plugins": [{"name": "far", "source": "./linked"}]}
-- repo/p/.claude-plugin/plugin.json --
{"name": "p", "skills": "./more"}
-- repo/p/skills/ok/SKILL.md --
---
name: ok
description: In.
---
`)).Files)
	for link, target := range map[string]string{
		"repo/p/skills/evil": filepath.Join(outside, "evil"),
		"repo/p/more":        outside,
		"repo/linked":        filepath.Join(outside, "plugin"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symlinks here:", err)
		}
	}
	for _, walked := range []bool{false, true} {
		w := NewWorld(Env{Home: filepath.Join(dir, "home")}, nil)
		if walked {
			w.Find(repo) // as check does: the search takes its walk
		}
		w.PackageDirs = []string{repo}
		w.Scan()
		var loaded []string
		for _, ps := range w.PackageSets() {
			for _, p := range ps.Packages {
				for _, s := range p.Skills {
					rel, _ := filepath.Rel(dir, s)
					loaded = append(loaded, p.Target.ID+" "+filepath.ToSlash(rel))
				}
			}
		}
		want := []string{"claude-code repo/p/skills/ok/SKILL.md", "codex repo/p/skills/ok/SKILL.md", "copilot repo/p/skills/ok/SKILL.md"}
		if slices.Sort(loaded); !slices.Equal(loaded, want) {
			t.Errorf("walked %v: loaded %v", walked, loaded)
		}
		m := w.Manifest(filepath.Join(repo, ".claude-plugin/marketplace.json"))
		if !slices.ContainsFunc(m.Problems, func(p loader.Problem) bool { return p.Rule == "manifest-path" }) {
			t.Errorf("walked %v: the linked source is not told: %+v", walked, m.Problems)
		}
	}
}

// TestPackageLinkedSkillInside: a skills folder's entry that is a link to a
// skill folder inside the plugin root loads, by the link's path, whether
// the search takes a check's walk or walks for itself (the walk indexes
// such links by the folder they are in).
func TestPackageLinkedSkillInside(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	writeTree(t, dir, txtar.Parse([]byte(`
-- repo/.git/HEAD --
ref: main
-- repo/p/.claude-plugin/plugin.json --
{"name": "p"}
-- repo/p/skills/ok/SKILL.md --
---
name: ok
description: In.
---
-- repo/p/shared/twin/SKILL.md --
---
name: twin
description: Linked in.
---
`)).Files)
	if err := os.Symlink(filepath.Join(repo, "p/shared/twin"), filepath.Join(repo, "p/skills/twin")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	for _, walked := range []bool{false, true} {
		w := NewWorld(Env{Home: filepath.Join(dir, "home")}, nil)
		if walked {
			w.Find(repo)
		}
		w.PackageDirs = []string{repo}
		w.Scan()
		var loaded []string
		for _, ps := range w.PackageSets() {
			for _, p := range ps.Packages {
				if p.Target.ID != "claude-code" {
					continue
				}
				for _, s := range p.Skills {
					rel, _ := filepath.Rel(repo, s)
					loaded = append(loaded, filepath.ToSlash(rel))
				}
			}
		}
		want := []string{"p/skills/ok/SKILL.md", "p/skills/twin/SKILL.md"}
		if slices.Sort(loaded); !slices.Equal(loaded, want) {
			t.Errorf("walked %v: loaded %v, want %v", walked, loaded, want)
		}
	}
}
