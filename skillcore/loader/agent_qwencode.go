package loader

import "regexp"

// qwenCodeTarget is Qwen Code (@qwen-code/qwen-code 0.24.4), probed
// (testdata/conformance/notes/qwen.md, probes/qwen-code).
//
//   - roots: .qwen/skills and .agents/skills of the project, then
//     $QWEN_HOME/skills and ~/.agents/skills; one level down; the first
//     found wins
//   - YAML: readQwen (qwen_reader.go): exact fences, the yaml package's
//     core schema, then a line reader
//   - name: required, letters, digits, "_", ":", "." and "-" of any script
//   - catalog: qwen_catalog.go, locale-sorted, each entry with its level;
//     no budget, no packages
var qwenCodeTarget = &Target{
	// Qwen Code 0.24.4 (probed; testdata/conformance/probes/qwen-code,
	// notes/qwen.md): exact fences, the yaml package's core schema
	// and, when it fails, a line reader (readQwen); name and
	// description are required and taken with String(); the name is
	// letters, digits, "_", ":", ".", "-" of any script and case,
	// untrimmed. Only the project's and the home's .qwen/skills and
	// .agents/skills, one level down, dot-folders read. Its bundled
	// skills lie below all of them.
	ID:    "qwen-code",
	Title: "Qwen Code",
	// The first found wins: project over user, .qwen over .agents.
	Roots: []RootSpec{
		project(".qwen/skills"), project(".agents/skills"),
		{Base: BaseEnv, Env: "QWEN_HOME", Under: ".qwen", Path: "skills", Scope: ScopeGlobal},
		home(".agents/skills"),
	},
	Scan: Scan{FollowSymlinks: true},
	Name: NameRule{Required: true, Identity: DeclaredName,
		Pattern:     regexp.MustCompile(`^[\p{L}\p{N}_:.-]+$`),
		PatternText: `letters, digits, "_", ":", "." and "-"`},
	Description: DescriptionRule{Required: true},
	Fields: map[string]FieldSpec{
		"model":                    {Type: StringType},
		"paths":                    {Type: StringOrListType},
		"allowedTools":             {Type: StringOrListType},
		"argument-hint":            {Type: StringType},
		"when_to_use":              {Type: StringType},
		"disable-model-invocation": {Type: BoolType},
		"user-invocable":           {Type: BoolType},
		"priority":                 {Type: AnyType},
		"hooks":                    {Type: MapType},
	},
	HiddenFlag: "disable-model-invocation",
	BoolWords:  map[string]bool{"true": true},
	// Own is readQwen and Unlisted qwenUnlisted, set in qwen_reader.go.
	Reading:  Reading{ScalarText: true},
	Catalog:  CatalogQwen,
	Verified: Verified{Package: "@qwen-code/qwen-code", Version: "0.24.4"},
}

// Set at init, as its reader reaches the Targets table through parseYAML.
func init() {
	t := qwenCodeTarget
	t.Reading.Own, t.Unlisted = readQwen, qwenUnlisted
}
