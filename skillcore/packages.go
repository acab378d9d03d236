package skillcore

import "regexp"

// The package formats agents install skills through, as data beside the
// targets: a new format is one entry here and its tests. Facts come from
// each agent's documentation and source (SPEC section 5a).

// agentPluginsSchema is the $schema that makes a plugin.json an Agent
// Plugins 1.0 manifest.
const agentPluginsSchema = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json"

// Keys every plugin manifest format shares: metadata the agents show.
var pluginMeta = map[string]JSONType{
	"$schema": TString, "name": TString, "version": TString, "description": TString,
	"author": TObject | TString, "homepage": TString, "repository": TString | TObject,
	"license": TString, "keywords": TArray,
}

func withMeta(extra map[string]JSONType) map[string]JSONType {
	m := make(map[string]JSONType, len(pluginMeta)+len(extra))
	for k, v := range pluginMeta {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// Names a reader accepts for a plugin.
var (
	codexPluginName  = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	cursorPluginName = regexp.MustCompile(`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`)
	agentPluginName  = regexp.MustCompile(`^[a-z0-9.-]{1,64}$`)
)

// claudePaths: "./" and a path below the plugin root, or "." alone;
// claude-code refuses a plugin whose component path breaks this.
var claudePaths = PathRule{DotSlash: true, Dot: true, Severity: Error, Consequence: "refuses the plugin"}

// codexPluginSchema is how Codex judges a plugin manifest: its own, and
// another agent's it reads in its place.
var codexPluginSchema = ManifestSchema{
	Fields: withMeta(map[string]JSONType{
		// A list of skill folders and "strict" are what Codex
		// itself writes into its copy of a plugin a marketplace
		// entry defines (strict: false, a "skills" list).
		"skills": TString | TArray, "hooks": TString | TObject, "mcpServers": TString | TObject,
		"apps": TString | TObject, "interface": TObject, "strict": TBool,
	}),
	Required: []string{"name"},
	BadType:  Error,
	Unknown:  Warning,
	Name:     codexPluginName, NameWhat: "only ASCII letters, digits, _ and -",
	PathItems: TString,
}

// codexForeignSchema is how Codex judges another agent's manifest it reads
// in place of its own: as its own, the other agent's keys passed over
// unsaid.
var codexForeignSchema = func() ManifestSchema {
	s := codexPluginSchema
	s.Unknown = 0
	return s
}()

// PluginFormats is every plugin manifest format, most specific first.
var PluginFormats = []*PluginFormat{
	{
		ID:        "claude-code-plugin",
		Title:     "Claude Code plugin",
		Manifests: []string{".claude-plugin/plugin.json"},
		Readers: []FormatReader{
			{Target: "claude-code", Order: 1, Optional: true},
			{Target: "codex", Order: 3, OwnScan: true},
			{Target: "copilot", Order: 4},
		},
		Schema: ManifestSchema{
			Fields: withMeta(map[string]JSONType{
				"commands": TString | TArray, "agents": TString | TArray, "skills": TString | TArray,
				"hooks": TString | TArray | TObject, "mcpServers": TString | TArray | TObject,
				"outputStyles": TString | TArray, "lspServers": TString | TArray | TObject,
				"userConfig": TObject, "channels": TArray, "dependencies": TArray | TObject,
				"settings": TString | TObject, "monitors": TString | TArray,
			}),
			Required:  []string{"name"},
			BadType:   Error,
			Unknown:   Warning,
			PathItems: TString, // skills given as objects: claude-code refuses the plugin
		},
		Skills: SkillsLayout{Dir: "skills", Field: "skills", Depth: 1, EntryIsSkill: true, RootSkill: true, Paths: claudePaths},
	},
	{
		ID:        "codex-plugin",
		Title:     "Codex plugin",
		Manifests: []string{".codex-plugin/plugin.json"},
		Readers:   []FormatReader{{Target: "codex", Order: 2}},
		Schema:    codexPluginSchema,
		Skills: SkillsLayout{Dir: "skills", Field: "skills", Replaces: true, Depth: 6, MaxDirs: 2000, SkipHidden: true, EntryIsSkill: true,
			Paths: PathRule{DotSlash: true, NotRoot: true, Severity: Warning, Consequence: "ignores the path"}},
	},
	{
		ID:        "agent-plugins",
		Title:     "Agent Plugins 1.0",
		Manifests: []string{"plugin.json"},
		Schema: ManifestSchema{
			Fields:   withMeta(map[string]JSONType{"mcpServers": TString | TObject}),
			Required: []string{"name"},
			Closed:   true,
			BadType:  Error,
			Unknown:  Error,
			Name:     agentPluginName, NameWhat: "1 to 64 of a-z, 0-9, - and .",
			Marker: agentPluginsSchema,
		},
		Readers: []FormatReader{{Target: "codex", Order: 1}, {Target: "copilot", Order: 2}, {Target: "cursor", Order: 2}},
		Skills:  SkillsLayout{Dir: "skills", Depth: 1},
	},
	{
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
	},
	{
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
	},
	{
		ID:        "gemini-extension",
		Title:     "Gemini extension",
		Manifests: []string{"gemini-extension.json"},
		Readers:   []FormatReader{{Target: "gemini", Order: 1}},
		Schema: ManifestSchema{
			Fields: withMeta(map[string]JSONType{
				"contextFileName": TString | TArray, "mcpServers": TObject, "excludeTools": TArray,
				"settings": TArray, "themes": TArray, "plan": TObject, "migratedTo": TString,
			}),
			Required: []string{"name", "version"},
			BadType:  Error,
			Unknown:  Warning,
		},
		Skills: SkillsLayout{Dir: "skills", Depth: 1, DirIsSkill: true, Requires: []string{"name", "description"}},
	},
}

// Marketplace keys claude-code knows beyond a plugin entry's plugin.json
// fields.
var claudeEntry = map[string]JSONType{"source": TString | TObject, "strict": TBool, "category": TString, "tags": TArray}

// MarketplaceFormats is every marketplace manifest format.
var MarketplaceFormats = []*MarketplaceFormat{
	{
		ID:        "claude-code-marketplace",
		Title:     "Claude Code marketplace",
		Manifests: []string{".claude-plugin/marketplace.json"},
		Readers:   []FormatReader{{Target: "claude-code", Order: 1}, {Target: "codex", Order: 2}, {Target: "copilot", Order: 4}},
		Fields: map[string]JSONType{"$schema": TString, "name": TString, "owner": TObject, "metadata": TObject,
			"plugins": TArray, "description": TString, "version": TString},
		Required: []string{"name", "owner", "plugins"},
		Entry:    withClaudeComponents(claudeEntry),
		Sources:  SourceRule{DotSlash: true, PluginRoot: true, EntryDefines: []string{"claude-code"}},
		Reserved: []string{"claude-code-marketplace", "claude-code-plugins", "claude-plugins-official",
			"anthropic-marketplace", "anthropic-plugins", "agent-skills", "knowledge-work-plugins", "life-sciences"},
		Name: regexp.MustCompile(`^[^\s/:]+$`), NameWhat: "no spaces, / or :",
	},
	{
		ID:        "codex-marketplace",
		Title:     "Codex marketplace",
		Manifests: []string{".agents/plugins/marketplace.json"},
		Readers:   []FormatReader{{Target: "codex", Order: 1}},
		Fields:    map[string]JSONType{"$schema": TString, "name": TString, "interface": TObject, "plugins": TArray, "owner": TObject, "metadata": TObject},
		Required:  []string{"name", "plugins"},
		Entry: map[string]JSONType{"name": TString, "source": TString | TObject, "policy": TObject,
			"category": TString, "description": TString, "version": TString},
		Sources: SourceRule{DotSlash: true, LocalObject: "local", NameMustMatch: true},
		Name:    codexPluginName, NameWhat: "only ASCII letters, digits, _ and -",
	},
	{
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
	},
	{
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
	},
}

// withClaudeComponents adds the component keys of a claude-code plugin.json
// to m: a marketplace entry may carry any of them.
func withClaudeComponents(m map[string]JSONType) map[string]JSONType {
	out := map[string]JSONType{}
	for k, v := range PluginFormats[0].Schema.Fields {
		out[k] = v
	}
	for k, v := range m {
		out[k] = v
	}
	return out
}
