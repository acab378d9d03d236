package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Location is a range in a file.
type Location struct {
	Path  string
	Range Range
}

// onName reports whether offset is on the name key or value, and the field.
func onField(s *loader.Skill, key string, offset int) *syntax.Field {
	f := s.Field(key)
	if f == nil {
		return nil
	}
	if f.KeyRange.Contains(offset) || f.Value.Range.Contains(offset) || (offset >= f.KeyRange.Start && offset <= f.Value.Range.End) {
		return f
	}
	return nil
}

// Definition goes from the name to the skills it collides with, and from a
// relative link to the file it names.
func (w *Workspace) Definition(path string, offset int) []Location {
	if IsManifestFile(path) {
		return w.manifestDefinition(path, offset)
	}
	e := w.file(path)
	if e == nil {
		return []Location{}
	}
	out := []Location{}
	if onField(e.Skill, "name", offset) != nil {
		for _, p := range w.World.Problems(path) {
			if p.Rule != "name-duplicate" && p.Rule != "name-shadowed" {
				continue
			}
			for _, r := range p.Related {
				l := Location{Path: r.Path, Range: r.Range}
				if !slices.Contains(out, l) {
					out = append(out, l)
				}
			}
		}
		return out
	}
	if l := w.linkAt(e.Skill, offset); l != nil {
		rel, known := l.Rel()
		target := filepath.Join(e.Skill.Dir(), filepath.FromSlash(rel))
		if _, ok := w.fence().stat(target); ok && known {
			out = append(out, Location{Path: target})
		}
	}
	return out
}

// References lists every skill, across all roots, known by the same name as
// the one at path (the file itself included).
func (w *Workspace) References(path string, offset int) []Location {
	e := w.file(path)
	out := []Location{}
	if e == nil || onField(e.Skill, "name", offset) == nil {
		return out
	}
	name := skillName(e.Skill)
	for _, p := range w.World.Paths() {
		o := w.World.Entry(p)
		if skillName(o.Skill) == name {
			out = append(out, Location{Path: p, Range: nameRange(o.Skill)})
		}
	}
	return out
}

// skillName is how a skill is named across agents: its name field, else its
// directory.
// SameName reports whether the skills at paths a and b have one name.
func (w *Workspace) SameName(a, b string) bool {
	ea, eb := w.World.Entry(a), w.World.Entry(b)
	return ea != nil && eb != nil && skillName(ea.Skill) == skillName(eb.Skill)
}

func skillName(s *loader.Skill) string {
	if n, ok := s.Str("name"); ok && strings.TrimSpace(n) != "" {
		return strings.TrimSpace(n)
	}
	return s.DirName()
}

func nameRange(s *loader.Skill) Range {
	if f := s.Field("name"); f != nil {
		return f.Value.Range
	}
	return s.Frontmatter.Open
}

// DocumentLink is a relative path in the body and the file it resolves to.
type DocumentLink struct {
	Range  Range
	Target string // absolute path
	Exists bool
}

// Links lists the relative paths the body names that lead to a place
// inside the workspace folders and known roots (see fence).
func (w *Workspace) Links(path string) []DocumentLink {
	if IsManifestFile(path) {
		return w.manifestLinks(path)
	}
	e := w.file(path)
	out := []DocumentLink{}
	if e == nil {
		return out
	}
	f := w.fence()
	for _, l := range w.body(e.Skill).Links {
		rel, known := l.Rel()
		if !known {
			continue
		}
		target := filepath.Join(e.Skill.Dir(), filepath.FromSlash(rel))
		if !f.allows(target) {
			continue
		}
		out = append(out, DocumentLink{Range: l.Range, Target: target, Exists: exists(target)})
	}
	return out
}

func (w *Workspace) linkAt(s *loader.Skill, offset int) *Link {
	for _, l := range w.body(s).Links {
		if l.Range.Contains(offset) {
			return &l
		}
	}
	return nil
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// WorkspaceSymbol is a skill in the workspace, by name.
type WorkspaceSymbol struct {
	Name  string
	Path  string
	Range Range
	Root  string // the skills folder it sits in
}

// WorkspaceSymbols lists every skill whose name contains query (case
// insensitive), sorted by name.
func (w *Workspace) WorkspaceSymbols(query string) []WorkspaceSymbol {
	q := strings.ToLower(query)
	out := []WorkspaceSymbol{}
	for _, p := range w.World.Paths() {
		e := w.World.Entry(p)
		name := skillName(e.Skill)
		if !strings.Contains(strings.ToLower(name), q) {
			continue
		}
		out = append(out, WorkspaceSymbol{Name: name, Path: p, Range: nameRange(e.Skill), Root: filepath.Dir(e.Skill.Dir())})
	}
	slices.SortStableFunc(out, func(a, b WorkspaceSymbol) int { return strings.Compare(a.Name, b.Name) })
	return out
}
