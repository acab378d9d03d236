package loader

// agentSkillsTarget is the open Agent Skills specification as its
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
var agentSkillsTarget = &Target{
	// skills-ref (agentskills/agentskills, skills-ref/src/skills_ref):
	// parser.py tests content.startswith("---") and splits on the next
	// "---" anywhere, so spaces after either fence do not matter; it
	// reads the YAML with strictyaml, where every scalar is a string and
	// flow style, anchors and tags are refused. validator.py strips the
	// name and takes its NFKC form before every check.
	ID:       "agentskills",
	Verified: Verified{Source: "skills-ref source (agentskills/agentskills)"},
	Title:    "Agent Skills spec (skills-ref)",
	Roots:    []RootSpec{project(".agents/skills"), home(".agents/skills")},
	Scan:     children,
	Name: NameRule{Required: true, Max: 64, Charset: SpecChars, StrictHyphens: true,
		MatchDir: true, Trim: true, NFKC: true, Identity: DeclaredName},
	Description:   DescriptionRule{Required: true, Max: 1024},
	Fields:        validatedSpecFields,
	RejectUnknown: true,
	Reading:       Reading{ScalarText: true, Strict: true},
	Fences:        Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:       CatalogXMLLines,
}
