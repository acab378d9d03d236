package agentskills

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is the open Agent Skills specification as its
// reference validator, skills-ref, reads it: the strictest reading, which
// every other target relaxes.
//
//   - verified against: skills-ref source (agentskills/agentskills,
//     skills-ref/src/skills_ref: parser.py, validator.py)
//   - roots: .agents/skills of the project and the home, one level down
//   - YAML: strictyaml, every scalar text; flow style, anchors and tags
//     refused; unknown fields refused
//   - name: required, at most 64, the specification's characters and
//     hyphens, matching its folder, trimmed and NFKC-normalised
//   - collisions: none modelled (a validator loads nothing)
//   - catalog: the specification's XML, one entry a line; no budget
//   - packages and installed plugins: none
var Target = &loader.Target{
	// skills-ref (agentskills/agentskills, skills-ref/src/skills_ref):
	// parser.py tests content.startswith("---") and splits on the next
	// "---" anywhere, so spaces after either fence do not matter; it
	// reads the YAML with strictyaml, where every scalar is a string and
	// flow style, anchors and tags are refused. validator.py strips the
	// name and takes its NFKC form before every check.
	ID:       "agentskills",
	Verified: loader.Verified{Source: "skills-ref source (agentskills/agentskills)"},
	Title:    "Agent Skills spec (skills-ref)",
	Roots:    []loader.RootSpec{loader.Project(".agents/skills"), loader.Home(".agents/skills")},
	Scan:     loader.Children,
	Name: loader.NameRule{Required: true, Max: 64, Charset: loader.SpecChars, StrictHyphens: true,
		MatchDir: true, Trim: true, NFKC: true, Identity: loader.DeclaredName},
	Description:   loader.DescriptionRule{Required: true, Max: 1024},
	Fields:        loader.ValidatedSpecFields,
	RejectUnknown: true,
	Reading:       loader.Reading{ScalarText: true, Strict: true},
	Fences:        loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:       loader.CatalogXMLLines,
}
