package skillcore

import (
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// maxRemembered is how many entries a lister remembers at most: past it,
// folders are listed again when asked again, and nothing is listed ahead.
const maxRemembered = 1 << 18

// aheadBatch is how many queued folders a recursive walk lists ahead at
// once, on every core.
const aheadBatch = 1024

// A lister lists folders for the walks of one scan of the roots. Several
// agents walk the same root recursively (Codex, Copilot and OpenCode all
// walk .agents/skills), each in its own order and to its own caps: the
// lister lists each folder once for all of them, and ahead of each walk on
// every core, while the walk itself stays one ordered loop. It starts from
// the folders a check's walk listed already (World.Listing).
type lister struct {
	walked func(dir string) ([]fs.DirEntry, bool) // nil: none

	mu   sync.Mutex
	memo map[string]listed
	kept int // entries in memo
}

type listed struct {
	entries []fs.DirEntry
	err     error
}

func newLister(walked func(dir string) ([]fs.DirEntry, bool)) *lister {
	return &lister{walked: walked, memo: map[string]listed{}}
}

// list is ReadDir of dir, listed once. A nil lister lists every time.
func (l *lister) list(dir string) ([]fs.DirEntry, error) {
	if l == nil {
		return ReadDir(dir)
	}
	if l.walked != nil {
		if entries, ok := l.walked(dir); ok {
			return entries, nil
		}
	}
	l.mu.Lock()
	got, ok := l.memo[dir]
	l.mu.Unlock()
	if ok {
		return got.entries, got.err
	}
	entries, err := ReadDir(dir)
	l.mu.Lock()
	if l.kept < maxRemembered {
		l.memo[dir] = listed{entries, err}
		l.kept += len(entries) + 1
	}
	l.mu.Unlock()
	return entries, err
}

// walkedEntry is the entry called name in dir as the check's walk listed
// dir whole (World.Listing); false when the walk did not list dir or found
// no such entry there, and the caller asks the file system.
func (l *lister) walkedEntry(dir, name string) (fs.DirEntry, bool) {
	if l == nil || l.walked == nil {
		return nil, false
	}
	entries, ok := l.walked(dir)
	if !ok {
		return nil, false
	}
	i, in := slices.BinarySearchFunc(entries, name, func(e fs.DirEntry, name string) int { return strings.Compare(e.Name(), name) })
	if !in {
		return nil, false
	}
	return entries[i], true
}

// ahead lists dirs on every core, for list to answer from memory.
func (l *lister) ahead(dirs []string) {
	if l == nil || len(dirs) < 2 {
		return
	}
	l.mu.Lock()
	full := l.kept >= maxRemembered
	l.mu.Unlock()
	if !full {
		ForEach(len(dirs), func(i int) { l.list(dirs[i]) })
	}
}
