package codex_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/agents/codex"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// codexEntries makes n project skills under root, named and described by
// the functions.
func codexEntries(n int, root string, desc func(i int) string) []loader.CatalogEntry {
	out := make([]loader.CatalogEntry, n)
	for i := range out {
		name := fmt.Sprintf("s%03d", i)
		src := "---\nname: " + name + "\ndescription: " + desc(i) + "\n---\nbody\n"
		out[i] = loader.CatalogEntry{Skill: loader.Parse(root+"/"+name+"/SKILL.md", []byte(src)), Scope: loader.ScopeProject, Root: root, RootRank: 1}
	}
	return out
}

// TestCodexCatalog: Codex 0.169's catalog, byte for byte, in the cases of
// the probes it was observed on (notes/codex.md §7).
func TestCodexCatalog(t *testing.T) {
	cx := loader.TargetByID("codex")
	const root = "/tmp/p/proj/.agents/skills"
	one := codexEntries(1, root, func(int) string { return "Alpha desc" })
	want := "<skills_instructions>\n## Skills\n" + codex.CodexAliasIntro + "\n### Skill roots\n- `r0` = `" + root + "`\n### Available skills\n" +
		"- s000: Alpha desc (file: r0/s000/SKILL.md)\n</skills_instructions>"
	if got := skillcore.RenderCatalog(cx, one); got != want {
		t.Errorf("one skill:\n%s\nwant:\n%s", got, want)
	}
	if got := skillcore.RenderCatalog(cx, nil); got != "" {
		t.Errorf("no skill: %q, want none", got)
	}

	tests := []struct {
		name   string
		n      int
		desc   func(i int) string
		check  func(t *testing.T, fits []loader.Fitted, text string)
		limitT int
	}{
		{"700 bare skills: descriptions removed, the first 604 kept", 700, func(i int) string { return fmt.Sprintf("d%d", i) },
			func(t *testing.T, fits []loader.Fitted, text string) {
				for i, f := range fits {
					if want := map[bool]loader.FitState{true: loader.FitNameOnly, false: loader.FitDropped}[i < 604]; f.State != want {
						t.Fatalf("s%03d: state %d, want %d", i, f.State, want)
					}
				}
				if !strings.Contains(text, "- s603: (file: r0/s603/SKILL.md)\n</skills") {
					t.Errorf("the list does not end at s603:\n%s", text[len(text)-200:])
				}
			}, 0},
		{"200 long descriptions: cut round-robin to exactly the budget", 200, func(i int) string { return strings.TrimSpace(strings.Repeat(fmt.Sprintf("word%03d ", i), 30)) },
			func(t *testing.T, fits []loader.Fitted, text string) {
				tokens := 0
				for _, line := range strings.Split(text, "\n") {
					if strings.HasPrefix(line, "- s") {
						tokens += codex.CodexTokens(len(line) + 1)
					}
				}
				if tokens != 5440 {
					t.Errorf("lines take %d tokens, want 5440", tokens)
				}
				for i, f := range fits {
					if f.State != loader.FitCut || f.Kept < 74 || f.Kept > 78 || f.Had != 239 {
						t.Fatalf("s%03d: %+v, want cut to 74-78 of 239 chars", i, f)
					}
				}
				if strings.Contains(text, "...") {
					t.Errorf("a budget cut has no ellipsis")
				}
			}, 0},
		{"a 7-token budget: an empty list, absolute form", 3, func(i int) string { return "x" },
			func(t *testing.T, fits []loader.Fitted, text string) {
				want := "<skills_instructions>\n## Skills\n" + codex.CodexAbsIntro + "\n### Available skills\n</skills_instructions>"
				if text != want {
					t.Errorf("got %q", text)
				}
			}, 7},
		{"1030 é: cut to 1021 and ...", 1, func(i int) string { return strings.Repeat("é", 1030) },
			func(t *testing.T, fits []loader.Fitted, text string) {
				if !strings.Contains(text, "- s000: "+strings.Repeat("é", 1021)+"... (file:") {
					t.Errorf("no 1021×é+... line")
				}
			}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := *cx
			if tc.limitT > 0 {
				tg.Fit.Limit = tc.limitT
			}
			entries := codexEntries(tc.n, root, tc.desc)
			tc.check(t, tg.Lister.Fit(&tg, entries, nil), skillcore.RenderCatalog(&tg, entries))
		})
	}
}

