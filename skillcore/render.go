package skillcore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// This file renders, byte for byte, the text each agent puts in front of the
// model: the catalog that lists skills in the system prompt and Zed's
// activation envelope. Each format follows the agent's own source, escaping
// included; where an agent does not escape, neither does its renderer, so
// the editor shows what the model really reads.
//
// A catalog is the block that lists the skills. When the agent's listing code
// opens it with a lead-in of its own (codex, claude-code, zot, copilot), the
// lead-in is part of it; headings of a surrounding system-prompt template are
// not. Agents that add nothing when no skill is listed render "".

// catalogStyle is how one format frames its entries.
type catalogStyle struct {
	head, sep, tail string
	empty           string // the whole text when nothing is listed
	sortByName      bool   // the agent sorts by name, then path
	// entry renders one skill listed under name (see displayName).
	entry func(t *loader.Target, s *loader.Skill, name string) string
}

func styleOf(t *loader.Target) *catalogStyle {
	switch t.Catalog {
	case loader.CatalogXML:
		return &zedStyle
	case loader.CatalogXMLLines:
		return &skillsRefStyle
	case loader.CatalogXMLInline:
		return &tinyStyle
	case loader.CatalogXMLRaw:
		return &geminiStyle
	case loader.CatalogCopilot:
		return &copilotStyle
	case loader.CatalogCodex:
		return &codexStyle
	case loader.CatalogClaude:
		return &claudeStyle
	case loader.CatalogZot:
		return &zotStyle
	case loader.CatalogPlain:
		return &plainStyle
	case loader.CatalogOpenCode:
		return &openCodeStyle // opencode_catalog.go
	case loader.CatalogQwen:
		return &qwenStyle // qwen_catalog.go
	}
	return nil
}

// RenderCatalog returns the catalog t shows the model for entries, in the
// agent's order and escaping. Entries dropped for the budget are left out;
// entries are otherwise taken as given (World.Catalog has already removed
// hidden skills and collision losers).
func RenderCatalog(t *loader.Target, entries []CatalogEntry) string {
	switch t.Catalog {
	case loader.CatalogCodex:
		return renderCodex(t, entries) // codex_catalog.go
	case loader.CatalogClaude:
		return renderClaude(t, entries) // claudecode_catalog.go
	case loader.CatalogCopilot:
		return renderCopilot(t, entries) // copilot_catalog.go
	case loader.CatalogOpenCode:
		return renderOpenCode(t, entries) // opencode_catalog.go
	case loader.CatalogQwen:
		return renderQwen(t, entries) // qwen_catalog.go
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
			names[e.Skill] = e.displayName(t)
		}
	}
	if len(listed) == 0 {
		return st.empty
	}
	if st.sortByName {
		slices.SortStableFunc(listed, func(a, b *loader.Skill) int {
			if c := strings.Compare(names[a], names[b]); c != 0 {
				return c
			}
			return strings.Compare(a.Path, b.Path)
		})
	}
	// Size the text up front: escaping rarely grows a value by half.
	size := len(st.head) + len(st.tail)
	for _, s := range listed {
		size += len(st.sep) + 128 + len(s.Path) + 3*(len(catalogDescription(t, s))+len(s.DirName()))/2
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(st.head)
	for i, s := range listed {
		if i > 0 {
			b.WriteString(st.sep)
		}
		b.WriteString(st.entry(t, s, names[s]))
	}
	b.WriteString(st.tail)
	return b.String()
}

// RenderEntry returns the text one skill contributes to t's catalog, without
// the catalog's lead-in and separators; RenderCatalog is built from it. A
// dropped entry is rendered too, as it would read if it fit.
func RenderEntry(t *loader.Target, e CatalogEntry) string {
	st := styleOf(t)
	if st == nil || e.Skill == nil {
		return ""
	}
	if t.Catalog == loader.CatalogCopilot {
		return copilotEntry(t, e.Skill, e.displayName(t), e.Scope) // copilot_catalog.go
	}
	if t.Catalog == loader.CatalogQwen {
		return qwenEntry(t, e.Skill, e.displayName(t), e.Scope) // qwen_catalog.go
	}
	return st.entry(t, e.Skill, e.displayName(t))
}

// displayName is the name the entry is listed under: the installed name
// of a skill a plugin brings, else the skill's own.
func (e CatalogEntry) displayName(t *loader.Target) string {
	if e.Listed != "" {
		return e.Listed
	}
	if e.Name != "" {
		return e.Name
	}
	return displayName(t, e.Skill)
}

// displayName is the name the agent shows: its identity for the skill, but
// in the author's case where the agent only compares names case-blind.
func displayName(t *loader.Target, s *loader.Skill) string {
	if t.Name.FoldCase {
		u := *t
		u.Name.FoldCase = false
		return u.Identify(s)
	}
	return t.Identify(s)
}

// DisplayName is the name the entry is listed under.
func (e CatalogEntry) DisplayName(t *loader.Target) string { return e.displayName(t) }

// catalogDescription is the description as the target's reader sees it.
func catalogDescription(t *loader.Target, s *loader.Skill) string { return t.Describe(s) }

// Escapers, one per agent that escapes.
var (
	// xmlEscaper is quick_xml::escape::escape (Zed's skill tool) and
	// tiny-agent's escapeXml.
	xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")
	// htmlEscaper is Python's html.escape(s, quote=True) (skills-ref).
	htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;")
	// handlebarsEscaper is handlebars-rust's default escape, applied by
	// Zed's system-prompt template to {{name}} and {{description}}.
	handlebarsEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;",
		"'", "&#x27;", "`", "&#x60;", "=", "&#x3D;")
)

