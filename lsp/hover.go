package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// Hover shows what analysis says about the place under the cursor: on name
// and description, the catalog entry as each loading agent renders it, the
// lengths against each limit and the collisions; on other keys, the field's
// documentation; on a relative link, whether its file exists. Anywhere
// else, and in files not named SKILL.md, the answer is null.
func (s *Server) Hover(ctx context.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	h := s.ws.Hover(f.path, f.m.Offset(params.Position))
	if h == nil {
		return nil, nil
	}
	r := f.m.Range(h.Range)
	return &protocol.Hover{Contents: markdown(h.Markdown), Range: &r}, nil
}
