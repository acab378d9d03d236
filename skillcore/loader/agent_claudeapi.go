package loader

// claudeAPITarget is the Claude API's skill upload: its server is not
// public, so it is read as Anthropic's own validator reads a skill
// (anthropics/skills, skill-creator/scripts/quick_validate.py) and as the
// documentation states.
//
//   - roots: none (a skill is uploaded, not found)
//   - YAML: yaml.safe_load; name, description and compatibility strings
//   - name: required, at most 64 ASCII, no XML, not "anthropic" or
//     "claude"
//   - file at most 30 MiB; no catalog, no packages
var claudeAPITarget = &Target{
	// The upload API (server side, not public). Anthropic's own
	// validator (anthropics/skills, skill-creator/scripts/
	// quick_validate.py) reads with yaml.safe_load, wants name,
	// description and compatibility to be str, strips the name, and
	// matches ^---\n(.*?)\n--- (the opening line exactly "---").
	ID:       "claude-api",
	Verified: Verified{Source: "documentation and anthropics/skills quick_validate.py"},
	Title:    "Claude API (skill upload)",
	Name: NameRule{Required: true, Max: 64, Charset: ASCIIChars, NoXML: true, Trim: true,
		Reserved: []string{"anthropic", "claude"}, Identity: DeclaredName},
	Description:   DescriptionRule{Required: true, Max: 1024, NoXML: true},
	Fields:        validatedSpecFields,
	RejectUnknown: true,
	MaxFileBytes:  30 << 20,
	Fences:        Fences{CloseSpaces: true},
	UploadOnly:    true,
}
