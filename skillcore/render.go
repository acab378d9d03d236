package skillcore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// This file renders, byte for byte, the text each agent puts in front of the
// model: the catalog that lists skills in the system prompt (an agent's
// own envelopes, such as Zed's activation, are in its folder). Each format
// follows the agent's own source, escaping included; where an agent does
// not escape, neither does its renderer, so the editor shows what the
// model really reads.
//
// A catalog is the block that lists the skills. When the agent's listing code
// opens it with a lead-in of its own (codex, claude-code, zot, copilot), the
// lead-in is part of it; headings of a surrounding system-prompt template are
// not. Agents that add nothing when no skill is listed render "".

// styleOf is the frame of t's catalog, nil when the agent lists no
// skills for the model.
func styleOf(t *loader.Target) *loader.CatalogStyle {
	if t.Lister == nil {
		return nil
	}
	return t.Lister.Style
}

// RenderCatalog returns the catalog t shows the model for entries, in the
// agent's order and escaping. Entries dropped for the budget are left out;
// entries are otherwise taken as given (World.Catalog has already removed
// hidden skills and collision losers).
func RenderCatalog(t *loader.Target, entries []loader.CatalogEntry) string {
	if l := t.Lister; l != nil && l.Render != nil {
		return l.Render(t, entries)
	}
	st := styleOf(t)
	if st == nil {
		return ""
	}
	listed := make([]*loader.Skill, 0, len(entries))
	names := make(map[*loader.Skill]string, len(entries))
	for _, e := range entries {
		if !e.Dropped && e.Skill != nil {
			listed = append(listed, e.Skill)
			names[e.Skill] = e.DisplayName(t)
		}
	}
	if len(listed) == 0 {
		return st.Empty
	}
	if st.SortByName {
		slices.SortStableFunc(listed, func(a, b *loader.Skill) int {
			if c := strings.Compare(names[a], names[b]); c != 0 {
				return c
			}
			return strings.Compare(a.Path, b.Path)
		})
	}
	// Size the text up front: escaping rarely grows a value by half.
	size := len(st.Head) + len(st.Tail)
	for _, s := range listed {
		size += len(st.Sep) + 128 + len(s.Path) + 3*(len(loader.CatalogDescription(t, s))+len(s.DirName()))/2
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(st.Head)
	for i, s := range listed {
		if i > 0 {
			b.WriteString(st.Sep)
		}
		b.WriteString(st.Entry(t, s, names[s]))
	}
	b.WriteString(st.Tail)
	return b.String()
}

// RenderEntry returns the text one skill contributes to t's catalog, without
// the catalog's lead-in and separators; RenderCatalog is built from it. A
// dropped entry is rendered too, as it would read if it fit.
func RenderEntry(t *loader.Target, e loader.CatalogEntry) string {
	st := styleOf(t)
	if st == nil || e.Skill == nil {
		return ""
	}
	if t.Lister.Entry != nil {
		return t.Lister.Entry(t, e.Skill, e.DisplayName(t), e.Scope)
	}
	return st.Entry(t, e.Skill, e.DisplayName(t))
}

// BudgetReport summarises the catalog's cost for `skill-ls catalog`: the
// budget used, the skills dropped for it, and listings the agent cuts.
func BudgetReport(t *loader.Target, entries []loader.CatalogEntry) string {
	if styleOf(t) == nil {
		return t.ID + ": no catalog; the agent lists no skills for the model\n"
	}
	if t.Fit.Model != loader.NoFit {
		return fitReport(t, entries) // fit.go
	}
	var b strings.Builder
	listed, used := 0, 0
	var dropped, cut []string
	for _, e := range entries {
		if e.Skill == nil {
			continue
		}
		name := loader.DisplayName(t, e.Skill)
		if e.Dropped {
			dropped = append(dropped, name)
			continue
		}
		listed++
		used += len(loader.ScalarText(e.Skill, "name")) + len(loader.CatalogDescription(t, e.Skill))
		if l := t.Lister; l.Cuts != nil && l.Cuts(t, e.Skill) {
			cut = append(cut, name)
		}
	}
	fmt.Fprintf(&b, "%s: %d skill%s listed, %d bytes of catalog text", t.ID, listed, pluralS(listed), len(RenderCatalog(t, entries)))
	if l := t.Lister; l.BudgetLine != nil && t.CatalogBudget > 0 {
		b.WriteString(l.BudgetLine(t, entries))
	} else if t.CatalogBudget > 0 {
		fmt.Fprintf(&b, "; budget %d of %d bytes used (name + description, %.1f%%)",
			used, t.CatalogBudget, 100*float64(used)/float64(t.CatalogBudget))
	}
	b.WriteString("\n")
	if len(dropped) > 0 {
		fmt.Fprintf(&b, "dropped for the budget (%d): %s\n", len(dropped), strings.Join(dropped, ", "))
	}
	if len(cut) > 0 {
		fmt.Fprintf(&b, "listing cut at %d chars (%d): %s\n", t.Lister.CutAt(t), len(cut), strings.Join(cut, ", "))
	}
	return b.String()
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
