package skillcore

// Target is one agent's loader described as data: where it looks, how it
// scans, what it accepts and how it lists skills for the model. Adding an
// agent is adding one Target to Targets.
type Target struct {
	ID    string
	Title string // how messages and hovers name the agent
	// Roots in precedence order: when two skills share a name, the one found
	// under the earlier root wins.
	Roots       []RootSpec
	Scan        Scan
	Name        NameRule
	Description DescriptionRule
	// Fields the agent knows; nil means it reads only name and description.
	Fields map[string]FieldSpec
	// RejectUnknown: a field outside Fields makes the agent refuse the skill.
	RejectUnknown bool
	// MaxFileBytes is the largest SKILL.md the agent reads (0: no limit).
	MaxFileBytes int
	// CatalogBudget caps the sum of name+description bytes in the catalog.
	CatalogBudget int
	// HiddenFlag names a boolean field that, when true, keeps the skill out
	// of the catalog.
	HiddenFlag string
	// BoolWords are extra spellings the agent accepts for booleans.
	BoolWords map[string]bool
	// ReservedDirs are directory names the agent keeps for itself.
	ReservedDirs []string
	// Reading is how the agent's YAML reader turns frontmatter into values.
	Reading Reading
	// Fences is which delimiter lines the agent accepts around the
	// frontmatter.
	Fences  Fences
	Catalog CatalogFormat
	// UploadOnly targets have no roots; they apply only when named.
	UploadOnly bool
	// Plugins is how the agent names the skills of a plugin it loads
	// (which formats it reads is in PluginFormats).
	Plugins PluginNaming
}

// Reading is how a loader reads the frontmatter's YAML.
type Reading struct {
	// ScalarText: every scalar is taken as its text (`name: 123` is the
	// name "123"), as strictyaml, serde's String, VS Code's YAML reader and
	// line-based readers do. Otherwise booleans, numbers, null and dates are
	// not strings, as for js-yaml, the yaml package and PyYAML.
	ScalarText bool
	// Strict is strictyaml: flow collections, anchors, aliases and explicit
	// tags are refused.
	Strict bool
	// StructFatal: name and description are read into a typed struct, so one
	// that is a list or a map fails the whole skill even where it is optional.
	StructFatal bool
}

// Fences says whether a loader still sees a delimiter line with spaces or
// tabs after its "---".
type Fences struct {
	OpenSpaces  bool
	CloseSpaces bool
}

// Scope says whose skill it is.
type Scope int

const (
	ScopeProject Scope = iota
	ScopeGlobal
	// ScopePackage: installed through a plugin or extension, below the
	// project's and the user's own skills.
	ScopePackage
	// ScopeInstalled: installed on the machine through a plugin or
	// extension an agent keeps under the home folder; global, below the
	// project's and the user's own skills.
	ScopeInstalled
)

func (s Scope) String() string {
	switch s {
	case ScopeGlobal:
		return "global"
	case ScopePackage:
		return "package"
	case ScopeInstalled:
		return "installed"
	}
	return "project"
}

// local reports whether a scope belongs to one project (its skills meet
// only that project's).
func (s Scope) local() bool { return s == ScopeProject || s == ScopePackage }

// Base is what a root's path is relative to.
type Base int

const (
	BaseProject  Base = iota // the project directory
	BaseHome                 // the user's home directory
	BaseEnv                  // an environment variable, else a default under home
	BaseAbsolute             // an absolute path
)

// RootSpec is a directory an agent scans, before it is resolved against a
// project and a home directory.
type RootSpec struct {
	Base  Base
	Path  string // relative to Base (for BaseEnv, to the variable's value)
	Env   string // for BaseEnv: the variable
	Under string // for BaseEnv: the default of the variable, under home
	Scope Scope
}

// Scan says how an agent walks a root.
type Scan struct {
	Recursive      bool // else only the root's direct children
	MaxDepth       int  // directories below the root, for recursive scans
	MaxDirs        int  // directories visited per root, for recursive scans
	SkipHidden     bool // skip entries whose name starts with "."
	FollowSymlinks bool
}

// Unit is how a length is counted.
type Unit int

const (
	Chars Unit = iota // Unicode code points
	Bytes
)

func (u Unit) String() string {
	if u == Bytes {
		return "bytes"
	}
	return "chars"
}

// Charset is the set of characters a target allows in a name.
type Charset int

