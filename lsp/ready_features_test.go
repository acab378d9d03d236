package lsp

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// answer is a request sent in the background: its result arrives on a
// channel, so a test can hold the server meanwhile.
type answer[T any] struct {
	val T
	err error
}

func sendAsync[T any](f func() (T, error)) <-chan answer[T] {
	ch := make(chan answer[T], 1)
	go func() {
		v, err := f()
		ch <- answer[T]{v, err}
	}()
	return ch
}

// awaitAnswer waits for a request sent with sendAsync, within failsafe.
func awaitAnswer[T any](t *testing.T, ch <-chan answer[T]) T {
	t.Helper()
	select {
	case a := <-ch:
		if a.err != nil {
			t.Fatal(a.err)
		}
		return a.val
	case <-time.After(failsafe):
	}
	t.Fatal("no answer")
	var zero T
	return zero
}

// notYet fails when a request sent with sendAsync was answered already.
func notYet[T any](t *testing.T, ch <-chan answer[T], what string) {
	t.Helper()
	select {
	case a := <-ch:
		t.Fatalf("%s answered during the first scan: %+v, %v", what, a.val, a.err)
	default:
	}
}

// A code lens asked for while the first scan runs waits for it: the file
// opened at start-up is not "not discovered", and the answer is the one the
// finished world gives.
func TestCodeLensWaitsForFirstScan(t *testing.T) {
	hold := make(chan struct{})
	h, _ := startFeatures(t, "features/skills", clientFeatures{holdScan: hold})
	h.openFile(deployRel)
	lens := sendAsync(func() ([]protocol.CodeLens, error) {
		return h.server.CodeLens(h.ctx(), &protocol.CodeLensParams{TextDocument: h.docID(deployRel)})
	})
	h.roundTrip() // the lens request has reached the server
	notYet(t, lens, "codeLens")
	close(hold)
	got := awaitAnswer(t, lens)
	if len(got) != 1 || !strings.HasPrefix(got[0].Command.Title, "loaded by ") || !strings.Contains(got[0].Command.Title, "agentskills") {
		t.Fatalf("lenses %+v, want loaded by agentskills and others", got)
	}
}

// A rename sent right after start-up, before the scan found the skills
// root, still moves the folder: it waits for the scan.
func TestRenameWaitsForFirstScan(t *testing.T) {
	hold := make(chan struct{})
	h, _ := startFeatures(t, "features/skills", clientFeatures{documentChanges: true, renameFiles: true, holdScan: hold})
	h.openFile(deployRel)
	edit := sendAsync(func() (*protocol.WorkspaceEdit, error) {
		return h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 8), NewName: "ship"})
	})
	h.roundTrip()
	notYet(t, edit, "rename")
	close(hold)
	we := awaitAnswer(t, edit)
	if len(we.DocumentChanges) != 2 {
		t.Fatalf("edit %#v: want the name edit and the folder move", we)
	}
	if mv, ok := we.DocumentChanges[1].(*protocol.RenameFile); !ok || mv.NewURI != h.uri("ws/.agents/skills/ship") {
		t.Fatalf("second change %#v, want deploy/ moved to ship/", we.DocumentChanges[1])
	}
}

// A request cancelled while it waits for the scan answers RequestCancelled.
func TestWaitForScanCancelled(t *testing.T) {
	hold := make(chan struct{})
	defer close(hold)
	h, _ := startFeatures(t, "features/skills", clientFeatures{holdScan: hold})
	started := make(chan jsonrpc2.ID, 1)
	h.srv.testHook = func(ctx context.Context, method string, id jsonrpc2.ID) {
		if method == protocol.MethodTextDocumentHover {
			started <- id
		}
	}
	h.openFile(deployRel)
	hover := sendAsync(func() (*protocol.Hover, error) {
		return h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: h.at(deployRel, 1, 2)})
	})
	var id jsonrpc2.ID
	select {
	case id = <-started:
	case <-time.After(failsafe):
		t.Fatal("the hover never reached the server")
	}
	n, _ := id.Number()
	if err := h.conn.Notify(h.ctx(), protocol.MethodCancelRequest, map[string]any{"id": n}); err != nil {
		t.Fatal(err)
	}
	select {
	case a := <-hover:
		if errorCode(a.err) != protocol.CodeRequestCancelled {
			t.Fatalf("cancelled hover = %+v, %v; want RequestCancelled", a.val, a.err)
		}
	case <-time.After(failsafe):
		t.Fatal("the cancelled hover was never answered")
	}
}

// After the first scan, and after a change on disk, the server asks the
// client to pull code lenses and inlay hints again, only where the client
// said it can take those requests.
func TestRefreshOnlyWhereSupported(t *testing.T) {
	refreshed := func(r *recorder) bool {
		return slices.Contains(r.refreshed, protocol.MethodWorkspaceCodeLensRefresh) &&
			slices.Contains(r.refreshed, protocol.MethodWorkspaceInlayHintRefresh)
	}
	h, _ := startFeatures(t, "features/skills", clientFeatures{refresh: true})
	h.client.await(t, "refresh requests after the first scan", refreshed)
	h.client.record(func() { h.client.refreshed = nil })
	h.write("ws/.agents/skills/new-one/SKILL.md", "---\nname: deploy\ndescription: Another deploy.\n---\n")
	h.client.await(t, "refresh requests after a skill came on disk", refreshed)

	h, _ = startFeatures(t, "features/skills", clientFeatures{})
	h.write("ws/.agents/skills/new-one/SKILL.md", "---\nname: deploy\ndescription: Another deploy.\n---\n")
	h.diags("ws/.agents/skills/new-one/SKILL.md", withCode("name-duplicate"))
	h.settle()
	h.client.mu.Lock()
	defer h.client.mu.Unlock()
	if len(h.client.refreshed) > 0 {
		t.Errorf("refresh requests %v sent to a client without refreshSupport", h.client.refreshed)
	}
}
