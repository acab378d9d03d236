package copilot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// GitHub Copilot CLI 1.0.102 (@github/copilot): the catalog the model sees,
// byte for byte, and the budget it is fitted into. The loader is native
// code (runtime.node), so every fact here was observed: the section of the
// system prompt for the `skill` tool, captured from `copilot -p` against a
// stand-in Messages API (COPILOT_PROVIDER_* settings), as the conformance
// suite's catalog comparison does. testdata/conformance/notes/copilot.md §7.
//
//	<skill>
//	<available_skills>
//	<skill>
//	  <name>NAME</name>
//	  <description>DESCRIPTION</description>
//	  <location>project</location>
//	</skill>
//	...
//	Additional skills available (invoke by name): a, b
//	</available_skills>
//	</skill>
//
// Name and description are XML-escaped (& < > " '), the description's line
// breaks and spaces kept; the location is a label for the skill's source,
// not a path. Entries are grouped by source (the project's folders, then
// ~/.copilot/skills, then ~/.agents/skills; its own skills last) and sorted
// by name in byte order within a group. The budget (CatalogBudget, 15,000;
// SKILL_CHAR_BUDGET overrides it) counts each rendered entry, its line
// break included, in UTF-16 units (an emoji counts 2; probe
// copilot/catalog-budget-utf16): entries are taken in catalog order while
// the total stays within it, and from the first that does not fit on every
// skill is named on the one "Additional skills available" line.

const (
	copilotHead     = "<skill>\n<available_skills>\n"
	copilotTail     = "</available_skills>\n</skill>\n"
	CopilotOverflow = "Additional skills available (invoke by name): "
)

// copilotStyle frames the catalog for BudgetReport and styleOf; the text
// itself is made by renderCopilot, as an entry's location depends on its
// scope.
var copilotStyle = loader.CatalogStyle{
	Head: copilotHead, Tail: copilotTail,
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return copilotEntry(t, s, name, loader.ScopeProject)
	},
}

// copilotLocation is the label <location> gives a skill's source: project
// (the project's folders and its parents'), user (~/.copilot/skills and
// ~/.agents/skills), plugin (an installed plugin's; probe installed-kit).
func copilotLocation(scope loader.Scope) string {
	switch scope {
	case loader.ScopeGlobal:
		return "user"
	case loader.ScopePackage, loader.ScopeInstalled:
		return "plugin"
	}
	return "project"
}

// copilotEntry is one skill of the catalog, with its line break.
func copilotEntry(t *loader.Target, s *loader.Skill, name string, scope loader.Scope) string {
	return "<skill>\n" +
		"  <name>" + loader.XMLEscaper.Replace(name) + "</name>\n" +
		"  <description>" + loader.XMLEscaper.Replace(loader.CatalogDescription(t, s)) + "</description>\n" +
		"  <location>" + copilotLocation(scope) + "</location>\n" +
		"</skill>\n"
}

// renderCopilot is the whole catalog: the entries that fit, in the order
// given (World.Catalog's: copilot's), then the dropped ones by name.
func renderCopilot(t *loader.Target, entries []loader.CatalogEntry) string {
	var b strings.Builder
	var more []string
	for _, e := range entries {
		if e.Skill == nil {
			continue
		}
		name := e.DisplayName(t)
		if e.Dropped {
			more = append(more, name)
			continue
		}
		if b.Len() == 0 {
			b.WriteString(copilotHead)
		}
		b.WriteString(copilotEntry(t, e.Skill, name, e.Scope))
	}
	if b.Len() == 0 && len(more) == 0 {
		return ""
	}
	if b.Len() == 0 {
		b.WriteString(copilotHead)
	}
	if len(more) > 0 {
		b.WriteString(CopilotMoreLine(more))
	}
	b.WriteString(copilotTail)
	return b.String()
}

// copilotMoreMax caps the "Additional skills available" line: names are
// added while the line stays within it, and the rest are counted in
// "... and N more". Inferred from one observation (probe
// codex/catalog-budget-firstfit: 383 names kept in a line of 4,989 chars,
// the next would have made it 5,044), so the exact cap may lie up to 55
// chars higher.
const CopilotMoreMax = 5000

