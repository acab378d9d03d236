package tinyagent

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is tiny-coding-agent, from its source
// (jellydn/tiny-coding-agent, src/skills/parser.ts).
//
//   - roots: .skills of the project, ~/.tiny-agent/skills; one level down
//   - YAML: the yaml package, typed; name and description must be strings
//   - name: required, ^[a-z0-9]+(-[a-z0-9]+)*$, at most 64, untrimmed
//   - catalog: inline XML; no budget, no packages
var Target = &loader.Target{
	// tiny-coding-agent (jellydn/tiny-coding-agent, src/skills/
	// parser.ts): fences are lines whose trim() is "---"; the yaml
	// package types scalars and typeof must be "string" for name and
	// description; the name must match ^[a-z0-9]+(-[a-z0-9]+)*$ (ASCII),
	// untrimmed; metadata is passed through unchecked.
	ID:       "tiny-agent",
	Verified: loader.Verified{Source: "source (jellydn/tiny-coding-agent)"},
	Title:    "tiny-coding-agent",
	Roots:    []loader.RootSpec{loader.Project(".skills"), loader.Home(".tiny-agent/skills")},
	Scan:     loader.Children,
	Name: loader.NameRule{Required: true, Max: 64, Charset: loader.ASCIIChars, StrictHyphens: true,
		Identity: loader.DeclaredName},
	Description: loader.DescriptionRule{Required: true, Max: 1024},
	Fields:      loader.SpecFields,
	Fences:      loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:     loader.CatalogXMLInline,
}
