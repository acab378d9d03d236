package lsp

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// A skill folder moved or renamed outside the server (by hand, after a
// rename the editor could not do itself) leaves the editor's buffer of the
// old path open while the new path is opened too. The old buffer's file is
// gone: no agent loads it, and judging it would report the new file as a
// duplicate of itself. forgetMoved takes such a buffer out of the
// workspace; it stays a document (its edits are still followed) and comes
// back when it is saved, which writes its file again.

// forgetMoved takes out of the workspace every open buffer whose file is
// gone from disk while another open buffer, whose file is there, holds the
// same skill (the same text, or the same name). Only pairs with one of
// changed (the files just opened or read again) are looked at, and only
// the files of pairs that match are looked up on disk: opening one file
// among many open ones costs one pass over them, not a look at every
// pair. The files are looked at without holding mu.
func (s *Server) forgetMoved(changed ...string) {
	s.mu.Lock()
	pairs := s.movedCandidatesLocked(changed)
	s.mu.Unlock()
	if len(pairs) == 0 {
		return
	}
	onDisk := map[string]bool{}
	for _, p := range pairs {
		for _, path := range p {
			if _, seen := onDisk[path]; !seen {
				_, err := os.Lstat(path)
				onDisk[path] = !errors.Is(err, fs.ErrNotExist)
			}
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range pairs {
		old, now := p[0], p[1]
		d, n := s.docs[old], s.docs[now]
		if onDisk[old] || !onDisk[now] || d == nil || n == nil || d.moved || n.moved || !s.sameSkillLocked(old, now) {
			continue // or it changed while the disk was looked at
		}
		d.moved = true
		affected := s.ws.Remove(old)
		s.scheduleLocked(time.Now(), old, affected)
		s.logf(protocol.MessageTypeInfo, "%s is gone from disk and open again as %s: the old buffer is no longer judged", old, now)
	}
}

// movedCandidatesLocked lists the pairs of open skill buffers, one of them
// in changed, that hold the same skill, each pair both ways round.
func (s *Server) movedCandidatesLocked(changed []string) [][2]string {
	if len(s.docs) < 2 {
		return nil
	}
	judged := func(p string) bool {
		d := s.docs[p]
		return d != nil && !d.moved && analysis.IsSkillFile(p) // manifests are not skills
	}
	var out [][2]string
	seen := map[[2]string]bool{}
	for _, c := range changed {
		if !judged(c) {
			continue
		}
		for p := range s.docs {
			if p == c || !judged(p) || !s.sameSkillLocked(c, p) {
				continue
			}
			for _, pair := range [][2]string{{c, p}, {p, c}} {
				if !seen[pair] {
					seen[pair] = true
					out = append(out, pair)
				}
			}
		}
	}
	return out
}

// sameSkillLocked reports whether the open buffers at a and b hold the same
// skill: the same text, or the same name.
func (s *Server) sameSkillLocked(a, b string) bool {
	return bytes.Equal(s.docs[a].text, s.docs[b].text) || s.ws.SameName(a, b)
}
