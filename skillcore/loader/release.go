package loader

import (
	"bytes"
	"hash/maphash"
)

// A language server keeps every skill of a workspace, yet after the first
// diagnosis it reads only their frontmatter: catalogs, collisions, budgets,
// symbols and references all live there. The bodies are most of the text (45
// of the 58 MB a 10,000-skill workspace holds), so a skill can let its body
// go and have it back from disk when a file's findings are asked again.

// releaseSeed hashes released texts so that Restore can tell the file it
// reads back is the one parsed.
var releaseSeed = maphash.MakeSeed()

// releasedText is what a skill remembers of the text it let go.
type releasedText struct {
	size int
	sum  uint64
}

// Release drops the skill's body, keeping its text up to the end of the
// frontmatter's closing line. Everything read from a Skill except its body
// (the fields, the problems, catalog entries, and RenderActivation's
// envelope, which does need the body) stays as it was. A skill whose
// frontmatter is not closed, or whose catalog entry falls back to the body
// for want of a description, keeps its text, and Release reports false.
func (s *Skill) Release() bool {
	if s.released != nil {
		return true
	}
	if _, ok := s.Str("description"); !ok || !s.Frontmatter.Closed {
		return false
	}
	s.released = &releasedText{size: len(s.Src), sum: maphash.Bytes(releaseSeed, s.Src)}
	s.Src = bytes.Clone(s.Src[:s.Frontmatter.Body.Start])
	return true
}

// Size is the length of the skill's text, whole or released.
func (s *Skill) Size() int {
	if s.released != nil {
		return s.released.size
	}
	return len(s.Src)
}

// Released reports whether the skill holds only its frontmatter's text.
func (s *Skill) Released() bool { return s.released != nil }

// Reread reads the skill's file (see fsys.ReadFile) and returns the skill
// whole, as Restore does; when the file is no longer the one parsed it
// returns nil and the file as it is now (fresh), or the error that reading
// it gave. A whole skill is returned as it is, without a read.
func (s *Skill) Reread() (whole, fresh *Skill, err error) {
	r := s.released
	if r == nil {
		return s, nil, nil
	}
	// Parsed only when it changed: most reads back find the same text.
	src, notRead, err := readSource(s.Path, make([]byte, 0, r.size+1))
	switch {
	case err != nil:
		return nil, nil, err
	case notRead != nil:
		return nil, notRead, nil
	}
	if whole, ok := s.Restore(src); ok {
		return whole, nil, nil
	}
	return nil, Parse(s.Path, src), nil
}

// Restore returns the skill whole again with src, the file read back, as
// its text, or false when src is not the text the skill was parsed from:
// the file changed since and must be parsed anew. The skill itself stays
// released; a whole one is returned as it is.
func (s *Skill) Restore(src []byte) (*Skill, bool) {
	r := s.released
	if r == nil {
		return s, true
	}
	if len(src) != r.size || maphash.Bytes(releaseSeed, src) != r.sum {
		return nil, false
	}
	whole := *s
	whole.Src, whole.released = src, nil
	return &whole, true
}
