package skillcore

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// OpenCode 1.18.33 (opencode-ai): the catalog in the system prompt, byte
// for byte. SystemPrompt.skills (bundle chunk-p1c43e92.js) joins with "\n"
// the two lead-in lines and Skill.fmt(list, {verbose: true}) (chunk
// chunk-hat0ka75.js), observed with `opencode run` against a stand-in
// Anthropic API (testdata/conformance/notes/opencode.md §7):
//
//	Skills provide specialized instructions and workflows for specific tasks.
//	Use the skill tool to load a skill when a task matches its description.
//	<available_skills>
//	  <skill>
//	    <name>NAME</name>
//	    <description>DESCRIPTION</description>
//	    <location>ESCAPED-ABSOLUTE-PATH</location>
//	  </skill>
//	</available_skills>
//
// Name and description are not escaped; the location is, & < > " ' (as
// &#39;). Skills are sorted by name with localeCompare (ICU's root
// collation: case-blind first). A skill without a description is not
// listed (Target.Unlisted). OpenCode's own customize-opencode skill is
// always listed too; skill-ls leaves it out, as it does every agent's own.

const openCodeLead = "Skills provide specialized instructions and workflows for specific tasks.\n" +
	"Use the skill tool to load a skill when a task matches its description.\n"

// openCodeEscaper escapes a location as OpenCode's fmt does.
var openCodeEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

var openCodeStyle = catalogStyle{
	head: openCodeLead + "<available_skills>\n", sep: "\n", tail: "\n</available_skills>",
	empty: openCodeLead + "No skills are currently available.",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + name + "</name>\n" +
			"    <description>" + catalogDescription(t, s) + "</description>\n" +
			"    <location>" + openCodeEscaper.Replace(s.Path) + "</location>\n" +
			"  </skill>"
	},
}

// renderOpenCode is the whole catalog, sorted as OpenCode sorts it.
func renderOpenCode(t *loader.Target, entries []CatalogEntry) string {
	return renderLocaleSorted(t, &openCodeStyle, entries, func(e CatalogEntry, name string) string {
		return openCodeStyle.entry(t, e.Skill, name)
	})
}

// renderLocaleSorted renders the entries that are not dropped in the
// order of JavaScript's name.localeCompare, then path.
func renderLocaleSorted(t *loader.Target, st *catalogStyle, entries []CatalogEntry, entry func(e CatalogEntry, name string) string) string {
	type item struct {
		e    CatalogEntry
		name string
	}
	var list []item
	for _, e := range entries {
		if !e.Dropped && e.Skill != nil {
			list = append(list, item{e, e.displayName(t)})
		}
	}
	if len(list) == 0 {
		return st.empty
	}
	c := collate.New(language.Und)
	slices.SortStableFunc(list, func(a, b item) int {
		if d := localeCompare(c, a.name, b.name); d != 0 {
			return d
		}
		return strings.Compare(a.e.Skill.Path, b.e.Skill.Path)
	})
	var b strings.Builder
	b.WriteString(st.head)
	for i, it := range list {
		if i > 0 {
			b.WriteString(st.sep)
		}
		b.WriteString(entry(it.e, it.name))
	}
	b.WriteString(st.tail)
	return b.String()
}

// localeCompare is String.prototype.localeCompare under ICU's root
// collation; strings it finds equal fall back to code point order.
func localeCompare(c *collate.Collator, a, b string) int {
	if d := c.CompareString(a, b); d != 0 {
		return d
	}
	return strings.Compare(a, b)
}
