package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Renaming is the change that renames a skill: its name value and, when it
// differs and the folder may move, its directory.
type Renaming struct {
	Edits []Edit // in the SKILL.md
	// FromDir and ToDir are set when the directory moves too.
	FromDir, ToDir string
	// DirStays says why the directory does not move although the name
	// changed ("" when it moves or already has the new name).
	DirStays string
}

// PrepareRename returns the range of the name value when offset is on the
// name field, so an editor can offer to rename it.
func (w *Workspace) PrepareRename(path string, offset int) (Range, bool) {
	e := w.file(path)
	if e == nil || w.ReadOnly(path) {
		return Range{}, false
	}
	f := onField(e.Skill, "name", offset)
	if f == nil || f.Value.Kind != syntax.KindString {
		return Range{}, false
	}
	return f.Value.Range, true
}

// Rename renames the skill at path to newName: the name value, and its
// directory with it when that directory is a skill folder (movableDir). It
// refuses an invalid name, or one another skill or folder already has.
func (w *Workspace) Rename(path string, offset int, newName string) (Renaming, error) {
	e := w.file(path)
	if e == nil {
		return Renaming{}, fmt.Errorf("%s is not a skill in this workspace", path)
	}
	if w.ReadOnly(path) {
		return Renaming{}, fmt.Errorf("%s belongs to a plugin an agent installed: skill-ls never edits the agent's copy", path)
	}
	f := onField(e.Skill, "name", offset)
	if f == nil {
		return Renaming{}, fmt.Errorf("rename works on the name field")
	}
	if !ValidName(newName) {
		return Renaming{}, fmt.Errorf("%q is not a valid skill name: use lowercase letters, digits and single hyphens, at most 64 (for example %q)", newName, Slug(newName))
	}
	for _, p := range w.World.Paths() {
		o := w.World.Entry(p)
		if p != path && skillName(o.Skill) == newName && sharesRoot(e, o) && !o.FromInstalled() {
			return Renaming{}, fmt.Errorf("the name %q is taken by %s", newName, p)
		}
	}
	r := Renaming{Edits: []Edit{{Range: f.Value.Range, NewText: newName}}}
	dir := e.Skill.Dir()
	if filepath.Base(dir) == newName {
		return r, nil
	}
	if why := w.movableDir(e); why != "" {
		r.DirStays = fmt.Sprintf("the folder %s stays where it is: %s", dir, why)
		return r, nil
	}
	to := filepath.Join(filepath.Dir(dir), newName)
	if _, err := os.Lstat(to); err == nil || !os.IsNotExist(err) {
		return Renaming{}, fmt.Errorf("the name %q is taken: %s already exists", newName, to)
	}
	r.FromDir, r.ToDir = dir, to
	return r, nil
}

// movableDir says why the folder holding e's SKILL.md must not be moved, or
// "" when it may: it must sit directly in a root that discovers the file, or
// in a skills folder of a plugin or extension that loads it (skills/ or a
// folder its manifest names; not a folder the manifest names as the skill
// itself, which a move would break), and be none of the folders a user
// keeps things in (a workspace folder, a
// root, the home folder, the file system's root, or a folder holding one of
// those). A rename of any other folder could move a user's data.
func (w *Workspace) movableDir(e *skillcore.Entry) string {
	dir := e.Skill.Dir()
	if !filepath.IsAbs(dir) || filepath.Clean(dir) != dir || filepath.Dir(dir) == dir {
		return "it is not a skill folder"
	}
	// The real home folder too: the home setting may point elsewhere.
	realHome, _ := os.UserHomeDir()
	protected := append([]string{w.config.Home, realHome}, w.config.Projects...)
	protected = append(protected, w.config.Roots...)
	for _, r := range w.World.Roots() {
		protected = append(protected, r.Dir)
	}
	for _, p := range protected {
		if p == "" {
			continue
		}
		p = filepath.Clean(p)
		if p == dir || isWithin(dir, p) {
			return "it is, or holds, a workspace folder, a skills root or the home folder"
		}
	}
	if !inSkillsDir(e) {
		if p := namingPackage(e); p != nil {
			return fmt.Sprintf("plugin %s (%s) names this folder itself, and a move would leave it pointing at nothing; rename it there too", p.Name, p.Where())
		}
		return "it does not sit directly in a skills root or a plugin's skills folder, so it may not be a skill folder alone"
	}
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return "it is not a folder on disk"
	}
	return ""
}

// namingPackage is a package that loads e but not from one of its skills
// folders, nor from deeper inside one: its manifest or marketplace entry
// names e's folder (or e) itself.
func namingPackage(e *skillcore.Entry) *skillcore.Package {
	dir := e.Skill.Dir()
	for _, r := range e.Roots {
		if r.Package == nil || !r.Package.Has(e.Skill.Path) {
			continue
		}
		if !slices.ContainsFunc(r.Package.SkillsDirs(), func(d string) bool { return isWithin(d, dir) }) {
			return r.Package
		}
	}
	return nil
}

// inSkillsDir reports whether e's folder sits directly in a folder whose
// every child is a skill folder to the agents: a root that finds e, or a
// skills folder of a package that loads it.
func inSkillsDir(e *skillcore.Entry) bool {
	parent := filepath.Dir(e.Skill.Dir())
	for _, r := range e.Roots {
		if r.Package == nil {
			if parent == r.Dir {
				return true
			}
			continue
		}
		if r.Package.Has(e.Skill.Path) && slices.Contains(r.Package.SkillsDirs(), parent) {
			return true
		}
	}
	return false
}

// isWithin reports whether path lies strictly below dir, both clean.
func isWithin(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !filepath.IsAbs(rel) && !startsWithDotDot(rel)
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:3] == ".."+string(filepath.Separator)
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
