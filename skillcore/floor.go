package skillcore

import (
	"io/fs"
	"runtime"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// The floor of a check is the time it takes to find and read the skill
// files at all: the benchmark reports check's time as a ratio to it. It
// walks as a check's walk does (the same walker, caps and helpers) and
// reads with the read-ahead's parallelism (one reader fewer than cores
// while the walk runs, every core after), parsing nothing.

// FloorRead is what a floor walk read: how many SKILL.md files, and their
// bytes.
type FloorRead struct {
	Files int
	Bytes int64
}

// Floor walks dir as FindSkills does and reads whole every file named
// SKILL.md that it finds (a check reads no other spelling), and does
// nothing else. The errors are the walk's and those of files not read.
func Floor(dir string) (FloorRead, []error) {
	queue := make(chan string, aheadQueue)
	var (
		mu   sync.Mutex
		out  FloorRead
		errs []error
		left []string // found while the queue was full
		wg   sync.WaitGroup
	)
	reader := func() {
		var buf []byte
		for p := range queue {
			src, err := fsys.ReadFile(p, buf)
			if src != nil {
				buf = src
			}
			mu.Lock()
			if err != nil {
				errs = append(errs, err)
			} else {
				out.Files++
				out.Bytes += int64(len(src))
			}
			mu.Unlock()
		}
	}
	for range max(1, runtime.GOMAXPROCS(0)-1) {
		wg.Go(reader)
	}
	// The walker calls seen one call at a time: left needs no lock.
	_, walkErrs := findSkills(dir, func(p string, entries []fs.DirEntry, _ bool, err error) {
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.Name() != loader.FileName {
				continue
			}
			path := fsys.ChildPath(p, e.Name())
			select {
			case queue <- path:
			default:
				left = append(left, path)
			}
		}
	})
	for range runtime.GOMAXPROCS(0) - max(1, runtime.GOMAXPROCS(0)-1) {
		wg.Go(reader)
	}
	for _, p := range left {
		queue <- p
	}
	close(queue)
	wg.Wait()
	return out, append(walkErrs, errs...)
}