// TestCodexCatalogOrder: repo skills before user skills, then by name in
// byte order; the roots table in the loader's order of roots.
func TestCodexCatalogOrder(t *testing.T) {
	cx := loader.TargetByID("codex")
	mk := func(path, name string, scope loader.Scope, root string) loader.CatalogEntry {
		return loader.CatalogEntry{Skill: loader.Parse(path, []byte("---\nname: "+name+"\ndescription: d\n---\n")), Scope: scope, Root: root}
	}
	entries := []loader.CatalogEntry{
		mk("/h/.agents/skills/a/SKILL.md", "a-user", loader.ScopeGlobal, "/h/.agents/skills"),
		mk("/p/.agents/skills/c/SKILL.md", "c-case", loader.ScopeProject, "/p/.agents/skills"),
		mk("/p/.codex/skills/b/SKILL.md", "C-Case", loader.ScopeProject, "/p/.codex/skills"),
	}
	got := skillcore.RenderCatalog(cx, entries)
	want := "- `r0` = `/p/.codex/skills`\n- `r1` = `/h/.agents/skills`\n- `r2` = `/p/.agents/skills`\n### Available skills\n" +
		"- C-Case: d (file: r0/b/SKILL.md)\n- c-case: d (file: r2/c/SKILL.md)\n- a-user: d (file: r1/a/SKILL.md)\n</skills_instructions>"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got:\n%s\nwant the end:\n%s", got, want)
	}
}

