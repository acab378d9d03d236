package loader

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// JSONType is a set of JSON kinds a manifest field may take.
type JSONType uint8

const (
	TNull JSONType = 1 << iota
	TBool
	TNumber
	TString
	TArray
	TObject
)

// Has reports whether the set allows kind k.
func (t JSONType) Has(k syntax.JSONKind) bool { return t&(1<<k) != 0 }

func (t JSONType) String() string {
	var parts []string
	for k := syntax.JSONNull; k <= syntax.JSONObject; k++ {
		if t.Has(k) {
			parts = append(parts, k.String())
		}
	}
	return strings.Join(parts, " or ")
}

// FormatReader is a target reading a package format: its place in the
// target's lookup (the first manifest found, lowest Order first, is the
// one it reads).
type FormatReader struct {
	Target string
	Order  int
	// Optional: the target loads a plugin a marketplace lists even when the
	// folder holds no manifest of this format (the entry defines it).
	Optional bool
	// OwnScan: the target searches the format's skills folders with its
	// own scan (codex: recursive), not the format's depth.
	OwnScan bool
	// Schema, when set, is how the target judges the manifest where that
	// is not the format's own way (Codex reads another agent's manifest
	// as its own).
	Schema *ManifestSchema
}

// ManifestSchema is what a reader accepts in a manifest.
type ManifestSchema struct {
	Fields   map[string]JSONType
	Required []string
	// Closed schemas refuse unknown keys; open ones ignore them.
	Closed bool
	// BadType and Unknown are how the reader treats a wrongly typed field
	// (Error: it refuses the plugin) and an unknown one (0: passed over
	// unsaid).
	BadType, Unknown Severity
	Name             *regexp.Regexp // the plugin names the reader accepts
	NameWhat         string         // Name in words
	// Marker is the $schema a manifest must carry to be this format;
	// NotMarker one that makes it another format's.
	Marker, NotMarker string
	// PathItems are the kinds an array of component paths may hold
	// (claude-code refuses a plugin whose skills are objects).
	PathItems JSONType
}

// PathRule is what a format accepts as a component path.
type PathRule struct {
	DotSlash bool // must start with "./"
	Dot      bool // "." alone is the plugin root
	NotRoot  bool // "./" alone is refused
	// Severity and Consequence say what the reader does with a bad path.
	Severity    Severity
	Consequence string
}

// SkillsLayout is where a format finds skills below a plugin root.
type SkillsLayout struct {
	Dir      string // the default folder, "skills"
	Field    string // the manifest key naming more folders
	Replaces bool   // a Field given replaces Dir
	// Depth is how many folders below a skills folder a SKILL.md may be:
	// 1 reads only <dir>/<skill>/SKILL.md; more is a recursive search.
	Depth      int
	MaxDirs    int
	SkipHidden bool
	// DirIsSkill: Dir/SKILL.md itself is a skill.
	DirIsSkill bool
	// RootSkill: a SKILL.md at the plugin root is a skill when there is
	// neither Dir nor Field.
	RootSkill bool
	// EntryIsSkill: a Field entry may name a skill folder itself.
	EntryIsSkill bool
	Paths        PathRule
	// Requires are frontmatter fields the reader skips a skill without.
	Requires []string
}

// PluginFormat is one plugin manifest format.
type PluginFormat struct {
	ID        string
	Title     string
	Manifests []string // relative to the plugin root, in lookup order
	// OwnName: the manifest's bare file name is this format's alone
	// (gemini-extension.json), so it counts wherever it lies.
	OwnName bool
	Readers []FormatReader
	Schema  ManifestSchema
	Skills  SkillsLayout
}

// SourceRule is how a marketplace's readers resolve an entry's source.
type SourceRule struct {
	DotSlash bool // a local path starts with "./"
	BarePath bool // a bare relative path is local too
	// PluginRoot: a bare name lives under metadata.pluginRoot.
	PluginRoot bool
	// LocalObject is the "source" kind of an object naming a local path.
	LocalObject string
	// EntryDefines lists the targets for which an entry carries plugin.json
	// fields; with "strict": false it is the whole definition. For them,
	// an entry whose source is the marketplace root and that lists skills
	// loads exactly those.
	EntryDefines []string
	// NameMustMatch: the plugin's manifest name must equal the entry's.
	NameMustMatch bool
}

