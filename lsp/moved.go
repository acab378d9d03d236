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
// same skill (the same text, or the same name). The files are looked at
// without holding mu.
func (s *Server) forgetMoved() {
	s.mu.Lock()
	if len(s.docs) < 2 {
		s.mu.Unlock()
		return
	}
	paths := make([]string, 0, len(s.docs))
	for p, d := range s.docs {
		if !d.moved && analysis.IsSkillFile(p) { // manifests are not skills
			paths = append(paths, p)
		}
	}
	s.mu.Unlock()
	onDisk := map[string]bool{}
	for _, p := range paths {
		_, err := os.Lstat(p)
		onDisk[p] = !errors.Is(err, fs.ErrNotExist)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	for _, old := range paths {
		d := s.docs[old]
		if onDisk[old] || d == nil || d.moved {
			continue
		}
		for _, now := range paths {
			n := s.docs[now]
			if now == old || !onDisk[now] || n == nil || n.moved {
				continue
			}
			if bytes.Equal(d.text, n.text) || s.ws.SameName(old, now) {
				d.moved = true
				affected := s.ws.Remove(old)
				s.scheduleLocked(time.Now(), old, affected)
				s.logf(protocol.MessageTypeInfo, "%s is gone from disk and open again as %s: the old buffer is no longer judged", old, now)
				break
			}
		}
	}
}
