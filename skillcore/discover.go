package skillcore

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Bounds on a walk, so that a huge or looping tree cannot stall a loader.
const (
	maxRootEntries = 100000
	maxWalkDirs    = 200000
	maxWalkDepth   = 64
)

// Discover lists the SKILL.md files a target would find under root, sorted.
// Children scans look one level down; recursive scans follow the target's
// depth, count, hidden-entry and symlink rules.
func Discover(root Root) []string {
	if root.Target.Scan.Recursive {
		return discoverRecursive(root.Dir, root.Target.Scan)
	}
	entries, err := os.ReadDir(root.Dir)
	if err != nil {
		return nil
	}
	entries = entries[:min(len(entries), maxRootEntries)]
	// One stat per child folder: 10,000 of them are worth both cores.
	found := make([]string, len(entries))
	ForEach(len(entries), func(i int) {
		if root.Target.Scan.SkipHidden && strings.HasPrefix(entries[i].Name(), ".") {
			return
		}
		p := filepath.Join(root.Dir, entries[i].Name(), FileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			found[i] = p
		}
	})
	return slices.DeleteFunc(found, func(p string) bool { return p == "" })
}

func discoverRecursive(dir string, scan Scan) []string {
	var out []string
	visited := 0
	queue := []struct {
		dir   string
		depth int
	}{{dir, 0}}
	for len(queue) > 0 && visited < scan.MaxDirs {
		cur := queue[0]
		queue = queue[1:]
		visited++
		entries, err := os.ReadDir(cur.dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if scan.SkipHidden && strings.HasPrefix(e.Name(), ".") {
				continue
			}
			p := filepath.Join(cur.dir, e.Name())
			switch {
			case e.Name() == FileName && e.Type().IsRegular() && cur.depth > 0:
				out = append(out, p)
			case e.IsDir() && cur.depth < scan.MaxDepth:
				queue = append(queue, struct {
					dir   string
					depth int
				}{p, cur.depth + 1})
			}
		}
	}
	slices.Sort(out)
	return out
}

var (
	errIsDir   = errors.New("is a directory, not a file")
	errNotFile = errors.New("is not a regular file")
)

// FindSkills lists every file named SKILL.md under dir (or dir itself when it
// is one), without following symlinks, for commands that take any folder.
// Entries that cannot be read are returned as errors alongside the files.
func FindSkills(dir string) (files []string, errs []error) { return findSkills(dir, nil) }

// findSkills is FindSkills, telling seen (when not nil) of every entry the
// walk meets, and of every error.
func findSkills(dir string, seen func(p string, d os.DirEntry, err error)) (files []string, errs []error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, []error{err}
	}
	if !st.IsDir() {
		if !st.Mode().IsRegular() {
			return nil, []error{&os.PathError{Op: "read", Path: dir, Err: errNotFile}}
		}
		return []string{dir}, nil
	}
	dirs := 0
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if seen != nil {
			seen(p, d, err)
		}
		if err != nil {
			errs = append(errs, err)
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			dirs++
			if dirs > maxWalkDirs || strings.Count(p[len(dir):], string(filepath.Separator)) > maxWalkDepth {
				return filepath.SkipDir
			}
			if n := d.Name(); p != dir && (n == ".git" || n == "node_modules") {
				return filepath.SkipDir
			}
		}
		if d.Name() == FileName {
			switch {
			case d.IsDir():
				errs = append(errs, &os.PathError{Op: "read", Path: p, Err: errIsDir})
				return filepath.SkipDir
			case d.Type().IsRegular():
				files = append(files, p)
			case d.Type()&os.ModeSymlink != 0:
				// A link is read through, when it leads to a file.
				if st, err := os.Stat(p); err != nil {
					errs = append(errs, err)
				} else if !st.Mode().IsRegular() {
					errs = append(errs, &os.PathError{Op: "read", Path: p, Err: errNotFile})
				} else {
					files = append(files, p)
				}
			default:
				errs = append(errs, &os.PathError{Op: "read", Path: p, Err: errNotFile})
			}
		}
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	return files, errs
}

// Find is FindSkills for a world: it also remembers, for ProjectOf, which
// folders of the walk hold a project marker, so that the files it finds cost
// no further lookups on disk.
func (w *World) Find(dir string) ([]string, []error) {
	var walked []string
	marked, failed := map[string]bool{}, map[string]bool{}
	facts := newWalkFacts(filepath.Clean(dir))
	facts.hidden = true
	files, errs := findSkills(dir, func(p string, d os.DirEntry, err error) {
		switch {
		case err != nil:
			failed[p] = true
		case d.IsDir():
			walked = append(walked, p)
		}
		if err == nil {
			facts.see(p, d)
		}
		if d == nil {
			return
		}
		for _, m := range rootMarkers {
			first, second, nested := strings.Cut(m, "/")
			switch {
			case !nested && d.Name() == first:
				marked[filepath.Dir(p)] = true
			case nested && d.Name() == second && filepath.Base(filepath.Dir(p)) == first:
				marked[filepath.Dir(filepath.Dir(p))] = true
			}
		}
	})
	if w.projectDirs == nil {
		w.projectDirs = map[string]string{}
	}
	if w.walks == nil {
		w.walks = map[string]*walkFacts{}
	}
	w.walks[facts.top] = facts.done()
	// The walk is in pre-order: a folder comes before what it holds.
	for _, d := range walked {
		if failed[d] {
			continue
		}
		p, known := w.projectDirs[filepath.Dir(d)]
		switch {
		case marked[d] && d == w.Env.Home:
			p = ""
		case marked[d]:
			p = d
		case !known:
			p = w.ProjectOf(filepath.Join(filepath.Dir(d), "x"))
		}
		w.projectDirs[d] = p
	}
	return files, errs
}
