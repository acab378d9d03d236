package claudeapi

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is the Claude API's skill upload: its server is not
// public, so it is read as Anthropic's own validator reads a skill
// (anthropics/skills, skill-creator/scripts/quick_validate.py) and as the
// documentation states.
//
//   - roots: none (a skill is uploaded, not found)
//   - YAML: yaml.safe_load; name, description and compatibility strings
//   - name: required, at most 64 ASCII, no XML, not "anthropic" or
//     "claude"
//   - file at most 30 MiB; no catalog, no packages
var Target = &loader.Target{
	// The upload API (server side, not public). Anthropic's own
	// validator (anthropics/skills, skill-creator/scripts/
	// quick_validate.py) reads with yaml.safe_load, wants name,
	// description and compatibility to be str, strips the name, and
	// matches ^---\n(.*?)\n--- (the opening line exactly "---").
	ID:       "claude-api",
	Verified: loader.Verified{Source: "documentation and anthropics/skills quick_validate.py"},
	Title:    "Claude API (skill upload)",
	Name: loader.NameRule{Required: true, Max: 64, Charset: loader.ASCIIChars, NoXML: true, Trim: true,
		Reserved: []string{"anthropic", "claude"}, Identity: loader.DeclaredName},
	Description:   loader.DescriptionRule{Required: true, Max: 1024, NoXML: true},
	Fields:        loader.ValidatedSpecFields,
	RejectUnknown: true,
	MaxFileBytes:  30 << 20,
	Fences:        loader.Fences{CloseSpaces: true},
	UploadOnly:    true,
}
