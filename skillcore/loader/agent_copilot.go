package loader

import "regexp"

// copilotTarget is GitHub Copilot CLI (@github/copilot 1.0.102), probed
// (testdata/conformance/notes/copilot.md, probes/copilot).
//
//   - roots: .github/skills, .agents/skills and .claude/skills up to the
//     git root or the home; ~/.copilot/skills, ~/.agents/skills
//   - scan: any depth, dot-folders skipped, a skill's folder not entered
//   - YAML: as yaml.v3, with serde's typing of values (copilot_reader.go);
//     a BOM, bad UTF-8 and a non-mapping frontmatter read past
//   - name: ASCII letters, digits, "-", "_", ".", ":" and spaces, at most
//     64, spaces turned into "-"; the folder's when absent
//   - catalog: copilot_catalog.go, in its own order, within 15,000 chars
//     of rendered entries
//   - packages: reads copilot-plugin (1), agent-plugins (2) and
//     claude-code-plugin (4); marketplaces copilot-marketplace (1) and
//     claude-code-marketplace (4); its own formats are below
//   - installed plugins: copilotInstalled (copilot_installed.go,
//     copilot_installed_market.go), from ~/.copilot
var copilotTarget = &Target{
	// Copilot CLI 1.0.102 (probed; testdata/conformance/probes): a name
	// that is a string of ASCII letters, digits, "-", "_", ".", ":"
	// and spaces, starting with a letter or digit, at most 64 after
	// trimming, its space runs turned into "-"; without one, the
	// folder's name by the same rule. A description that is a string,
	// at most 1,024 chars, else the body's text. Typed fields refuse
	// a wrong type. A BOM, bad UTF-8 and a frontmatter that is no
	// mapping are read past; broken YAML is not. Folders are searched
	// at any depth, dot-folders skipped; a SKILL.md directly in a
	// root makes the root one skill. ~/.claude/skills is not read.
	ID:    "copilot",
	Title: "GitHub Copilot",
	Roots: []RootSpec{
		above(".github/skills", UpToGitOrHome), above(".agents/skills", UpToGitOrHome), above(".claude/skills", UpToGitOrHome),
		home(".copilot/skills"), home(".agents/skills"),
	},
	Scan: Scan{Recursive: true, MaxDepth: 64, SkipHidden: true, RootClaims: true, StopAtSkill: true},
	Name: NameRule{Max: 64, Trim: true, Identity: NameOrDir, TypeFatal: true, Dashes: true,
		Pattern:     regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.: -]*$`),
		PatternText: `ASCII letters, digits, "-", "_", ".", ":" and spaces, starting with a letter or digit`},
	Description: DescriptionRule{Max: 1024, TypeFatal: true, FromBody: Paragraphs},
	Fields: withSpec(map[string]FieldSpec{
		"argument-hint":            {Type: StringType, Fatal: true},
		"user-invocable":           {Type: BoolType, Fatal: true},
		"disable-model-invocation": {Type: BoolType, Fatal: true},
		"allowed-tools":            {Type: StringOrListType, Fatal: true},
	}),
	HiddenFlag: "disable-model-invocation",
	Reading:    Reading{Tolerates: []string{"bom", "not-utf8", "frontmatter-not-mapping"}, NoFinalBreak: true, SerdeValue: true},
	Fences:     Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:    CatalogCopilot,
	// Chars of rendered entries, taken in catalog order up to the
	// first that does not fit (copilot_catalog.go).
	CatalogBudget: 15000,
	Verified:      Verified{Package: "@github/copilot", Version: "1.0.102"},
}

// copilotPlugin is the plugin format Copilot defines.
var copilotPlugin = &PluginFormat{
	ID:        "copilot-plugin",
	Title:     "Copilot plugin",
	Manifests: []string{".plugin/plugin.json", "plugin.json", ".github/plugin/plugin.json"},
	Readers:   []FormatReader{{Target: "copilot", Order: 1}},
	Schema: ManifestSchema{
		Fields: withMeta(map[string]JSONType{
			"skills": TString | TArray, "agents": TString | TArray, "commands": TString | TArray,
			"hooks": TString | TObject, "mcpServers": TString | TObject, "lspServers": TString | TObject,
			"category": TString, "tags": TArray, "strict": TBool,
		}),
		Required:  []string{"name"},
		BadType:   Error,
		Unknown:   Warning,
		NotMarker: agentPluginsSchema,
		PathItems: TString,
	},
	Skills: SkillsLayout{Dir: "skills", Field: "skills", Depth: 1, EntryIsSkill: true,
		Paths: PathRule{Severity: Warning, Consequence: "ignores the path"}},
}

// copilotMarketplaceFormat is the marketplace format Copilot defines.
var copilotMarketplaceFormat = &MarketplaceFormat{
	ID:        "copilot-marketplace",
	Title:     "Copilot marketplace",
	Manifests: []string{".github/plugin/marketplace.json", ".plugin/marketplace.json", "marketplace.json"},
	Readers:   []FormatReader{{Target: "copilot", Order: 1}},
	Fields: map[string]JSONType{"$schema": TString, "name": TString, "owner": TObject, "metadata": TObject,
		"plugins": TArray, "description": TString, "version": TString},
	Required: []string{"name", "plugins"},
	Entry:    withClaudeComponents(claudeEntry),
	Sources:  SourceRule{BarePath: true, PluginRoot: true},
	Name:     regexp.MustCompile(`^[^/:]+$`), NameWhat: "no / or : (VS Code skips such a marketplace silently)",
}
