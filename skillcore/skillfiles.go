package skillcore

import (
	"io/fs"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// The other files of a skill folder (scripts, references) are what an
// agent reads and runs beside SKILL.md: a check judges each, and the floor
// a check is timed against reads each. Both list them here.

// Bounds of a skill folder's walk.
const (
	MaxSkillFiles = 1000
	MaxSkillDepth = 8
	// SniffBytes: a NUL in these makes a file binary, as git judges; a
	// binary is read no further.
	SniffBytes = 8000
)

// skippedDirs are folders of tools, not of the skill.
var skippedDirs = map[string]bool{"node_modules": true, "__pycache__": true, ".git": true, ".venv": true, "venv": true}

// SkillFolderFiles lists the files of the skill folder of the SKILL.md at
// skillPath, other than its SKILL.md, in walk order: without following
// symlinks, without hidden folders, tools' folders or a nested skill's
// folder, at most MaxSkillFiles of them. list gives a folder's entries,
// sorted by name (a walk's kept listing, or a read of the folder).
func SkillFolderFiles(skillPath string, list func(dir string) []fs.DirEntry) []string {
	var out []string
	var walk func(dir string, entries []fs.DirEntry, depth int)
	walk = func(dir string, entries []fs.DirEntry, depth int) {
		for _, d := range entries {
			if len(out) >= MaxSkillFiles {
				return
			}
			p := fsys.JoinName(dir, d.Name())
			switch {
			case d.IsDir():
				if depth < MaxSkillDepth && !strings.HasPrefix(d.Name(), ".") && !skippedDirs[d.Name()] {
					if sub := list(p); !holdsSkill(sub) {
						walk(p, sub, depth+1)
					}
				}
			case d.Type().IsRegular() && p != skillPath:
				out = append(out, p)
			}
		}
	}
	dir := fsys.DirOf(skillPath)
	walk(dir, list(dir), 0)
	return out
}

// holdsSkill reports a listing with a SKILL.md of its own: a nested
// skill's folder.
func holdsSkill(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if e.Name() == loader.FileName {
			return true
		}
	}
	return false
}
