package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// Code lenses and inlay hints are pulled by the client, which keeps an
// answer until it asks again. When a scan or a change on disk may have
// changed those answers (which agents load a file, its catalog standing),
// the server asks each client that supports it to pull them again. The
// server pushes its diagnostics, so workspace/diagnostic/refresh, which is
// for pulled ones, is never needed.

// refreshCaps are the refresh requests the client announced it supports.
type refreshCaps struct {
	codeLens  bool // workspace/codeLens/refresh
	inlayHint bool // workspace/inlayHint/refresh
}

func readRefreshCaps(w *protocol.WorkspaceClientCapabilities) refreshCaps {
	var out refreshCaps
	if w == nil {
		return out
	}
	if w.CodeLens != nil {
		out.codeLens = isTrue(w.CodeLens.RefreshSupport)
	}
	if w.InlayHint != nil {
		out.inlayHint = isTrue(w.InlayHint.RefreshSupport)
	}
	return out
}

// refreshWait bounds each refresh request: a client that never answers
// must not keep the server busy.
const refreshWait = startupWait

// refreshViews asks the client to pull code lenses and inlay hints again,
// each where it supports it, in the background.
func (s *Server) refreshViews() {
	s.mu.Lock()
	caps := s.caps.refresh
	s.mu.Unlock()
	if !caps.codeLens && !caps.inlayHint {
		return
	}
	s.goTask(func() {
		ctx, cancel := context.WithTimeout(s.ctx, refreshWait)
		defer cancel()
		if caps.codeLens {
			if err := s.client.CodeLensRefresh(ctx); err != nil && s.ctx.Err() == nil {
				s.logf(protocol.MessageTypeWarning, "workspace/codeLens/refresh: %v", err)
			}
		}
		if caps.inlayHint {
			if err := s.client.InlayHintRefresh(ctx); err != nil && s.ctx.Err() == nil {
				s.logf(protocol.MessageTypeWarning, "workspace/inlayHint/refresh: %v", err)
			}
		}
	})
}
