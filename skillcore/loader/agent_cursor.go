package loader

import "regexp"

// cursorTarget is Cursor, from its documentation (its loader is closed
// source and not probed): taken as lenient as the agents whose folders it
// reads, so skill-ls claims no refusal it cannot show.
//
//   - roots: .cursor/skills, .claude/skills and .codex/skills of the
//     project, then of the home; one level down
//   - YAML: scalars as text, fences with trailing spaces
//   - name: declared, else the folder's; no catalog modelled
//   - packages: reads cursor-plugin (1) and agent-plugins (2); marketplace
//     cursor-marketplace (1); its own formats are below
var cursorTarget = &Target{
	ID:       "cursor",
	Verified: Verified{Source: "Cursor documentation"},
	Title:    "Cursor",
	// Cursor's documentation lists its own folders, then Claude's and
	// Codex's, project before user.
	Roots: []RootSpec{
		project(".cursor/skills"), project(".claude/skills"), project(".codex/skills"),
		home(".cursor/skills"), home(".claude/skills"), home(".codex/skills"),
	},
	Scan:        children,
	Name:        NameRule{Identity: NameOrDir},
	Description: DescriptionRule{Required: true},
	Fields:      withSpec(map[string]FieldSpec{"disable-model-invocation": {Type: BoolType}, "paths": {Type: StringOrListType}}),
	HiddenFlag:  "disable-model-invocation",
	// Cursor's loader is closed source: taken as lenient as the
	// agents it reads the folders of (scalars as text, fences with
	// trailing spaces), so skill-ls claims no refusal it cannot show.
	Reading: Reading{ScalarText: true},
	Fences:  Fences{OpenSpaces: true, CloseSpaces: true},
}

// cursorPlugin is the plugin format Cursor defines; Codex reads it too.
var cursorPlugin = &PluginFormat{
	ID:        "cursor-plugin",
	Title:     "Cursor plugin",
	Manifests: []string{".cursor-plugin/plugin.json"},
	// Codex 0.169.0 reads it after its own and Claude Code's manifest
	// (installed-packages probes: cursor/plugins installed by Codex).
	Readers: []FormatReader{{Target: "cursor", Order: 1}, {Target: "codex", Order: 4, OwnScan: true, Schema: &codexForeignSchema}},
	Schema: ManifestSchema{
		Fields: withMeta(map[string]JSONType{
			"displayName": TString, "publisher": TString, "logo": TString, "category": TString,
			"tags": TArray, "minClientVersions": TObject, "skills": TString | TArray,
			"rules": TString | TArray, "agents": TString | TArray, "commands": TString | TArray,
			"hooks": TString | TObject, "mcpServers": TString | TArray | TObject, "variables": TObject,
		}),
		Required: []string{"name"},
		Closed:   true,
		BadType:  Error,
		Unknown:  Error,
		Name:     cursorPluginName, NameWhat: "lowercase letters, digits, - and ., starting and ending with a letter or digit",
		PathItems: TString,
	},
	Skills: SkillsLayout{Dir: "skills", Field: "skills", Replaces: true, Depth: 1, EntryIsSkill: true,
		Paths: PathRule{Severity: Error, Consequence: "refuses the plugin"}},
}

// cursorMarketplaceFormat is the marketplace format Cursor defines; Codex
// reads it too.
var cursorMarketplaceFormat = &MarketplaceFormat{
	ID:        "cursor-marketplace",
	Title:     "Cursor marketplace",
	Manifests: []string{".cursor-plugin/marketplace.json"},
	Readers:   []FormatReader{{Target: "cursor", Order: 1}, {Target: "codex", Order: 3}},
	Fields: map[string]JSONType{"$schema": TString, "name": TString, "owner": TObject, "metadata": TObject,
		"plugins": TArray},
	Required: []string{"name", "plugins"},
	Entry: withMeta(map[string]JSONType{"source": TString | TObject, "displayName": TString,
		"category": TString, "tags": TArray, "logo": TString}),
	Sources: SourceRule{BarePath: true, PluginRoot: true},
	Name:    cursorPluginName, NameWhat: "lowercase letters, digits, - and .",
}

// cursorPluginName is the name Cursor accepts for a plugin or marketplace.
var cursorPluginName = regexp.MustCompile(`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`)
