package lsp

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// panicInWorker panics on one of skillcore's worker goroutines, as the
// crash in collisions did (ProblemsOf gathers problems in ForEach): a
// recover in the handler alone could not catch it.
func panicInWorker(msg string) {
	skillcore.ForEach(4, func(i int) {
		if i == 2 {
			panic(msg)
		}
	})
}

// No panic ends the server: one in a request is answered InternalError,
// one in a notification or in computing diagnostics is dropped; each is
// logged, to the client and to the --log-file trace, and the server goes
// on answering and publishing.
func TestPanicsInWorkersRecovered(t *testing.T) {
	const (
		boomDoc  = "ws/.agents/skills/boom-open/SKILL.md"
		boomDiag = "ws/.agents/skills/boom-diag/SKILL.md"
		fine     = "ws/.agents/skills/fine/SKILL.md"
	)
	var trace syncBuffer
	var h *harness
	var opened atomic.Int32
	hook := func(ctx context.Context, method string, id jsonrpc2.ID) {
		if method == protocol.MethodTextDocumentHover {
			panicInWorker("boom in a request")
		}
	}
	notifyHook := func(method string) {
		if method == protocol.MethodTextDocumentDidOpen && opened.Add(1) == 1 { // boomDoc's
			panicInWorker("boom in a notification")
		}
	}
	h = start(t, "", setup{hook: hook, notifyHook: notifyHook, trace: &trace})
	h.srv.mu.Lock() // read by the publisher, with mu held
	h.srv.diagnoseHook = func(paths []string) {
		if slices.Contains(paths, h.path(boomDiag)) {
			panicInWorker("boom in diagnostics")
		}
	}
	h.srv.mu.Unlock()
	h.settle()

	h.open(boomDoc, "---\nname: boom\ndescription: boom\n---\n", 1)
	_, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(boomDoc)},
	}})
	if code := errorCode(err); code != jsonrpc2.InternalError || !strings.Contains(err.Error(), "boom in a request") {
		t.Errorf("panicking request: %v (code %d), want InternalError", err, code)
	}
	h.open(boomDiag, "---\nname: boom-diag\ndescription: x\nunknown-key: 1\n---\n", 1)
	h.settle()

	// The server goes on: a document opened after the panics is judged.
	h.open(fine, "---\nname: Fine\ndescription: x\n---\n", 1)
	h.diags(fine, version(1))
	h.settle()
	for _, want := range []string{"boom in a request", "boom in a notification", "boom in diagnostics"} {
		h.client.await(t, "the panic "+want+" logged", func(r *recorder) bool {
			return slices.ContainsFunc(r.logs, func(l protocol.LogMessageParams) bool {
				return l.Type == protocol.MessageTypeError && strings.Contains(l.Message, want) && strings.Contains(l.Message, "[worker goroutine]")
			})
		})
		if !strings.Contains(trace.String(), want) {
			t.Errorf("the log file lacks %q", want)
		}
	}
}
