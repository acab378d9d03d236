package tinyagent

import (
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// tiny-agent: src/skills/prompt.ts generateSkillsPrompt.
var tinyStyle = loader.CatalogStyle{
	Head: "<available_skills>", Tail: "</available_skills>",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "<skill><name>" + loader.XMLEscaper.Replace(name) +
			"</name><description>" + loader.XMLEscaper.Replace(loader.CatalogDescription(t, s)) +
			"</description><location>" + loader.XMLEscaper.Replace(s.Path) +
			"</location></skill>"
	},
}

func init() { Target.Lister = &loader.Lister{Style: &tinyStyle} }
