package skillcore

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
	"golang.org/x/tools/txtar"
)

// marketWorld is a project that is a Claude Code marketplace of plugins,
// each plugin n skills with descriptions of size chars, and one skill of
// the project's own.
func marketWorld(t *testing.T, plugins map[string]int, size int) (*World, map[string][]string) {
	t.Helper()
	dir := t.TempDir()
	desc := strings.Repeat("word ", size/5)
	var entries []string
	files := []txtar.File{{Name: "proj/.claude/skills/own/SKILL.md", Data: []byte("---\nname: own\ndescription: the project's own\n---\n")}}
	names := slices.Sorted(func(yield func(string) bool) {
		for p := range plugins {
			if !yield(p) {
				return
			}
		}
	})
	for _, p := range names {
		entries = append(entries, fmt.Sprintf(`{"name": %q, "source": "./plugins/%s"}`, p, p))
		files = append(files, txtar.File{Name: "proj/plugins/" + p + "/.claude-plugin/plugin.json", Data: []byte(fmt.Sprintf(`{"name": %q}`, p))})
		for i := range plugins[p] {
			files = append(files, txtar.File{Name: fmt.Sprintf("proj/plugins/%s/skills/%s-%02d/SKILL.md", p, p, i),
				Data: []byte(fmt.Sprintf("---\nname: %s-%02d\ndescription: %s\n---\n", p, i, desc))})
		}
	}
	files = append(files, txtar.File{Name: "proj/.claude-plugin/marketplace.json",
		Data: []byte(`{"name": "market", "owner": {"name": "x"}, "plugins": [` + strings.Join(entries, ", ") + `]}`)})
	skills := writeTree(t, dir, files)
	w := newTestWorld(t, dir, skills)
	bySkill := map[string][]string{}
	for _, s := range skills {
		rel, _ := filepath.Rel(filepath.Join(dir, "proj"), s)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		owner := "own"
		if parts[0] == "plugins" {
			owner = parts[1]
		}
		bySkill[owner] = append(bySkill[owner], s)
	}
	return w, bySkill
}

// budgetFindings are the catalog-budget problems of the files, by severity.
func budgetFindings(w *World, paths []string) (warnings, infos []loader.Problem) {
	for _, p := range paths {
		for _, pr := range w.Problems(p) {
			switch {
			case pr.Rule != "catalog-budget":
			case pr.Severity == loader.Warning:
				warnings = append(warnings, pr)
			default:
				infos = append(infos, pr)
			}
		}
	}
	return warnings, infos
}

// TestMarketplaceNotInstalledWhole: a marketplace's plugins count against
// an agent's budget one at a time, each installed alone beside the
// project's own skills, never all together.
func TestMarketplaceNotInstalledWhole(t *testing.T) {
	// 30 plugins of 3 skills of 500 chars: 45,000 chars together, over
	// every agent's budget; 1,500 a plugin, under all.
	plugins := map[string]int{}
	for i := range 30 {
		plugins[fmt.Sprintf("p%02d", i)] = 3
	}
	w, by := marketWorld(t, plugins, 500)
	var all []string
	for _, paths := range by {
		all = append(all, paths...)
	}
	if warnings, infos := budgetFindings(w, all); len(warnings)+len(infos) != 0 {
		t.Errorf("a marketplace counted whole: %d warnings, %d infos, the first %+v", len(warnings), len(infos), slices.Concat(warnings, infos)[0])
	}
}

// TestPluginOverBudgetAlone: a plugin over an agent's budget on its own is
// one warning per agent, on its longest entry, and information on each
// skill the budget cuts; the project's own skill is not told.
func TestPluginOverBudgetAlone(t *testing.T) {
	w, by := marketWorld(t, map[string]int{"big": 40, "small": 2}, 1000)
	warnings, infos := budgetFindings(w, by["big"])
	var agents []string
	for _, p := range warnings {
		agents = append(agents, p.Targets...)
		if !strings.Contains(p.Message, "with plugin big installed alone") || !strings.Contains(p.Message, "the first to shorten") {
			t.Errorf("warning: %s", p.Message)
		}
	}
	slices.Sort(agents)
	if want := []string{"claude-code", "codex", "copilot"}; !slices.Equal(agents, want) {
		t.Errorf("warned for %v, want one warning for each of %v", agents, want)
	}
	if len(infos) < 40 {
		t.Errorf("%d infos on the skills the budgets cut", len(infos))
	}
	// Each plugin's catalog holds its skills, once each, beside the
	// project's (the agents that read .claude/skills).
	for k, res := range w.cache {
		if !strings.HasSuffix(k.catalog, "\x00big") {
			continue
		}
		plugin := 0
		for _, m := range res.members {
			if res.root[m].Package != nil {
				plugin++
			}
		}
		if plugin != 40 || len(res.members) > 41 {
			t.Errorf("%s's catalog with big installed: %d of the plugin's skills among %d, want 40", k.target.ID, plugin, len(res.members))
		}
	}
	for _, owner := range []string{"small", "own"} {
		if warnings, infos := budgetFindings(w, by[owner]); len(warnings)+len(infos) != 0 {
			t.Errorf("%s: %d warnings, %d infos", owner, len(warnings), len(infos))
		}
	}
}

// TestAloneCatalogsLinear: a marketplace twice as large, with twice the
// plugins, costs at most twice the skills looked at to build its
// catalogs: each plugin's catalog is built from its own skills and the
// project's, not from the whole world.
func TestAloneCatalogsLinear(t *testing.T) {
	looked := func(n int) int64 {
		plugins := map[string]int{}
		for i := range n {
			plugins[fmt.Sprintf("p%03d", i)] = 3
		}
		w, by := marketWorld(t, plugins, 100)
		var all []string
		for _, paths := range by {
			all = append(all, paths...)
		}
		w.ProblemsOf(all)
		return w.looked.Load()
	}
	small, large := looked(40), looked(80)
	if large > 2*small+2*small/10 {
		t.Errorf("40 plugins: %d skills looked at; 80 plugins: %d (more than twice)", small, large)
	}
}
