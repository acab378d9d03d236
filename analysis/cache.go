package analysis

import "github.com/skill-ls/skill-ls/skillcore"

// cachedBody remembers the body scan of one version of a file, so that the
// features asked about one version (findings, symbols, links, folding) walk
// its Markdown once.
type cachedBody struct {
	skill *skillcore.Skill
	body  *Body
}

// body returns the scan of the skill's body, from the cache when the file
// has not changed since.
func (w *Workspace) body(s *skillcore.Skill) *Body {
	if c, ok := w.bodies[s.Path]; ok && c.skill == s {
		return c.body
	}
	if w.bodies == nil {
		w.bodies = map[string]cachedBody{}
	}
	b := ScanBody(s)
	w.bodies[s.Path] = cachedBody{skill: s, body: b}
	return b
}
