package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// InlayHint shows, after the description's value, the room left before the
// tightest limit of the agents that read the file ("997 chars left", or
// "12 bytes over").
func (s *Server) InlayHint(ctx context.Context, params *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []protocol.InlayHint{}
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	start, end := f.m.OffsetRange(params.Range)
	for _, h := range s.ws.InlayHints(f.path) {
		if h.Offset < start || h.Offset > end {
			continue
		}
		hint := protocol.InlayHint{
			Position:    f.m.Position(h.Offset),
			Label:       protocol.String(h.Label),
			PaddingLeft: ptr(true),
		}
		if h.Tooltip != "" {
			hint.Tooltip = protocol.String(h.Tooltip)
		}
		out = append(out, hint)
	}
	return out, nil
}
