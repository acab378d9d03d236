package skillcore

import (
	"fmt"
	"strings"
	"testing"
)

// codexEntries makes n project skills under root, named and described by
// the functions.
func codexEntries(n int, root string, desc func(i int) string) []CatalogEntry {
	out := make([]CatalogEntry, n)
	for i := range out {
		name := fmt.Sprintf("s%03d", i)
		src := "---\nname: " + name + "\ndescription: " + desc(i) + "\n---\nbody\n"
		out[i] = CatalogEntry{Skill: Parse(root+"/"+name+"/SKILL.md", []byte(src)), Scope: ScopeProject, Root: root, RootRank: 1}
	}
	return out
}

// TestCodexCatalog: Codex 0.169's catalog, byte for byte, in the cases of
// the probes it was observed on (notes/codex.md §7).
func TestCodexCatalog(t *testing.T) {
	codex := TargetByID("codex")
	const root = "/tmp/p/proj/.agents/skills"
	one := codexEntries(1, root, func(int) string { return "Alpha desc" })
	want := "<skills_instructions>\n## Skills\n" + codexAliasIntro + "\n### Skill roots\n- `r0` = `" + root + "`\n### Available skills\n" +
		"- s000: Alpha desc (file: r0/s000/SKILL.md)\n</skills_instructions>"
	if got := RenderCatalog(codex, one); got != want {
		t.Errorf("one skill:\n%s\nwant:\n%s", got, want)
	}
	if got := RenderCatalog(codex, nil); got != "" {
		t.Errorf("no skill: %q, want none", got)
	}

	tests := []struct {
		name   string
		n      int
		desc   func(i int) string
		check  func(t *testing.T, fits []fitted, text string)
		limitT int
	}{
		{"700 bare skills: descriptions removed, the first 604 kept", 700, func(i int) string { return fmt.Sprintf("d%d", i) },
			func(t *testing.T, fits []fitted, text string) {
				for i, f := range fits {
					if want := map[bool]fitState{true: fitNameOnly, false: fitDropped}[i < 604]; f.state != want {
						t.Fatalf("s%03d: state %d, want %d", i, f.state, want)
					}
				}
				if !strings.Contains(text, "- s603: (file: r0/s603/SKILL.md)\n</skills") {
					t.Errorf("the list does not end at s603:\n%s", text[len(text)-200:])
				}
			}, 0},
		{"200 long descriptions: cut round-robin to exactly the budget", 200, func(i int) string { return strings.TrimSpace(strings.Repeat(fmt.Sprintf("word%03d ", i), 30)) },
			func(t *testing.T, fits []fitted, text string) {
				tokens := 0
				for _, line := range strings.Split(text, "\n") {
					if strings.HasPrefix(line, "- s") {
						tokens += codexTokens(len(line) + 1)
					}
				}
				if tokens != 5440 {
					t.Errorf("lines take %d tokens, want 5440", tokens)
				}
				for i, f := range fits {
					if f.state != fitCut || f.kept < 74 || f.kept > 78 || f.had != 239 {
						t.Fatalf("s%03d: %+v, want cut to 74-78 of 239 chars", i, f)
					}
				}
				if strings.Contains(text, "...") {
					t.Errorf("a budget cut has no ellipsis")
				}
			}, 0},
		{"a 7-token budget: an empty list, absolute form", 3, func(i int) string { return "x" },
			func(t *testing.T, fits []fitted, text string) {
				want := "<skills_instructions>\n## Skills\n" + codexAbsIntro + "\n### Available skills\n</skills_instructions>"
				if text != want {
					t.Errorf("got %q", text)
				}
			}, 7},
		{"1030 é: cut to 1021 and ...", 1, func(i int) string { return strings.Repeat("é", 1030) },
			func(t *testing.T, fits []fitted, text string) {
				if !strings.Contains(text, "- s000: "+strings.Repeat("é", 1021)+"... (file:") {
					t.Errorf("no 1021×é+... line")
				}
			}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := *codex
			if tc.limitT > 0 {
				tg.Fit.Limit = tc.limitT
			}
			entries := codexEntries(tc.n, root, tc.desc)
			tc.check(t, fitEntries(&tg, entries), RenderCatalog(&tg, entries))
		})
	}
}

// TestCodexCatalogOrder: repo skills before user skills, then by name in
// byte order; the roots table in the loader's order of roots.
func TestCodexCatalogOrder(t *testing.T) {
	codex := TargetByID("codex")
	mk := func(path, name string, scope Scope, root string) CatalogEntry {
		return CatalogEntry{Skill: Parse(path, []byte("---\nname: "+name+"\ndescription: d\n---\n")), Scope: scope, Root: root}
	}
	entries := []CatalogEntry{
		mk("/h/.agents/skills/a/SKILL.md", "a-user", ScopeGlobal, "/h/.agents/skills"),
		mk("/p/.agents/skills/c/SKILL.md", "c-case", ScopeProject, "/p/.agents/skills"),
		mk("/p/.codex/skills/b/SKILL.md", "C-Case", ScopeProject, "/p/.codex/skills"),
	}
	got := RenderCatalog(codex, entries)
	want := "- `r0` = `/p/.codex/skills`\n- `r1` = `/h/.agents/skills`\n- `r2` = `/p/.agents/skills`\n### Available skills\n" +
		"- C-Case: d (file: r0/b/SKILL.md)\n- c-case: d (file: r2/c/SKILL.md)\n- a-user: d (file: r1/a/SKILL.md)\n</skills_instructions>"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got:\n%s\nwant the end:\n%s", got, want)
	}
}
