package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// CodeLens shows over the frontmatter which agents load the file ("loaded
// by agentskills, codex, ..."). Clicking it runs skill-ls.showCatalog for
// those agents: the editor integrations show the catalogs in a document of
// their own; a client that sends the command to the server gets them in a
// message.
func (s *Server) CodeLens(ctx context.Context, params *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []protocol.CodeLens{}
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, l := range s.ws.CodeLenses(f.path) {
		out = append(out, protocol.CodeLens{
			Range: f.m.Range(l.Range),
			Command: protocol.Command{Title: l.Title, Command: commandShowCatalog,
				Arguments: []protocol.LSPAny{mustMarshal(showCatalogArgs{Targets: l.Targets})}},
		})
	}
	return out, nil
}
