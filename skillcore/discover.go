package skillcore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// Bounds on a walk, so that a huge or looping tree cannot stall a loader.
// Reaching one is never silent: the walk returns a *LimitError.
const (
	maxRootEntries = 100000
	maxCaseLookup  = 4096
	dirBatch       = 1024 // entries listed per ReadDir call
)

// walkCaps bound one walk of FindSkills.
// (folder: the entries of one folder, which are listed at once).
type walkCaps struct{ depth, dirs, entries, folder int }

var findCaps = walkCaps{depth: 64, dirs: 200000, entries: 2000000, folder: maxRootEntries}

// LimitError is a walk that stopped at one of its caps: which cap, and
// where.
type LimitError struct {
	Root string // the folder walked
	Cap  string // "depth", "folders", "entries" or "folder" (its entries)
	Max  int
	Path string // where the cap was reached
}

func (e *LimitError) Error() string {
	switch e.Cap {
	case "depth":
		return fmt.Sprintf("%s: more than %d folders deep below %s; what lies deeper was not searched", e.Path, e.Max, e.Root)
	case "folders":
		return fmt.Sprintf("%s: the walk of %s stopped here, at its cap of %d folders; the rest was not searched", e.Path, e.Root, e.Max)
	case "folder":
		return fmt.Sprintf("%s: more than %d entries in this folder; only %d of them were searched", e.Path, e.Max, e.Max)
	}
	return fmt.Sprintf("%s: the walk of %s stopped here, at its cap of %d entries; the rest was not searched", e.Path, e.Root, e.Max)
}

// Discover lists the SKILL.md files a target would find under root, sorted.
// Children scans look one level down; recursive scans follow the target's
// depth, count and hidden-entry rules. Every entry named SKILL.md is
// listed whatever it is (reading it says whether it is a file), and so is
// a SKILL.md spelt in another case (skill.md) where SKILL.md is missing;
// the error tells of a cap the scan reached.
func Discover(root Root) ([]string, error) { return discoverWith(root, nil) }

// discoverWith is Discover, listing folders through l (nil: each afresh).
func discoverWith(root Root, l *lister) ([]string, error) {
	if root.Package != nil {
		return slices.Clone(root.Package.Skills), nil
	}
	if root.Target.Scan.Recursive {
		found, shown, exact := walkRecursive(root.Dir, root.Target.Scan, l)
		if exact {
			root.reach(found, shown)
		}
		return found, nil
	}
	entries, full, _ := readDirUpTo(root.Dir, maxRootEntries)
	var err error
	if !full {
		err = &LimitError{Root: root.Dir, Cap: "folder", Max: maxRootEntries, Path: root.Dir}
	}
	// One lstat per child folder: 10,000 of them are worth both cores.
	found := make([]string, len(entries), len(entries)+1)
	if root.Target.Scan.RootFile && slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == loader.FileName }) {
		found = append(found, filepath.Join(root.Dir, loader.FileName))
	}
	var linked atomic.Bool // a folder or a SKILL.md is a link
	ForEach(len(entries), func(i int) {
		e := entries[i]
		if root.Target.Scan.SkipHidden && strings.HasPrefix(e.Name(), ".") || e.Type().IsRegular() ||
			slices.Contains(root.Target.Scan.SkipNames, e.Name()) {
			return
		}
		dir := fsys.JoinName(root.Dir, e.Name())
		p := fsys.JoinName(dir, loader.FileName)
		if f, ok := l.walkedEntry(dir, loader.FileName); ok {
			// The check's walk listed the folder: no lstat to ask again.
			found[i] = p
			if e.Type()&fs.ModeSymlink != 0 || f.Type()&fs.ModeSymlink != 0 {
				linked.Store(true)
			}
		} else if fi, err := os.Lstat(p); err == nil {
			found[i] = p
			if e.Type()&fs.ModeSymlink != 0 || fi.Mode()&fs.ModeSymlink != 0 {
				linked.Store(true)
			}
		} else if errors.Is(err, fs.ErrNotExist) {
			found[i] = caseVariantIn(dir)
		}
	})
	found = slices.DeleteFunc(found, func(p string) bool { return p == "" })
	if root.Target.Scan.OneLinkPerFile {
		if linked.Load() {
			found = oneLinkPerFile(root, found)
			root.reach(found, nil) // a file the path finds may be left out
		} else if root.Reach != nil {
			root.Reach.mu.Lock()
			root.Reach.files, root.Reach.shown = nil, nil // the path tells
			root.Reach.mu.Unlock()
		}
	}
	return found, err
}

