package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"
)

// The tests start the real server over an in-memory pipe (with the LSP
// Content-Length framing) and talk to it with a real protocol
// client: protocol.ClientHandler on one side, protocol.ServerDispatcher on
// the other. The client handles the server's messages in order on its read
// loop (protocol.NewClient would run each in its own goroutine and could
// record a newer publishDiagnostics before an older one), and records them
// for the test to await. Nothing sleeps: a test waits for the message it
// expects, and failsafe deadlines only turn a hang into a failure.

// failsafe bounds every wait, so that a bug fails the test instead of
// hanging it. It is never the thing a test measures, and it is long: on a
// loaded machine (scripts/test.sh runs these tests on one CPU beside a
// busy loop) ten seconds were once too few to tell a slow answer from a
// missing one.
const failsafe = time.Minute

// setup says how a test's client and server are configured.
type setup struct {
	encodings     []protocol.PositionEncodingKind // offered by the client
	watch         bool                            // client can register file watching
	configuration bool                            // client answers workspace/configuration
	progress      bool                            // client supports work-done progress
	init          map[string]any                  // initializationOptions; "home" defaults to <root>/home
	answer        string                          // raw JSON the client answers workspace/configuration with ("": null)
	noInitialized bool                            // stop after initialize
	hook          func(ctx context.Context, method string, id jsonrpc2.ID)
	notifyHook    func(method string)
	holdScan      chan struct{} // every scan waits, once its roots are watched, until it is closed
	trace         io.Writer
	clientName    string // clientInfo.name
}

// harness is one server and its client.
type harness struct {
	t      testing.TB
	root   string // the temporary tree: ws/ is the workspace folder, home/ the home
	ws     string
	home   string
	srv    *Server
	conn   jsonrpc2.Conn
	server protocol.Server
	client *recorder
	code   chan int
	closed bool
}

// start extracts the archive (testdata/lsp/NAME.txtar, or none when "")
// and starts a server on it, initialized.
func start(t testing.TB, archive string, cfg setup) *harness {
	t.Helper()
	root := t.TempDir()
	if archive != "" {
		extract(t, filepath.Join("..", "testdata", "lsp", archive+".txtar"), root)
	}
	return startAt(t, root, cfg)
}

// startAt starts a server on the tree at root.
func startAt(t testing.TB, root string, cfg setup) *harness {
	t.Helper()
	h := &harness{t: t, root: root, ws: filepath.Join(root, "ws"), home: filepath.Join(root, "home"), code: make(chan int, 1)}
	for _, d := range []string{h.ws, h.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	h.client = newRecorder()
	if cfg.answer != "" {
		h.client.settings = json.RawMessage(cfg.answer)
	}
	h.srv = newServer(Options{Home: h.home, Getenv: func(string) string { return "" }, Version: "test"})
	h.srv.testHook, h.srv.notifyHook = cfg.hook, cfg.notifyHook
	if hold := cfg.holdScan; hold != nil {
		h.srv.scanHook = func() { <-hold }
	}
	a, b := pipe()
	go func() { h.code <- h.srv.serve(context.Background(), b, cfg.trace) }()
	h.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(a), jsonrpc2.WithCodec(codec{}))
	h.conn.Go(context.Background(), protocol.ClientHandler(h.client, jsonrpc2.MethodNotFoundHandler))
	h.server = protocol.ServerDispatcher(h.conn)
	t.Cleanup(h.close)

	init := map[string]any{"home": h.home, "debounceMs": 0}
	for k, v := range cfg.init {
		init[k] = v
	}
	raw, err := json.Marshal(init)
	if err != nil {
		t.Fatal(err)
	}
	caps := protocol.ClientCapabilities{
		Workspace: &protocol.WorkspaceClientCapabilities{
			DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: ptr(cfg.watch)},
			Configuration:         ptr(cfg.configuration),
		},
		Window: &protocol.WindowClientCapabilities{WorkDoneProgress: ptr(cfg.progress)},
	}
	if cfg.encodings != nil {
		caps.General = &protocol.GeneralClientCapabilities{PositionEncodings: cfg.encodings}
	}
	params := &protocol.InitializeParams{
		Capabilities:          caps,
		InitializationOptions: raw,
		ClientInfo:            protocol.ClientInfo{Name: cfg.clientName},
	}
	params.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(h.ws), Name: "ws"}})
	if _, err := h.server.Initialize(h.ctx(), params); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if !cfg.noInitialized {
		if err := h.server.Initialized(h.ctx(), &protocol.InitializedParams{}); err != nil {
			t.Fatalf("initialized: %v", err)
		}
	}
	return h
}

