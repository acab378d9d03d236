package zed

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is Zed's agent, from its source.
//
//   - verified against: zed-industries/zed, crates/agent_skills
//   - roots: .agents/skills of the project and the home, one level down
//   - YAML: serde_yaml_ng into a struct; any scalar is text, a struct
//     mismatch refuses the file; the closing fence exactly "---"
//   - name: required, at most 64 ASCII bytes
//   - file at most 100 KiB; catalog: XML within 50 KiB of names and
//     descriptions (CatalogBudget)
//   - packages and installed plugins: none
var Target = &loader.Target{
	// Zed (crates/agent_skills/agent_skills.rs): serde_yaml_ng into a
	// struct of String name and description, which takes any scalar as
	// its text, and a bool disable-model-invocation, which refuses
	// anything but true/false. The opening "---" may have spaces after
	// it (a YAML document marker); a closing line must be exactly "---".
	ID:            "zed",
	Verified:      loader.Verified{Source: "source (zed-industries/zed, crates/agent_skills)"},
	Title:         "Zed",
	Roots:         []loader.RootSpec{loader.Project(".agents/skills"), loader.Home(".agents/skills")},
	Scan:          loader.Children,
	Name:          loader.NameRule{Required: true, Max: 64, Unit: loader.Bytes, Charset: loader.ASCIIChars, Identity: loader.DeclaredName},
	Description:   loader.DescriptionRule{Required: true, Max: 1024, Unit: loader.Bytes},
	Fields:        loader.WithSpec(map[string]loader.FieldSpec{"disable-model-invocation": {Type: loader.BoolType, Fatal: true}}),
	MaxFileBytes:  100 << 10,
	CatalogBudget: 50 << 10,
	HiddenFlag:    "disable-model-invocation",
	Reading:       loader.Reading{ScalarText: true, StructFatal: true},
	Fences:        loader.Fences{OpenSpaces: true},
	Catalog:       loader.CatalogXML,
}