// oneLinkPerFile keeps, of the files that are one file reached through
// links, the first in the target's order of the root.
func oneLinkPerFile(root Root, found []string) []string {
	order := slices.Clone(found)
	slices.SortStableFunc(order, func(a, b string) int { return scanOrder(root.Target, root.Dir, a, b) })
	seen := map[string]bool{}
	drop := map[string]bool{}
	for _, p := range order {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		if seen[real] {
			drop[p] = true
		}
		seen[real] = true
	}
	return slices.DeleteFunc(found, func(p string) bool { return drop[p] })
}

// caseVariantIn is the path of a file in dir named SKILL.md in other
// letter cases, or "". Only so many entries are looked at: a skill folder
// is small, and a root of large folders without a SKILL.md must not cost
// a listing of each whole.
func caseVariantIn(dir string) string {
	entries, _, _ := readDirUpTo(dir, maxCaseLookup)
	for _, e := range entries {
		if loader.IsCaseVariant(e.Name()) {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}

// MaxListed is how many entries ReadDir lists at most.
const MaxListed = maxRootEntries

// ReadDir lists the folder dir, sorted, as every walk here does: a FIFO
// where a folder should be fails at once instead of blocking the open, and
// no more than 100,000 entries are listed.
func ReadDir(dir string) ([]fs.DirEntry, error) {
	entries, _, err := readDirUpTo(dir, maxRootEntries)
	return entries, err
}

// readDirUpTo lists dir's entries, sorted, or only max of them when full is
// false: a folder of millions of entries costs no more than max.
func readDirUpTo(dir string, max int) (entries []fs.DirEntry, full bool, err error) {
	entries, _, err = fsys.ListDir(dir, max)
	if err != nil {
		return nil, true, err
	}
	return sortedUpTo(entries, max)
}

func sortedUpTo(entries []fs.DirEntry, max int) ([]fs.DirEntry, bool, error) {
	full := len(entries) <= max
	entries = entries[:min(len(entries), max)]
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, full, nil
}

func discoverRecursive(dir string, scan loader.Scan) []string {
	out, _, _ := walkRecursive(dir, scan, nil)
	return out
}

// walkRecursive scans a root as a recursive agent does: breadth first, in
// name order, counting the folders it meets (the root first) and the
// entries it lists against the caps, entering folder links when the scan
// follows them (each real folder once, a file reached through a link named
// by its real path, and shown under the path it was first reached by).
// exact reports whether the files found are not what the path alone tells
// (a cap was reached or a link followed). Folders are listed through l,
// ahead of the walk: every queued folder is listed by the walk anyway.
func walkRecursive(dir string, scan loader.Scan, l *lister) (out []string, shown map[string]string, exact bool) {
	type queued struct {
		dir   string
		depth int
		via   string // the folder's path through the links followed, "" for dir
	}
	dirs, entries := 1, 0
	queue := []queued{{dir, 0, ""}}
	seen := map[string]bool{}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		seen[real] = true
	}
	capped := func() bool {
		return scan.MaxDirs > 0 && dirs >= scan.MaxDirs || scan.MaxEntries > 0 && entries >= scan.MaxEntries
	}
	listedTo := 0 // queue[:listedTo] was listed ahead
	for next := 0; next < len(queue); next++ {
		if next == listedTo && l != nil {
			listedTo = min(len(queue), next+aheadBatch)
			dirs := make([]string, 0, listedTo-next)
			for _, q := range queue[next:listedTo] {
				dirs = append(dirs, q.dir)
			}
			l.ahead(dirs)
		}
		cur := queue[next]
		queue[next] = queued{}
		list, err := l.list(cur.dir)
		if err != nil {
			continue
		}
		named := skillNamer(list)
		hasSkill := slices.ContainsFunc(list, func(e fs.DirEntry) bool { return e.Name() == loader.FileName })
		if cur.depth == 0 && scan.RootClaims && hasSkill {
			return []string{fsys.JoinName(cur.dir, loader.FileName)}, nil, true
		}
		stop := scan.StopAtSkill && hasSkill && cur.depth > 0
		for _, e := range list {
			if scan.SkipHidden && strings.HasPrefix(e.Name(), ".") || slices.Contains(scan.SkipNames, e.Name()) {
				continue
			}
			if scan.MaxEntries > 0 && entries >= scan.MaxEntries {
				exact = true
				break
			}
			entries++
			p := fsys.JoinName(cur.dir, e.Name())
			link := e.Type()&fs.ModeSymlink != 0
			// A symlink named SKILL.md is not followed; anything else
			// named SKILL.md is listed, for reading it to tell what it is.
			if named(e.Name()) && (cur.depth > 0 || scan.RootFile || scan.RootClaims) {
				if !link {
					if _, ok := shown[p]; cur.via != "" && !ok && !slices.Contains(out, p) {
						if shown == nil {
							shown = map[string]string{}
						}
						shown[p] = filepath.Join(cur.via, e.Name())
					}
					out = append(out, p)
				} else if scan.SkipFileLinks {
					exact = true // the path alone would find it
				}
			}
			isDir := e.IsDir()
			via := ""
			if cur.via != "" {
				via = filepath.Join(cur.via, e.Name())
			}
			if link && scan.FollowSymlinks {
				real, err := filepath.EvalSymlinks(p)
				st, serr := os.Stat(p)
				if err != nil || serr != nil || !st.IsDir() || seen[real] {
					continue
				}
				seen[real] = true
				if via == "" {
					via = p
				}
				p, isDir, exact = real, true, true
			}
			if stop && isDir {
				exact = true
				continue
			}
			if scan.URLNames && isDir && strings.ContainsAny(e.Name(), "\t\n\r") {
				// Met and counted, then not found under the name the
				// URL keeps.
				if cur.depth < scan.MaxDepth && !capped() {
					dirs++
				}
				exact = true
				continue
			}
			if isDir && cur.depth < scan.MaxDepth {
				if capped() {
					exact = true
					continue
				}
				dirs++
				queue = append(queue, queued{p, cur.depth + 1, via})
			}
		}
	}
	slices.Sort(out)
	return out, shown, exact
}

// isSkillName reports whether a file named name is a skill's file, or one
// that means to be (skill.md).
func isSkillName(name string) bool { return name == loader.FileName || loader.IsCaseVariant(name) }

// skillNamer is isSkillName for the entries of one folder (sorted): a
// skill.md beside a SKILL.md is no skill's file, only a file in a skill.
func skillNamer(entries []fs.DirEntry) func(name string) bool {
	_, has := slices.BinarySearchFunc(entries, loader.FileName, func(e fs.DirEntry, name string) int { return strings.Compare(e.Name(), name) })
	if has {
		return func(name string) bool { return name == loader.FileName }
	}
	return isSkillName
}

// FindSkills lists every file named SKILL.md (or skill.md, in any case)
// under dir, or dir itself when it is not a folder, for commands that take
// any folder. dir is followed when it is a symlink, and so are symlinks
// inside, each folder walked once however it is reached, so loops end.
// The errors are entries that could not be read and caps the walk reached
// (*LimitError).
func FindSkills(dir string) (files []string, errs []error) { return findSkills(dir, nil) }

// folderSeen is told of a folder a walk entered, with its entries (cut at
// a cap, which the walk reports: full is false), or of the error that kept
// it out.
type folderSeen func(p string, entries []fs.DirEntry, full bool, err error)

// findSkills is FindSkills, telling seen (when not nil) of every folder the
// walk enters, with its entries, or of the error that kept it out. The
// walk runs on every core, so seen is called from many goroutines, one call
// at a time, in no set order.
func findSkills(dir string, seen folderSeen) (files []string, errs []error) {
	return walkTree(dir, seen, nil)
}

// walkTree is findSkills, entering no entry of a folder that skip names
// (nil: every one).
func walkTree(dir string, seen folderSeen, skip func(dir, name string) bool) (files []string, errs []error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, []error{err}
	}
	if !st.IsDir() {
		return []string{dir}, nil
	}
	w := newWalker(dir, findCaps, seen)
	w.skip = skip
	w.walk(fsys.NoFolder, "", dir, 0, false)
	w.wait()
	w.followLinks()
	slices.Sort(w.files)
	slices.SortFunc(w.errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return w.files, w.errs
}

func newWalker(root string, caps walkCaps, seen folderSeen) *walker {
	w := &walker{root: root, caps: caps, seen: seen, visited: map[fsys.Key]bool{}, capped: map[string]bool{}}
	w.helpers = make(chan struct{}, runtime.GOMAXPROCS(0)-1)
	return w
}

// walker is one walk of FindSkills. A folder's subfolders are walked by
// another goroutine when one of helpers is free, else by the same one, so
// both cores list folders (a large check spends a third of its time here).
type walker struct {
	root    string
	caps    walkCaps
	seen    folderSeen
	skip    func(dir, name string) bool // an entry of dir not to enter
	helpers chan struct{}               // a slot per goroutine that may help
	wg      sync.WaitGroup
	failed  panics // a helper's, raised by wait

	mu            sync.Mutex // guards what follows
	visited       map[fsys.Key]bool
	dirs, entries int
	capped        map[string]bool // caps reached, each told once
	stopped       bool
	files         []string
	errs          []error
	links         []linkedFolder // symlinks met, entered after the real folders
}

// linkedFolder is a symlink a walk met, possibly to a folder, to enter
// once the folders it reached by their own paths are all walked.
type linkedFolder struct {
	path  string
	depth int
}

// wait waits for the helpers, and panics with a helper's panic.
func (w *walker) wait() {
	w.wg.Wait()
	w.failed.raise()
}

// followLinks enters the symlinks the walk met, one at a time in path
// order, and those met inside them in turn. A folder is walked once per
// (device, inode); this way the path it is walked by does not depend on
// which goroutine met which first: its own path when the tree holds it,
// else the first link to it in path order.
func (w *walker) followLinks() {
	for len(w.links) > 0 {
		links := w.links
		w.links = nil
		slices.SortFunc(links, func(a, b linkedFolder) int { return strings.Compare(a.path, b.path) })
		for _, l := range links {
			w.walk(fsys.NoFolder, filepath.Base(l.path), l.path, l.depth, true)
			w.wait()
		}
	}
}

// walk enters the folder at p, which is name in the open folder at
// (fsys.NoFolder: p is opened by its path), at depth below the root. quiet is
// for a symlink met in the walk: where it leads to no folder, it is no
// folder.
func (w *walker) walk(at fsys.Folder, name, p string, depth int, quiet bool) {
	if depth > w.caps.depth {
		w.mu.Lock()
		w.limit("depth", w.caps.depth, p)
		w.mu.Unlock()
		return
	}
	w.mu.Lock()
	budget := min(w.caps.entries-w.entries, w.caps.folder)
	w.mu.Unlock()
	var entries []fs.DirEntry
	var key fsys.Key
	f, err := fsys.OpenFolder(at, name, p)
	if err == nil {
		// Open while its subfolders are walked from it.
		defer f.Close()
		entries, key, err = f.List(p, max(budget, 0))
	}
	if err != nil && quiet && leadsNowhere(err) {
		return
	}
	w.mu.Lock()
	switch {
	case w.stopped || err == nil && w.visited[key]:
		w.mu.Unlock()
		return
	case err != nil:
		w.errs = append(w.errs, err)
		if w.seen != nil {
			w.seen(p, nil, false, err)
		}
		w.mu.Unlock()
		return
	}
	if w.dirs++; w.dirs > w.caps.dirs {
		w.limit("folders", w.caps.dirs, p)
		w.mu.Unlock()
		return
	}
	w.visited[key] = true
	entries, full, _ := sortedUpTo(entries, budget)
	w.entries += len(entries)
	switch {
	case full:
	case w.entries >= w.caps.entries:
		w.limit("entries", w.caps.entries, p)
	default:
		w.limit("folder", w.caps.folder, p)
	}
	if w.seen != nil {
		w.seen(p, entries, full, nil)
	}
	named := skillNamer(entries)
	for _, e := range entries {
		if named(e.Name()) {
			// Whatever it is: reading it tells a file from a FIFO or a folder.
			w.files = append(w.files, fsys.ChildPath(p, e.Name()))
		}
	}
	w.mu.Unlock()
	for _, e := range entries {
		name := e.Name()
		if named(name) || name == ".git" || name == "node_modules" || w.skip != nil && w.skip(p, name) {
			continue
		}
		t := e.Type()
		if !t.IsDir() && t&fs.ModeSymlink == 0 {
			continue
		}
		child := fsys.ChildPath(p, name)
		if t&fs.ModeSymlink != 0 {
			w.mu.Lock()
			w.links = append(w.links, linkedFolder{child, depth + 1})
			w.mu.Unlock()
			continue
		}
		select {
		case w.helpers <- struct{}{}:
			w.wg.Add(1)
			go func() {
				defer w.wg.Done()
				defer func() { <-w.helpers }()
				defer w.failed.catch()
				// f may be closed by then: open by path.
				w.walk(fsys.NoFolder, name, child, depth+1, false)
			}()
		default:
			w.walk(f, name, child, depth+1, false)
		}
	}
}

// leadsNowhere reports whether err is a symlink's that leads to no folder:
// to a file, to nothing, or round in a loop of links.
func leadsNowhere(err error) bool {
	return errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fsys.ErrNotDir) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ELOOP)
}