func (h *harness) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), failsafe)
	h.t.Cleanup(cancel)
	return ctx
}

// close ends the session the way an editor does, if the test did not.
func (h *harness) close() {
	if h.closed {
		return
	}
	h.closed = true
	ctx := h.ctx()
	_ = h.server.Shutdown(ctx)
	_ = h.server.Exit(ctx)
	select {
	case <-h.code:
	case <-ctx.Done():
		h.t.Errorf("server did not exit")
	}
	h.conn.Close()
}

// exit sends shutdown (when asked) and exit, and returns the exit code.
func (h *harness) exit(shutdown bool) int {
	h.t.Helper()
	ctx := h.ctx()
	if shutdown {
		if err := h.server.Shutdown(ctx); err != nil {
			h.t.Fatalf("shutdown: %v", err)
		}
	}
	if err := h.server.Exit(ctx); err != nil {
		h.t.Fatalf("exit: %v", err)
	}
	h.closed = true
	select {
	case code := <-h.code:
		h.conn.Close()
		return code
	case <-ctx.Done():
		h.t.Fatal("server did not exit")
		return -1
	}
}

// path is the absolute path of a file of the tree.
func (h *harness) path(rel string) string { return filepath.Join(h.root, filepath.FromSlash(rel)) }

func (h *harness) uri(rel string) uri.URI { return uri.File(h.path(rel)) }

func (h *harness) read(rel string) string {
	h.t.Helper()
	b, err := os.ReadFile(h.path(rel))
	if err != nil {
		h.t.Fatal(err)
	}
	return string(b)
}

func (h *harness) write(rel, text string) {
	h.t.Helper()
	p := h.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) open(rel, text string, version int32) {
	h.t.Helper()
	err := h.server.DidOpen(h.ctx(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: h.uri(rel), LanguageID: "markdown", Version: version, Text: text,
	}})
	if err != nil {
		h.t.Fatal(err)
	}
}

// edit sends one incremental change.
func (h *harness) edit(rel string, version int32, r protocol.Range, text string) {
	h.t.Helper()
	err := h.server.DidChange(h.ctx(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: h.uri(rel)}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: r, Text: text}},
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) save(rel string) {
	h.t.Helper()
	if err := h.server.DidSave(h.ctx(), &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(rel)}}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) closeDoc(rel string) {
	h.t.Helper()
	if err := h.server.DidClose(h.ctx(), &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(rel)}}); err != nil {
		h.t.Fatal(err)
	}
}

// roundTrip sends a request and waits for its answer: every notification
// sent before it has then been handled by the server.
func (h *harness) roundTrip() {
	h.t.Helper()
	_, err := h.conn.Call(h.ctx(), "skill-ls/roundTrip", nil, nil)
	if code := errorCode(err); code != jsonrpc2.MethodNotFound {
		h.t.Fatalf("roundTrip: %v, want MethodNotFound for an unknown method", err)
	}
}

// settle returns once the server has handled everything sent so far,
// finished every scan and file event, published every diagnostic due, and
// the client has recorded them all.
func (h *harness) settle() {
	h.t.Helper()
	h.roundTrip()
	h.srv.waitIdle()
	h.roundTrip() // its answer follows every notification published before
}

// waitIdle blocks until no background work is under way and no
// diagnostics are queued or being written.
func (s *Server) waitIdle() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.ctx.Err() == nil && (s.busy > 0 || len(s.diag.pending) > 0 || len(s.diag.queue) > 0 || s.diag.writing > 0) {
		s.idle.Wait()
	}
}

// diags waits until the latest diagnostics published for rel satisfy ok,
// and returns them.
func (h *harness) diags(rel string, ok func(protocol.PublishDiagnosticsParams) bool) protocol.PublishDiagnosticsParams {
	h.t.Helper()
	u := h.uri(rel)
	var got protocol.PublishDiagnosticsParams
	h.client.await(h.t, fmt.Sprintf("diagnostics for %s", rel), func(r *recorder) bool {
		p, found := r.latest(u)
		got = p
		return found && ok(p)
	})
	return got
}

