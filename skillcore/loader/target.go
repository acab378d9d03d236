package loader

import (
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

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
	// Fit, when its Model is set, is the agent's own budget for its
	// catalog, in place of CatalogBudget (agents/codex/catalog.go,
	// agents/claudecode/catalog.go).
	Fit CatalogFit
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
	// Lister is the agent's own code for its catalog, where Catalog and
	// the budgets do not say it all (set by the agent's folder).
	Lister *Lister
	// UploadOnly targets have no roots; they apply only when named.
	UploadOnly bool
	// Plugins is how the agent names the skills of a plugin it loads
	// (which formats it reads is in PluginFormats).
	Plugins PluginNaming
	// Variables are the ${NAME}s the agent replaces in a skill's text
	// (variables.go).
	Variables []SkillVariable
	// Packages are the agent's own checks of plugin and marketplace
	// manifests (packagechecks.go).
	Packages PackageChecks
	// Installed, when set, lists the plugins the agent has installed on
	// the machine and whether each is enabled for project: its installed
	// layout, set by its folder.
	Installed func(m Machine, project string, in *Installation)
	// Verified is what the target's facts were last held to.
	Verified Verified
	// Unlisted, when set, tells from the mapping the agent reads (nil for
	// none) whether a skill it loads stays out of its catalog for another
	// reason than HiddenFlag: opencode lists no skill without a
	// description, qwen-code none with paths until a file matches.
	Unlisted func(meta *syntax.Value) bool
	// PackageUnlisted is Unlisted for the skills a plugin brings: Claude
	// Code lists one only with a description or a when_to_use.
	PackageUnlisted func(meta *syntax.Value) bool
}

// Verified is the released build of an agent that the conformance suite
// (cmd/conformance) ran a target's facts against, or, for an agent that
// cannot run here, the source they were read from.
type Verified struct {
	Package string // the npm package of the agent
	Version string
	Source  string // where the facts come from when the agent is not run
}

// String says what the target was verified against.
func (v Verified) String() string {
	if v.Version != "" {
		return v.Package + "@" + v.Version
	}
	return v.Source
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
	// Tolerates are the parse problems (rule ids) after which the agent
	// still loads the file, reading what it can.
	Tolerates []string
	// NoFinalBreak: the agent reads the frontmatter without the line
	// break before the closing ---, so a block scalar that ends it has
	// no final line break.
	NoFinalBreak bool
	// SerdeValue: scalars are typed as serde_yaml's Value types them
	// (copilot_reader.go): as by yaml.v3, except that dates and numbers
	// with a leading zero or an underscore are strings, and a scalar under
	// an unknown tag is read untagged.
	SerdeValue bool
	// Own, when set, reads the file as the agent does, in place of the
	// strict parse: its view decides what the agent reads and whether it
	// refuses the file; the strict parse's problems are warnings to it.
	Own AgentReader
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
func (s Scope) Local() bool { return s == ScopeProject || s == ScopePackage }

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
	// Up: a project root the agent also reads in the folders above the
	// one it runs in.
	Up Ancestry
}

// Ancestry is how far above the project folder an agent reads a project
// root too.
type Ancestry int

const (
	// Here: the project folder alone.
	Here Ancestry = iota
	// UpToGit: each folder up to the repository's top (the nearest
	// holding .git); none above the project outside a repository.
	UpToGit
	// UpToGitOrHome: as UpToGit, but outside a repository each folder up
	// to, and not including, the home folder.
	UpToGitOrHome
)

// rankStride spaces the ranks of a target's roots, so the copies of one
// project root in the folders above the project rank after it, nearer
// first, and before the next root.
const RankStride = 64

