package analysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOneFindingPerPlace: findings of one rule at one place fold into one,
// at the strictest severity, naming who refuses and who loads; other
// rules and places are left as they are.
func TestOneFindingPerPlace(t *testing.T) {
	at := Range{Start: 40, End: 41}
	yaml := "YAML does not parse"
	got := oneFindingPerPlace([]Finding{
		{Rule: "yaml-syntax", Severity: Warning, Message: yaml, Range: at, Targets: []string{"codex", "gemini"}},
		{Rule: "yaml-syntax", Severity: Error, Message: yaml, Range: at, Targets: []string{"agentskills", "copilot"}},
		{Rule: "link-broken", Severity: Warning, Message: "a.md", Range: at, Targets: []string{"agentskills"}},
		{Rule: "yaml-syntax", Severity: Warning, Message: yaml, Range: Range{Start: 50, End: 51}, Targets: []string{"codex"}},
	})
	if len(got) != 3 {
		t.Fatalf("%d findings: %+v", len(got), got)
	}
	f := got[0]
	if f.Severity != Error || !slices.Equal(f.Targets, []string{"agentskills", "copilot", "codex", "gemini"}) ||
		f.Message != yaml+"; agentskills, copilot refuse the file; codex, gemini load it anyway" {
		t.Errorf("folded: %+v", f)
	}
	// Each agent's own words, headed by who says them.
	got = oneFindingPerPlace([]Finding{
		{Rule: "catalog-budget", Severity: Info, Message: "Codex cuts it", Range: at, Targets: []string{"codex"}},
		{Rule: "catalog-budget", Severity: Warning, Message: "Copilot's catalog is over", Range: at, Targets: []string{"copilot"}},
	})
	if len(got) != 1 || got[0].Severity != Warning || got[0].Message != "copilot: Copilot's catalog is over; codex: Codex cuts it" {
		t.Errorf("two messages: %+v", got)
	}
	// Hundreds of collisions at one name: every place related, a few said.
	var many []Finding
	for i := range 300 {
		many = append(many, Finding{Rule: "name-duplicate", Severity: Warning, Message: fmt.Sprintf("another skill %d", i), Range: at,
			Targets: []string{"zed"}, Related: []Related{{Path: fmt.Sprintf("/s%d/SKILL.md", i)}}})
	}
	got = oneFindingPerPlace(many)
	if len(got) != 1 || len(got[0].Related) != 300 || !strings.HasSuffix(got[0].Message, "and 295 more, at the related places") {
		t.Errorf("many: %d related, %q", len(got[0].Related), got[0].Message)
	}
}