// version accepts diagnostics published for a document version.
func version(v int32) func(protocol.PublishDiagnosticsParams) bool {
	return func(p protocol.PublishDiagnosticsParams) bool {
		got, ok := p.Version.Get()
		return ok && got == v
	}
}

// any accepts any diagnostics.
func anyDiags(protocol.PublishDiagnosticsParams) bool { return true }

// withCode accepts diagnostics that include the rule.
func withCode(code string) func(protocol.PublishDiagnosticsParams) bool {
	return func(p protocol.PublishDiagnosticsParams) bool { return slices.Contains(codes(p), code) }
}

func without(code string) func(protocol.PublishDiagnosticsParams) bool {
	return func(p protocol.PublishDiagnosticsParams) bool { return !slices.Contains(codes(p), code) }
}

func empty(p protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 }

func codes(p protocol.PublishDiagnosticsParams) []string {
	var out []string
	for _, d := range p.Diagnostics {
		out = append(out, codeOf(d))
	}
	return out
}

func codeOf(d protocol.Diagnostic) string {
	if s, ok := d.Code.(protocol.String); ok {
		return string(s)
	}
	return fmt.Sprint(d.Code)
}

func messageOf(d protocol.Diagnostic) string {
	if s, ok := d.Message.(protocol.String); ok {
		return string(s)
	}
	return fmt.Sprint(d.Message)
}

func find(p protocol.PublishDiagnosticsParams, code string) (protocol.Diagnostic, bool) {
	for _, d := range p.Diagnostics {
		if codeOf(d) == code {
			return d, true
		}
	}
	return protocol.Diagnostic{}, false
}

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

func fmtRange(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

// recorder is the test's client: it records what the server sends and
// answers its requests.
type recorder struct {
	protocol.UnimplementedClient

	mu         sync.Mutex
	changed    chan struct{} // closed and replaced on every message
	published  []protocol.PublishDiagnosticsParams
	progress   []protocol.ProgressParams
	logs       []protocol.LogMessageParams
	messages   []protocol.ShowMessageParams
	registered []protocol.Registration
	created    []protocol.ProgressToken
	refreshed  []string        // the refresh requests received, by method
	settings   json.RawMessage // the answer to workspace/configuration
}

func newRecorder() *recorder { return &recorder{changed: make(chan struct{})} }

// forget drops the notifications recorded so far, so that a test measuring
// the server's memory does not count what the client kept.
func (r *recorder) forget() {
	r.record(func() { r.published, r.progress, r.logs, r.messages = nil, nil, nil, nil })
}

func (r *recorder) record(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
	close(r.changed)
	r.changed = make(chan struct{})
}

// await blocks until cond holds over what was recorded.
func (r *recorder) await(t testing.TB, what string, cond func(*recorder) bool) {
	t.Helper()
	deadline := time.NewTimer(failsafe)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		ok := cond(r)
		ch := r.changed
		r.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			r.mu.Lock()
			defer r.mu.Unlock()
			t.Fatalf("waiting for %s: never came; got:\n%s", what, r.dump())
		}
	}
}

// latest is the last publish for u; call with mu held.
func (r *recorder) latest(u uri.URI) (protocol.PublishDiagnosticsParams, bool) {
	for i := len(r.published) - 1; i >= 0; i-- {
		if r.published[i].URI == u {
			return r.published[i], true
		}
	}
	return protocol.PublishDiagnosticsParams{}, false
}

// snapshot copies the recorded publishes.
func (r *recorder) snapshot() []protocol.PublishDiagnosticsParams {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.published)
}

func (r *recorder) dump() string {
	var b strings.Builder
	for _, p := range r.published {
		v, _ := p.Version.Get()
		fmt.Fprintf(&b, "  %s v%d:", p.URI, v)
		for _, d := range p.Diagnostics {
			fmt.Fprintf(&b, " %s@%s", codeOf(d), fmtRange(d.Range))
		}
		b.WriteString("\n")
	}
	for _, l := range r.logs {
		fmt.Fprintf(&b, "  log %d: %s\n", l.Type, l.Message)
	}
	for _, l := range r.messages {
		fmt.Fprintf(&b, "  shown %d: %s\n", l.Type, l.Message)
	}
	return b.String()
}