// Scan says how an agent walks a root.
type Scan struct {
	Recursive  bool // else only the root's direct children
	MaxDepth   int  // directories below the root, for recursive scans
	MaxDirs    int  // directories met per root, the root counted, for recursive scans
	MaxEntries int  // entries met per root, for recursive scans (0: no cap)
	RootFile   bool // a SKILL.md directly in the root is a skill
	// RootClaims: a SKILL.md directly in the root makes the whole root
	// one skill, and nothing below it is looked for.
	RootClaims bool
	// StopAtSkill: a skill's folder is not searched for more skills.
	StopAtSkill    bool
	SkipHidden     bool // skip entries whose name starts with "."
	FollowSymlinks bool
	// SkipFileLinks: a SKILL.md that is a symlink is not read (codex).
	SkipFileLinks bool
	// SkipNames are folder names the scan does not enter (gemini's glob
	// ignores node_modules).
	SkipNames []string
	// FirstFolderWins: of the skills of one root that share a name, the
	// one in the folder whose name sorts first (byte order of the name,
	// not of the path) wins, and any folder's wins over the root's own
	// SKILL.md. Gemini's glob lists the root's SKILL.md, then the folders
	// by descending name, and the last skill loaded wins.
	FirstFolderWins bool
	// URLNames: a folder whose name holds a tab or a line break is not
	// searched: the agent walks file:// URLs, whose parser drops those
	// characters, and finds no such folder (codex).
	URLNames bool
	// OneLinkPerFile: of the folders of a root that reach one file
	// through links, only the first in the target's order of the root is
	// a skill (claude-code: "Skipping duplicate skill ... same file").
	OneLinkPerFile bool
	// Order, when set, is the agent's own order of the files of a root,
	// the one that wins a shared name first (claude-code); else path
	// order, or FirstFolderWins.
	Order func(a, b string) int
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
	// KeepAll: skills that share a name all load; none hides another.
	KeepAll bool
	// Pattern, when set, is what the trimmed name, or without one the
	// folder's name, must match, else the agent refuses the skill;
	// PatternText says it in words.
	Pattern     *regexp.Regexp
	PatternText string
	// Dashes: each run of spaces in the name becomes "-" (copilot).
	Dashes bool
	// Sanitize are characters the agent turns into "-" in names.
	Sanitize string
	// TypeFatal: a name that is not a string, or is empty, makes the agent
	// refuse the skill.
	TypeFatal bool
	// Empty: an empty name is a name still: the agent loads and lists a
	// skill named "" (gemini; all such skills share that name).
	Empty bool
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
	// Short: metadata.short-description is read as a string (codex).
	Short bool
	// ListingMax cuts description plus ListingExtra in the agent's listing.
	ListingMax   int
	ListingExtra string
	// TypeFatal: a description that is not a string (null too) makes the
	// agent refuse the skill.
	TypeFatal bool
	// FromBody is where the agent takes a description from when the
	// frontmatter has none.
	FromBody BodyDescription
}

// BodyDescription is how an agent makes a description of the body.
type BodyDescription int

const (
	NoBodyDescription BodyDescription = iota
	// FirstLine: the first non-blank line, a heading's #s dropped, over
	// 100 UTF-16 units cut to 97 and "..." ("Skill" for none): claude-code.
	FirstLine
	// Paragraphs: the first three non-blank lines that are not headings,
	// trimmed and joined by spaces, cut to 1024 UTF-16 units: copilot.
	Paragraphs
)

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

// CatalogFit is an agent's own way to fit its catalog into a budget.
type CatalogFit struct {
	Model FitModel
	// Limit is the budget in the model's unit: tokens for FitCodex,
	// columns of whole lines (terminal width) for FitClaude.
	Limit int
}

// FitModel is how an agent brings a catalog over its budget under it.
type FitModel int

const (
	NoFit FitModel = iota
	// FitCodex: a line costs ceil(bytes/4) tokens; over the budget the
	// descriptions are cut round-robin, then all removed, then the skills
	// that still do not fit are dropped.
	FitCodex
	// FitClaude: a line costs its terminal width plus a line break; over
	// the budget the agent's own skills keep their lines and the others,
	// in listing order, keep theirs while they fit; the rest are listed
	// by name only.
	FitClaude
)

// budgeted reports whether the target's catalog has a budget at all.
func (t *Target) Budgeted() bool { return t.CatalogBudget > 0 || t.Fit.Model != NoFit }

// CatalogFormat is how a target lists skills for the model.
type CatalogFormat int

const (
	NoCatalog        CatalogFormat = iota
	CatalogXML                     // zed, tiny-agent: <available_skills> on indented lines
	CatalogXMLLines                // skills-ref to-prompt: every tag and value on its own line
	CatalogCodex                   // codex: "## Skills" bullets with the file path
	CatalogClaude                  // claude-code: "- name: description" cut at 1536
	CatalogZot                     // zot: "- name: one-line description"
	CatalogXMLInline               // tiny-agent: <available_skills> on one line, every value escaped
	CatalogXMLRaw                  // gemini: zed's layout, nothing escaped
	CatalogCopilot                 // copilot: a <skills> block with a lead-in, nothing escaped
	CatalogOpenCode                // opencode: gemini's layout with a lead-in, the location escaped, localeCompare order
	CatalogQwen                    // qwen-code: skills-ref's lines, the level for a location, in a <system-reminder>
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
	m := t.Meta(s)
	f := m.Field(key)
	if f == nil {
		return "", false
	}
	text, ok := t.text(f.Value)
	if ok && t.Reading.NoFinalBreak && f.Value.Style == syntax.StyleBlock && f == &m.Fields[len(m.Fields)-1] {
		// The YAML ends with this block without the line break before
		// the closing ---, so the block has no final break to clip.
		text = strings.TrimSuffix(text, "\n")
	}
	return text, ok
}

// scalarText is a top-level field's text when it is a scalar, as readers
// that take scalars as text see it; "" otherwise.
func ScalarText(s *Skill, key string) string {
	if f := s.Field(key); f != nil && f.Value.IsScalar() {
		return f.Value.Text
	}
	return ""
}

// text is v as the target's reader sees text, if it is text to it.
func (t *Target) text(v *syntax.Value) (string, bool) {
	if v.Kind == syntax.KindString || t.Reading.ScalarText && v.IsScalar() || t.Reading.SerdeValue && serdeString(v) {
		return v.Text, true
	}
	return "", false
}