// TestCodexAliasRoots: the roots table Codex 0.169 builds from the roots in
// the loader's order, where an installed plugin version that lists one
// skill shares its marketplace's folder in the plugin cache (as observed
// with the trailofbits and cursor marketplaces installed).
func TestCodexAliasRoots(t *testing.T) {
	const cache = "/h/.codex/plugins/cache"
	// skill is a skill named name in the plugin version's skills folder, or
	// in root when plugin is "".
	type skill struct{ root, plugin, name string }
	plugin := func(market, name string, skills ...string) []skill {
		out := make([]skill, len(skills))
		for i, s := range skills {
			out[i] = skill{cache + "/" + market + "/" + name + "/1.0.0/skills", name, s}
		}
		return out
	}
	project := skill{"/p/.agents/skills", "", "local"}
	tests := []struct {
		name  string
		roots [][]skill // in the loader's order of roots
		want  string    // the table and the lines, in catalog order
	}{
		{"a marketplace of one-skill plugins and two larger ones: one alias for the small ones",
			[][]skill{plugin("tob", "auditor", "auditor"), plugin("tob", "contracts", "algorand", "cairo"), plugin("tob", "dwarf", "dwarf"), plugin("tob", "static", "codeql", "semgrep")},
			"- `r0` = `" + cache + "/tob`\n- `r1` = `" + cache + "/tob/contracts/1.0.0/skills`\n- `r2` = `" + cache + "/tob/static/1.0.0/skills`\n### Available skills\n" +
				"- algorand: d (file: r1/algorand/SKILL.md)\n- auditor: d (file: r0/auditor/1.0.0/skills/auditor/SKILL.md)\n- cairo: d (file: r1/cairo/SKILL.md)\n" +
				"- codeql: d (file: r2/codeql/SKILL.md)\n- dwarf: d (file: r0/dwarf/1.0.0/skills/dwarf/SKILL.md)\n- semgrep: d (file: r2/semgrep/SKILL.md)\n"},
		{"one plugin of two skills and a project skill: the plugin's own folder",
			[][]skill{plugin("kit-market", "kit", "one", "two"), {project}},
			"- `r0` = `" + cache + "/kit-market/kit/1.0.0/skills`\n- `r1` = `/p/.agents/skills`\n### Available skills\n" +
				"- local: d (file: r1/local/SKILL.md)\n- one: d (file: r0/one/SKILL.md)\n- two: d (file: r0/two/SKILL.md)\n"},
		{"two plugins of two skills: a folder each",
			[][]skill{plugin("m", "alpha", "a1", "a2"), plugin("m", "beta", "b1", "b2")},
			"- `r0` = `" + cache + "/m/alpha/1.0.0/skills`\n- `r1` = `" + cache + "/m/beta/1.0.0/skills`\n### Available skills\n" +
				"- a1: d (file: r0/a1/SKILL.md)\n- a2: d (file: r0/a2/SKILL.md)\n- b1: d (file: r1/b1/SKILL.md)\n- b2: d (file: r1/b2/SKILL.md)\n"},
		{"a lone one-skill plugin: its marketplace's folder",
			[][]skill{plugin("m", "solo", "solo")},
			"- `r0` = `" + cache + "/m`\n### Available skills\n- solo: d (file: r0/solo/1.0.0/skills/solo/SKILL.md)\n"},
		{"marketplaces interleaved: the shared folder stands where its first plugin does",
			[][]skill{plugin("m1", "a", "a"), plugin("m2", "b", "b1", "b2"), plugin("m1", "c", "c"), plugin("m2", "d", "d")},
			"- `r0` = `" + cache + "/m1`\n- `r1` = `" + cache + "/m2/b/1.0.0/skills`\n- `r2` = `" + cache + "/m2`\n### Available skills\n" +
				"- a: d (file: r0/a/1.0.0/skills/a/SKILL.md)\n- b1: d (file: r1/b1/SKILL.md)\n- b2: d (file: r1/b2/SKILL.md)\n" +
				"- c: d (file: r0/c/1.0.0/skills/c/SKILL.md)\n- d: d (file: r2/d/1.0.0/skills/d/SKILL.md)\n"},
		{"a one-skill root outside a plugin cache keeps its own folder",
			[][]skill{{{"/h/plugins/m/solo/1.0.0/skills", "solo", "solo"}}, {project}},
			"- `r0` = `/h/plugins/m/solo/1.0.0/skills`\n- `r1` = `/p/.agents/skills`\n### Available skills\n" +
				"- local: d (file: r1/local/SKILL.md)\n- solo: d (file: r0/solo/SKILL.md)\n"},
	}
	cx := loader.TargetByID("codex")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var entries []loader.CatalogEntry
			for rank, root := range tc.roots {
				for _, s := range root {
					scope := loader.ScopeGlobal
					if s.plugin == "" {
						scope = loader.ScopeProject
					}
					src := "---\nname: " + s.name + "\ndescription: d\n---\n"
					entries = append(entries, loader.CatalogEntry{Skill: loader.Parse(s.root+"/"+s.name+"/SKILL.md", []byte(src)), Scope: scope, Root: s.root, RootRank: rank})
				}
			}
			got := skillcore.RenderCatalog(cx, entries)
			_, table, _ := strings.Cut(got, "### Skill roots\n")
			if want := tc.want + "</skills_instructions>"; table != want {
				t.Errorf("got:\n%s\nwant:\n%s", table, want)
			}
		})
	}
}

