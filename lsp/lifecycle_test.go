package lsp

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func TestExitCode(t *testing.T) {
	if exitCode(true) != 0 || exitCode(false) != 1 {
		t.Errorf("exitCode(shutdown) = %d, exitCode(no shutdown) = %d; want 0 and 1", exitCode(true), exitCode(false))
	}
}

func TestShutdownThenExit(t *testing.T) {
	h := start(t, "", setup{})
	if code := h.exit(true); code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	h := start(t, "", setup{})
	if code := h.exit(false); code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
}

// The end of input ends the server, as when the editor dies.
func TestEOFEndsServer(t *testing.T) {
	h := start(t, "", setup{})
	h.settle()
	h.closed = true
	h.conn.Close()
	select {
	case code := <-h.code:
		if code != 1 {
			t.Errorf("EOF without shutdown: code %d, want 1", code)
		}
	case <-h.ctx().Done():
		t.Fatal("server did not end at EOF")
	}
}

// After shutdown, requests are refused and exit still ends with 0.
func TestRequestAfterShutdown(t *testing.T) {
	h := start(t, "", setup{})
	if err := h.server.Shutdown(h.ctx()); err != nil {
		t.Fatal(err)
	}
	_, err := h.conn.Call(h.ctx(), protocol.MethodTextDocumentHover, map[string]any{}, nil)
	if code := errorCode(err); code != jsonrpc2.InvalidRequest {
		t.Errorf("request after shutdown: %v (code %d), want InvalidRequest", err, code)
	}
	if code := h.exit(false); code != 0 {
		t.Errorf("exit after shutdown: %d", code)
	}
}

// A request before initialize is answered ServerNotInitialized.
func TestRequestBeforeInitialize(t *testing.T) {
	srv := newServer(Options{Home: t.TempDir(), Getenv: func(string) string { return "" }})
	a, b := pipe()
	done := make(chan int, 1)
	go func() { done <- srv.serve(context.Background(), b, nil) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(a), jsonrpc2.WithCodec(codec{}))
	conn.Go(context.Background(), jsonrpc2.MethodNotFoundHandler)
	ctx, cancel := context.WithTimeout(context.Background(), failsafe)
	defer cancel()
	_, err := conn.Call(ctx, protocol.MethodTextDocumentHover, map[string]any{}, nil)
	if code := errorCode(err); code != codeServerNotInitialized {
		t.Errorf("request before initialize: %v (code %d), want -32002", err, code)
	}
	conn.Close()
	if code := <-done; code != 1 {
		t.Errorf("exit code %d", code)
	}
}

// Unknown methods, and methods skill-ls does not implement yet, are
// answered MethodNotFound.
func TestMethodNotFound(t *testing.T) {
	h := start(t, "", setup{})
	for _, method := range []string{"skill-ls/nothing", protocol.MethodTextDocumentFormatting} {
		_, err := h.conn.Call(h.ctx(), method, map[string]any{
			"textDocument": map[string]any{"uri": "file:///x/SKILL.md"}, "position": map[string]any{"line": 0, "character": 0},
		}, nil)
		if code := errorCode(err); code != jsonrpc2.MethodNotFound {
			t.Errorf("%s: %v (code %d), want MethodNotFound", method, err, code)
		}
	}
	// Unknown notifications are dropped without ending the connection.
	if err := h.conn.Notify(h.ctx(), "skill-ls/whatever", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if err := h.conn.Notify(h.ctx(), "$/somethingElse", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	h.roundTrip()
}

// $/cancelRequest makes a running request answer RequestCancelled, not
// jsonrpc2's code 0.
func TestCancelRequest(t *testing.T) {
	started := make(chan jsonrpc2.ID, 1)
	hook := func(ctx context.Context, method string, id jsonrpc2.ID) {
		if method == protocol.MethodTextDocumentHover {
			started <- id
			<-ctx.Done() // a long computation that watches its context
		}
	}
	h := start(t, "", setup{hook: hook})
	errc := make(chan error, 1)
	go func() {
		_, err := h.conn.Call(h.ctx(), protocol.MethodTextDocumentHover, map[string]any{
			"textDocument": map[string]any{"uri": h.uri("ws/.agents/skills/a/SKILL.md")}, "position": map[string]any{"line": 0, "character": 0},
		}, nil)
		errc <- err
	}()
	id := <-started
	n, _ := id.Number()
	if err := h.conn.Notify(h.ctx(), protocol.MethodCancelRequest, map[string]any{"id": n}); err != nil {
		t.Fatal(err)
	}
	err := <-errc
	if code := errorCode(err); code != protocol.CodeRequestCancelled {
		t.Errorf("cancelled request: %v (code %d), want -32800", err, code)
	}
}

// A handler that panics is answered InternalError, logged, and the server
// goes on.
func TestPanicRecovered(t *testing.T) {
	hook := func(ctx context.Context, method string, id jsonrpc2.ID) {
		if method == protocol.MethodWorkspaceExecuteCommand {
			panic("boom")
		}
	}
	h := start(t, "", setup{hook: hook})
	_, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{Command: commandCatalog})
	if code := errorCode(err); code != jsonrpc2.InternalError || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panicking request: %v (code %d), want InternalError", err, code)
	}
	h.client.await(t, "the panic logged", func(r *recorder) bool {
		for _, l := range r.logs {
			if l.Type == protocol.MessageTypeError && strings.Contains(l.Message, "boom") {
				return true
			}
		}
		return false
	})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: Bad\ndescription: x\n---\n", 1)
	h.diags(rel, version(1))
}

