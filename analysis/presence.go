package analysis

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skillcore"
)

// presence tells which paths exist, for the links of one body: each path
// is looked up once, and a folder asked about for a third path is listed
// once, its entries answering for every path in it from then on. A file of
// thousands of links into references/ then costs one read of that folder
// instead of a stat each.
type presence struct {
	known  map[string]bool
	asked  map[string]int
	listed map[string]map[string]fs.FileMode // a folder's entries by name
}

// listAfter is how many paths of one folder are stat'ed before the folder is
// listed instead: a skill's few links cost no listing.
const listAfter = 2

func newPresence() *presence {
	return &presence{known: map[string]bool{}, asked: map[string]int{}, listed: map[string]map[string]fs.FileMode{}}
}

// exists reports whether something is at path (through symlinks).
func (p *presence) exists(path string) bool {
	if ok, seen := p.known[path]; seen {
		return ok
	}
	dir, name := filepath.Dir(path), filepath.Base(path)
	entries, tried := p.listed[dir]
	if !tried {
		if p.asked[dir]++; p.asked[dir] > listAfter {
			entries = p.list(dir)
		}
	}
	var ok bool
	if mode, in := entries[name]; entries != nil && (!in || mode&fs.ModeSymlink == 0) {
		ok = in
	} else {
		_, err := os.Stat(path)
		ok = err == nil
	}
	p.known[path] = ok
	return ok
}

// list reads dir's entries (none when dir does not exist), or gives nil
// when it cannot (a folder too large to list whole, or one that cannot be
// read): its paths are then stat'ed.
func (p *presence) list(dir string) map[string]fs.FileMode {
	var names map[string]fs.FileMode
	entries, err := skillcore.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		names = map[string]fs.FileMode{} // nothing is in a folder that is not
	case err == nil && len(entries) < skillcore.MaxListed:
		names = make(map[string]fs.FileMode, len(entries))
		for _, e := range entries {
			names[e.Name()] = e.Type()
		}
	}
	p.listed[dir] = names
	return names
}