func (r *recorder) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	r.record(func() { r.published = append(r.published, *p) })
	return nil
}

func (r *recorder) Progress(ctx context.Context, p *protocol.ProgressParams) error {
	r.record(func() { r.progress = append(r.progress, *p) })
	return nil
}

func (r *recorder) LogMessage(ctx context.Context, p *protocol.LogMessageParams) error {
	r.record(func() { r.logs = append(r.logs, *p) })
	return nil
}

func (r *recorder) ShowMessage(ctx context.Context, p *protocol.ShowMessageParams) error {
	r.record(func() { r.messages = append(r.messages, *p) })
	return nil
}

// awaitShown waits for a window/showMessage that contains each of words.
func (r *recorder) awaitShown(t testing.TB, words ...string) protocol.ShowMessageParams {
	t.Helper()
	var got protocol.ShowMessageParams
	r.await(t, fmt.Sprintf("a message saying %q", words), func(r *recorder) bool {
		for _, m := range r.messages {
			ok := true
			for _, w := range words {
				ok = ok && strings.Contains(m.Message, w)
			}
			if ok {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

func (r *recorder) RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error {
	r.record(func() { r.registered = append(r.registered, p.Registrations...) })
	return nil
}

func (r *recorder) CodeLensRefresh(ctx context.Context) error {
	r.record(func() { r.refreshed = append(r.refreshed, protocol.MethodWorkspaceCodeLensRefresh) })
	return nil
}

func (r *recorder) InlayHintRefresh(ctx context.Context) error {
	r.record(func() { r.refreshed = append(r.refreshed, protocol.MethodWorkspaceInlayHintRefresh) })
	return nil
}

func (r *recorder) WorkDoneProgressCreate(ctx context.Context, p *protocol.WorkDoneProgressCreateParams) error {
	r.record(func() { r.created = append(r.created, p.Token) })
	return nil
}

func (r *recorder) Configuration(ctx context.Context, p *protocol.ConfigurationParams) ([]protocol.LSPAny, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]protocol.LSPAny, len(p.Items))
	for i := range out {
		out[i] = protocol.LSPAny("null")
		if r.settings != nil {
			out[i] = protocol.LSPAny(r.settings)
		}
	}
	return out, nil
}

// extract writes the files of a txtar archive under dir.
func extract(t testing.TB, archive, dir string) *txtar.Archive {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		if !strings.HasPrefix(f.Name, "ws/") && !strings.HasPrefix(f.Name, "home/") {
			continue // not part of the tree (want, options)
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// pipe is an in-memory connection whose writes never block, like a pair of
// OS pipes with room to spare. (net.Pipe's writes wait for the reader; when
// both ends answer a request on their read loops at once, as the test
// client does, they would wait for each other forever.)
func pipe() (io.ReadWriteCloser, io.ReadWriteCloser) {
	ab, ba := newHalf(), newHalf()
	return &end{r: ba, w: ab}, &end{r: ab, w: ba}
}

// half is one direction of a pipe.
type half struct {
	mu     sync.Mutex
	cond   *sync.Cond
	buf    []byte
	closed bool
}

func newHalf() *half {
	h := &half{}
	h.cond = sync.NewCond(&h.mu)
	return h
}

func (h *half) write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return 0, io.ErrClosedPipe
	}
	h.buf = append(h.buf, p...)
	h.cond.Broadcast()
	return len(p), nil
}

func (h *half) read(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for len(h.buf) == 0 && !h.closed {
		h.cond.Wait()
	}
	if len(h.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, h.buf)
	h.buf = h.buf[n:]
	if len(h.buf) == 0 {
		h.buf = nil // let what was written go, as a pipe would
	}
	return n, nil
}

func (h *half) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	h.cond.Broadcast()
}

type end struct{ r, w *half }

func (e *end) Read(p []byte) (int, error)  { return e.r.read(p) }
func (e *end) Write(p []byte) (int, error) { return e.w.write(p) }
func (e *end) Close() error {
	e.r.close()
	e.w.close()
	return nil
}
