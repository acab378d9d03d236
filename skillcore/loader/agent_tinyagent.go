package loader

// tinyAgentTarget is tiny-coding-agent, from its source
// (jellydn/tiny-coding-agent, src/skills/parser.ts).
//
//   - roots: .skills of the project, ~/.tiny-agent/skills; one level down
//   - YAML: the yaml package, typed; name and description must be strings
//   - name: required, ^[a-z0-9]+(-[a-z0-9]+)*$, at most 64, untrimmed
//   - catalog: inline XML; no budget, no packages
var tinyAgentTarget = &Target{
	// tiny-coding-agent (jellydn/tiny-coding-agent, src/skills/
	// parser.ts): fences are lines whose trim() is "---"; the yaml
	// package types scalars and typeof must be "string" for name and
	// description; the name must match ^[a-z0-9]+(-[a-z0-9]+)*$ (ASCII),
	// untrimmed; metadata is passed through unchecked.
	ID:       "tiny-agent",
	Verified: Verified{Source: "source (jellydn/tiny-coding-agent)"},
	Title:    "tiny-coding-agent",
	Roots:    []RootSpec{project(".skills"), home(".tiny-agent/skills")},
	Scan:     children,
	Name: NameRule{Required: true, Max: 64, Charset: ASCIIChars, StrictHyphens: true,
		Identity: DeclaredName},
	Description: DescriptionRule{Required: true, Max: 1024},
	Fields:      specFields,
	Fences:      Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:     CatalogXMLInline,
}
