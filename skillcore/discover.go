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
	var out []string
	for i, e := range entries {
		if i >= maxRootEntries {
			break
		}
		if root.Target.Scan.SkipHidden && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(root.Dir, e.Name(), FileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out
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
func FindSkills(dir string) (files []string, errs []error) {
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
