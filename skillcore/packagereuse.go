package skillcore

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// A check of a folder inside a repository searches the whole repository
// for packages (a marketplace at its root may load the folder's skills),
// and used to list again every folder its walk for SKILL.md files had
// just listed. The package walk now takes those folders from that walk
// (walkFacts of Find) and lists only the rest, when what it takes is what
// it would have met: the same folders, files and caps.

// walkForPackagesReusing is walkForPackages of top, taking the folders that
// walks of Find below top met from them rather than listing them again.
func walkForPackagesReusing(top string, walks map[string]*walkFacts) *walkFacts {
	subs := reusableWalks(top, walks)
	if len(subs) == 0 {
		return walkForPackages(top)
	}
	skip := packageSkip(top)
	var mu sync.Mutex
	reached := map[string]*walkFacts{}
	wf := walkPackagesSkipping(top, func(dir, name string) bool {
		if skip(dir, name) {
			return true
		}
		sub := subs[fsys.ChildPath(dir, name)]
		if sub != nil {
			mu.Lock() // the walk asks from every goroutine
			reached[sub.top] = sub
			mu.Unlock()
		}
		return sub != nil
	})
	if !mergeable(wf, top, reached) {
		return walkForPackages(top)
	}
	for _, sub := range reached {
		wf.merge(sub, skip)
	}
	return wf.ended(nil)
}

// reusableWalks are the walks of Find strictly below top (the outermost
// of nested ones) that the package walk may take in: whole (no cap), met
// no link, and of a real folder reached by no link.
func reusableWalks(top string, walks map[string]*walkFacts) map[string]*walkFacts {
	out := map[string]*walkFacts{}
	for dir, wf := range walks {
		if !loader.Within(top, dir) || !wf.hidden || wf.shallow || wf.capped != "" || len(wf.links) > 0 || !wf.topSeen {
			continue
		}
		if real, err := filepath.EvalSymlinks(dir); err != nil || real != dir {
			continue
		}
		if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
			continue
		}
		out[dir] = wf
	}
	for dir := range out {
		for other := range out {
			if loader.Within(other, dir) {
				delete(out, dir)
				break
			}
		}
	}
	return out
}

// mergeable reports whether the walk of top that skipped the folders of
// reached, with them taken in, is the whole walk: no cap reached, in total
// neither, and no link leading into a folder it skipped (the whole walk
// would have met it by its own path first, and left the link).
func mergeable(wf *walkFacts, top string, reached map[string]*walkFacts) bool {
	for _, err := range wf.errs {
		var le *LimitError
		if errors.As(err, &le) {
			return false
		}
	}
	dirs, entries := wf.walked, wf.entries
	for _, sub := range reached {
		dirs += sub.walked
		entries += sub.entries
		base := strings.Count(sub.top[len(top):], string(filepath.Separator))
		for _, f := range sub.folders {
			if base+strings.Count(f[len(sub.top):], string(filepath.Separator)) > findCaps.depth {
				return false
			}
		}
	}
	if dirs > findCaps.dirs || entries > findCaps.entries {
		return false
	}
	for l := range wf.links {
		real, err := filepath.EvalSymlinks(l)
		if err != nil {
			continue
		}
		for _, sub := range reached {
			if real == sub.top || loader.Within(sub.top, real) {
				return false
			}
		}
	}
	return true
}

// merge takes in what the walk sub met in the folders the package walk
// enters (skip: not the hidden ones off the way to a manifest).
func (wf *walkFacts) merge(sub *walkFacts, skip func(dir, name string) bool) {
	enters := func(dir string) bool {
		for d := dir; d != sub.top; d = fsys.ParentDir(d) {
			if skip(fsys.ParentDir(d), filepath.Base(d)) {
				return false
			}
		}
		return true
	}
	wf.addFolder(sub.top)
	for _, f := range sub.folders {
		if enters(f) {
			wf.addFolder(f)
		}
	}
	for _, s := range sub.skills {
		if enters(fsys.ParentDir(s)) {
			wf.skills = append(wf.skills, s)
		}
	}
	for _, m := range sub.manifests {
		if enters(fsys.ParentDir(m)) && !wf.found[m] {
			wf.manifests = append(wf.manifests, m)
			wf.found[m] = true
		}
	}
	slices.Sort(wf.manifests)
}
