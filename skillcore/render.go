package skillcore

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"

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
	entry func(t *Target, s *Skill, name string) string
}

func styleOf(t *Target) *catalogStyle {
	switch t.Catalog {
	case CatalogXML:
		return &zedStyle
	case CatalogXMLLines:
		return &skillsRefStyle
	case CatalogXMLInline:
		return &tinyStyle
	case CatalogXMLRaw:
		return &geminiStyle
	case CatalogCopilot:
		return &copilotStyle
	case CatalogCodex:
		return &codexStyle
	case CatalogClaude:
		return &claudeStyle
	case CatalogZot:
		return &zotStyle
	case CatalogPlain:
		return &plainStyle
	case CatalogOpenCode:
		return &openCodeStyle // opencode_catalog.go
	case CatalogQwen:
		return &qwenStyle // qwen_catalog.go
	}
	return nil
}

// RenderCatalog returns the catalog t shows the model for entries, in the
// agent's order and escaping. Entries dropped for the budget are left out;
// entries are otherwise taken as given (World.Catalog has already removed
// hidden skills and collision losers).
func RenderCatalog(t *Target, entries []CatalogEntry) string {
	switch t.Catalog {
	case CatalogCodex:
		return renderCodex(t, entries) // codex_catalog.go
	case CatalogClaude:
		return renderClaude(t, entries) // claudecode_catalog.go
	case CatalogCopilot:
		return renderCopilot(t, entries) // copilot_catalog.go
	case CatalogOpenCode:
		return renderOpenCode(t, entries) // opencode_catalog.go
	case CatalogQwen:
		return renderQwen(t, entries) // qwen_catalog.go
	}
	st := styleOf(t)
	if st == nil {
		return ""
	}
	listed := make([]*Skill, 0, len(entries))
	names := make(map[*Skill]string, len(entries))
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
		slices.SortStableFunc(listed, func(a, b *Skill) int {
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
func RenderEntry(t *Target, e CatalogEntry) string {
	st := styleOf(t)
	if st == nil || e.Skill == nil {
		return ""
	}
	if t.Catalog == CatalogCopilot {
		return copilotEntry(t, e.Skill, e.displayName(t), e.Scope) // copilot_catalog.go
	}
	if t.Catalog == CatalogQwen {
		return qwenEntry(t, e.Skill, e.displayName(t), e.Scope) // qwen_catalog.go
	}
	return st.entry(t, e.Skill, e.displayName(t))
}

// displayName is the name the entry is listed under: the installed name
// of a skill a plugin brings, else the skill's own.
func (e CatalogEntry) displayName(t *Target) string {
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
func displayName(t *Target, s *Skill) string {
	if t.Name.FoldCase {
		u := *t
		u.Name.FoldCase = false
		return u.Identify(s)
	}
	return t.Identify(s)
}

// DisplayName is the name the entry is listed under.
func (e CatalogEntry) DisplayName(t *Target) string { return e.displayName(t) }

// catalogDescription is the description as the target's reader sees it.
func catalogDescription(t *Target, s *Skill) string { return t.Describe(s) }

// Describe is the skill's description as the agent takes it: the
// frontmatter's as its reader sees text, else what it makes of the body.
func (t *Target) Describe(s *Skill) string {
	if d, ok := t.Str(s, "description"); ok {
		if t.Description.CollapseSpace {
			d = collapseSpace(d)
		}
		return d
	}
	if f := t.meta(s).Field("description"); f != nil {
		return ""
	}
	switch t.Description.FromBody {
	case FirstLine:
		return firstLineDescription(syntax.LossyText(t.body(s).Text(s.Src)))
	case Paragraphs:
		return paragraphsDescription(syntax.LossyText(t.body(s).Text(s.Src)))
	}
	return ""
}

// paragraphsDescription is copilot's description from the body: the
// first three non-blank lines that are not headings, trimmed, joined by
// spaces, cut to 1,024 UTF-16 units.
func paragraphsDescription(body string) string {
	var words []string
	for line := range strings.SplitSeq(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if words = append(words, line); len(words) == 3 {
			break
		}
	}
	return cutUTF16(strings.Join(words, " "), 1024)
}

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
	entry: func(t *Target, s *Skill, name string) string {
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
	entry: func(t *Target, s *Skill, name string) string {
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
	entry: func(t *Target, s *Skill, name string) string {
		return "<skill><name>" + xmlEscaper.Replace(name) +
			"</name><description>" + xmlEscaper.Replace(catalogDescription(t, s)) +
			"</description><location>" + xmlEscaper.Replace(s.Path) +
			"</location></skill>"
	},
}

// utf16Len is a string's length as JavaScript counts it.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// cutUTF16 keeps the first n UTF-16 units of s; a pair cut in two leaves
// its first half, which reaches the model as U+FFFD.
func cutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := utf16.RuneLen(r)
		if units+w > n {
			if units < n {
				return s[:i] + "\uFFFD"
			}
			return s[:i]
		}
		units += w
	}
	return s
}

// firstLineDescription is claude-code's description from the body: the
// first non-blank line, without a heading's #s, over 100 UTF-16 units cut
// to 97 and "...".
func firstLineDescription(body string) string {
	for line := range strings.SplitSeq(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if rest := strings.TrimLeft(line, "#"); rest != line && rest != "" && unicode.IsSpace(rune(rest[0])) {
			line = strings.TrimSpace(rest)
		}
		if utf16Len(line) > 100 {
			line = cutUTF16(line, 97) + "..."
		}
		return line
	}
	return "Skill"
}

// zot: internal/skills SystemPromptAddendum. zot reads frontmatter line by
// line, so its description is the text after "description:" on that line,
// quotes trimmed: a block scalar shows as its indicator, "|" or ">".
var zotStyle = catalogStyle{
	head: "Available skills (call the `skill` tool with one of these names to load full instructions):\n",
	sep:  "\n", tail: "\n", sortByName: true,
	entry: func(t *Target, s *Skill, name string) string {
		d := zotLine(s, "description")
		if d == "" {
			d = "(no description)"
		}
		return "- " + name + " — " + d
	},
}

// zotLine is the value zot's line parser reads for a top-level key.
func zotLine(s *Skill, key string) string {
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
	entry: func(t *Target, s *Skill, name string) string {
		return "- " + name + ": " + catalogDescription(t, s)
	},
}

// activationSource is how Zed's envelope names a scope.
func activationSource(scope Scope) string {
	if scope == ScopeGlobal {
		return "global"
	}
	return "project-local"
}

// RenderActivation returns Zed's <skill_content> envelope for the skill, as
// its skill tool and slash commands hand it to the model: the name, the
// source, the directory, the relative-path sentence and the trimmed body,
// every interpolated value XML-escaped so a body cannot close the envelope.
func RenderActivation(s *Skill, scope Scope) string {
	name := scalarText(s, "name")
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
func BudgetReport(t *Target, entries []CatalogEntry) string {
	if styleOf(t) == nil {
		return t.ID + ": no catalog; the agent lists no skills for the model\n"
	}
	if t.Fit.Model != NoFit {
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
		used += len(scalarText(e.Skill, "name")) + len(catalogDescription(t, e.Skill))
		if _, c := claudeListingText(t, e.Skill); c && t.Catalog == CatalogClaude {
			cut = append(cut, name)
		}
	}
	fmt.Fprintf(&b, "%s: %d skill%s listed, %d bytes of catalog text", t.ID, listed, pluralS(listed), len(RenderCatalog(t, entries)))
	if t.Catalog == CatalogCopilot && t.CatalogBudget > 0 {
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
