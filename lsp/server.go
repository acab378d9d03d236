package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// Options are how the command line starts the server.
type Options struct {
	// LogFile, when set, receives a trace of every message in and out
	// (the --log-file flag).
	LogFile string
	// Trace, when set, receives the trace instead of LogFile.
	Trace io.Writer
	// Home is the user's home directory for global roots; "" reads it from
	// the environment. The "home" setting overrides it.
	Home string
	// Getenv reads variables such as CODEX_HOME; nil means os.Getenv.
	Getenv func(string) string
	// Version is reported to the client in serverInfo.
	Version string
}

// Serve runs the language server over in and out (stdin and stdout) until
// the client sends exit or closes in, and returns the process exit code: 0
// after an orderly shutdown, 1 otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	s := newServer(opts)
	var trace io.Writer = opts.Trace
	if trace == nil && opts.LogFile != "" {
		f, err := os.OpenFile(opts.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(os.Stderr, "skill-ls: %v\n", err)
		} else {
			defer f.Close()
			trace = f
		}
	}
	return s.serve(ctx, stdio{in, out}, trace)
}

// Server is the skill-ls language server: one connection, one workspace.
// Request handlers are thin: they find the document, call package analysis
// and convert positions with a Mapper. Adding a feature (hover, completion)
// is one file with one method.
type Server struct {
	protocol.UnimplementedServer

	opts   Options
	getenv func(string) string
	conn   jsonrpc2.Conn
	client protocol.Client
	trace  *tracer

	ctx    context.Context // the connection's life; cancelled at exit
	cancel context.CancelFunc
	wg     sync.WaitGroup // background goroutines

	state    atomic.Int32 // lifecycle stage
	exited   chan struct{}
	exitOnce sync.Once

	callsMu sync.Mutex
	calls   map[jsonrpc2.ID]context.CancelFunc // requests in flight, for $/cancelRequest

	// rebuildMu serialises whatever reads the disk into the workspace: the
	// scans and the file watchers' events. Take it before mu.
	rebuildMu sync.Mutex
	// loadMu keeps reads of single files (load) in order, read and taken
	// in together, so an older read never lands over a newer one. Take it
	// after rebuildMu, before mu.
	loadMu sync.Mutex

	// mu guards everything below, the workspace above all: it is not safe
	// for concurrent use.
	mu      sync.Mutex
	idle    *sync.Cond // signalled when the diagnostics queue drains
	caps    clientCaps
	enc     Encoding
	folders []string
	// settings are initSettings with clientSettings merged over them
	// (config.go).
	settings       Settings
	initSettings   *settingsLayer
	clientSettings *settingsLayer
	// initWarnings are the problems with the initializationOptions, shown
	// to the user once the session is up.
	initWarnings []string
	debounce     time.Duration
	ws           *analysis.Workspace
	docs         map[string]*document // open SKILL.md buffers by path
	project      projectState         // the project configuration file
	mappers      map[string]*Mapper   // the last Mapper made for each path, see mapperLocked
	ready        bool                 // the first scan is done
	// scanned is closed when the first scan is done (ready.go).
	scanned     chan struct{}
	scannedOnce sync.Once
	// builtWith and builtFolders are what the workspace was made from.
	builtWith    Settings
	builtFolders []string
	diag         diagnosticsState
	watch        *watcher
	// clientWatches: the client reports changes in the workspace folders.
	clientWatches bool
	// notices wait for the next edit of their document (notice.go).
	notices map[string][]notice
	// limitsShown are the walk caps the user was shown, each once.
	limitsShown map[string]bool
	// busy counts background tasks under way (scans, file events), for
	// waiting until the server has caught up.
	busy int

	// testHook, when set, runs before every request handler, and
	// notifyHook before every notification handler.
	testHook   func(ctx context.Context, method string, id jsonrpc2.ID)
	notifyHook func(method string)
	// diagnoseHook, when set, runs before the findings of each batch of
	// files are computed, with mu held.
	diagnoseHook func(paths []string)
	// scanHook, when set, runs before every scan reads the disk (tests
	// hold the first scan with it).
	scanHook func()
}

// Lifecycle stages.
const (
	stageNew int32 = iota
	stageRunning
	stageShutdown
)