// MarketplaceFormat is one marketplace manifest format.
type MarketplaceFormat struct {
	ID        string
	Title     string
	Manifests []string // relative to the marketplace root, in lookup order
	Readers   []FormatReader
	Fields    map[string]JSONType
	Required  []string
	Entry     map[string]JSONType // keys of a plugin entry
	Sources   SourceRule
	Reserved  []string
	Name      *regexp.Regexp
	NameWhat  string
}

// PluginNaming is how a target names a skill it loads from a plugin.
type PluginNaming struct {
	Namespace bool   // "<plugin>:<name>"
	Sanitize  string // characters turned into "-"
	// QualifiedMax caps the whole installed name, in chars (0: none).
	QualifiedMax int
}

// readingOf returns how target reads a format with readers rs, if it does.
func ReadingOf(rs []FormatReader, target string) (FormatReader, bool) {
	for _, r := range rs {
		if r.Target == target {
			return r, true
		}
	}
	return FormatReader{}, false
}

// lookup is one manifest a target tries, in its order.
type Lookup[F any] struct {
	Format  F
	Rel     string
	Reading FormatReader
}

// pluginLookup lists the plugin manifests target tries, in order.
func PluginLookup(target string) []Lookup[*PluginFormat] {
	return lookupOf(PluginFormats, target, func(f *PluginFormat) ([]FormatReader, []string) { return f.Readers, f.Manifests })
}

// marketplaceLookup lists the marketplace manifests target tries, in order.
func MarketplaceLookup(target string) []Lookup[*MarketplaceFormat] {
	return lookupOf(MarketplaceFormats, target, func(f *MarketplaceFormat) ([]FormatReader, []string) { return f.Readers, f.Manifests })
}

// lookupOf lists the manifests of formats target reads, in its order.
func lookupOf[F any](formats []F, target string, of func(F) ([]FormatReader, []string)) []Lookup[F] {
	var out []Lookup[F]
	for _, f := range formats {
		readers, manifests := of(f)
		if r, ok := ReadingOf(readers, target); ok {
			for _, m := range manifests {
				out = append(out, Lookup[F]{f, m, r})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Lookup[F]) int { return a.Reading.Order - b.Reading.Order })
	return out
}

// PluginFormatByID returns the format with the given id, or nil.
func PluginFormatByID(id string) *PluginFormat {
	for _, f := range PluginFormats {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// IsManifest reports whether path ends like a package manifest: a file
// the language server and check read as one.
func IsManifest(path string) bool {
	p := strings.ReplaceAll(path, "\\", "/")
	for _, rel := range ManifestPaths() {
		if p == rel || strings.HasSuffix(p, rel) && p[len(p)-len(rel)-1] == '/' {
			return true
		}
	}
	return false
}

// manifestNames are the file names of manifestPaths.
var ManifestNames = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, p := range ManifestPaths() {
		out[path.Base(p)] = true
	}
	return out
})

// Unmistakable reports whether a manifest path (relative to its package
// root) says what it is wherever it lies: one in a folder of its own
// (.claude-plugin/plugin.json), or a name only its format uses. A bare
// plugin.json or marketplace.json below a project's top is too often
// something else.
func Unmistakable(rel string) bool {
	return strings.Contains(rel, "/") || ownNames()[rel]
}

// ownNames are the bare manifest names of the formats that own theirs.
var ownNames = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, f := range PluginFormats {
		for _, m := range f.Manifests {
			if f.OwnName && !strings.Contains(m, "/") {
				out[m] = true
			}
		}
	}
	return out
})

// manifestPaths lists every manifest path of every format.
var ManifestPaths = sync.OnceValue(func() []string {
	var out []string
	for _, f := range PluginFormats {
		out = append(out, f.Manifests...)
	}
	for _, f := range MarketplaceFormats {
		out = append(out, f.Manifests...)
	}
	slices.Sort(out)
	return slices.Compact(out)
})