// A change to a document that is not open (a warning), or with a reversed
// range (an error: the server lost track of the text), is logged and does
// not end the connection.
func TestBadChangeLogged(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.edit(rel, 2, rng(0, 0, 0, 0), "x")
	h.open(rel, "---\nname: my-skill\ndescription: x\n---\n", 1)
	h.edit(rel, 2, rng(1, 5, 1, 2), "x")
	h.client.await(t, "two warnings", func(r *recorder) bool {
		n := 0
		for _, l := range r.logs {
			if (l.Type == protocol.MessageTypeWarning || l.Type == protocol.MessageTypeError) && strings.Contains(l.Message, "didChange") {
				n++
			}
		}
		return n == 2
	})
	h.roundTrip()
}

// --log-file gets a line for every message in and out.
func TestTrace(t *testing.T) {
	var buf syncBuffer
	h := start(t, "", setup{trace: &buf})
	h.settle()
	h.exit(true)
	out := buf.String()
	for _, want := range []string{`<- {"jsonrpc":"2.0","method":"initialize"`, `-> {"jsonrpc":"2.0","id":1,"result":{"capabilities"`, `"method":"shutdown"`, `"method":"exit"`} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %s:\n%s", want, out)
		}
	}
}

// Serve with a log file writes the trace there.
func TestServeLogFile(t *testing.T) {
	dir := t.TempDir()
	log := dir + "/trace.log"
	a, b := pipe()
	done := make(chan int, 1)
	go func() { done <- Serve(context.Background(), b, b, Options{LogFile: log, Home: dir}) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(a), jsonrpc2.WithCodec(codec{}))
	conn.Go(context.Background(), jsonrpc2.MethodNotFoundHandler)
	ctx, cancel := context.WithTimeout(context.Background(), failsafe)
	defer cancel()
	if _, err := conn.Call(ctx, protocol.MethodShutdown, nil, nil); errorCode(err) != codeServerNotInitialized {
		t.Errorf("shutdown before initialize: %v", err)
	}
	if err := conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
		t.Fatal(err)
	}
	if code := <-done; code != 1 {
		t.Errorf("exit code %d", code)
	}
	conn.Close()
	b2, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(b2), `"method":"exit"`) {
		t.Errorf("log file: %v\n%s", err, b2)
	}
}

func errorCode(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func removeAll(p string) error { return os.RemoveAll(p) }

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Serve over OS pipes, as on stdio: shutdown and exit end it with 0 while
// its read of stdin is pending.
func TestServeOverOSPipes(t *testing.T) {
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int, 1)
	go func() { done <- Serve(context.Background(), inR, outW, Options{Home: t.TempDir()}) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(stdio{outR, inW}), jsonrpc2.WithCodec(codec{}))
	conn.Go(context.Background(), jsonrpc2.MethodNotFoundHandler)
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), failsafe)
	defer cancel()
	server := protocol.ServerDispatcher(conn)
	if _, err := server.Initialize(ctx, &protocol.InitializeParams{}); err != nil {
		t.Fatal(err)
	}
	if err := server.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := server.Exit(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit code %d", code)
		}
	case <-ctx.Done():
		t.Fatal("Serve did not return after exit")
	}
}

// A client that never answers the server's requests at startup (settings,
// file watching, progress) still gets diagnostics: each request times out
// and the server goes on with its defaults.
func TestSilentClientStillGetsDiagnostics(t *testing.T) {
	ws := t.TempDir()
	skill := filepath.Join(ws, ".agents", "skills", "demo", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(skill), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(skill, []byte("---\nname: Not Valid\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startRawWith(t, ws, `{"workspace":{"configuration":true,"didChangeWatchedFiles":{"dynamicRegistration":true}},"window":{"workDoneProgress":true}}`)
	asked := map[string]bool{}
	m := c.await("diagnostics for "+skill, func(m rawMessage) bool {
		if m.ID != nil && m.Method != "" {
			asked[m.Method] = true // a request, left unanswered
		}
		return m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), string(uri.File(skill)))
	})
	if !strings.Contains(string(m.Params), "name-") {
		t.Errorf("diagnostics %s do not judge the name", m.Params)
	}
	for _, method := range []string{"workspace/configuration", "client/registerCapability", "window/workDoneProgress/create"} {
		if !asked[method] {
			t.Errorf("the server did not send %s", method)
		}
	}
}

// A client that asks the server to pull its settings after a change, and
// then never answers workspace/configuration, has the settings it sent
// taken after the wait: here a rule it turns off stops being published.
func TestSilentClientSettingsChangeTakesSentSettings(t *testing.T) {
	ws := t.TempDir()
	skill := filepath.Join(ws, ".agents", "skills", "demo", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(skill), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(skill, []byte("---\nname: Not Valid\ndescription: d\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startRawWith(t, ws, `{"workspace":{"configuration":true}}`)
	published := func(m rawMessage) bool {
		return m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), string(uri.File(skill)))
	}
	if m := c.await("first diagnostics", published); !strings.Contains(string(m.Params), "name-chars") {
		t.Fatalf("diagnostics %s lack name-chars", m.Params)
	}
	c.notify("workspace/didChangeConfiguration", `{"settings":{"skill-ls":{"rules":{"name-chars":"off"}}}}`)
	c.await("the settings asked for", func(m rawMessage) bool { return m.Method == "workspace/configuration" })
	c.await("diagnostics without name-chars", func(m rawMessage) bool {
		return published(m) && !strings.Contains(string(m.Params), "name-chars")
	})
}
