package analysis

import "github.com/skill-ls/skill-ls/skillcore/loader"

// maxCachedBodies bounds the cache: a first scan asks for every file's
// findings once, and keeping all their bodies (and through them each old
// version's text) would hold the whole workspace twice.
const maxCachedBodies = 64

// cachedBody remembers the body scan of one version of a file, so that the
// features asked about one version (findings, symbols, links, folding) walk
// its Markdown once.
type cachedBody struct {
	skill *loader.Skill
	body  *Body
}

// body returns the scan of the skill's body, from the cache when the file
// has not changed since.
func (w *Workspace) body(s *loader.Skill) *Body {
	if c, ok := w.bodies[s.Path]; ok && c.skill == s {
		return c.body
	}
	if w.bodies == nil {
		w.bodies = map[string]cachedBody{}
	}
	if len(w.bodies) >= maxCachedBodies {
		clear(w.bodies)
	}
	b := ScanBody(s)
	w.bodies[s.Path] = cachedBody{skill: s, body: b}
	return b
}