// zed: crates/agent/src/templates/system_prompt.hbs. The location is
// interpolated with {{{ }}}, unescaped, so the model can pass it back to
// read_file verbatim.
var zedStyle = catalogStyle{
	head: "<available_skills>\n", sep: "\n", tail: "\n</available_skills>\n",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + handlebarsEscaper.Replace(name) + "</name>\n" +
			"    <description>" + handlebarsEscaper.Replace(catalogDescription(t, s)) + "</description>\n" +
			"    <location>" + s.Path + "</location>\n" +
			"  </skill>"
	},
}

// agentskills: skills-ref to_prompt, lines joined by "\n". Name and
// description are stripped and html.escape'd; the location is not escaped.
var skillsRefStyle = catalogStyle{
	head: "<available_skills>\n", sep: "\n", tail: "\n</available_skills>",
	empty: "<available_skills>\n</available_skills>",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "<skill>\n" +
			"<name>\n" + htmlEscaper.Replace(strings.TrimSpace(name)) + "\n</name>\n" +
			"<description>\n" + htmlEscaper.Replace(strings.TrimSpace(catalogDescription(t, s))) + "\n</description>\n" +
			"<location>\n" + s.Path + "\n</location>\n" +
			"</skill>"
	},
}

// tiny-agent: src/skills/prompt.ts generateSkillsPrompt.
var tinyStyle = catalogStyle{
	head: "<available_skills>", tail: "</available_skills>",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "<skill><name>" + xmlEscaper.Replace(name) +
			"</name><description>" + xmlEscaper.Replace(catalogDescription(t, s)) +
			"</description><location>" + xmlEscaper.Replace(s.Path) +
			"</location></skill>"
	},
}

// zot: internal/skills SystemPromptAddendum. zot reads frontmatter line by
// line, so its description is the text after "description:" on that line,
// quotes trimmed: a block scalar shows as its indicator, "|" or ">".
var zotStyle = catalogStyle{
	head: "Available skills (call the `skill` tool with one of these names to load full instructions):\n",
	sep:  "\n", tail: "\n", sortByName: true,
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		d := zotLine(s, "description")
		if d == "" {
			d = "(no description)"
		}
		return "- " + name + " — " + d
	},
}

// zotLine is the value zot's line parser reads for a top-level key.
func zotLine(s *loader.Skill, key string) string {
	f := s.Field(key)
	if f == nil {
		return ""
	}
	line, _ := syntax.LineAt(s.Src, f.KeyRange.Start)
	text := strings.TrimSpace(line.Text(s.Src))
	colon := strings.IndexByte(text, ':')
	if colon < 0 || strings.TrimSpace(text[:colon]) != key {
		return ""
	}
	v := strings.TrimSpace(text[colon+1:])
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return strings.TrimSpace(v)
}

// plain: "- name: description" lines.
var plainStyle = catalogStyle{
	sep: "\n", tail: "\n",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "- " + name + ": " + catalogDescription(t, s)
	},
}

// activationSource is how Zed's envelope names a scope.
func activationSource(scope loader.Scope) string {
	if scope == loader.ScopeGlobal {
		return "global"
	}
	return "project-local"
}

// RenderActivation returns Zed's <skill_content> envelope for the skill, as
// its skill tool and slash commands hand it to the model: the name, the
// source, the directory, the relative-path sentence and the trimmed body,
// every interpolated value XML-escaped so a body cannot close the envelope.
func RenderActivation(s *loader.Skill, scope loader.Scope) string {
	name := loader.ScalarText(s, "name")
	if strings.TrimSpace(name) == "" {
		name = s.DirName()
	}
	var b strings.Builder
	b.WriteString(`<skill_content name="` + xmlEscaper.Replace(name) + "\">\n")
	b.WriteString("<source>" + activationSource(scope) + "</source>\n")
	b.WriteString("<directory>" + xmlEscaper.Replace(s.Dir()) + "</directory>\n")
	b.WriteString("Relative paths in this skill resolve against <directory>.\n\n")
	b.WriteString(xmlEscaper.Replace(strings.TrimSpace(s.Body().Text(s.Src))))
	b.WriteString("\n</skill_content>\n")
	return b.String()
}

// BudgetReport summarises the catalog's cost for `skill-ls catalog`: the
// budget used, the skills dropped for it, and listings the agent cuts.
func BudgetReport(t *loader.Target, entries []CatalogEntry) string {
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
		name := displayName(t, e.Skill)
		if e.Dropped {
			dropped = append(dropped, name)
			continue
		}
		listed++
		used += len(loader.ScalarText(e.Skill, "name")) + len(catalogDescription(t, e.Skill))
		if _, c := claudeListingText(t, e.Skill); c && t.Catalog == loader.CatalogClaude {
			cut = append(cut, name)
		}
	}
	fmt.Fprintf(&b, "%s: %d skill%s listed, %d bytes of catalog text", t.ID, listed, pluralS(listed), len(RenderCatalog(t, entries)))
	if t.Catalog == loader.CatalogCopilot && t.CatalogBudget > 0 {
		b.WriteString(copilotBudgetLine(t, entries)) // copilot_catalog.go
	} else if t.CatalogBudget > 0 {
		fmt.Fprintf(&b, "; budget %d of %d bytes used (name + description, %.1f%%)",
			used, t.CatalogBudget, 100*float64(used)/float64(t.CatalogBudget))
	}
	b.WriteString("\n")
	if len(dropped) > 0 {
		fmt.Fprintf(&b, "dropped for the budget (%d): %s\n", len(dropped), strings.Join(dropped, ", "))
	}
	if len(cut) > 0 {
		fmt.Fprintf(&b, "listing cut at %d chars (%d): %s\n", t.Description.ListingMax, len(cut), strings.Join(cut, ", "))
	}
	return b.String()
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
