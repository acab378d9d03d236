package analysis

import (
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// lookalikeIndex holds the world's skill names by skeleton (nameSkeleton),
// for name-confusable: each non-ASCII name then costs a look-up and what it
// finds, not the skeleton of every other skill's name (a workspace of 2,000
// such names took 12.9 times as long as one of 500). It is built when a
// name is first asked about, built again when the world's names move
// (skillcore.World.NamesGen) in ways it was not told of, and brought up to
// date path by path when a file is set or removed through the workspace,
// so that an editor opening or renaming one skill costs what that name
// changes.
type lookalikeIndex struct {
	mu     sync.Mutex // judging runs in parallel; the first to ask builds it
	gen    uint64
	built  bool
	named  map[string]string      // path -> the name indexed
	byLook map[string][]lookNamed // skeleton -> its names
}

// lookNamed is one name of a skeleton and the paths of the skills that bear
// it, sorted; a skeleton's names are sorted too.
type lookNamed struct {
	name  string
	paths []string
}

// lookalike is a skill whose name looks like another's.
type lookalike struct{ path, name string }

// lookalikes returns the index of the world's names as they are now.
func (w *Workspace) lookalikes() *lookalikeIndex {
	x := &w.confusable
	x.mu.Lock()
	defer x.mu.Unlock()
	if gen := w.World.NamesGen(); !x.built || x.gen != gen {
		x.build(w.World)
	}
	return x
}

func (x *lookalikeIndex) build(world *skillcore.World) {
	paths := world.Paths()
	x.named, x.byLook = make(map[string]string, len(paths)), make(map[string][]lookNamed, len(paths))
	for _, p := range paths {
		x.add(p, skillName(world.Entry(p).Skill))
	}
	x.gen, x.built = world.NamesGen(), true
}

// of lists the skills other than path whose names look like name and are
// not it, in path order. It reads an index made current by lookalikes,
// and may run in parallel with itself.
func (x *lookalikeIndex) of(path, name string) []lookalike {
	names := x.byLook[nameSkeleton(name)]
	if len(names) < 2 {
		return nil
	}
	var out []lookalike
	for _, n := range names {
		if n.name == name {
			continue
		}
		for _, p := range n.paths {
			if p != path {
				out = append(out, lookalike{p, n.name})
			}
		}
	}
	slices.SortFunc(out, func(a, b lookalike) int { return strings.Compare(a.path, b.path) })
	return out
}

func (x *lookalikeIndex) add(path, name string) {
	x.named[path] = name
	look := nameSkeleton(name)
	names := x.byLook[look]
	i, found := slices.BinarySearchFunc(names, name, byName)
	if !found {
		x.byLook[look] = slices.Insert(names, i, lookNamed{name: name, paths: []string{path}})
		return
	}
	j, _ := slices.BinarySearch(names[i].paths, path)
	names[i].paths = slices.Insert(names[i].paths, j, path)
}

func (x *lookalikeIndex) remove(path string) {
	name, ok := x.named[path]
	if !ok {
		return
	}
	delete(x.named, path)
	look := nameSkeleton(name)
	names := x.byLook[look]
	i, _ := slices.BinarySearchFunc(names, name, byName)
	if j, found := slices.BinarySearch(names[i].paths, path); found {
		names[i].paths = slices.Delete(names[i].paths, j, j+1)
	}
	if len(names[i].paths) == 0 {
		names = slices.Delete(names, i, i+1)
	}
	if len(names) == 0 {
		delete(x.byLook, look)
	} else {
		x.byLook[look] = names
	}
}

// changed brings a built index up to date with one file set or removed,
// when that change (the world's names moving from before) is the only one
// since it was built; otherwise the next look-up builds it again.
func (x *lookalikeIndex) changed(world *skillcore.World, path string, before uint64) {
	x.mu.Lock()
	defer x.mu.Unlock()
	now := world.NamesGen()
	if !x.built || x.gen != before || now == before {
		return
	}
	path = fsys.CleanPath(path)
	x.remove(path)
	if e := world.Entry(path); e != nil {
		x.add(path, skillName(e.Skill))
	}
	x.gen = now
}

func byName(n lookNamed, name string) int { return strings.Compare(n.name, name) }
