package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// A request that depends on the world (which agents load a file, what a
// rename may move, the catalogs) waits for the first scan, as gopls waits
// for its packages to load: answered from the half-built world, a code
// lens would say "not discovered by any agent here" of a file that five
// agents load, and the client keeps that answer until the next edit. The
// wait ends with the scan, or with the request's cancellation.

// worldMethods are the requests that wait for the first scan. Those that
// read only the document itself (symbols, folding) are answered at once.
var worldMethods = map[string]bool{
	protocol.MethodTextDocumentHover:         true,
	protocol.MethodTextDocumentCompletion:    true,
	protocol.MethodTextDocumentCodeAction:    true,
	protocol.MethodTextDocumentCodeLens:      true,
	protocol.MethodTextDocumentDefinition:    true,
	protocol.MethodTextDocumentReferences:    true,
	protocol.MethodTextDocumentDocumentLink:  true,
	protocol.MethodTextDocumentInlayHint:     true,
	protocol.MethodTextDocumentPrepareRename: true,
	protocol.MethodTextDocumentRename:        true,
	protocol.MethodWorkspaceSymbol:           true,
	protocol.MethodWorkspaceExecuteCommand:   true,
}

// markScanned records that the first scan is done and releases the
// requests waiting for it.
func (s *Server) markScanned() {
	s.scannedOnce.Do(func() { close(s.scanned) })
}

// awaitScan blocks until the first scan is done, ctx is cancelled or the
// session ends.
func (s *Server) awaitScan(ctx context.Context) error {
	select {
	case <-s.scanned:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
}
