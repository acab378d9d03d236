package zot

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// zot: internal/skills SystemPromptAddendum. zot reads frontmatter line by
// line, so its description is the text after "description:" on that line,
// quotes trimmed: a block scalar shows as its indicator, "|" or ">".
var zotStyle = loader.CatalogStyle{
	Head: "Available skills (call the `skill` tool with one of these names to load full instructions):\n",
	Sep:  "\n", Tail: "\n", SortByName: true,
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
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

func init() { Target.Lister = &loader.Lister{Style: &zotStyle} }
