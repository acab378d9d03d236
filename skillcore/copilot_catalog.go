package skillcore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
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
	copilotOverflow = "Additional skills available (invoke by name): "
)

// copilotStyle frames the catalog for BudgetReport and styleOf; the text
// itself is made by renderCopilot, as an entry's location depends on its
// scope.
var copilotStyle = catalogStyle{
	head: copilotHead, tail: copilotTail,
	entry: func(t *Target, s *Skill, name string) string {
		return copilotEntry(t, s, name, ScopeProject)
	},
}

// copilotLocation is the label <location> gives a skill's source: project
// (the project's folders and its parents'), user (~/.copilot/skills and
// ~/.agents/skills), plugin (an installed plugin's; probe installed-kit).
func copilotLocation(scope Scope) string {
	switch scope {
	case ScopeGlobal:
		return "user"
	case ScopePackage, ScopeInstalled:
		return "plugin"
	}
	return "project"
}

// copilotEntry is one skill of the catalog, with its line break.
func copilotEntry(t *Target, s *Skill, name string, scope Scope) string {
	return "<skill>\n" +
		"  <name>" + xmlEscaper.Replace(name) + "</name>\n" +
		"  <description>" + xmlEscaper.Replace(catalogDescription(t, s)) + "</description>\n" +
		"  <location>" + copilotLocation(scope) + "</location>\n" +
		"</skill>\n"
}

// renderCopilot is the whole catalog: the entries that fit, in the order
// given (World.Catalog's: copilot's), then the dropped ones by name.
func renderCopilot(t *Target, entries []CatalogEntry) string {
	var b strings.Builder
	var more []string
	for _, e := range entries {
		if e.Skill == nil {
			continue
		}
		name := e.displayName(t)
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
		b.WriteString(copilotMoreLine(more))
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
const copilotMoreMax = 5000

// copilotMoreLine is the line naming the skills past the budget.
func copilotMoreLine(names []string) string {
	var b strings.Builder
	b.WriteString(copilotOverflow)
	size := utf16Len(copilotOverflow)
	for i, n := range names {
		add := n
		if i > 0 {
			add = ", " + n
		}
		if i > 0 && size+utf16Len(add) > copilotMoreMax {
			b.WriteString("... and " + strconv.Itoa(len(names)-i) + " more")
			break
		}
		b.WriteString(add)
		size += utf16Len(add)
	}
	b.WriteString("\n")
	return b.String()
}

// copilotGroup is the source group a member is listed in: the project
// roots of the folders above the one copilot runs in ("inherited"), then
// those of that folder, then each home root by its rank; the installed
// plugins' skills are one group, sorted by name across plugins.
func copilotGroup(at *Root) int {
	switch {
	case at.Scope == ScopeProject && at.Rank%rankStride > 0:
		return -2
	case at.Scope == ScopeProject:
		return -1
	case at.Scope == ScopeInstalled:
		return installedRank
	}
	return at.Rank
}

// copilotKey is what copilot's catalog orders a member by: its source
// group, then the name listed, in byte order, then its path.
type copilotKey struct {
	group int
	name  string
	e     *Entry
}

func (res *resolution) copilotKey(e *Entry) copilotKey {
	return copilotKey{copilotGroup(res.root[e]), res.listedName(e), e}
}

func (a copilotKey) compare(b copilotKey) int {
	if d := a.group - b.group; d != 0 {
		return d
	}
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	return strings.Compare(a.e.Skill.Path, b.e.Skill.Path)
}

// copilotOrder orders copilot's catalog by copilotKey.
func (res *resolution) copilotOrder(a, b *Entry) int {
	return res.copilotKey(a).compare(res.copilotKey(b))
}

// sortCopilot sorts the catalog by copilotOrder, each member's key worked
// out once rather than at every comparison.
func (res *resolution) sortCopilot() {
	ks := make([]copilotKey, len(res.order))
	for i, e := range res.order {
		ks[i] = res.copilotKey(e)
	}
	slices.SortFunc(ks, copilotKey.compare)
	for i, k := range ks {
		res.order[i] = k.e
	}
}

// listedName is the name a member is listed under: its installed name, or
// its own.
func (res *resolution) listedName(e *Entry) string {
	if n := e.InstalledName(res.target); n != "" {
		return n
	}
	return displayName(res.target, e.Skill)
}

// copilotCost is what a member takes of copilot's budget: its rendered
// entry in UTF-16 units.
func (res *resolution) copilotCost(e *Entry) int {
	return utf16Len(copilotEntry(res.target, e.Skill, res.listedName(e), res.root[e].Scope))
}

// catalogOrder is how the resolution's target orders its catalog where
// that is not the order it finds skills in; nil: the order it finds them.
func (res *resolution) catalogOrder() func(a, b *Entry) int {
	switch res.target.Catalog {
	case CatalogCopilot:
		return res.copilotOrder
	case CatalogXMLRaw:
		return res.geminiOrder
	case CatalogClaude:
		return res.claudeOrder // claudecode_reader.go
	}
	return nil
}

// budgetCost is what a member takes of the target's CatalogBudget: for
// copilot its rendered entry, else its name and description bytes.
func (res *resolution) budgetCost(e *Entry) int {
	if res.target.Catalog == CatalogCopilot {
		return res.copilotCost(e)
	}
	return e.sig.size
}

// budgetSigText is what, besides name and size, copilot's cost of a skill
// depends on: the description as it reads it (the body's text when the
// frontmatter has none), so an edit that keeps the byte count but not the
// escaped length is still counted again.
func budgetSigText(targets []*Target, s *Skill) string {
	for _, t := range targets {
		if t.Catalog == CatalogCopilot && t.CatalogBudget > 0 {
			return catalogDescription(t, s)
		}
	}
	return ""
}

// copilotBudgetProblem is what a finding says of a skill's place in
// copilot's budget.
func copilotBudgetProblem(t *Target, e *Entry, b budgetUse) Problem {
	p := Problem{Rule: "catalog-budget", Range: nameRange(e.Skill), Targets: []string{t.ID}}
	switch {
	case b.dropped:
		p.Severity = Info // the catalog's one warning is overBudget's
		p.Message = fmt.Sprintf("past %s's catalog budget: its %d chars of entries are used up before this skill's %d-char entry, so the model sees only its name, on the \"Additional skills available (invoke by name)\" line, without its description", t.Title, t.CatalogBudget, b.size)
	case float64(b.usedAfter) > nearBudget*float64(t.CatalogBudget):
		p.Severity = Info
		p.Message = fmt.Sprintf("this skill's %d-char entry falls in the last %d%% of %s's %d-char catalog budget; skills listed after it may lose their descriptions", b.size, int(100-100*nearBudget), t.Title, t.CatalogBudget)
	default:
		p.Rule = ""
	}
	return p
}

// copilotBudgetLine is BudgetReport's line on copilot's budget: the chars
// of the entries that fit.
func copilotBudgetLine(t *Target, entries []CatalogEntry) string {
	used := 0
	for _, e := range entries {
		if e.Skill != nil && !e.Dropped {
			used += utf16Len(copilotEntry(t, e.Skill, e.displayName(t), e.Scope))
		}
	}
	return fmt.Sprintf("; budget %d of %d chars used (rendered entries, %.1f%%)", used, t.CatalogBudget, 100*float64(used)/float64(t.CatalogBudget))
}
