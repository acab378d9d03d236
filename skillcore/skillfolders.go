package skillcore

import (
	"io/fs"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// keepSkillListing keeps the whole listing of p when p is a skill's folder
// or lies in one: a check judges a skill's other files (scripts,
// references) and need not list the folders its walk listed already. A
// parent is seen before its subfolders, so whether it lies in a skill is
// known. The listings kept are those of skill folders only, not of a
// whole repository.
func (wf *walkFacts) keepSkillListing(p string, entries []fs.DirEntry, full bool) {
	in := wf.inSkill[fsys.ParentDir(p)]
	for _, e := range entries {
		if e.Name() == loader.FileName {
			in = true
			break
		}
	}
	if !in {
		return
	}
	if wf.inSkill == nil {
		wf.inSkill, wf.listings = map[string]bool{}, map[string][]fs.DirEntry{}
	}
	wf.inSkill[p] = true
	if full {
		wf.listings[p] = entries
	}
}

// Listing is the whole listing of the folder dir, sorted by name, when a
// walk of Find listed it in a skill's folder; false when none did.
func (w *World) Listing(dir string) ([]fs.DirEntry, bool) {
	for _, wf := range w.walks {
		if entries, ok := wf.listings[dir]; ok {
			return entries, true
		}
	}
	return nil, false
}
