package copilot_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/agents/copilot"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/worldtest"

	"golang.org/x/tools/txtar"
)

// copilotWorld lays out skills ("root/folder" → description; the name is
// the folder) under dir's proj and home, and returns the world.
func copilotWorld(t *testing.T, skills [][2]string) *skillcore.World {
	t.Helper()
	dir := t.TempDir()
	var files []txtar.File
	for _, s := range skills {
		name := filepath.Base(s[0])
		files = append(files, txtar.File{Name: s[0] + "/SKILL.md",
			Data: fmt.Appendf(nil, "---\nname: %s\ndescription: %s\n---\nBody.\n", name, s[1])})
	}
	return worldtest.Scan(t, dir, files)
}

// copilotFill is n project skills s000… whose entries take 197 chars each,
// the last sized so that the entries take total chars.
func copilotFill(n, total int) [][2]string {
	var out [][2]string
	used := 0
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		size := 197
		if i == n-1 {
			size = total - used
		}
		out = append(out, [2]string{"proj/.github/skills/" + name, strings.Repeat("d", size-94-len(name))})
		used += size
	}
	return out
}

func copilotNames(w *skillcore.World, dropped bool) []string {
	t := loader.TargetByID("copilot")
	var out []string
	for _, e := range w.Catalog(t, w.Projects[0]) {
		if e.Dropped == dropped {
			out = append(out, e.DisplayName(t))
		}
	}
	return out
}

// TestCopilotCatalogBudget: copilot counts rendered entries, escaped, in
// UTF-16 units, in catalog order, and stops at the first that does not fit
// (observed with `copilot -p`: 75×197+225 = 15000 fits exactly).
func TestCopilotCatalogBudget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		skills  [][2]string
		dropped []string
	}{
		{"exactly 15000", copilotFill(75, 15000), nil},
		{"one char over", copilotFill(75, 15001), []string{"s074"}},
		{"escaping counts", append(copilotFill(75, 15000)[:74], [2]string{"proj/.github/skills/s074", `"` + strings.Repeat("d", 15000-74*197-94-4-4) + ` & "`}), []string{"s074"}},
		{"escaped, fits", append(copilotFill(75, 15000)[:74], [2]string{"proj/.github/skills/s074", `"` + strings.Repeat("d", 15000-74*197-94-4-7) + ` & "`}), nil},
		{"UTF-16 units", append(copilotFill(75, 15000)[:74], [2]string{"proj/.github/skills/s074", strings.Repeat("é", 100) + strings.Repeat("😀", (15000-74*197-94-4-100)/2)}), nil},
		{"an emoji counts 2", append(copilotFill(75, 15000)[:74], [2]string{"proj/.github/skills/s074", strings.Repeat("é", 100) + strings.Repeat("😀", (15000-74*197-94-4-100)/2+1)}), []string{"s074"}},
		{"stops at the first over", append(copilotFill(74, 74*197),
			[2]string{"proj/.github/skills/t-big", strings.Repeat("d", 600)},
			[2]string{"proj/.github/skills/u-small", "d"}), []string{"t-big", "u-small"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := copilotWorld(t, tc.skills)
			if got := copilotNames(w, true); !slices.Equal(got, tc.dropped) {
				t.Errorf("dropped %v, want %v", got, tc.dropped)
			}
		})
	}
}