// TestCodexPluginFolders: where a path's marketplace and plugin version
// folders in a plugin cache are.
func TestCodexPluginFolders(t *testing.T) {
	tests := []struct {
		path, market, version string // "": none
	}{
		{"/h/.codex/plugins/cache/m/p/1.0/skills", "/h/.codex/plugins/cache/m", "/h/.codex/plugins/cache/m/p/1.0"},
		{"/h/.codex/plugins/cache/m/p/1.0", "/h/.codex/plugins/cache/m", "/h/.codex/plugins/cache/m/p/1.0"},
		{"/h/.codex/plugins/cache/m/p", "/h/.codex/plugins/cache/m", ""},
		{"/h/.codex/plugins/cache/m", "/h/.codex/plugins/cache/m", ""},
		{"/h/.codex/plugins/cache", "", ""},
		{"/plugins/cache/m/p/v/skills", "/plugins/cache/m", "/plugins/cache/m/p/v"},
		{"C:/Users/u/.codex/plugins/cache/m/p/v/skills", "C:/Users/u/.codex/plugins/cache/m", "C:/Users/u/.codex/plugins/cache/m/p/v"},
		{"/h/cache/m/p/v/skills", "", ""},
		{"/h/plugins/x/cache/m/p/v", "", ""},
		// The deepest cache wins.
		{"/plugins/cache/m/p/v/plugins/cache/n/q/w/skills", "/plugins/cache/m/p/v/plugins/cache/n", "/plugins/cache/m/p/v/plugins/cache/n/q/w"},
		// Codex gives up at a "..".
		{"/h/.codex/plugins/cache/m/../p/v", "", ""},
		{"/h/.codex/plugins/cache/m/p/../v", "", ""},
		{"", "", ""},
		{"/", "", ""},
	}
	for _, tc := range tests {
		market, _ := codex.CodexMarketplace(tc.path)
		version, _ := codex.CodexPluginVersion(tc.path)
		if market != tc.market || version != tc.version {
			t.Errorf("%q: marketplace %q, version %q; want %q, %q", tc.path, market, version, tc.market, tc.version)
		}
	}
}

// TestCodexAliasFormChoice: the widened root still goes through the choice
// of form by cost. Many one-skill plugins of a marketplace share one root,
// so the aliased form is shorter; the same skills under as many roots outside
// a plugin cache make a table dearer than it saves, so paths stay absolute.
func TestCodexAliasFormChoice(t *testing.T) {
	cx := loader.TargetByID("codex")
	entries := func(rootOf func(i int) string) []loader.CatalogEntry {
		out := make([]loader.CatalogEntry, 28)
		for i := range out {
			name, root := fmt.Sprintf("s%02d", i), rootOf(i)
			src := "---\nname: " + name + "\ndescription: d\n---\n"
			out[i] = loader.CatalogEntry{Skill: loader.Parse(root+"/"+name+"/SKILL.md", []byte(src)), Scope: loader.ScopeGlobal, Root: root, RootRank: i}
		}
		return out
	}
	tests := []struct {
		name    string
		rootOf  func(i int) string
		aliased bool
		roots   int
	}{
		{"28 one-skill plugins of a marketplace: one alias", func(i int) string { return fmt.Sprintf("/h/.codex/plugins/cache/m/p%02d/1.0.0/skills", i) }, true, 1},
		{"28 one-skill roots outside a plugin cache: absolute paths", func(i int) string { return fmt.Sprintf("/h/plugins/m/p%02d/1.0.0/skills", i) }, false, 28},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := codex.FitCodex(cx, entries(tc.rootOf), nil)
			if f.Aliased != tc.aliased {
				t.Errorf("aliased %t, want %t", f.Aliased, tc.aliased)
			}
			if tc.aliased && len(f.Roots) != tc.roots {
				t.Errorf("roots %q, want %d", f.Roots, tc.roots)
			}
			if intro := map[bool]string{true: codex.CodexAliasIntro, false: codex.CodexAbsIntro}[tc.aliased]; !strings.Contains(f.Text(), "\n"+intro+"\n") {
				t.Errorf("the catalog does not have the %s intro", map[bool]string{true: "aliased", false: "absolute"}[tc.aliased])
			}
		})
	}
}
