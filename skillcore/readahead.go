package skillcore

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// A check's walk, its package search and its reading of files used to take
// turns, the walk and the search leaving a core idle a third of the time.
// Reading a file and letting its body go depends on nothing the search
// finds (which roots and targets see the file is decided in Load), so files
// a walk finds can be read while it goes on. So can the package manifests
// it meets, which the search then takes instead of reading them.

// aheadQueue bounds the files waiting to be read ahead; past it the walk
// does not wait, and Load reads the rest itself.
const aheadQueue = 1 << 13

// readAhead reads files on background goroutines until Load takes them.
type readAhead struct {
	queue   chan aheadFile
	wg      sync.WaitGroup
	failed  panics // a reader's, raised by takeAhead
	mu      sync.Mutex
	done    map[string]readResult
	read    map[string]*Manifest // nil where there is none to read
	claimed map[string]bool      // manifests being read, or read elsewhere
}

// aheadFile is a file to read ahead: a SKILL.md or a package manifest.
type aheadFile struct {
	path     string
	manifest bool
	// installed: a skill of an agent's own copy of a plugin, whose body
	// is scanned only if it is reported (keepsBody).
	installed bool
}

// readResult is a file read, its body checked and let go, or why not.
type readResult struct {
	skill *loader.Skill
	err   error
}

// readAheadOf starts reading ahead for w, once. Only a world that releases
// bodies reads ahead: one that keeps them would hold every text twice.
// While the walk goes on, one core fewer reads than there are, so that the
// walk ends sooner; the package search after it then shares the cores
// with the reading left, and Load drains the rest on all of them.
func (w *World) readAheadOf() *readAhead {
	if w.ahead == nil && w.readsAhead() {
		ra := &readAhead{queue: make(chan aheadFile, aheadQueue), done: make(map[string]readResult, 1<<10), read: map[string]*Manifest{}, claimed: map[string]bool{}}
		for range max(1, runtime.GOMAXPROCS(0)-1) {
			ra.wg.Go(func() { w.drainCatching(ra) })
		}
		w.ahead = ra
	}
	return w.ahead
}

// drainCatching is drain on a goroutine of its own: its panic is kept
// for takeAhead to raise.
func (w *World) drainCatching(ra *readAhead) {
	defer ra.failed.catch()
	w.drain(ra)
}

// drain reads the files queued until the queue is closed and empty.
func (w *World) drain(ra *readAhead) {
	for f := range ra.queue {
		if f.manifest {
			ra.mu.Lock()
			taken := ra.claimed[f.path]
			ra.claimed[f.path] = true
			ra.mu.Unlock()
			if taken {
				continue // the package search read it itself
			}
			m, _ := readManifest(f.path)
			ra.mu.Lock()
			ra.read[f.path] = m
			ra.mu.Unlock()
			continue
		}
		s, err := w.read(f.path, !f.installed)
		ra.mu.Lock()
		ra.done[f.path] = readResult{s, err}
		ra.mu.Unlock()
	}
}

// readsAhead reports whether w reads ahead what its walks find.
func (w *World) readsAhead() bool { return w.ReadAhead && w.ReleaseBodies }

// prefetch asks for the file at path to be read ahead; it never waits.
func (w *World) prefetch(path string, manifest bool) {
	w.readAheadOf().add(aheadFile{path: fsys.CleanPath(path), manifest: manifest})
}

// add queues f unless the queue is full (or ra nil: no reading ahead).
func (ra *readAhead) add(f aheadFile) {
	if ra == nil {
		return
	}
	select {
	case ra.queue <- f:
	default:
	}
}

// takeManifest returns, once, the manifest at path as read ahead (nil when
// there was none to read), or false when it is not read yet: the caller
// reads it, and the read-ahead then leaves it. The package search calls it
// in parallel.
func (w *World) takeManifest(path string) (*Manifest, bool) {
	ra := w.ahead
	if ra == nil {
		return nil, false
	}
	ra.mu.Lock()
	defer ra.mu.Unlock()
	m, ok := ra.read[path]
	delete(ra.read, path)
	ra.claimed[path] = true
	return m, ok
}

// takeAhead drains what is left to read ahead on every core and returns
// all that was read; the world reads ahead no more until asked again.
func (w *World) takeAhead() map[string]readResult {
	ra := w.ahead
	if ra == nil {
		return nil
	}
	w.ahead = nil
	close(ra.queue)
	for range runtime.GOMAXPROCS(0) - max(1, runtime.GOMAXPROCS(0)-1) {
		ra.wg.Go(func() { w.drainCatching(ra) })
	}
	w.drain(ra)
	ra.wg.Wait()
	ra.failed.raise()
	return ra.done
}

// read reads the file at path (clean) for Load: parsed, and when the world
// releases bodies, given to BeforeRelease (when keep) and released. Files
// that cannot be read are returned as errors.
func (w *World) read(path string, keep bool) (*loader.Skill, error) {
	buf := loader.ReadBuffers.Get()
	defer loader.ReadBuffers.Put(buf)
	s, src, err := loader.ReadSkillInto(path, *buf)
	if err != nil {
		return nil, err
	}
	if src != nil {
		*buf = src
	}
	if w.ReleaseBodies && w.BeforeRelease != nil && keep {
		w.BeforeRelease(s)
	}
	if !w.ReleaseBodies || !s.Release() {
		s.Src = bytes.Clone(src) // the buffer goes back to the pool
	}
	return s, nil
}
