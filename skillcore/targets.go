package skillcore

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
		ID:    "agentskills",
		Title: "Agent Skills spec (skills-ref)",
		Roots: []RootSpec{project(".agents/skills"), home(".agents/skills")},
		Scan:  children,
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
			project(".codex/skills"), project(".agents/skills"),
			{Base: BaseEnv, Env: "CODEX_HOME", Under: ".codex", Path: "skills", Scope: ScopeGlobal},
			home(".agents/skills"),
			{Base: BaseAbsolute, Path: "/etc/codex/skills", Scope: ScopeGlobal},
		},
		Scan:        Scan{Recursive: true, MaxDepth: 6, MaxDirs: 2000, SkipHidden: true},
		Name:        NameRule{Max: 64, CollapseSpace: true, Identity: NameOrDir},
		Description: DescriptionRule{Required: true, Max: 1024, CollapseSpace: true, ShortMax: 1024},
		Fields:      map[string]FieldSpec{"metadata": {Type: MapType, Fatal: true}},
		Reading:     Reading{ScalarText: true, StructFatal: true},
		Fences:      Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:     CatalogCodex,
		Plugins:     PluginNaming{Namespace: true, QualifiedMax: 128},
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
		Fences:       Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:      CatalogClaude,
		Plugins:      PluginNaming{Namespace: true},
	},
	{
		// The upload API (server side, not public). Anthropic's own
		// validator (anthropics/skills, skill-creator/scripts/
		// quick_validate.py) reads with yaml.safe_load, wants name,
		// description and compatibility to be str, strips the name, and
		// matches ^---\n(.*?)\n--- (the opening line exactly "---").
		ID:    "claude-api",
		Title: "Claude API (skill upload)",
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
		// GitHub Copilot in VS Code (promptFileParser.ts): fences match
		// ^---[\s\r\n]*$; VS Code's own YAML reader gives every scalar as
		// text (value.type 'scalar'), and the name must equal the folder
		// name as written, untrimmed.
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
		Reading:    Reading{ScalarText: true},
		Fences:     Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog:    CatalogCopilot,
	},
	{
		// Gemini CLI (packages/core/src/skills/skillLoader.ts): the regex
		// ^---\r?\n(...)\r?\n--- wants the opening line exactly "---" and
		// takes the first line starting "---" as the closing one; js-yaml
		// types scalars, but a name or description that is not a string
		// sends it to a line parser that takes the raw text.
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
		Reading:     Reading{ScalarText: true},
		Fences:      Fences{CloseSpaces: true},
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
		ID:    "tiny-agent",
		Title: "tiny-coding-agent",
		Roots: []RootSpec{project(".skills"), home(".tiny-agent/skills")},
		Scan:  children,
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
		Reading: Reading{ScalarText: true},
		Fences:  Fences{OpenSpaces: true, CloseSpaces: true},
		Catalog: CatalogZot,
	},
}
