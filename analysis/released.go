package analysis

import (
	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// A language server's workspace releases the bodies of the files it reads
// from disk (Config.ReleaseBodies, Release): the files no editor holds are
// diagnosed once and then only their frontmatter is read, by catalogs,
// collisions, symbols and references. The features about one file read it
// whole through file, which reads a released body back from disk.

// file returns the entry at path with its whole text, or nil. A released
// file is read back from disk; when it changed there since it was read (a
// change whose watcher event has not come yet) or went, the workspace takes
// the change in as the event would and reports it through OnReload.
func (w *Workspace) file(path string) *skillcore.Entry {
	e := w.World.Entry(path)
	if e == nil || !e.Skill.Released() {
		return e
	}
	// The read is skillcore's one reader: a file swapped for a FIFO or a
	// device is told as such, not waited on (this runs under a server's
	// lock).
	whole, fresh, err := e.Skill.Reread()
	if whole == nil {
		return w.reload(DiskFile{Path: e.Skill.Path, Skill: fresh, Err: err})
	}
	c := *e
	c.Skill = whole
	return &c
}

// reload takes in a released file found changed or gone on disk, tells
// OnReload, and returns the file's new entry, or nil.
func (w *Workspace) reload(f DiskFile) *skillcore.Entry {
	affected := w.Take(f)
	if w.OnReload != nil {
		w.OnReload(append([]string{f.Path}, affected...))
	}
	return w.World.Entry(f.Path)
}

// Release lets the file at path keep only its frontmatter's text until it
// is asked about again: the server calls it once a file no editor holds has
// its diagnostics published.
func (w *Workspace) Release(path string) {
	if e := w.World.Entry(path); e != nil {
		e.Skill.Release()
	}
}

// keptBody is what a file's body said when a scan read it: the findings
// published first need no second read of a body released since.
type keptBody struct {
	skill    *loader.Skill // the version it is about
	problems []loader.Problem
	lines    []excerptLine // to place the problems (excerpt)
	// directives are its suppression directives, whose findings the
	// lines place too.
	directives []directive
}

// keepBody checks the body of a file a scan reads, before it is released.
// Load calls it on many goroutines at once.
func (w *Workspace) keepBody(s *loader.Skill) {
	b := scanLinks(s)
	k := keptBody{skill: s, problems: bodyProblems(s, b), directives: w.directives(s, b)}
	k.lines = excerpt(s, k.problems, s.Vars, directiveLines(k.directives))
	w.keptMu.Lock()
	w.kept[s.Path] = k
	w.keptMu.Unlock()
}

// takeKept returns, and forgets, what s's body said when it was scanned.
// Only the first findings use it: later ones read the body again, so that
// a link's file created since is seen.
func (w *Workspace) takeKept(s *loader.Skill) (keptBody, bool) {
	k, ok := w.kept[s.Path]
	if ok {
		delete(w.kept, s.Path)
	}
	return k, ok && k.skill == s
}

// reach is the furthest offset of path that findings point to.
func reach(path string, findings []Finding) int {
	end := 0
	for _, f := range findings {
		end = max(end, f.Range.End)
		for _, r := range f.Related {
			if r.Path == path {
				end = max(end, r.Range.End)
			}
		}
	}
	return end
}

// SourceTo is the text the workspace holds for path, enough of it to place
// offsets up to end: a released file's frontmatter when end falls in it
// (names, symbols and collisions point there), else the whole text.
func (w *Workspace) SourceTo(path string, end int) []byte {
	if e := w.World.Entry(path); e != nil && e.Skill.Released() && end <= len(e.Skill.Src) {
		return e.Skill.Src
	}
	return w.Source(path)
}
