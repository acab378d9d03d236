package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Hover is Markdown to show over a range.
type Hover struct {
	Markdown string
	Range    Range
}

// Hover explains what is at offset: for name and description, the catalog
// entry as each agent renders it, the value's length against each limit,
// the catalog budget and collisions; for other keys, their documentation;
// for a relative link, whether its file exists.
func (w *Workspace) Hover(path string, offset int) *Hover {
	if IsManifestFile(path) {
		return w.manifestHover(path, offset)
	}
	e := w.file(path)
	if e == nil {
		return nil
	}
	s := e.Skill
	if h := hiddenHover(s.Src, offset); h != nil {
		return h
	}
	for _, key := range []string{"name", "description"} {
		if f := onField(s, key, offset); f != nil {
			return &Hover{Markdown: w.catalogHover(e, f), Range: fieldRange(f)}
		}
	}
	if s.Meta != nil {
		for _, f := range s.Meta.Fields {
			if f.KeyRange.Contains(offset) {
				return &Hover{Markdown: FieldDoc(f.Key), Range: f.KeyRange}
			}
		}
	}
	if l := w.linkAt(s, offset); l != nil {
		rel, known := l.Rel()
		if !known {
			return nil
		}
		target := filepath.Join(s.Dir(), filepath.FromSlash(rel))
		md := fmt.Sprintf("`%s` does not exist in this skill's directory.", l.Target)
		if st, ok := w.fence().stat(target); ok {
			md = fmt.Sprintf("`%s` exists (%d bytes): %s", l.Target, st.Size(), target)
		}
		return &Hover{Markdown: md, Range: l.Range}
	}
	return nil
}

func fieldRange(f *syntax.Field) Range {
	return Range{Start: f.KeyRange.Start, End: max(f.KeyRange.End, f.Value.Range.End)}
}

// hoverLines is about as long as a hover may run: details are behind each
// rule's documentation link and the catalog command.
const hoverLines = 20

// catalogHover is the hover of name and description, compact: a one-line
// summary (hoversummary.go), then which reading agents refuse the file and
// why, then the value's length against
// each limit, the catalog entry of each agent that loads it (agents that
// render it alike share one), the budget and the collisions.
func (w *Workspace) catalogHover(e *skillcore.Entry, f *syntax.Field) string {
	var b strings.Builder
	s := e.Skill
	var collisions []loader.Problem
	for _, p := range w.World.Problems(s.Path) {
		if p.Rule == "name-duplicate" || p.Rule == "name-shadowed" {
			collisions = append(collisions, p)
		}
	}
	findings := w.entryVerdicts(e)
	b.WriteString(hoverSummary(e, f, findings, len(collisions)) + "\n\n")
	refusedText(&b, e, findings)
	if packaged(e) {
		// The names the packages give it, which the summary leaves out.
		fmt.Fprintf(&b, "%s\n\n", upperFirst(loadedByText(e)))
	}
	if f.Value.Kind == syntax.KindString {
		lengthText(&b, e.Targets, f.Key, f.Value.Text)
	}
	var tail strings.Builder
	w.budgetText(&tail, e)
	installedText(&tail, w.World, e)
	for _, p := range collisions[:min(len(collisions), 3)] {
		fmt.Fprintf(&tail, "- %s (%s)\n", p.Message, strings.Join(p.Targets, ", "))
	}
	groups := catalogGroups(e)
	if len(groups) == 0 {
		b.WriteString("No agent that reads this file would list it in its catalog.\n\n")
	}
	// The entries in the targets' order, each that fits; a line names the
	// agents whose entries did not.
	room := hoverLines - strings.Count(b.String(), "\n") - strings.Count(tail.String(), "\n") - 2
	var rest []string
	for _, g := range groups {
		text := fmt.Sprintf("%s catalog entry:\n%s\n", strings.Join(g.titles, ", "), g.fenced)
		if n := strings.Count(text, "\n"); n <= room {
			room -= n
			b.WriteString(text)
		} else {
			rest = append(rest, g.titles...)
		}
	}
	if len(rest) > 0 {
		fmt.Fprintf(&b, "\nCatalog entries of %s: see the catalog command.\n", strings.Join(rest, ", "))
	}
	if !strings.HasSuffix(b.String(), "\n\n") {
		b.WriteString("\n")
	}
	b.WriteString(tail.String())
	return clampLines(strings.TrimRight(b.String(), "\n"), hoverLines)
}

// clampLines cuts md to at most n lines, ending with an ellipsis line (and
// closing a code fence the cut leaves open).
func clampLines(md string, n int) string {
	lines := strings.Split(md, "\n")
	if len(lines) <= n {
		return md
	}
	lines = lines[:n-1]
	fences := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "```") {
			fences++
		}
	}
	if fences%2 == 1 {
		lines[len(lines)-1] = "```"
	}
	return strings.Join(append(lines, "…"), "\n")
}

