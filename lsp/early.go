package lsp

import (
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// Until the first scan ends, the server's workspace is a provisional one:
// the open documents only, each judged by the roots its path gives (no
// package search, which walks the projects). A document opened then gets
// its own findings at once (analysis.LocalFindings: what needs no other
// file), through the same publisher as the world's, so the world's
// findings, published once the scan is swapped in, come after them and
// replace them.

// provisionalLocked makes the workspace a provisional one for the current
// settings and folders, holding the open documents.
func (s *Server) provisionalLocked() {
	cfg := s.analysisConfigLocked()
	cfg.PathOnly, cfg.ReleaseBodies = true, false
	ws := analysis.NewWorkspace(cfg)
	for _, d := range s.docs {
		if !d.moved {
			ws.Set(d.path, d.text)
		}
	}
	s.ws = ws
}

// takeLocalLocked takes from the queue the open documents due at now and
// computes their local findings; the other files wait for the world. It
// also returns when the next open document is due.
func (s *Server) takeLocalLocked(now time.Time) (batch []protocol.PublishDiagnosticsParams, next time.Time) {
	var paths []string
	for p, q := range s.diag.pending {
		if s.docs[p] == nil {
			continue
		}
		if q.due.After(now) {
			if next.IsZero() || q.due.Before(next) {
				next = q.due
			}
			continue
		}
		delete(s.diag.pending, p)
		paths = append(paths, p)
	}
	mappers := map[string]*Mapper{}
	mapperFor := s.mapperFuncLocked(mappers)
	for _, p := range paths {
		fs, ok := s.ws.LocalFindings(p)
		if !ok {
			continue // a manifest or the like: the world tells
		}
		m := s.mapperLocked(p, s.docs[p].text)
		mappers[p] = m
		batch = append(batch, s.publishParamsLocked(p, fs, m, mapperFor))
	}
	return batch, next
}
