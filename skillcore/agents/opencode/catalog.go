package opencode

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
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

var openCodeStyle = loader.CatalogStyle{
	Head: openCodeLead + "<available_skills>\n", Sep: "\n", Tail: "\n</available_skills>",
	Empty: openCodeLead + "No skills are currently available.",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + name + "</name>\n" +
			"    <description>" + loader.CatalogDescription(t, s) + "</description>\n" +
			"    <location>" + openCodeEscaper.Replace(s.Path) + "</location>\n" +
			"  </skill>"
	},
}

// renderOpenCode is the whole catalog, sorted as OpenCode sorts it.
func renderOpenCode(t *loader.Target, entries []loader.CatalogEntry) string {
	return loader.RenderLocaleSorted(t, &openCodeStyle, entries, func(e loader.CatalogEntry, name string) string {
		return openCodeStyle.Entry(t, e.Skill, name)
	})
}

// openCodeLister is OpenCode's own catalog code.
var openCodeLister = &loader.Lister{Style: &openCodeStyle, Render: renderOpenCode}

func init() { Target.Lister = openCodeLister }