// refusedText says first which agents reading the file refuse it, each
// with the first error that makes it do so.
func refusedText(b *strings.Builder, e *skillcore.Entry, findings []Finding) {
	var order []string
	byReason := map[string][]string{}
	for _, t := range e.Targets {
		if loader.Loads(e.Problems, t.ID) {
			continue
		}
		reason := "an error in the file"
		for _, f := range findings {
			if f.Severity == Error && contains(f.Targets, t.ID) {
				reason = fmt.Sprintf("%s (`%s`)", f.Message, f.Rule)
				break
			}
		}
		if byReason[reason] == nil {
			order = append(order, reason)
		}
		byReason[reason] = append(byReason[reason], t.ID)
	}
	for i, reason := range order {
		if i == 3 {
			fmt.Fprintf(b, "- …and %d more errors\n", len(order)-i)
			break
		}
		fmt.Fprintf(b, "- ⛔ **Refused by %s**: %s\n", strings.Join(byReason[reason], ", "), reason)
	}
	if len(order) > 0 {
		b.WriteString("\n")
	}
}

// catalogGroup is one catalog entry and the agents that render it so.
type catalogGroup struct {
	titles []string
	fenced string
}

// catalogGroups are the catalog entries (without the catalog's lead-in)
// of the agents that load the file and list skills in a catalog; none for
// an agent that refuses it.
func catalogGroups(e *skillcore.Entry) []catalogGroup {
	var out []catalogGroup
	loaded := e.LoadedBy()
	// The agents that load the file first; agentskills, the portable
	// contract, after them when it does not discover the file itself.
	targets := slices.Clone(e.Targets)
	slices.SortStableFunc(targets, func(a, b *loader.Target) int {
		return boolRank(!contains(loaded, a.ID)) - boolRank(!contains(loaded, b.ID))
	})
	for _, t := range targets {
		if t.Catalog == loader.NoCatalog || !loader.Loads(e.Problems, t.ID) ||
			!contains(loaded, t.ID) && t.ID != "agentskills" {
			continue
		}
		entry := loader.CatalogEntry{Skill: e.Skill, Scope: scopeOf(e, t), Name: e.InstalledName(t)}
		text := skillcore.RenderEntry(t, entry)
		lang := "markdown"
		if t.Catalog == loader.CatalogXML || t.Catalog == loader.CatalogXMLLines {
			lang = "xml"
		}
		f := fenced(text, lang)
		i := slices.IndexFunc(out, func(g catalogGroup) bool { return g.fenced == f })
		if i < 0 {
			out = append(out, catalogGroup{fenced: f})
			i = len(out) - 1
		}
		out[i].titles = append(out[i].titles, t.Title)
	}
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scopeOf(e *skillcore.Entry, t *loader.Target) loader.Scope {
	for _, r := range e.Roots {
		if r.Target == t {
			return r.Scope
		}
	}
	return loader.ScopeProject
}

// lengthText shows a value's length against each reading target's limit,
// in the unit the target counts, on one line: agents with one limit
// share it, and a limit exceeded is marked.
func lengthText(b *strings.Builder, targets []*loader.Target, key, value string) {
	chars, bytes := utf8.RuneCountInString(value), len(value)
	fmt.Fprintf(b, "Length: %d chars, %d bytes", chars, bytes)
	var limits []string
	agents := map[string][]string{}
	for _, t := range targets {
		limit, unit := t.Name.Max, t.Name.Unit
		if key == "description" {
			limit, unit = t.Description.Max, t.Description.Unit
			if t.Description.ListingMax > 0 {
				limit, unit = t.Description.ListingMax, loader.Chars
			}
		}
		if limit == 0 {
			continue
		}
		used := chars
		if unit == loader.Bytes {
			used = bytes
		}
		l := fmt.Sprintf("%d %s", limit, unit)
		if used > limit {
			l += " ⚠ exceeded"
		}
		if agents[l] == nil {
			limits = append(limits, l)
		}
		agents[l] = append(agents[l], t.ID)
	}
	for i, l := range limits {
		sep := "; limit "
		if i > 0 {
			sep = ", "
		}
		fmt.Fprintf(b, "%s%s (%s)", sep, l, strings.Join(agents[l], ", "))
	}
	b.WriteString(".\n\n")
}

// budgetText tells the skill's share of Zed's catalog budget and how full
// the whole catalog is.
func (w *Workspace) budgetText(b *strings.Builder, e *skillcore.Entry) {
	for _, t := range e.Targets {
		if t.CatalogBudget == 0 {
			continue
		}
		mine, total, listed, dropped := w.World.BudgetStanding(t, e.Project, e.Skill.Path)
		// Copilot counts its rendered entries in chars and names the
		// skills past its budget on one line.
		unit, fate := "bytes", "it is **dropped**"
		if t.Catalog == loader.CatalogCopilot {
			unit, fate = "chars", "it is listed **by name only**, without its description"
		}
		switch {
		case !listed:
			fmt.Fprintf(b, "%s catalog budget: this skill is not in the catalog; the catalog uses %d of %d %s.\n\n", t.Title, total, t.CatalogBudget, unit)
		case dropped:
			fmt.Fprintf(b, "%s catalog budget: this skill's %d %s do not fit and %s; the catalog uses %d of %d %s.\n\n", t.Title, mine, unit, fate, total, t.CatalogBudget, unit)
		default:
			fmt.Fprintf(b, "%s catalog budget: this skill uses %d %s; the catalog uses %d of %d %s (%.1f%%).\n\n", t.Title, mine, unit, total, t.CatalogBudget, unit, 100*float64(total)/float64(t.CatalogBudget))
		}
	}
}

// fenced wraps text in a code fence longer than any backtick run inside it.
func fenced(text, lang string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence
}
