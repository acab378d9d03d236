package skillcore

import (
	"io/fs"
	"os"
	"runtime"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// The floor of a check is the time it takes to find and read the skill
// files at all: the benchmark reports check's time as a ratio to it. It
// walks as a check's walk does (the same walker, caps and helpers) and
// reads with the read-ahead's parallelism (one reader fewer than cores
// while the walk runs, every core after), parsing nothing. Two floors:
// the SKILL.md files alone (Floor), and every file a check reads, the
// other files of each skill folder too (FloorFiles).

// FloorRead is what a floor walk read: how many SKILL.md files, and their
// bytes; with FloorFiles, the other files of the skill folders too.
type FloorRead struct {
	Files int
	Bytes int64
	// OtherFiles and OtherBytes are the skill folders' other files read
	// (a binary's first SniffBytes only, as a check reads it).
	OtherFiles int
	OtherBytes int64
}

// Floor walks dir as FindSkills does and reads whole every file named
// SKILL.md that it finds (a check reads no other spelling), and does
// nothing else. The errors are the walk's and those of files not read.
func Floor(dir string) (FloorRead, []error) {
	read, errs, _ := floorWalk(dir, false)
	return read, errs
}

// FloorFiles is Floor, then the other files of each skill folder, listed
// as a check lists them (SkillFolderFiles: hidden folders, tools' folders
// such as node_modules and nested skills' folders left out; the folders
// the walk listed not listed again) and read as a check reads them (each
// regular file of at most 1 MiB; a binary's first bytes only), on every
// core: the least a check that judges whole skill folders must do.
func FloorFiles(dir string) (FloorRead, []error) {
	read, errs, found := floorWalk(dir, true)
	list := func(d string) []fs.DirEntry {
		if entries, ok := found.listings[d]; ok {
			return entries
		}
		entries, _ := os.ReadDir(d)
		return entries
	}
	var mu sync.Mutex
	bufs := fsys.NewBufferPool(runtime.GOMAXPROCS(0))
	ForEach(len(found.skills), func(i int) {
		buf := bufs.Get()
		defer bufs.Put(buf)
		var files int
		var bytes int64
		for _, p := range SkillFolderFiles(found.skills[i], list) {
			src, _, err := fsys.ReadTextMode(p, (*buf)[:0], SniffBytes)
			if src != nil {
				*buf = src[:0]
			}
			if err == nil || err == fsys.ErrBinary {
				files++
				bytes += int64(len(src))
			}
		}
		mu.Lock()
		read.OtherFiles += files
		read.OtherBytes += bytes
		mu.Unlock()
	})
	return read, errs
}

// floorFound is what a floor walk keeps for FloorFiles: the SKILL.md
// files read, and the listings of the folders in skill folders.
type floorFound struct {
	skills   []string
	listings map[string][]fs.DirEntry
}

func floorWalk(dir string, keep bool) (FloorRead, []error, floorFound) {
	queue := make(chan string, aheadQueue)
	var (
		mu    sync.Mutex
		out   FloorRead
		errs  []error
		left  []string // found while the queue was full
		wg    sync.WaitGroup
		found floorFound
		facts walkFacts
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
				if keep {
					found.skills = append(found.skills, p)
				}
			}
			mu.Unlock()
		}
	}
	for range max(1, runtime.GOMAXPROCS(0)-1) {
		wg.Go(reader)
	}
	// The walker calls seen one call at a time: left and facts need no
	// lock.
	_, walkErrs := findSkills(dir, func(p string, entries []fs.DirEntry, full bool, err error) {
		if err != nil {
			return
		}
		if keep {
			facts.keepSkillListing(p, entries, full)
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
	found.listings = facts.listings
	return out, append(walkErrs, errs...), found
}