const (
	AnyChars   Charset = iota
	SpecChars          // lowercase letters of any script, digits, "-"
	ASCIIChars         // [a-z0-9-]
)

// NameRule is how a target judges the name field.
type NameRule struct {
	Required      bool
	Max           int
	Unit          Unit
	Charset       Charset
	StrictHyphens bool // no leading, trailing or consecutive "-"
	MatchDir      bool // must equal the directory name (after NFKC)
	CollapseSpace bool // whitespace runs count as one space
	Trim          bool // surrounding whitespace is stripped before the checks
	// NFKC: the checks apply to the name's NFKC form, as skills-ref does.
	NFKC     bool
	Reserved []string
	NoXML    bool
	// Identity is how the agent names the skill for collisions.
	Identity Identity
	FoldCase bool // names compared case-insensitively
}

// Identity is where an agent takes a skill's name from.
type Identity int

const (
	DeclaredName Identity = iota // the name field; skills without one do not load
	NameOrDir                    // the name field, else the directory name
	DirName                      // always the directory name
)

// DescriptionRule is how a target judges the description field.
type DescriptionRule struct {
	Required      bool
	Recommended   bool // missing is a warning, not a rejection
	Max           int
	Unit          Unit
	CollapseSpace bool
	NoXML         bool
	// ShortMax limits metadata.short-description (codex); 0: not read.
	ShortMax int
	// ListingMax cuts description plus ListingExtra in the agent's listing.
	ListingMax   int
	ListingExtra string
}

// FieldType is the YAML shape a known field takes.
type FieldType int

const (
	AnyType FieldType = iota
	StringType
	BoolType
	StringMapType      // a map of string to string
	MapType            // a map, its values unchecked
	StringOrListType   // a string, or a list of strings
	SpaceSeparatedType // a string of space-separated words; a list is tolerated
)

// FieldSpec is what a target knows of one frontmatter field.
type FieldSpec struct {
	Type FieldType
	Enum []string
	Max  int // in chars, 0: no limit
	// Fatal: a value of the wrong type makes the agent refuse the skill
	// (a typed struct field, or a validator's "must").
	Fatal bool
}

// CatalogFormat is how a target lists skills for the model.
type CatalogFormat int

const (
	NoCatalog        CatalogFormat = iota
	CatalogXML                     // zed, tiny-agent: <available_skills> on indented lines
	CatalogXMLLines                // skills-ref to-prompt: every tag and value on its own line
	CatalogCodex                   // codex: "## Skills" bullets with the file path
	CatalogClaude                  // claude-code: "- name: description" cut at 1536
	CatalogZot                     // zot: "- name: one-line description"
	CatalogPlain                   // copilot, gemini: name and description bullets
	CatalogXMLInline               // tiny-agent: <available_skills> on one line, every value escaped
	CatalogXMLRaw                  // gemini: zed's layout, nothing escaped
	CatalogCopilot                 // copilot: a <skills> block with a lead-in, nothing escaped
)

// TargetByID returns the target with the given id, or nil.
func TargetByID(id string) *Target {
	for _, t := range Targets {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// TargetIDs lists every target id in table order.
func TargetIDs() []string {
	ids := make([]string, len(Targets))
	for i, t := range Targets {
		ids[i] = t.ID
	}
	return ids
}

// Knows reports whether the target reads the field.
func (t *Target) Knows(key string) bool {
	if key == "name" || key == "description" {
		return true
	}
	_, ok := t.Fields[key]
	return ok
}

// Rejects reports whether the target refuses a skill for holding key: it
// refuses fields it does not know.
func (t *Target) Rejects(key string) bool { return t.RejectUnknown && !t.Knows(key) }

// Str returns a top-level field's value as the target's reader sees text:
// a string, or for readers that take scalars as text, any scalar.
func (t *Target) Str(s *Skill, key string) (string, bool) {
	f := s.Field(key)
	if f == nil {
		return "", false
	}
	return t.text(f.Value)
}

// scalarText is a top-level field's text when it is a scalar, as readers
// that take scalars as text see it; "" otherwise.
func scalarText(s *Skill, key string) string {
	if f := s.Field(key); f != nil && f.Value.IsScalar() {
		return f.Value.Text
	}
	return ""
}

// text is v as the target's reader sees text, if it is text to it.
func (t *Target) text(v *Value) (string, bool) {
	if v.Kind == KindString || t.Reading.ScalarText && v.IsScalar() {
		return v.Text, true
	}
	return "", false
}
