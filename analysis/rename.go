package analysis

import (
	"fmt"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skillcore"
)

// Renaming is the change that renames a skill: its name value and, when it
// differs, its directory.
type Renaming struct {
	Edits []Edit // in the SKILL.md
	// FromDir and ToDir are set when the directory moves too.
	FromDir, ToDir string
}

// PrepareRename returns the range of the name value when offset is on the
// name field, so an editor can offer to rename it.
func (w *Workspace) PrepareRename(path string, offset int) (Range, bool) {
	e := w.file(path)
	if e == nil {
		return Range{}, false
	}
	f := onField(e.Skill, "name", offset)
	if f == nil || f.Value.Kind != skillcore.KindString {
		return Range{}, false
	}
	return f.Value.Range, true
}

// Rename renames the skill at path to newName: the name value and its
// directory together. It refuses an invalid name, or one another skill or
// folder already has.
func (w *Workspace) Rename(path string, offset int, newName string) (Renaming, error) {
	e := w.file(path)
	if e == nil {
		return Renaming{}, fmt.Errorf("%s is not a skill in this workspace", path)
	}
	f := onField(e.Skill, "name", offset)
	if f == nil {
		return Renaming{}, fmt.Errorf("rename works on the name field")
	}
	if !ValidName(newName) {
		return Renaming{}, fmt.Errorf("%q is not a valid skill name: use lowercase letters, digits and single hyphens, at most 64 (for example %q)", newName, Slug(newName))
	}
	dir := e.Skill.Dir()
	to := filepath.Join(filepath.Dir(dir), newName)
	for _, p := range w.World.Paths() {
		o := w.World.Entry(p)
		if p != path && skillName(o.Skill) == newName && sharesRoot(e, o) {
			return Renaming{}, fmt.Errorf("the name %q is taken by %s", newName, p)
		}
	}
	r := Renaming{Edits: []Edit{{Range: f.Value.Range, NewText: newName}}}
	if to != dir {
		if exists(to) {
			return Renaming{}, fmt.Errorf("the name %q is taken: %s already exists", newName, to)
		}
		r.FromDir, r.ToDir = dir, to
	}
	return r, nil
}

// sharesRoot reports whether two skills are seen together by some agent:
// under the same root, or under roots of one target.
func sharesRoot(a, b *skillcore.Entry) bool {
	for _, ra := range a.Roots {
		for _, rb := range b.Roots {
			if ra.Target == rb.Target {
				return true
			}
		}
	}
	return filepath.Dir(a.Skill.Dir()) == filepath.Dir(b.Skill.Dir())
}
