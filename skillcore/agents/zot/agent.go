package zot

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is zot, from its source (patriceckhart/zot,
// internal/skills/skills.go).
//
//   - roots: .zot/skills, $ZOT_HOME/skills, then Claude's and the
//     specification's folders; the first match wins
//   - YAML: none; a line reader takes the text after "key:", quotes
//     dropped
//   - name: declared, else the folder's
//   - catalog: one line a skill (CatalogZot); no budget, no packages
var Target = &loader.Target{
	// zot (patriceckhart/zot, internal/skills/skills.go): no YAML
	// library; a line reader takes the text after "key:" with its quotes
	// dropped, the opening line only needs to start with "---", and the
	// first line starting "---" closes.
	ID:       "zot",
	Verified: loader.Verified{Source: "source (patriceckhart/zot)"},
	Title:    "zot",
	// First match wins: native, then claude-compatible, then agents-compatible.
	Roots: []loader.RootSpec{
		loader.Project(".zot/skills"),
		{Base: loader.BaseEnv, Env: "ZOT_HOME", Under: ".zot", Path: "skills", Scope: loader.ScopeGlobal},
		loader.Project(".claude/skills"), loader.Home(".claude/skills"),
		loader.Project(".agents/skills"), loader.Home(".agents/skills"),
	},
	Scan:        loader.Children,
	Name:        loader.NameRule{Identity: loader.NameOrDir},
	Description: loader.DescriptionRule{Required: true},
	Fields: map[string]loader.FieldSpec{
		"allowed-tools": {Type: loader.StringOrListType},
		"permissions":   {Type: loader.AnyType},
	},
	Reading: loader.Reading{ScalarText: true},
	Fences:  loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog: loader.CatalogZot,
}
