package claudecode

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Target is Claude Code (@anthropic-ai/claude-code 2.1.328):
// closed source, so facts come from its documentation, its issues and
// probes of the released binary (testdata/conformance/notes/claude-code.md,
// probes/claude-code).
//
//   - roots: ~/.claude/skills, then .claude/skills up to the git root or
//     the home; personal skills win
//   - scan: one level down, one link a file followed
//   - YAML: readClaude (reader.go): Bun.YAML, then values
//     quoted, then no fields; every problem read past
//   - name: the folder's (claudeBadName); collisions in scan order
//     (claudeScanOrder, claudeOrder)
//   - catalog: catalog.go, whole lines within ClaudeBudget
//     chars, then names only
//   - packages: claude-code-plugin and claude-code-marketplace, below, and
//     the plugin names `claude plugin validate` refuses
//     (claudeReservedPlugin)
//   - installed plugins: claudeInstalled (installed.go), from
//     ~/.claude/plugins and the settings' enabledPlugins
var Target = &loader.Target{
	// Claude Code (closed source): its YAML reader types scalars —
	// `name: true` is a boolean that breaks the slash-command picker
	// (anthropics/claude-code#42809), a list description crashes the
	// listing (#16754, #17604) — but the skill still loads, so these are
	// warnings. Fences with trailing spaces: not verified, taken as
	// accepted.
	ID:    "claude-code",
	Title: "Claude Code",
	// Personal skills win over project skills.
	Roots:       []loader.RootSpec{loader.Home(".claude/skills"), loader.Above(".claude/skills", loader.UpToGitOrHome)},
	Scan:        loader.Scan{OneLinkPerFile: true, Order: ClaudeScanOrder},
	Name:        loader.NameRule{Identity: loader.DirName},
	Description: loader.DescriptionRule{Recommended: true, ListingMax: 1536, ListingExtra: "when_to_use", FromBody: loader.FirstLine},
	Fields: loader.WithSpec(map[string]loader.FieldSpec{
		"when_to_use":              {Type: loader.StringType},
		"argument-hint":            {Type: loader.StringType},
		"arguments":                {Type: loader.AnyType},
		"disable-model-invocation": {Type: loader.BoolType},
		"user-invocable":           {Type: loader.BoolType},
		"disallowed-tools":         {Type: loader.StringOrListType},
		"allowed-tools":            {Type: loader.StringOrListType},
		"model":                    {Type: loader.StringType},
		"effort":                   {Type: loader.StringType, Enum: []string{"low", "medium", "high", "xhigh", "max"}},
		"context":                  {Type: loader.StringType, Enum: []string{"fork"}},
		"agent":                    {Type: loader.StringType},
		"background":               {Type: loader.BoolType},
		"hooks":                    {Type: loader.AnyType},
		"paths":                    {Type: loader.StringOrListType},
		"shell":                    {Type: loader.StringType, Enum: []string{"bash", "powershell"}},
	}),
	HiddenFlag:   "disable-model-invocation",
	BoolWords:    loader.Bool11,
	ReservedDirs: []string{"synced"},
	// Files over 1,000,000 bytes are skipped; every frontmatter
	// problem is read past (Bun.YAML, then values quoted, then no
	// fields and the description from the body): Reading.Own is
	// readClaude (reader.go).
	MaxFileBytes: 1000000,
	Fences:       loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:      loader.CatalogClaude,
	Plugins:      loader.PluginNaming{Namespace: true},
	// Replaced in the text of every skill it loads, the plugin's
	// folders only in a plugin's skills.
	Variables: []loader.SkillVariable{
		{Name: "CLAUDE_SKILL_DIR", Value: loader.SkillFolder},
		{Name: "CLAUDE_PROJECT_DIR", Value: loader.ProjectFolder},
		{Name: "CLAUDE_SESSION_ID", Value: loader.SessionText},
		{Name: "CLAUDE_PLUGIN_ROOT", Value: loader.PluginRoot, PluginOnly: true},
		{Name: "CLAUDE_PLUGIN_DATA", Value: loader.PluginData, PluginOnly: true},
	},
	// Its own judgement of plugin names and manifest variables
	// (manifest.go).
	Packages: manifestChecks,
	Verified: loader.Verified{Package: "@anthropic-ai/claude-code", Version: "2.1.328"},
	// 30,000 chars of whole lines by default; past them skills are
	// listed by name only (catalog.go).
	Fit: loader.CatalogFit{Model: loader.FitClaude, Limit: ClaudeBudget},
}

