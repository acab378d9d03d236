package loader

// zotTarget is zot, from its source (patriceckhart/zot,
// internal/skills/skills.go).
//
//   - roots: .zot/skills, $ZOT_HOME/skills, then Claude's and the
//     specification's folders; the first match wins
//   - YAML: none; a line reader takes the text after "key:", quotes
//     dropped
//   - name: declared, else the folder's
//   - catalog: one line a skill (CatalogZot); no budget, no packages
var zotTarget = &Target{
	// zot (patriceckhart/zot, internal/skills/skills.go): no YAML
	// library; a line reader takes the text after "key:" with its quotes
	// dropped, the opening line only needs to start with "---", and the
	// first line starting "---" closes.
	ID:       "zot",
	Verified: Verified{Source: "source (patriceckhart/zot)"},
	Title:    "zot",
	// First match wins: native, then claude-compatible, then agents-compatible.
	Roots: []RootSpec{
		project(".zot/skills"),
		{Base: BaseEnv, Env: "ZOT_HOME", Under: ".zot", Path: "skills", Scope: ScopeGlobal},
		project(".claude/skills"), home(".claude/skills"),
		project(".agents/skills"), home(".agents/skills"),
	},
	Scan:        children,
	Name:        NameRule{Identity: NameOrDir},
	Description: DescriptionRule{Required: true},
	Fields: map[string]FieldSpec{
		"allowed-tools": {Type: StringOrListType},
		"permissions":   {Type: AnyType},
	},
	Reading: Reading{ScalarText: true},
	Fences:  Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog: CatalogZot,
}
