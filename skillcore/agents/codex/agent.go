package codex

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Target is Codex (@openai/codex 0.169.0), from its source
// (codex-rs/core-skills/src/loader.rs) and probed with the released binary
// (testdata/conformance/notes/codex.md, probes/codex).
//
//   - roots: .codex/skills and .agents/skills up to the git root,
//     $CODEX_HOME/skills, ~/.agents/skills, /etc/codex/skills
//   - scan: breadth-first to depth 6, at most 2,000 folders and 20,000
//     entries a root, dot-entries pruned, folder links followed
//   - YAML: readCodex (reader.go): its own fences, serde_yaml and
//     one repair of plain values holding ": "
//   - name: at most 64, spaces collapsed, the folder's when absent
//   - collisions: none; every skill of a shared name loads (KeepAll)
//   - catalog: catalog.go (and catalog_roots.go, its alias
//     table), fitted to CodexBudget tokens
//   - packages: reads agent-plugins (1), codex-plugin (2),
//     claude-code-plugin (3) and cursor-plugin (4); marketplaces
//     codex-marketplace (1), claude-code-marketplace (2) and
//     cursor-marketplace (3); its own formats are below
//   - installed plugins: codexInstalled (installed.go), from
//     $CODEX_HOME/plugins/cache and config.toml
var Target = &loader.Target{
	// Codex (codex-rs/core-skills/src/loader.rs): fences are lines whose
	// trim() is "---"; serde_yaml into Option<String> name and
	// description (any scalar is text) and a metadata struct, so a
	// metadata that is not a map, or a short-description that is not
	// a scalar, fails the whole skill.
	ID:    "codex",
	Title: "Codex",
	Roots: []loader.RootSpec{
		loader.Above(".codex/skills", loader.UpToGit), loader.Above(".agents/skills", loader.UpToGit),
		{Base: loader.BaseEnv, Env: "CODEX_HOME", Under: ".codex", Path: "skills", Scope: loader.ScopeGlobal},
		loader.Home(".agents/skills"),
		{Base: loader.BaseAbsolute, Path: "/etc/codex/skills", Scope: loader.ScopeGlobal},
	},
	// Breadth-first in name order, dot-entries pruned, folder links
	// followed (a SKILL.md link is not), a folder with a tab or line
	// break in its name not entered; per root at most 2,000 folders
	// (the root counted) and 20,000 entries, then "skills scan reached
	// its traversal limit".
	Scan: loader.Scan{Recursive: true, MaxDepth: 6, MaxDirs: 2000, MaxEntries: 20000, SkipHidden: true, FollowSymlinks: true, RootFile: true,
		SkipFileLinks: true, URLNames: true},
	// Nothing is deduplicated by name: every skill of a shared name
	// loads and is listed.
	Name: loader.NameRule{Max: 64, CollapseSpace: true, Identity: loader.NameOrDir, KeepAll: true},
	// No length limit at load (100,000 chars load); the catalog cuts
	// a description over 1,024 chars.
	Description: loader.DescriptionRule{Required: true, CollapseSpace: true, Short: true},
	Fields:      map[string]loader.FieldSpec{"metadata": {Type: loader.MapType, Fatal: true}},
	// Its own fences, serde struct and one repair (a plain value
	// holding ": ", or starting with one of [{@`, single-quoted and
	// the YAML read again): Own is readCodex, set in reader.go.
	Reading:  loader.Reading{ScalarText: true, StructFatal: true},
	Fences:   loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:  loader.CatalogCodex,
	Plugins:  loader.PluginNaming{Namespace: true, QualifiedMax: 128},
	Verified: loader.Verified{Package: "@openai/codex", Version: "0.169.0"},
	// 5,440 tokens (ceil(bytes/4) a line) by default: descriptions cut
	// round-robin, then removed, then skills dropped (catalog.go).
	Fit: loader.CatalogFit{Model: loader.FitCodex, Limit: CodexBudget},
}

// Set at init, as readCodex reaches the Targets table through parseYAML.
func init() { Target.Reading.Own = readCodex }

// Plugin is the plugin format Codex defines.
var Plugin = &loader.PluginFormat{
	ID:        "codex-plugin",
	Title:     "Codex plugin",
	Manifests: []string{".codex-plugin/plugin.json"},
	Readers:   []loader.FormatReader{{Target: "codex", Order: 2}},
	Schema:    codexPluginSchema,
	Skills: loader.SkillsLayout{Dir: "skills", Field: "skills", Replaces: true, Depth: 6, MaxDirs: 2000, SkipHidden: true, EntryIsSkill: true,
		Paths: loader.PathRule{DotSlash: true, NotRoot: true, Severity: loader.Warning, Consequence: "ignores the path"}},
}

// Marketplace is the marketplace format Codex defines.
var Marketplace = &loader.MarketplaceFormat{
	ID:        "codex-marketplace",
	Title:     "Codex marketplace",
	Manifests: []string{".agents/plugins/marketplace.json"},
	Readers:   []loader.FormatReader{{Target: "codex", Order: 1}},
	Fields:    map[string]loader.JSONType{"$schema": loader.TString, "name": loader.TString, "interface": loader.TObject, "plugins": loader.TArray, "owner": loader.TObject, "metadata": loader.TObject},
	Required:  []string{"name", "plugins"},
	Entry: map[string]loader.JSONType{"name": loader.TString, "source": loader.TString | loader.TObject, "policy": loader.TObject,
		"category": loader.TString, "description": loader.TString, "version": loader.TString},
	Sources: loader.SourceRule{DotSlash: true, LocalObject: "local", NameMustMatch: true},
	Name:    codexPluginName, NameWhat: "only ASCII letters, digits, _ and -",
}

// codexPluginName is the name Codex accepts for a plugin or marketplace.
var codexPluginName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// codexPluginSchema is how Codex judges a plugin manifest: its own, and
// another agent's it reads in its place.
var codexPluginSchema = loader.ManifestSchema{
	Fields: loader.WithMeta(map[string]loader.JSONType{
		// A list of skill folders and "strict" are what Codex
		// itself writes into its copy of a plugin a marketplace
		// entry defines (strict: false, a "skills" list).
		"skills": loader.TString | loader.TArray, "hooks": loader.TString | loader.TObject, "mcpServers": loader.TString | loader.TObject,
		"apps": loader.TString | loader.TObject, "interface": loader.TObject, "strict": loader.TBool,
	}),
	Required: []string{"name"},
	BadType:  loader.Error,
	Unknown:  loader.Warning,
	Name:     codexPluginName, NameWhat: "only ASCII letters, digits, _ and -",
	PathItems: loader.TString,
}

// codexForeignSchema is how Codex judges another agent's manifest it reads
// in place of its own: as its own, the other agent's keys passed over
// unsaid.
var ForeignSchema = func() loader.ManifestSchema {
	s := codexPluginSchema
	s.Unknown = 0
	return s
}()

// CodexBudget is Codex's default catalog budget: 2% of the default model's
// 272,000-token context window. skills.max_context_tokens in its
// config.toml sets another (at most 10,000), which skill-ls does not read.
const CodexBudget = 5440
