package copilot

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Target is GitHub Copilot CLI (@github/copilot 1.0.102), probed
// (testdata/conformance/notes/copilot.md, probes/copilot).
//
//   - roots: .github/skills, .agents/skills and .claude/skills up to the
//     git root or the home; ~/.copilot/skills, ~/.agents/skills
//   - scan: any depth, dot-folders skipped, a skill's folder not entered
//   - YAML: as yaml.v3, with serde's typing of values (reader.go);
//     a BOM, bad UTF-8 and a non-mapping frontmatter read past
//   - name: ASCII letters, digits, "-", "_", ".", ":" and spaces, at most
//     64, spaces turned into "-"; the folder's when absent
//   - catalog: catalog.go, in its own order, within 15,000 chars
//     of rendered entries
//   - packages: reads copilot-plugin (1), agent-plugins (2) and
//     claude-code-plugin (4); marketplaces copilot-marketplace (1) and
//     claude-code-marketplace (4); its own formats are below
//   - installed plugins: copilotInstalled (installed.go,
//     installed_market.go), from ~/.copilot
var Target = &loader.Target{
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
	Roots: []loader.RootSpec{
		loader.Above(".github/skills", loader.UpToGitOrHome), loader.Above(".agents/skills", loader.UpToGitOrHome), loader.Above(".claude/skills", loader.UpToGitOrHome),
		loader.Home(".copilot/skills"), loader.Home(".agents/skills"),
	},
	Scan: loader.Scan{Recursive: true, MaxDepth: 64, SkipHidden: true, RootClaims: true, StopAtSkill: true},
	Name: loader.NameRule{Max: 64, Trim: true, Identity: loader.NameOrDir, TypeFatal: true, Dashes: true,
		Pattern:     regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.: -]*$`),
		PatternText: `ASCII letters, digits, "-", "_", ".", ":" and spaces, starting with a letter or digit`},
	Description: loader.DescriptionRule{Max: 1024, TypeFatal: true, FromBody: loader.Paragraphs},
	Fields: loader.WithSpec(map[string]loader.FieldSpec{
		"argument-hint":            {Type: loader.StringType, Fatal: true},
		"user-invocable":           {Type: loader.BoolType, Fatal: true},
		"disable-model-invocation": {Type: loader.BoolType, Fatal: true},
		"allowed-tools":            {Type: loader.StringOrListType, Fatal: true},
	}),
	HiddenFlag: "disable-model-invocation",
	Reading:    loader.Reading{Tolerates: []string{"bom", "not-utf8", "frontmatter-not-mapping"}, NoFinalBreak: true, SerdeValue: true},
	Fences:     loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:    loader.CatalogCopilot,
	// Chars of rendered entries, taken in catalog order up to the
	// first that does not fit (catalog.go).
	CatalogBudget: 15000,
	// VS Code's Copilot does not load a plugin whose name holds : or /
	// (manifest.go).
	Packages: loader.PackageChecks{SkipsName: skipsPluginName},
	Verified: loader.Verified{Package: "@github/copilot", Version: "1.0.102"},
}

// Plugin is the plugin format Copilot defines.
var Plugin = &loader.PluginFormat{
	ID:        "copilot-plugin",
	Title:     "Copilot plugin",
	Manifests: []string{".plugin/plugin.json", "plugin.json", ".github/plugin/plugin.json"},
	Readers:   []loader.FormatReader{{Target: "copilot", Order: 1}},
	Schema: loader.ManifestSchema{
		Fields: loader.WithMeta(map[string]loader.JSONType{
			"skills": loader.TString | loader.TArray, "agents": loader.TString | loader.TArray, "commands": loader.TString | loader.TArray,
			"hooks": loader.TString | loader.TObject, "mcpServers": loader.TString | loader.TObject, "lspServers": loader.TString | loader.TObject,
			"category": loader.TString, "tags": loader.TArray, "strict": loader.TBool,
		}),
		Required:  []string{"name"},
		BadType:   loader.Error,
		Unknown:   loader.Warning,
		NotMarker: loader.AgentPluginsSchema,
		PathItems: loader.TString,
	},
	Skills: loader.SkillsLayout{Dir: "skills", Field: "skills", Depth: 1, EntryIsSkill: true,
		Paths: loader.PathRule{Severity: loader.Warning, Consequence: "ignores the path"}},
}

// Marketplace is the marketplace format Copilot defines.
var Marketplace = &loader.MarketplaceFormat{
	ID:        "copilot-marketplace",
	Title:     "Copilot marketplace",
	Manifests: []string{".github/plugin/marketplace.json", ".plugin/marketplace.json", "marketplace.json"},
	Readers:   []loader.FormatReader{{Target: "copilot", Order: 1}},
	Fields: map[string]loader.JSONType{"$schema": loader.TString, "name": loader.TString, "owner": loader.TObject, "metadata": loader.TObject,
		"plugins": loader.TArray, "description": loader.TString, "version": loader.TString},
	Required: []string{"name", "plugins"},
	Entry:    claudecode.WithComponents(claudecode.MarketplaceEntry),
	Sources:  loader.SourceRule{BarePath: true, PluginRoot: true},
	Name:     regexp.MustCompile(`^[^/:]+$`), NameWhat: "no / or : (VS Code skips such a marketplace silently)",
}
