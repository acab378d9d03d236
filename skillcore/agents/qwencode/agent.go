package qwencode

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Target is Qwen Code (@qwen-code/qwen-code 0.24.4), probed
// (testdata/conformance/notes/qwen.md, probes/qwen-code).
//
//   - roots: .qwen/skills and .agents/skills of the project, then
//     $QWEN_HOME/skills and ~/.agents/skills; one level down; the first
//     found wins
//   - YAML: readQwen (reader.go): exact fences, the yaml package's
//     core schema, then a line reader
//   - name: required, letters, digits, "_", ":", "." and "-" of any script
//   - catalog: catalog.go, locale-sorted, each entry with its level;
//     no budget, no packages
var Target = &loader.Target{
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
	Roots: []loader.RootSpec{
		loader.Project(".qwen/skills"), loader.Project(".agents/skills"),
		{Base: loader.BaseEnv, Env: "QWEN_HOME", Under: ".qwen", Path: "skills", Scope: loader.ScopeGlobal},
		loader.Home(".agents/skills"),
	},
	Scan: loader.Scan{FollowSymlinks: true},
	Name: loader.NameRule{Required: true, Identity: loader.DeclaredName,
		Pattern:     regexp.MustCompile(`^[\p{L}\p{N}_:.-]+$`),
		PatternText: `letters, digits, "_", ":", "." and "-"`},
	Description: loader.DescriptionRule{Required: true},
	Fields: map[string]loader.FieldSpec{
		"model":                    {Type: loader.StringType},
		"paths":                    {Type: loader.StringOrListType},
		"allowedTools":             {Type: loader.StringOrListType},
		"argument-hint":            {Type: loader.StringType},
		"when_to_use":              {Type: loader.StringType},
		"disable-model-invocation": {Type: loader.BoolType},
		"user-invocable":           {Type: loader.BoolType},
		"priority":                 {Type: loader.AnyType},
		"hooks":                    {Type: loader.MapType},
	},
	HiddenFlag: "disable-model-invocation",
	BoolWords:  map[string]bool{"true": true},
	// Own is readQwen and Unlisted qwenUnlisted, set in reader.go.
	Reading:  loader.Reading{ScalarText: true},
	Catalog:  loader.CatalogQwen,
	Verified: loader.Verified{Package: "@qwen-code/qwen-code", Version: "0.24.4"},
}

// Set at init, as its reader reaches the Targets table through parseYAML.
func init() {
	t := Target
	t.Reading.Own, t.Unlisted = readQwen, qwenUnlisted
}
