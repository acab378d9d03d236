package loader

// zedTarget is Zed's agent, from its source.
//
//   - verified against: zed-industries/zed, crates/agent_skills
//   - roots: .agents/skills of the project and the home, one level down
//   - YAML: serde_yaml_ng into a struct; any scalar is text, a struct
//     mismatch refuses the file; the closing fence exactly "---"
//   - name: required, at most 64 ASCII bytes
//   - file at most 100 KiB; catalog: XML within 50 KiB of names and
//     descriptions (CatalogBudget)
//   - packages and installed plugins: none
var zedTarget = &Target{
	// Zed (crates/agent_skills/agent_skills.rs): serde_yaml_ng into a
	// struct of String name and description, which takes any scalar as
	// its text, and a bool disable-model-invocation, which refuses
	// anything but true/false. The opening "---" may have spaces after
	// it (a YAML document marker); a closing line must be exactly "---".
	ID:            "zed",
	Verified:      Verified{Source: "source (zed-industries/zed, crates/agent_skills)"},
	Title:         "Zed",
	Roots:         []RootSpec{project(".agents/skills"), home(".agents/skills")},
	Scan:          children,
	Name:          NameRule{Required: true, Max: 64, Unit: Bytes, Charset: ASCIIChars, Identity: DeclaredName},
	Description:   DescriptionRule{Required: true, Max: 1024, Unit: Bytes},
	Fields:        withSpec(map[string]FieldSpec{"disable-model-invocation": {Type: BoolType, Fatal: true}}),
	MaxFileBytes:  100 << 10,
	CatalogBudget: 50 << 10,
	HiddenFlag:    "disable-model-invocation",
	Reading:       Reading{ScalarText: true, StructFatal: true},
	Fences:        Fences{OpenSpaces: true},
	Catalog:       CatalogXML,
}
