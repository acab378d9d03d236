package analysis

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// presence tells which paths exist, for the links of one body: each path
// once. A folder asked about more than listAfter times is listed once, its
// entries answering for every path in it from then on. A file of thousands
// of links into references/ then costs one read of that folder instead of
// a stat each.
type presence struct {
	known  map[string]bool
	asked  map[string]int
	listed map[string]listing
}

// listing is a folder's entries sorted by name; whole is false when they
// could not be had (a folder too large to list whole, or one that cannot
// be read): its paths are then stat'ed.
type listing struct {
	entries []fs.DirEntry
	whole   bool
}

// find returns the type of the entry called name, and whether there is one.
func (l listing) find(name string) (fs.FileMode, bool) {
	i, ok := slices.BinarySearchFunc(l.entries, name, func(e fs.DirEntry, name string) int { return strings.Compare(e.Name(), name) })
	if !ok {
		return 0, false
	}
	return l.entries[i].Type(), true
}

// listAfter is how many paths of one folder are stat'ed before the folder is
// listed instead: a skill's few links cost no listing.
const listAfter = 2

func newPresence() *presence {
	return &presence{known: map[string]bool{}, asked: map[string]int{}, listed: map[string]listing{}}
}

// exists reports whether something is at path (through symlinks).
func (p *presence) exists(path string) bool {
	if ok, seen := p.known[path]; seen {
		return ok
	}
	dir, name := fsys.ParentDir(path), filepath.Base(path)
	l, tried := p.listed[dir]
	if !tried {
		if p.asked[dir]++; p.asked[dir] > listAfter {
			l = p.list(dir)
		}
	}
	var ok bool
	if mode, in := l.find(name); l.whole && (!in || mode&fs.ModeSymlink == 0) {
		ok = in
	} else {
		_, err := os.Stat(path)
		ok = err == nil
	}
	p.known[path] = ok
	return ok
}

// list reads dir's entries (none when dir does not exist).
func (p *presence) list(dir string) listing {
	var l listing
	entries, err := skillcore.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		l.whole = true // nothing is in a folder that is not
	case err == nil && len(entries) < skillcore.MaxListed:
		l = listing{entries: entries, whole: true}
	}
	p.listed[dir] = l
	return l
}