// TestCopilotCatalogOrder: grouped by source (the project's roots
// together, then ~/.copilot/skills, then ~/.agents/skills), by name in byte
// order within a group.
func TestCopilotCatalogOrder(t *testing.T) {
	w := copilotWorld(t, [][2]string{
		{"home/.agents/skills/aaa-agents", "d"},
		{"home/.copilot/skills/zzz-copilot", "d"},
		{"home/.copilot/skills/aaa-copilot", "d"},
		{"proj/.claude/skills/mid", "d"},
		{"proj/.github/skills/zeta", "d"},
		{"proj/.agents/skills/alpha", "d"},
		{"proj/.github/skills/Beta", "d"},
	})
	want := []string{"Beta", "alpha", "mid", "zeta", "aaa-copilot", "zzz-copilot", "aaa-agents"}
	if got := copilotNames(w, false); !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestCopilotCatalogText: the whole text, the dropped skills named on the
// "Additional skills available" line, and the finding on a dropped skill.
func TestCopilotCatalogText(t *testing.T) {
	skills := append(copilotFill(74, 74*197),
		[2]string{"proj/.github/skills/t-big", "Big & <long> " + strings.Repeat("d", 600)},
		[2]string{"home/.copilot/skills/u-small", "it's small"})
	w := copilotWorld(t, skills)
	tg := loader.TargetByID("copilot")
	text := skillcore.RenderCatalog(tg, w.Catalog(tg, w.Projects[0]))
	if !strings.HasPrefix(text, "<skill>\n<available_skills>\n<skill>\n  <name>s000</name>\n  <description>ddd") {
		t.Errorf("head: %q", text[:80])
	}
	if want := "  <location>project</location>\n</skill>\nAdditional skills available (invoke by name): t-big, u-small\n</available_skills>\n</skill>\n"; !strings.HasSuffix(text, want) {
		t.Errorf("tail: %q", text[len(text)-200:])
	}
	// The skill past the budget is told so (information); the catalog's
	// one warning is on the project's longest entry, the first to shorten.
	var big, over loader.Problem
	for _, p := range w.Problems(filepath.Join(filepath.Dir(w.Projects[0]), "proj/.github/skills/t-big/SKILL.md")) {
		if p.Rule == "catalog-budget" && slices.Contains(p.Targets, "copilot") && p.Severity == loader.Info {
			big = p
		}
		if p.Rule == "catalog-budget" && slices.Contains(p.Targets, "copilot") && p.Severity == loader.Warning {
			over = p
		}
	}
	if !strings.Contains(big.Message, "Additional skills available") {
		t.Errorf("finding on the skill past the budget: %+v", big)
	}
	if !strings.Contains(over.Message, "lists 2 skills by name only") {
		t.Errorf("the catalog's warning: %+v", over)
	}
	// Within the budget, the user's skill is listed as "user".
	w2 := copilotWorld(t, [][2]string{{"home/.copilot/skills/u-small", "it's small"}})
	want := "<skill>\n<available_skills>\n<skill>\n  <name>u-small</name>\n  <description>it&apos;s small</description>\n  <location>user</location>\n</skill>\n</available_skills>\n</skill>\n"
	if got := skillcore.RenderCatalog(tg, w2.Catalog(tg, w2.Projects[0])); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestCopilotBudgetEdit: an edit that keeps the description's bytes but
// not its escaped length is counted again.
func TestCopilotBudgetEdit(t *testing.T) {
	skills := copilotFill(75, 15000)
	w := copilotWorld(t, skills)
	first := filepath.Join(filepath.Dir(w.Projects[0]), "proj/.github/skills/s000/SKILL.md")
	src := string(w.Entry(first).Skill.Src)
	w.Set(first, []byte(strings.Replace(src, "description: d", "description: <", 1)))
	if got := copilotNames(w, true); !slices.Equal(got, []string{"s074"}) {
		t.Errorf("after the edit dropped %v, want [s074]", got)
	}
	w.Set(first, []byte(src))
	if got := copilotNames(w, true); len(got) != 0 {
		t.Errorf("after the edit is undone dropped %v", got)
	}
}

// TestCopilotMoreLine: the "Additional skills available" line stops adding
// names past 5,000 chars and counts the rest.
func TestCopilotMoreLine(t *testing.T) {
	var names []string
	for i := range 500 {
		names = append(names, fmt.Sprintf("k%03d", i))
	}
	got := copilot.CopilotMoreLine(names)
	// 47 chars of lead-in, then 4 + 6 per further name: 825 names would fit.
	kept := (copilot.CopilotMoreMax-len(copilot.CopilotOverflow)-4)/6 + 1
	if kept < len(names) || !strings.HasSuffix(got, "k499\n") {
		if !strings.HasSuffix(got, fmt.Sprintf("... and %d more\n", len(names)-kept)) {
			t.Errorf("tail %q", got[len(got)-40:])
		}
	}
	long := append(slices.Clone(names), names...)
	got = copilot.CopilotMoreLine(append(long, long...))
	if n := loader.UTF16Len(strings.TrimSuffix(got, "\n")); n > copilot.CopilotMoreMax+len("... and 9999 more") || !strings.Contains(got, "... and ") {
		t.Errorf("line of %d chars: %q", n, got[len(got)-40:])
	}
}
