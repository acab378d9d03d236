package zed

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// zed: crates/agent/src/templates/system_prompt.hbs. The location is
// interpolated with {{{ }}}, unescaped, so the model can pass it back to
// read_file verbatim.
var zedStyle = loader.CatalogStyle{
	Head: "<available_skills>\n", Sep: "\n", Tail: "\n</available_skills>\n",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + HandlebarsEscaper.Replace(name) + "</name>\n" +
			"    <description>" + HandlebarsEscaper.Replace(loader.CatalogDescription(t, s)) + "</description>\n" +
			"    <location>" + s.Path + "</location>\n" +
			"  </skill>"
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
	b.WriteString(`<skill_content name="` + loader.XMLEscaper.Replace(name) + "\">\n")
	b.WriteString("<source>" + activationSource(scope) + "</source>\n")
	b.WriteString("<directory>" + loader.XMLEscaper.Replace(s.Dir()) + "</directory>\n")
	b.WriteString("Relative paths in this skill resolve against <directory>.\n\n")
	b.WriteString(loader.XMLEscaper.Replace(strings.TrimSpace(s.Body().Text(s.Src))))
	b.WriteString("\n</skill_content>\n")
	return b.String()
}

// handlebarsEscaper is handlebars-rust's default escape, applied by Zed's
// system-prompt template to {{name}} and {{description}}.
var HandlebarsEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;",
	"'", "&#x27;", "`", "&#x60;", "=", "&#x3D;")

func init() { Target.Lister = &loader.Lister{Style: &zedStyle} }
