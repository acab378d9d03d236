package skillcore

// The fields of the open specification, known to every strict loader.
var specFields = map[string]FieldSpec{
	"license":       {Type: StringType},
	"compatibility": {Type: StringType, Max: 500},
	"metadata":      {Type: StringMapType},
	"allowed-tools": {Type: SpaceSeparatedType},
}

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

var children = Scan{}

// Targets is every agent skill-ls knows, agentskills first. Facts come from
// each agent's public source or documentation (SPEC section 4).
var Targets = []*Target{
	{
		ID:    "agentskills",
		Title: "Agent Skills spec (skills-ref)",
		Roots: []RootSpec{project(".agents/skills"), home(".agents/skills")},
		Scan:  children,
		Name: NameRule{Required: true, Max: 64, Charset: SpecChars, StrictHyphens: true,
			MatchDir: true, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024},
		Fields:        specFields,
		RejectUnknown: true,
		Catalog:       CatalogXMLLines,
	},
	{
		ID:            "zed",
		Title:         "Zed",
		Roots:         []RootSpec{project(".agents/skills"), home(".agents/skills")},
		Scan:          children,
		Name:          NameRule{Required: true, Max: 64, Unit: Bytes, Charset: ASCIIChars, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024, Unit: Bytes},
		Fields:        withSpec(map[string]FieldSpec{"disable-model-invocation": {Type: BoolType}}),
		MaxFileBytes:  100 << 10,
		CatalogBudget: 50 << 10,
		HiddenFlag:    "disable-model-invocation",
		Catalog:       CatalogXML,
	},
	{
		ID:    "codex",
		Title: "Codex",
		Roots: []RootSpec{
			project(".codex/skills"), project(".agents/skills"),
			{Base: BaseEnv, Env: "CODEX_HOME", Under: ".codex", Path: "skills", Scope: ScopeGlobal},
			home(".agents/skills"),
			{Base: BaseAbsolute, Path: "/etc/codex/skills", Scope: ScopeGlobal},
		},
		Scan:          Scan{Recursive: true, MaxDepth: 6, MaxDirs: 2000, SkipHidden: true},
		Name:          NameRule{Max: 64, CollapseSpace: true, Identity: NameOrDir},
		Description:   DescriptionRule{Required: true, Max: 1024, CollapseSpace: true},
		Fields:        map[string]FieldSpec{"metadata": {Type: StringMapType}},
		MetadataFatal: true,
		Catalog:       CatalogCodex,
		Plugins:       PluginNaming{Namespace: true, QualifiedMax: 128},
	},
	{
		ID:    "claude-code",
		Title: "Claude Code",
		// Personal skills win over project skills.
		Roots:       []RootSpec{home(".claude/skills"), project(".claude/skills")},
		Scan:        children,
		Name:        NameRule{Identity: DirName},
		Description: DescriptionRule{Recommended: true, ListingMax: 1536, ListingExtra: "when_to_use"},
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
		Catalog:      CatalogClaude,
		Plugins:      PluginNaming{Namespace: true},
	},
	{
		ID:    "claude-api",
		Title: "Claude API (skill upload)",
		Name: NameRule{Required: true, Max: 64, Charset: ASCIIChars, NoXML: true,
			Reserved: []string{"anthropic", "claude"}, Identity: DeclaredName},
		Description:   DescriptionRule{Required: true, Max: 1024, NoXML: true},
		Fields:        specFields,
		RejectUnknown: true,
		MaxFileBytes:  30 << 20,
		UploadOnly:    true,
	},
	{
		ID:    "copilot",
		Title: "GitHub Copilot",
		Roots: []RootSpec{
			project(".github/skills"), project(".claude/skills"), project(".agents/skills"),
			home(".copilot/skills"), home(".claude/skills"), home(".agents/skills"),
		},
		Scan:        children,
		Name:        NameRule{Required: true, Max: 64, Charset: ASCIIChars, MatchDir: true, Identity: DeclaredName},
		Description: DescriptionRule{Required: true, Max: 1024},
		Fields: withSpec(map[string]FieldSpec{
			"argument-hint":            {Type: StringType},
			"user-invocable":           {Type: BoolType},
			"disable-model-invocation": {Type: BoolType},
		}),
		HiddenFlag: "disable-model-invocation",
		Catalog:    CatalogCopilot,
	},
	{
		ID:    "gemini",
		Title: "Gemini CLI",
		// Later roots win: workspace over user, .agents over .gemini.
		Roots: []RootSpec{
			project(".agents/skills"), project(".gemini/skills"),
			home(".agents/skills"), home(".gemini/skills"),
		},
		Scan:        children,
		Name:        NameRule{Identity: NameOrDir, FoldCase: true},
		Description: DescriptionRule{},
		Fields:      withSpec(nil),
		Catalog:     CatalogXMLRaw,
		Plugins:     PluginNaming{Sanitize: `:\/<>*?"|`},
	},
	{
		ID:    "cursor",
		Title: "Cursor",
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
	},
	{
		ID:    "tiny-agent",
		Title: "tiny-coding-agent",
		Roots: []RootSpec{project(".skills"), home(".tiny-agent/skills")},
		Scan:  children,
		Name: NameRule{Required: true, Max: 64, Charset: SpecChars, StrictHyphens: true,
			Identity: DeclaredName},
		Description: DescriptionRule{Required: true, Max: 1024},
		Fields:      specFields,
		Catalog:     CatalogXMLInline,
	},
	{
		ID:    "zot",
		Title: "zot",
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
		Catalog: CatalogZot,
	},
}