func newServer(opts Options) *Server {
	s := &Server{
		opts:     opts,
		getenv:   opts.Getenv,
		exited:   make(chan struct{}),
		scanned:  make(chan struct{}),
		calls:    map[jsonrpc2.ID]context.CancelFunc{},
		docs:     map[string]*document{},
		mappers:  map[string]*Mapper{},
		debounce: defaultDebounce,
	}
	if s.getenv == nil {
		s.getenv = os.Getenv
	}
	s.idle = sync.NewCond(&s.mu)
	s.diag.init()
	s.ws = analysis.NewWorkspace(s.analysisConfigLocked())
	return s
}

// serve runs the server on conn until exit, end of input or ctx ends.
func (s *Server) serve(ctx context.Context, conn io.ReadWriteCloser, trace io.Writer) int {
	s.ctx, s.cancel = context.WithCancel(ctx)
	defer s.cancel()
	var stream jsonrpc2.Stream = newStream(conn, func(err error) {
		s.logf(protocol.MessageTypeWarning, "refused a message: %v", err)
	})
	if trace != nil {
		s.trace = &tracer{w: trace}
		stream = s.trace.wrap(stream)
	}
	s.conn = jsonrpc2.NewConn(stream, jsonrpc2.WithCodec(codec{}))
	s.client = protocol.ClientDispatcher(s.conn)
	s.goBackground(s.publishLoop)
	s.conn.Go(s.ctx, s.dispatch(protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)))

	select {
	case <-s.exited:
	case <-s.conn.Done():
	case <-s.ctx.Done():
	}
	code := exitCode(s.state.Load() == stageShutdown)
	s.cancel()
	s.mu.Lock()
	s.idle.Broadcast() // wake anyone waiting for the queue to drain
	s.mu.Unlock()
	s.mu.Lock()
	w := s.watch
	s.watch = nil
	s.mu.Unlock()
	w.close()
	stream.Close()
	// Closing the stream ends the connection at once on a pipe or socket;
	// on a terminal, a blocked read of stdin may outlive it, and the
	// process is exiting anyway.
	select {
	case <-s.conn.Done():
	case <-time.After(time.Second):
	}
	s.wg.Wait()
	return code
}

// goBackground runs f in its own goroutine, which serve waits for, unless
// the server is exiting.
func (s *Server) goBackground(f func()) bool {
	if s.ctx.Err() != nil {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.recoverLog("background task")
		f()
	}()
	return true
}

// goTask runs f in the background, counted as work under way.
func (s *Server) goTask(f func()) {
	s.busyAdd(1)
	if !s.goBackground(func() {
		defer s.busyAdd(-1)
		f()
	}) {
		s.busyAdd(-1)
	}
}

func (s *Server) busyAdd(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy += n
	if s.busy == 0 {
		s.idle.Broadcast()
	}
}

// dispatch is the middleware every message goes through: it answers
// $/cancelRequest, holds back everything but initialize before initialize
// and everything but exit after shutdown, handles notifications in order on
// the read loop and requests concurrently, and turns a panic or a bare error
// into a proper error response so that no handler ends the process.
func (s *Server) dispatch(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		method := req.Method()
		if !req.IsCall() {
			s.notification(ctx, req, method, next)
			return nil, nil // an error here would end the connection
		}
		return s.call(ctx, req, strings.Clone(method), next)
	}
}

func (s *Server) notification(ctx context.Context, req *jsonrpc2.Request, method string, next jsonrpc2.Handler) {
	defer s.recoverLog(method)
	switch stage := s.state.Load(); {
	case method == protocol.MethodCancelRequest:
		s.cancelRequest(req)
		return
	case method == protocol.MethodExit:
	case stage == stageNew && method != protocol.MethodInitialized, stage == stageShutdown:
		return
	}
	if !serverMethods[method] {
		return // an unknown notification is ignored
	}
	if s.notifyHook != nil {
		s.notifyHook(method)
	}
	var err error
	if method == protocol.MethodTextDocumentDidChange {
		err = s.didChange(ctx, req.Params())
	} else {
		_, err = next(ctx, req)
	}
	if err != nil {
		s.logf(protocol.MessageTypeWarning, "%s: %v", method, err)
	}
}