// limit tells of a cap reached, once per cap; the folders and entries caps
// end the walk. Call with mu held.
func (w *walker) limit(cap string, max int, p string) {
	if cap == "folders" || cap == "entries" {
		w.stopped = true
	}
	if !w.capped[cap] {
		w.capped[cap] = true
		w.errs = append(w.errs, &LimitError{Root: w.root, Cap: cap, Max: max, Path: p})
	}
}

// markerNames maps the last name of each root marker (".git", "skills" of
// ".agents/skills") to the folder name it must sit in ("" for none): a
// walk looks each entry up once instead of trying every marker.
var markerNames = func() map[string][]string {
	out := map[string][]string{}
	for _, m := range rootMarkers {
		first, second, nested := strings.Cut(m, "/")
		if nested {
			out[second] = append(out[second], first)
		} else {
			out[first] = append(out[first], "")
		}
	}
	return out
}()

// Find is FindSkills for a world: it also remembers, for ProjectOf, which
// folders of the walk hold a project marker, so that the files it finds cost
// no further lookups on disk.
func (w *World) Find(dir string) ([]string, []error) {
	// What the walk meets, the package search need not walk for again.
	facts := newWalkFacts(fsys.CleanPath(dir))
	facts.hidden = true
	files, errs := findSkills(dir, func(p string, entries []fs.DirEntry, full bool, err error) {
		if err != nil {
			return
		}
		facts.addFolder(p)
		facts.walked++
		facts.entries += len(entries)
		facts.keepSkillListing(p, entries, full)
		named := skillNamer(entries)
		for _, e := range entries {
			name := e.Name()
			path := facts.see(p, e)
			if manifest := loader.ManifestNames()[name] && e.Type().IsRegular(); manifest || named(name) {
				if path == "" {
					path = fsys.ChildPath(p, name)
				}
				w.prefetch(path, !named(name))
			}
			for _, parent := range markerNames[name] {
				switch {
				case parent == "":
					facts.marked[p] = true
				case filepath.Base(p) == parent:
					facts.marked[fsys.ParentDir(p)] = true
				}
			}
		}
	})
	facts.ended(errs)
	if w.walks == nil {
		w.walks = map[string]*walkFacts{}
	}
	w.walks[facts.top] = facts
	return files, errs
}