// Set at init, as readClaude reaches the Targets table through parseYAML.
func init() {
	t := Target
	t.Reading.Own = readClaude
	t.Unlisted = func(meta *syntax.Value) bool { return conditional(meta.Field("paths")) }
	t.PackageUnlisted = func(meta *syntax.Value) bool {
		_, desc := claudeField(meta, "description")
		_, when := claudeField(meta, "when_to_use")
		return !desc && !when
	}
}

// Plugin is the plugin format Claude Code defines; Codex and
// Copilot read it too.
var Plugin = &loader.PluginFormat{
	ID:        "claude-code-plugin",
	Title:     "Claude Code plugin",
	Manifests: []string{".claude-plugin/plugin.json"},
	Readers: []loader.FormatReader{
		{Target: "claude-code", Order: 1, Optional: true},
		{Target: "codex", Order: 3, OwnScan: true},
		{Target: "copilot", Order: 4},
	},
	Schema: loader.ManifestSchema{
		Fields: loader.WithMeta(map[string]loader.JSONType{
			"commands": loader.TString | loader.TArray, "agents": loader.TString | loader.TArray, "skills": loader.TString | loader.TArray,
			"hooks": loader.TString | loader.TArray | loader.TObject, "mcpServers": loader.TString | loader.TArray | loader.TObject,
			"outputStyles": loader.TString | loader.TArray, "lspServers": loader.TString | loader.TArray | loader.TObject,
			"userConfig": loader.TObject, "channels": loader.TArray, "dependencies": loader.TArray | loader.TObject,
			"settings": loader.TString | loader.TObject, "monitors": loader.TString | loader.TArray,
		}),
		Required:  []string{"name"},
		BadType:   loader.Error,
		Unknown:   loader.Warning,
		PathItems: loader.TString, // skills given as objects: claude-code refuses the plugin
	},
	Skills: loader.SkillsLayout{Dir: "skills", Field: "skills", Depth: 1, EntryIsSkill: true, RootSkill: true, Paths: claudePaths},
}

// Marketplace is the marketplace format Claude Code
// defines; Codex and Copilot read it too.
var Marketplace = &loader.MarketplaceFormat{
	ID:        "claude-code-marketplace",
	Title:     "Claude Code marketplace",
	Manifests: []string{".claude-plugin/marketplace.json"},
	Readers:   []loader.FormatReader{{Target: "claude-code", Order: 1}, {Target: "codex", Order: 2}, {Target: "copilot", Order: 4}},
	Fields: map[string]loader.JSONType{"$schema": loader.TString, "name": loader.TString, "owner": loader.TObject, "metadata": loader.TObject,
		"plugins": loader.TArray, "description": loader.TString, "version": loader.TString},
	Required: []string{"name", "owner", "plugins"},
	Entry:    WithComponents(MarketplaceEntry),
	Sources:  loader.SourceRule{DotSlash: true, PluginRoot: true, EntryDefines: []string{"claude-code"}},
	Reserved: []string{"claude-code-marketplace", "claude-code-plugins", "claude-plugins-official",
		"anthropic-marketplace", "anthropic-plugins", "agent-skills", "knowledge-work-plugins", "life-sciences"},
	Name: regexp.MustCompile(`^[^\s/:]+$`), NameWhat: "no spaces, / or :",
}

// claudePaths: "./" and a path below the plugin root, or "." alone;
// claude-code refuses a plugin whose component path breaks this.
var claudePaths = loader.PathRule{DotSlash: true, Dot: true, Severity: loader.Error, Consequence: "refuses the plugin"}

// Marketplace keys claude-code knows beyond a plugin entry's plugin.json
// fields.
var MarketplaceEntry = map[string]loader.JSONType{"source": loader.TString | loader.TObject, "strict": loader.TBool, "category": loader.TString, "tags": loader.TArray}

// withClaudeComponents adds the component keys of a claude-code plugin.json
// to m: a marketplace entry may carry any of them.
func WithComponents(m map[string]loader.JSONType) map[string]loader.JSONType {
	out := map[string]loader.JSONType{}
	for k, v := range Plugin.Schema.Fields {
		out[k] = v
	}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ClaudeBudget is Claude Code's default listing budget: the default
// model's context window in tokens × 4 chars × 0.01, 30,000 columns
// ("163 skills, 52258 chars > 30000 budget" in its debug log).
// SLASH_COMMAND_TOOL_CHAR_BUDGET or skillListingBudgetFraction in settings
// set another; a 200k-token model (--model claude-sonnet-4-5) has 8,000.
const ClaudeBudget = 30000
