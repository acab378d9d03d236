package loader

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// What the agents' catalogs share: the entries the world hands them, the
// frame of a catalog, and the escapes and orders more than one agent uses.

// XMLEscaper is quick_xml::escape::escape (Zed's skill tool) and
// tiny-agent's escapeXml.
var XMLEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// CatalogEntry is one skill as an agent lists it.
type CatalogEntry struct {
	Skill *Skill
	// Name, when set, is the name the skill is listed under: a plugin's
	// skill is listed under its installed name ("superpowers:brainstorming").
	Name    string
	Scope   Scope
	Dropped bool // left out for the catalog budget
	// Used is the budget spent once this entry is counted.
	Used int
	// Listed, when set, is the name as the listing line shows it where
	// that differs from the name (claude-code's "folder (name)").
	Listed string
	// Root is the folder of the root the agent finds the skill under, and
	// RootRank that root's place in the target's order of roots.
	Root     string
	RootRank int
	// Shown is the path the root's scan reached the file by, where a
	// folder link led it there (Skill.Path is the real path); else "".
	Shown string
}

// ShownPath is the path the agent shows for the entry's file: where its
// scan reached it (through a folder link), else the file's path.
func (e CatalogEntry) ShownPath() string { return cmp.Or(e.Shown, e.Skill.Path) }

// catalogStyle is how one format frames its entries.
type CatalogStyle struct {
	Head, Sep, Tail string
	Empty           string // the whole text when nothing is listed
	SortByName      bool   // the agent sorts by name, then path
	// entry renders one skill listed under name (see displayName).
	Entry func(t *Target, s *Skill, name string) string
}

// displayName is the name the entry is listed under: the installed name
// of a skill a plugin brings, else the skill's own.
func (e CatalogEntry) DisplayName(t *Target) string {
	if e.Listed != "" {
		return e.Listed
	}
	if e.Name != "" {
		return e.Name
	}
	return DisplayName(t, e.Skill)
}

// displayName is the name the agent shows: its identity for the skill, but
// in the author's case where the agent only compares names case-blind.
func DisplayName(t *Target, s *Skill) string {
	if t.Name.FoldCase {
		u := *t
		u.Name.FoldCase = false
		return u.Identify(s)
	}
	return t.Identify(s)
}

// catalogDescription is the description as the target's reader sees it.
func CatalogDescription(t *Target, s *Skill) string { return t.Describe(s) }

// renderLocaleSorted renders the entries that are not dropped in the
// order of JavaScript's name.localeCompare, then path.
func RenderLocaleSorted(t *Target, st *CatalogStyle, entries []CatalogEntry, entry func(e CatalogEntry, name string) string) string {
	type item struct {
		e    CatalogEntry
		name string
	}
	var list []item
	for _, e := range entries {
		if !e.Dropped && e.Skill != nil {
			list = append(list, item{e, e.DisplayName(t)})
		}
	}
	if len(list) == 0 {
		return st.Empty
	}
	c := collate.New(language.Und)
	slices.SortStableFunc(list, func(a, b item) int {
		if d := localeCompare(c, a.name, b.name); d != 0 {
			return d
		}
		return strings.Compare(a.e.Skill.Path, b.e.Skill.Path)
	})
	var b strings.Builder
	b.WriteString(st.Head)
	for i, it := range list {
		if i > 0 {
			b.WriteString(st.Sep)
		}
		b.WriteString(entry(it.e, it.name))
	}
	b.WriteString(st.Tail)
	return b.String()
}

// localeCompare is String.prototype.localeCompare under ICU's root
// collation; strings it finds equal fall back to code point order.
func localeCompare(c *collate.Collator, a, b string) int {
	if d := c.CompareString(a, b); d != 0 {
		return d
	}
	return strings.Compare(a, b)
}

// InstalledName is the name the agent knows the entry by, without the
// listing's "(name)".
func (e CatalogEntry) InstalledName(t *Target) string {
	if e.Name != "" {
		return e.Name
	}
	return DisplayName(t, e.Skill)
}