func (s *Server) call(ctx context.Context, req *jsonrpc2.Request, method string, next jsonrpc2.Handler) (result any, err error) {
	switch stage := s.state.Load(); {
	case stage == stageNew && method != protocol.MethodInitialize:
		return nil, jsonrpc2.NewError(codeServerNotInitialized, "skill-ls: the server is not initialized")
	case stage == stageShutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "skill-ls: the server is shut down")
	}
	if !serverMethods[method] {
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "skill-ls: method %q not found", method)
	}
	id := req.ID()
	// The request's own context is pooled by jsonrpc2 and recycled when the
	// handler returns; a context derived from it would be read by the
	// context package after that. Derive from the connection's instead.
	cctx, cancel := context.WithCancel(jsonrpc2.DetachContext(ctx))
	defer cancel()
	s.callsMu.Lock()
	s.calls[id] = cancel
	s.callsMu.Unlock()
	defer func() {
		s.callsMu.Lock()
		delete(s.calls, id)
		s.callsMu.Unlock()
	}()
	// initialize and shutdown run in order with the notifications around
	// them; every other request runs concurrently, so it may call back into
	// the client and may be cancelled.
	if method != protocol.MethodInitialize && method != protocol.MethodShutdown {
		jsonrpc2.Async(ctx)
	}
	defer func() {
		if r := recover(); r != nil {
			s.logf(protocol.MessageTypeError, "%s panicked: %v\n%s", method, r, debug.Stack())
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "skill-ls: %s failed: %v", method, r)
		}
	}()
	if s.testHook != nil {
		s.testHook(cctx, method, id)
	}
	if worldMethods[method] {
		if err := s.awaitScan(cctx); err != nil {
			return nil, protocol.ErrRequestCancelled
		}
	}
	result, err = next(cctx, req)
	if cctx.Err() != nil {
		return nil, protocol.ErrRequestCancelled
	}
	return result, wireError(err)
}

// serverMethods are the methods a client may send a server; any other is
// not found.
var serverMethods = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range protocol.Methods {
		if m.Direction != "serverToClient" {
			out[m.Method] = true
		}
	}
	return out
}()

// codeServerNotInitialized answers a request sent before initialize.
const codeServerNotInitialized jsonrpc2.Code = -32002

// wireError makes sure an error reaches the client with a code: jsonrpc2
// sends a bare error with code 0.
func wireError(err error) error {
	if err == nil {
		return nil
	}
	var w *jsonrpc2.Error
	if errors.As(err, &w) && w.Code != jsonrpc2.ParseError {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return protocol.ErrRequestCancelled
	}
	if errors.Is(err, jsonrpc2.ErrParse) { // the params did not decode
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
}

// cancelRequest cancels the request a $/cancelRequest names; the request
// then answers RequestCancelled (-32800), not jsonrpc2's code 0.
func (s *Server) cancelRequest(req *jsonrpc2.Request) {
	var params protocol.CancelParams
	if err := protocol.Unmarshal(req.Params(), &params); err != nil {
		s.logf(protocol.MessageTypeWarning, "$/cancelRequest: %v", err)
		return
	}
	var id jsonrpc2.ID
	switch v := params.ID.(type) {
	case protocol.Integer:
		id = jsonrpc2.NewNumberID(int64(v))
	case protocol.String:
		id = jsonrpc2.NewStringID(string(v))
	default:
		return
	}
	s.callsMu.Lock()
	cancel := s.calls[id]
	s.callsMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// Request answers methods the protocol does not define.
func (s *Server) Request(ctx context.Context, method string, params any) (any, error) {
	return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "skill-ls: method %q not found", method)
}

func (s *Server) recoverLog(what string) {
	if r := recover(); r != nil {
		s.logf(protocol.MessageTypeError, "%s panicked: %v\n%s", what, r, debug.Stack())
	}
}

// codec marshals payloads with the protocol's union-aware encoder, as
// protocol.NewServer does; skill-ls builds its own connection so that
// notifications keep their order (protocol.Handlers runs every message
// concurrently, which would reorder didChange).
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// stdio joins stdin and stdout into the connection a stream wants.
type stdio struct {
	io.Reader
	io.Writer
}

func (c stdio) Close() error {
	var errs []error
	if cl, ok := c.Reader.(io.Closer); ok {
		errs = append(errs, cl.Close())
	}
	if cl, ok := c.Writer.(io.Closer); ok && !same(c.Writer, c.Reader) {
		errs = append(errs, cl.Close())
	}
	return errors.Join(errs...)
}

// same reports whether a and b are one value (one connection passed as
// both ends); values that cannot be compared are not the same.
func same(a, b any) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}
