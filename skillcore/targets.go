package skillcore

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// The fields of the open specification, known to every strict loader.
var specFields = map[string]FieldSpec{
	"license":       {Type: StringType},
	"compatibility": {Type: StringType, Max: 500},
	"metadata":      {Type: StringMapType},
	"allowed-tools": {Type: SpaceSeparatedType},
}

// validatedSpecFields are specFields where a validator refuses a
// compatibility that is not a string (skills-ref, Anthropic's validator).
var validatedSpecFields = withSpec(map[string]FieldSpec{
	"compatibility": {Type: StringType, Max: 500, Fatal: true},
})

func withSpec(extra map[string]FieldSpec) map[string]FieldSpec {
	m := make(map[string]FieldSpec, len(specFields)+len(extra))
	for k, v := range specFields {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var bool11 = map[string]bool{"yes": true, "no": false, "on": true, "off": false, "1": true, "0": false}

func project(p string) RootSpec { return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject} }
func home(p string) RootSpec    { return RootSpec{Base: BaseHome, Path: p, Scope: ScopeGlobal} }

// above is a project root the agent also reads in the folders above the
// project, as up says.
func above(p string, up Ancestry) RootSpec {
	return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject, Up: up}
}

var children = Scan{}

// Targets is every agent skill-ls knows, agentskills first. Facts come from
// each agent's public source or documentation (SPEC section 4); the comment
// on each says where its reading of the YAML and of the fences was read.
var Targets = []*Target{
	{
		// skills-ref (agentskills/agentskills, skills-ref/src/skills_ref):
		// parser.py tests content.startswith("---") and splits on the next
		// "---" anywhere, so spaces after either fence do not matter; it
		// reads the YAML with strictyaml, where every scalar is a string and
		// flow style, anchors and tags are refused. validator.py strips the
		// name and takes its NFKC form before every check.
		ID:       "agentskills",
		Verified: Verified{Source: "skills-ref source (agentskills/agentskills)"},
		Title:    "Agent Skills spec (skills-ref)",
		Roots:    []RootSpec{project(".agents/skills"), home(".agents/skills")},
		Scan:     children,
		Name: NameRule{Required: true, Max: 64, Charset: SpecChars, StrictHyphens: true,
			MatchDir: true, Trim: true, NFKC: true, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024},
		Fields:        validatedSpecFields,
		RejectUnknown: true,
		Reading:       Reading{ScalarText: true, Strict: true},
		Fences:        Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:       CatalogXMLLines,
	},
	{
		// Zed (crates/agent_skills/agent_skills.rs): serde_yaml_ng into a
		// struct of String name and description, which takes any scalar as
		// its text, and a bool disable-model-invocation, which refuses
		// anything but true/false. The opening "---" may have spaces after
		// it (a YAML document marker); a closing line must be exactly "---".
		ID:            "zed",
		Verified:      Verified{Source: "source (zed-industries/zed, crates/agent_skills)"},
		Title:         "Zed",
		Roots:         []RootSpec{project(".agents/skills"), home(".agents/skills")},
		Scan:          children,
		Name:          NameRule{Required: true, Max: 64, Unit: Bytes, Charset: ASCIIChars, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024, Unit: Bytes},
		Fields:        withSpec(map[string]FieldSpec{"disable-model-invocation": {Type: BoolType, Fatal: true}}),
		MaxFileBytes:  100 << 10,
		CatalogBudget: 50 << 10,
		HiddenFlag:    "disable-model-invocation",
		Reading:       Reading{ScalarText: true, StructFatal: true},
		Fences:        Fences{OpenSpaces: true},
		Catalog:       CatalogXML,
	},
	{
		// Codex (codex-rs/core-skills/src/loader.rs): fences are lines whose
		// trim() is "---"; serde_yaml into Option<String> name and
		// description (any scalar is text) and a metadata struct, so a
		// metadata that is not a map, or a short-description that is not
		// a scalar, fails the whole skill.
		ID:    "codex",
		Title: "Codex",
		Roots: []RootSpec{
			above(".codex/skills", UpToGit), above(".agents/skills", UpToGit),
			{Base: BaseEnv, Env: "CODEX_HOME", Under: ".codex", Path: "skills", Scope: ScopeGlobal},
			home(".agents/skills"),
			{Base: BaseAbsolute, Path: "/etc/codex/skills", Scope: ScopeGlobal},
		},
		// Breadth-first in name order, dot-entries pruned, folder links
		// followed (a SKILL.md link is not), a folder with a tab or line
		// break in its name not entered; per root at most 2,000 folders
		// (the root counted) and 20,000 entries, then "skills scan reached
		// its traversal limit".
		Scan: Scan{Recursive: true, MaxDepth: 6, MaxDirs: 2000, MaxEntries: 20000, SkipHidden: true, FollowSymlinks: true, RootFile: true,
			SkipFileLinks: true, URLNames: true},
		// Nothing is deduplicated by name: every skill of a shared name
		// loads and is listed.
		Name: NameRule{Max: 64, CollapseSpace: true, Identity: NameOrDir, KeepAll: true},
		// No length limit at load (100,000 chars load); the catalog cuts
		// a description over 1,024 chars.
		Description: DescriptionRule{Required: true, CollapseSpace: true, Short: true},
		Fields:      map[string]FieldSpec{"metadata": {Type: MapType, Fatal: true}},
		// Its own fences, serde struct and one repair (a plain value
		// holding ": ", or starting with one of [{@`, single-quoted and
		// the YAML read again): Own is readCodex, set in reader_codex.go.
		Reading:  Reading{ScalarText: true, StructFatal: true},
		Fences:   Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:  CatalogCodex,
		Plugins:  PluginNaming{Namespace: true, QualifiedMax: 128},
		Verified: Verified{Package: "@openai/codex", Version: "0.169.0"},
		// 5,440 tokens (ceil(bytes/4) a line) by default: descriptions cut
		// round-robin, then removed, then skills dropped (render_codex.go).
		Fit: CatalogFit{Model: FitCodex, Limit: CodexBudget},
	},
	{
		// Claude Code (closed source): its YAML reader types scalars —
		// `name: true` is a boolean that breaks the slash-command picker
		// (anthropics/claude-code#42809), a list description crashes the
		// listing (#16754, #17604) — but the skill still loads, so these are
		// warnings. Fences with trailing spaces: not verified, taken as
		// accepted.
		ID:    "claude-code",
		Title: "Claude Code",
		// Personal skills win over project skills.
		Roots:       []RootSpec{home(".claude/skills"), above(".claude/skills", UpToGitOrHome)},
		Scan:        Scan{OneLinkPerFile: true},
		Name:        NameRule{Identity: DirName},
		Description: DescriptionRule{Recommended: true, ListingMax: 1536, ListingExtra: "when_to_use", FromBody: FirstLine},
		Fields: withSpec(map[string]FieldSpec{
			"when_to_use":              {Type: StringType},
			"argument-hint":            {Type: StringType},
			"arguments":                {Type: AnyType},
			"disable-model-invocation": {Type: BoolType},
			"user-invocable":           {Type: BoolType},
			"disallowed-tools":         {Type: StringOrListType},
			"allowed-tools":            {Type: StringOrListType},
			"model":                    {Type: StringType},
			"effort":                   {Type: StringType, Enum: []string{"low", "medium", "high", "xhigh", "max"}},
			"context":                  {Type: StringType, Enum: []string{"fork"}},
			"agent":                    {Type: StringType},
			"background":               {Type: BoolType},
			"hooks":                    {Type: AnyType},
			"paths":                    {Type: StringOrListType},
			"shell":                    {Type: StringType, Enum: []string{"bash", "powershell"}},
		}),
		HiddenFlag:   "disable-model-invocation",
		BoolWords:    bool11,
		ReservedDirs: []string{"synced"},
		// Files over 1,000,000 bytes are skipped; every frontmatter
		// problem is read past (Bun.YAML, then values quoted, then no
		// fields and the description from the body): Reading.Own is
		// readClaude (reader_claude.go).
		MaxFileBytes: 1000000,
		Fences:       Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:      CatalogClaude,
		Plugins:      PluginNaming{Namespace: true},
		// Replaced in the text of every skill it loads, the plugin's
		// folders only in a plugin's skills.
		Variables: []SkillVariable{
			{Name: "CLAUDE_SKILL_DIR", Value: SkillFolder},
			{Name: "CLAUDE_PROJECT_DIR", Value: ProjectFolder},
			{Name: "CLAUDE_SESSION_ID", Value: SessionText},
			{Name: "CLAUDE_PLUGIN_ROOT", Value: PluginRoot, PluginOnly: true},
			{Name: "CLAUDE_PLUGIN_DATA", Value: PluginData, PluginOnly: true},
		},
		Verified: Verified{Package: "@anthropic-ai/claude-code", Version: "2.1.328"},
		// 30,000 chars of whole lines by default; past them skills are
		// listed by name only (render_claude.go).
		Fit: CatalogFit{Model: FitClaude, Limit: ClaudeBudget},
	},
	{
		// The upload API (server side, not public). Anthropic's own
		// validator (anthropics/skills, skill-creator/scripts/
		// quick_validate.py) reads with yaml.safe_load, wants name,
		// description and compatibility to be str, strips the name, and
		// matches ^---\n(.*?)\n--- (the opening line exactly "---").
		ID:       "claude-api",
		Verified: Verified{Source: "documentation and anthropics/skills quick_validate.py"},
		Title:    "Claude API (skill upload)",
		Name: NameRule{Required: true, Max: 64, Charset: ASCIIChars, NoXML: true, Trim: true,
			Reserved: []string{"anthropic", "claude"}, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024, NoXML: true},
		Fields:        validatedSpecFields,
		RejectUnknown: true,
		MaxFileBytes:  30 << 20,
		Fences:        Fences{CloseSpaces: true},
		UploadOnly:    true,
	},
	{
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
		// first that does not fit (render_copilot.go).
		CatalogBudget: 15000,
		Verified:      Verified{Package: "@github/copilot", Version: "1.0.102"},
	},
	{
		// Gemini CLI 0.61.0 (packages/core/src/skills/skillLoader.ts,
		// probed): name and description are required and skills without
		// them are skipped silently; js-yaml, and on a YAML error a line
		// parser that takes each "key: value" as written; :\/<>*?"| in a
		// name become "-"; dot-folders are skipped and a SKILL.md directly
		// in a root loads; names compare case-sensitively, the later root
		// winning.
		ID:    "gemini",
		Title: "Gemini CLI",
		// Later roots win: workspace over user, .agents over .gemini.
		Roots: []RootSpec{
			project(".agents/skills"), project(".gemini/skills"),
			home(".agents/skills"), home(".gemini/skills"),
		},
		// Project roots are read only in a folder the user trusts
		// (~/.gemini/trustedFolders.json, GEMINI_CLI_TRUST_WORKSPACE):
		// skill-ls cannot know that, and takes the project as trusted.
		// Only the working folder's roots, none of its parents'.
		Scan: Scan{SkipHidden: true, RootFile: true, FollowSymlinks: true, SkipNames: []string{"node_modules"},
			FirstFolderWins: true},
		// A name or description line is all it needs (reader_gemini.go):
		// empty and blank values load.
		Name:        NameRule{Identity: DeclaredName, Sanitize: `:\/<>*?"|`, Empty: true},
		Description: DescriptionRule{},
		Fields:      withSpec(nil),
		Reading:     Reading{ScalarText: true}, // Own: reader_gemini.go
		Fences:      Fences{CloseSpaces: true},
		Catalog:     CatalogXMLRaw,
		Plugins:     PluginNaming{Sanitize: `:\/<>*?"|`},
		Verified:    Verified{Package: "@google/gemini-cli", Version: "0.61.0"},
	},
	{
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
	},
	{
		// tiny-coding-agent (jellydn/tiny-coding-agent, src/skills/
		// parser.ts): fences are lines whose trim() is "---"; the yaml
		// package types scalars and typeof must be "string" for name and
		// description; the name must match ^[a-z0-9]+(-[a-z0-9]+)*$ (ASCII),
		// untrimmed; metadata is passed through unchecked.
		ID:       "tiny-agent",
		Verified: Verified{Source: "source (jellydn/tiny-coding-agent)"},
		Title:    "tiny-coding-agent",
		Roots:    []RootSpec{project(".skills"), home(".tiny-agent/skills")},
		Scan:     children,
		Name: NameRule{Required: true, Max: 64, Charset: ASCIIChars, StrictHyphens: true,
			Identity: DeclaredName},
		Description: DescriptionRule{Required: true, Max: 1024},
		Fields:      specFields,
		Fences:      Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:     CatalogXMLInline,
	},
	{
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
	},
	{
		// OpenCode 1.18.33 (probed; testdata/conformance/probes/opencode,
		// notes/opencode.md): gray-matter and js-yaml, and a repair of
		// "key: a: b" lines (readOpenCode). A name that is a string, any
		// string, and a description that is a string or absent, else the
		// skill is dropped silently; a skill without a description loads
		// but is not listed. Roots are searched at any depth for SKILL.md,
		// links followed, dot-folders read under .claude and .agents (but
		// skipped under .opencode: not modelled). Not modelled either:
		// the project roots of every folder up to the git root.
		ID:    "opencode",
		Title: "OpenCode",
		// Every file is parsed at once and the last parse to finish wins
		// a shared name: a race. The roots started last (.opencode, then
		// .agents and .claude; the project's over the home's) usually win.
		Roots: []RootSpec{
			above(".opencode/skills", UpToGit), above(".opencode/skill", UpToGit),
			above(".agents/skills", UpToGit), above(".claude/skills", UpToGit),
			home(".opencode/skills"), home(".opencode/skill"),
			{Base: BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skills", Scope: ScopeGlobal},
			{Base: BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skill", Scope: ScopeGlobal},
			home(".agents/skills"), home(".claude/skills"),
		},
		Scan: Scan{Recursive: true, MaxDepth: 1 << 16, RootFile: true, FollowSymlinks: true},
		// The name is checked by readOpenCode: a string, blank or not.
		Name:        NameRule{Identity: DeclaredName},
		Description: DescriptionRule{TypeFatal: true},
		// Own is readOpenCode, set in reader_opencode.go.
		Fences:   Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:  CatalogOpenCode,
		Unlisted: func(meta *syntax.Value) bool { return meta.Field("description") == nil },
		Verified: Verified{Package: "opencode-ai", Version: "1.18.33"},
	},
	{
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
		Roots: []RootSpec{
			project(".qwen/skills"), project(".agents/skills"),
			{Base: BaseEnv, Env: "QWEN_HOME", Under: ".qwen", Path: "skills", Scope: ScopeGlobal},
			home(".agents/skills"),
		},
		Scan: Scan{FollowSymlinks: true},
		Name: NameRule{Required: true, Identity: DeclaredName,
			Pattern:     regexp.MustCompile(`^[\p{L}\p{N}_:.-]+$`),
			PatternText: `letters, digits, "_", ":", "." and "-"`},
		Description: DescriptionRule{Required: true},
		Fields: map[string]FieldSpec{
			"model":                    {Type: StringType},
			"paths":                    {Type: StringOrListType},
			"allowedTools":             {Type: StringOrListType},
			"argument-hint":            {Type: StringType},
			"when_to_use":              {Type: StringType},
			"disable-model-invocation": {Type: BoolType},
			"user-invocable":           {Type: BoolType},
			"priority":                 {Type: AnyType},
			"hooks":                    {Type: MapType},
		},
		HiddenFlag: "disable-model-invocation",
		BoolWords:  map[string]bool{"true": true},
		// Own is readQwen and Unlisted qwenUnlisted, set in reader_qwen.go.
		Reading:  Reading{ScalarText: true},
		Catalog:  CatalogQwen,
		Verified: Verified{Package: "@qwen-code/qwen-code", Version: "0.24.4"},
	},
}
