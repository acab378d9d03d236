package agentskills

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// agentskills: skills-ref to_prompt, lines joined by "\n". Name and
// description are stripped and html.escape'd; the location is not escaped.
var skillsRefStyle = loader.CatalogStyle{
	Head: "<available_skills>\n", Sep: "\n", Tail: "\n</available_skills>",
	Empty: "<available_skills>\n</available_skills>",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "<skill>\n" +
			"<name>\n" + HTMLEscaper.Replace(strings.TrimSpace(name)) + "\n</name>\n" +
			"<description>\n" + HTMLEscaper.Replace(strings.TrimSpace(loader.CatalogDescription(t, s))) + "\n</description>\n" +
			"<location>\n" + s.Path + "\n</location>\n" +
			"</skill>"
	},
}

// htmlEscaper is Python's html.escape(s, quote=True) (skills-ref).
var HTMLEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;")

func init() { Target.Lister = &loader.Lister{Style: &skillsRefStyle} }
