package cursor

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/agents/codex"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Target is Cursor, from its documentation (its loader is closed
// source and not probed): taken as lenient as the agents whose folders it
// reads, so skill-ls claims no refusal it cannot show.
//
//   - roots: .cursor/skills, .claude/skills and .codex/skills of the
//     project, then of the home; one level down
//   - YAML: scalars as text, fences with trailing spaces
//   - name: declared, else the folder's; no catalog modelled
//   - packages: reads cursor-plugin (1) and agent-plugins (2); marketplace
//     cursor-marketplace (1); its own formats are below
var Target = &loader.Target{
	ID:       "cursor",
	Verified: loader.Verified{Source: "Cursor documentation"},
	Title:    "Cursor",
	// Cursor's documentation lists its own folders, then Claude's and
	// Codex's, project before user.
	Roots: []loader.RootSpec{
		loader.Project(".cursor/skills"), loader.Project(".claude/skills"), loader.Project(".codex/skills"),
		loader.Home(".cursor/skills"), loader.Home(".claude/skills"), loader.Home(".codex/skills"),
	},
	Scan:        loader.Children,
	Name:        loader.NameRule{Identity: loader.NameOrDir},
	Description: loader.DescriptionRule{Required: true},
	Fields:      loader.WithSpec(map[string]loader.FieldSpec{"disable-model-invocation": {Type: loader.BoolType}, "paths": {Type: loader.StringOrListType}}),
	HiddenFlag:  "disable-model-invocation",
	// Cursor's loader is closed source: taken as lenient as the
	// agents it reads the folders of (scalars as text, fences with
	// trailing spaces), so skill-ls claims no refusal it cannot show.
	Reading: loader.Reading{ScalarText: true},
	Fences:  loader.Fences{OpenSpaces: true, CloseSpaces: true},
}

// Plugin is the plugin format Cursor defines; Codex reads it too.
var Plugin = &loader.PluginFormat{
	ID:        "cursor-plugin",
	Title:     "Cursor plugin",
	Manifests: []string{".cursor-plugin/plugin.json"},
	// Codex 0.169.0 reads it after its own and Claude Code's manifest
	// (installed-packages probes: cursor/plugins installed by Codex).
	Readers: []loader.FormatReader{{Target: "cursor", Order: 1}, {Target: "codex", Order: 4, OwnScan: true, Schema: &codex.ForeignSchema}},
	Schema: loader.ManifestSchema{
		Fields: loader.WithMeta(map[string]loader.JSONType{
			"displayName": loader.TString, "publisher": loader.TString, "logo": loader.TString, "category": loader.TString,
			"tags": loader.TArray, "minClientVersions": loader.TObject, "skills": loader.TString | loader.TArray,
			"rules": loader.TString | loader.TArray, "agents": loader.TString | loader.TArray, "commands": loader.TString | loader.TArray,
			"hooks": loader.TString | loader.TObject, "mcpServers": loader.TString | loader.TArray | loader.TObject, "variables": loader.TObject,
		}),
		Required: []string{"name"},
		Closed:   true,
		BadType:  loader.Error,
		Unknown:  loader.Error,
		Name:     cursorPluginName, NameWhat: "lowercase letters, digits, - and ., starting and ending with a letter or digit",
		PathItems: loader.TString,
	},
	Skills: loader.SkillsLayout{Dir: "skills", Field: "skills", Replaces: true, Depth: 1, EntryIsSkill: true,
		Paths: loader.PathRule{Severity: loader.Error, Consequence: "refuses the plugin"}},
}

// Marketplace is the marketplace format Cursor defines; Codex
// reads it too.
var Marketplace = &loader.MarketplaceFormat{
	ID:        "cursor-marketplace",
	Title:     "Cursor marketplace",
	Manifests: []string{".cursor-plugin/marketplace.json"},
	Readers:   []loader.FormatReader{{Target: "cursor", Order: 1}, {Target: "codex", Order: 3}},
	Fields: map[string]loader.JSONType{"$schema": loader.TString, "name": loader.TString, "owner": loader.TObject, "metadata": loader.TObject,
		"plugins": loader.TArray},
	Required: []string{"name", "plugins"},
	Entry: loader.WithMeta(map[string]loader.JSONType{"source": loader.TString | loader.TObject, "displayName": loader.TString,
		"category": loader.TString, "tags": loader.TArray, "logo": loader.TString}),
	Sources: loader.SourceRule{BarePath: true, PluginRoot: true},
	Name:    cursorPluginName, NameWhat: "lowercase letters, digits, - and .",
}

// cursorPluginName is the name Cursor accepts for a plugin or marketplace.
var cursorPluginName = regexp.MustCompile(`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`)
