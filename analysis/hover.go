package analysis

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore"
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
		target := filepath.Join(s.Dir(), filepath.FromSlash(l.Target))
		md := fmt.Sprintf("`%s` does not exist in this skill's directory.", l.Target)
		if st, ok := w.fence().stat(target); ok {
			md = fmt.Sprintf("`%s` exists (%d bytes): %s", l.Target, st.Size(), target)
		}
		return &Hover{Markdown: md, Range: l.Range}
	}
	return nil
}

func fieldRange(f *skillcore.Field) Range {
	return Range{Start: f.KeyRange.Start, End: max(f.KeyRange.End, f.Value.Range.End)}
}

func (w *Workspace) catalogHover(e *skillcore.Entry, f *skillcore.Field) string {
	var b strings.Builder
	s := e.Skill
	fmt.Fprintf(&b, "**%s** of skill `%s` — %s\n\n", f.Key, skillName(s), loadedByText(e))
	if f.Value.Kind == skillcore.KindString {
		lengthTable(&b, e.Targets, f.Key, f.Value.Text)
	}
	shown := 0
	for _, t := range e.Targets {
		if t.Catalog == skillcore.NoCatalog || !contains(e.LoadedBy(), t.ID) && t.ID != "agentskills" {
			continue
		}
		entry := skillcore.CatalogEntry{Skill: s, Scope: scopeOf(e, t), Name: e.InstalledName(t)}
		text := skillcore.RenderCatalog(t, []skillcore.CatalogEntry{entry})
		lang := "markdown"
		if t.Catalog == skillcore.CatalogXML || t.Catalog == skillcore.CatalogXMLLines {
			lang = "xml"
		}
		fmt.Fprintf(&b, "**%s** catalog entry:\n\n%s\n\n", t.Title, fenced(text, lang))
		shown++
	}
	if shown == 0 {
		b.WriteString("No agent that reads this file would list it in its catalog.\n\n")
	}
	w.budgetText(&b, e)
	installedText(&b, w.World, e)
	for _, p := range w.World.Problems(s.Path) {
		if p.Rule == "name-duplicate" || p.Rule == "name-shadowed" {
			fmt.Fprintf(&b, "- %s (%s)\n", p.Message, strings.Join(p.Targets, ", "))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func scopeOf(e *skillcore.Entry, t *skillcore.Target) skillcore.Scope {
	for _, r := range e.Roots {
		if r.Target == t {
			return r.Scope
		}
	}
	return skillcore.ScopeProject
}

// lengthTable shows a value's length against each reading target's limit,
// in the unit the target counts.
func lengthTable(b *strings.Builder, targets []*skillcore.Target, key, value string) {
	chars, bytes := utf8.RuneCountInString(value), len(value)
	fmt.Fprintf(b, "Length: %d chars, %d bytes.\n\n| agent | limit | used |\n|---|---|---|\n", chars, bytes)
	for _, t := range targets {
		limit, unit := t.Name.Max, t.Name.Unit
		if key == "description" {
			limit, unit = t.Description.Max, t.Description.Unit
			if t.Description.ListingMax > 0 {
				limit, unit = t.Description.ListingMax, skillcore.Chars
			}
		}
		if limit == 0 {
			continue
		}
		used := chars
		if unit == skillcore.Bytes {
			used = bytes
		}
		mark := ""
		if used > limit {
			mark = " ⚠"
		}
		fmt.Fprintf(b, "| %s | %d %s | %d%s |\n", t.ID, limit, unit, used, mark)
	}
	b.WriteString("\n")
}

// budgetText tells the skill's share of Zed's catalog budget and how full
// the whole catalog is.
func (w *Workspace) budgetText(b *strings.Builder, e *skillcore.Entry) {
	for _, t := range e.Targets {
		if t.CatalogBudget == 0 {
			continue
		}
		mine, total, listed, dropped := w.World.BudgetStanding(t, e.Project, e.Skill.Path)
		switch {
		case !listed:
			fmt.Fprintf(b, "%s catalog budget: this skill is not in the catalog; the catalog uses %d of %d bytes.\n\n", t.Title, total, t.CatalogBudget)
		case dropped:
			fmt.Fprintf(b, "%s catalog budget: this skill's %d bytes do not fit and it is **dropped**; the catalog uses %d of %d bytes.\n\n", t.Title, mine, total, t.CatalogBudget)
		default:
			fmt.Fprintf(b, "%s catalog budget: this skill uses %d bytes; the catalog uses %d of %d bytes (%.1f%%).\n\n", t.Title, mine, total, t.CatalogBudget, 100*float64(total)/float64(t.CatalogBudget))
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