// copilotMoreLine is the line naming the skills past the budget.
func CopilotMoreLine(names []string) string {
	var b strings.Builder
	b.WriteString(CopilotOverflow)
	size := loader.UTF16Len(CopilotOverflow)
	for i, n := range names {
		add := n
		if i > 0 {
			add = ", " + n
		}
		if i > 0 && size+loader.UTF16Len(add) > CopilotMoreMax {
			b.WriteString("... and " + strconv.Itoa(len(names)-i) + " more")
			break
		}
		b.WriteString(add)
		size += loader.UTF16Len(add)
	}
	b.WriteString("\n")
	return b.String()
}

// copilotGroup is the source group a member is listed in: the project
// roots of the folders above the one copilot runs in ("inherited"), then
// those of that folder, then each home root by its rank; the installed
// plugins' skills are one group, sorted by name across plugins.
func copilotGroup(at loader.Place) int {
	switch {
	case at.Scope == loader.ScopeProject && at.Rank%loader.RankStride > 0:
		return -2
	case at.Scope == loader.ScopeProject:
		return -1
	case at.Scope == loader.ScopeInstalled:
		return loader.InstalledRank
	}
	return at.Rank
}

// copilotCompare is copilot's catalog order: by source group, then the
// name listed, in byte order, then path.
func copilotCompare(a, b loader.Place) int {
	if d := copilotGroup(a) - copilotGroup(b); d != 0 {
		return d
	}
	if c := strings.Compare(a.Listed, b.Listed); c != 0 {
		return c
	}
	return strings.Compare(a.Path, b.Path)
}

// copilotCost is what a member takes of copilot's budget: its rendered
// entry in UTF-16 units.
func copilotCost(t *loader.Target, s *loader.Skill, listed string, scope loader.Scope) int {
	return loader.UTF16Len(copilotEntry(t, s, listed, scope))
}

// copilotBudgetProblem is what a finding says of a skill's place in
// copilot's budget.
func copilotBudgetProblem(t *loader.Target, s *loader.Skill, size, usedAfter int, dropped bool) loader.Problem {
	p := loader.Problem{Rule: "catalog-budget", Range: loader.NameRange(s), Targets: []string{t.ID}}
	switch {
	case dropped:
		p.Severity = loader.Info // the catalog's one warning is the world's (alone.go)
		p.Message = fmt.Sprintf("past %s's catalog budget: its %d chars of entries are used up before this skill's %d-char entry, so the model sees only its name, on the \"Additional skills available (invoke by name)\" line, without its description", t.Title, t.CatalogBudget, size)
	case float64(usedAfter) > loader.NearBudget*float64(t.CatalogBudget):
		p.Severity = loader.Info
		p.Message = fmt.Sprintf("this skill's %d-char entry falls in the last %d%% of %s's %d-char catalog budget; skills listed after it may lose their descriptions", size, int(100-100*loader.NearBudget), t.Title, t.CatalogBudget)
	default:
		p.Rule = ""
	}
	return p
}

// copilotBudgetLine is BudgetReport's line on copilot's budget: the chars
// of the entries that fit.
func copilotBudgetLine(t *loader.Target, entries []loader.CatalogEntry) string {
	used := 0
	for _, e := range entries {
		if e.Skill != nil && !e.Dropped {
			used += loader.UTF16Len(copilotEntry(t, e.Skill, e.DisplayName(t), e.Scope))
		}
	}
	return fmt.Sprintf("; budget %d of %d chars used (rendered entries, %.1f%%)", used, t.CatalogBudget, 100*float64(used)/float64(t.CatalogBudget))
}

// copilotLister is copilot's own catalog code.
var copilotLister = &loader.Lister{
	Style: &copilotStyle, Render: renderCopilot, Entry: copilotEntry,
	Compare: copilotCompare,
	Cost:    copilotCost, BudgetProblem: copilotBudgetProblem, BudgetLine: copilotBudgetLine,
	NameOnlyPastBudget: true, // the "Additional skills available" line
}

func init() { Target.Lister = copilotLister }
