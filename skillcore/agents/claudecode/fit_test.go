package claudecode_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestClaudeListingBudget: past its budget Claude Code 2.1.328 lists the
// skills that no longer fit by name only, after counting its own skills'
// lines: 150 skills of 296-column lines at 30,000 keep s000-s076 whole
// (the agent's own take 6,041 columns whole and 23 by name).
func TestClaudeListingBudget(t *testing.T) {
	cc := loader.TargetByID("claude-code")
	entries := make([]loader.CatalogEntry, 150)
	for i := range entries {
		name := fmt.Sprintf("s%03d", i)
		src := "---\ndescription: " + name + " " + strings.Repeat("x", 290) + "\n---\nb\n"
		entries[i] = loader.CatalogEntry{Skill: loader.Parse("/p/.claude/skills/"+name+"/SKILL.md", []byte(src)), Scope: loader.ScopeProject}
	}
	fits := cc.Lister.Fit(cc, entries, nil)
	whole := 0
	for i, f := range fits {
		if f.State == loader.FitWhole {
			whole++
			if i != whole-1 {
				t.Fatalf("s%03d whole after a skill listed by name", i)
			}
		}
	}
	if whole != 77 {
		t.Errorf("%d skills whole, want 77 (s000-s076)", whole)
	}
	text := skillcore.RenderCatalog(cc, entries)
	if !strings.HasSuffix(text, "\n- s148\n- s149") || !strings.HasPrefix(text, claudecode.ClaudeStyle.Head+"- s000: s000 xxx") {
		t.Errorf("listing:\n%s", text)
	}
	// The world tells the last skill it is listed by name only.
	w := skillcore.NewWorld(skillcore.Env{Home: t.TempDir()}, []string{"/p"})
	for _, e := range entries {
		w.Put(e.Skill)
	}
	found := false
	for _, p := range w.Problems(entries[149].Skill.Path) {
		found = found || p.Rule == "catalog-budget" && strings.Contains(p.Message, "by name only") && strings.Contains(p.Message, "over")
	}
	if !found {
		t.Errorf("no catalog-budget finding on s149: %+v", w.Problems(entries[149].Skill.Path))
	}
	// Within the budget every line is whole.
	if fits := cc.Lister.Fit(cc, entries[:10], nil); fits[9].State != loader.FitWhole {
		t.Errorf("10 skills: %+v", fits[9])
	}
}

// TestClaudeOwnSkill: the agent's own entries are told from a user's skill
// of the same name by their width.
func TestClaudeOwnSkill(t *testing.T) {
	for entry, want := range map[string]bool{
		"- init: Initialize a new CLAUDE.md file with codebase documentation": true,
		"- init":                       true,
		"- init: my own init":          false,
		"- dataviz: project override":  false,
		"- s000: Initialize something": false,
	} {
		if got := claudecode.ClaudeOwnSkill(entry); got != want {
			t.Errorf("ClaudeOwnSkill(%q) = %v, want %v", entry, got, want)
		}
	}
}
