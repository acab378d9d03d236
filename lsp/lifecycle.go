package lsp

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// clientCaps is what skill-ls needs to know of the client's capabilities.
type clientCaps struct {
	encoding      Encoding
	watchDynamic  bool // can register workspace/didChangeWatchedFiles
	configuration bool // answers workspace/configuration
	progress      bool // supports window/workDoneProgress/create
	refresh       refreshCaps
	features      featureCaps
}

func readCaps(c protocol.ClientCapabilities) clientCaps {
	var out clientCaps
	if c.General != nil && slices.Contains(c.General.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		out.encoding = UTF8
	}
	if w := c.Workspace; w != nil {
		out.watchDynamic = w.DidChangeWatchedFiles != nil && isTrue(w.DidChangeWatchedFiles.DynamicRegistration)
		out.configuration = isTrue(w.Configuration)
	}
	out.refresh = readRefreshCaps(c.Workspace)
	if c.Window != nil {
		out.progress = isTrue(c.Window.WorkDoneProgress)
	}
	out.features = readFeatureCaps(c)
	return out
}

func isTrue(b *bool) bool { return b != nil && *b }

func ptr[T any](v T) *T { return &v }

// Initialize negotiates the position encoding, reads the workspace folders
// and the initializationOptions, and says what the server does.
func (s *Server) Initialize(ctx context.Context, params *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	if !s.state.CompareAndSwap(stageNew, stageRunning) {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "skill-ls: initialize was already received")
	}
	caps := readCaps(params.Capabilities)
	caps.watchDynamic = caps.watchDynamic && clientWatchesWell(params.ClientInfo)
	settings, warnings := parseSettings(params.InitializationOptions)
	s.mu.Lock()
	s.caps = caps
	s.enc = caps.encoding
	s.folders = foldersOf(params)
	s.initWarnings = warnings
	s.mu.Unlock()
	s.setInitSettings(settings)
	s.mu.Lock()
	s.provisionalLocked() // for the documents opened before the first scan ends
	s.mu.Unlock()
	version := s.opts.Version
	if version == "" {
		version = "devel"
	}
	result := &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding: caps.encoding.Kind(),
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: ptr(true),
				Change:    ptr(protocol.TextDocumentSyncKindIncremental),
				Save:      &protocol.SaveOptions{IncludeText: ptr(false)},
			},
			ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{commandCatalog, commandOpen}},
			Workspace: &protocol.WorkspaceOptions{
				WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
					Supported:           ptr(true),
					ChangeNotifications: protocol.Boolean(true),
				},
			},
		},
		ServerInfo: protocol.ServerInfo{Name: "skill-ls", Version: protocol.NewOptional(version)},
	}
	featureCapabilities(caps, &result.Capabilities)
	return result, nil
}

// Initialized starts the first scan in the background: settings pulled
// from the client, file watching registered, every skill under every root
// read and diagnosed, with work-done progress around it.
func (s *Server) Initialized(ctx context.Context, params *protocol.InitializedParams) error {
	s.goTask(s.startup)
	return nil
}

// startupWait bounds the requests the server sends the client while it
// starts: a client that never answers them gets the defaults (settings
// from initialize, the server's own file watching, no progress), and its
// diagnostics all the same.
const startupWait = 2 * time.Second

func (s *Server) startup() {
	s.mu.Lock()
	caps := s.caps
	warnings := s.initWarnings
	s.mu.Unlock()
	// Shown now, not during initialize: a client may drop messages that
	// come before its initialize request is answered.
	s.tellSettings("initializationOptions", warnings)
	// The requests go out together, so a silent client costs one wait.
	ctx, cancel := context.WithTimeout(s.ctx, startupWait)
	var wg sync.WaitGroup
	ask := func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer s.recoverLog("startup")
			f()
		}()
	}
	if caps.configuration {
		ask(func() {
			if got, ok := s.pullSettings(ctx); ok {
				s.setClientSettings(got)
			}
		})
	}
	if caps.watchDynamic {
		ask(func() { s.registerWatchers(ctx) })
	}
	var p *progress
	ask(func() { p = s.createProgress(ctx) })
	wg.Wait()
	cancel()

	p.begin(s.ctx, s, "skill-ls", "Scanning skills")
	n := s.rebuild()
	s.flush()
	p.end(s.ctx, s, fmt.Sprintf("%d skills", n))
}

// Shutdown stops the server's work; only exit is listened to after it.
func (s *Server) Shutdown(ctx context.Context) error {
	s.state.Store(stageShutdown)
	s.mu.Lock()
	w := s.watch
	s.watch = nil
	s.mu.Unlock()
	w.close()
	return nil
}

// Exit ends the process (jsonrpc2 does not): Serve returns exitCode.
func (s *Server) Exit(ctx context.Context) error {
	s.exitOnce.Do(func() { close(s.exited) })
	return nil
}

// exitCode is the process's exit code when the connection ends: 0 after
// shutdown, 1 when the client exits or goes away without one.
func exitCode(shutdown bool) int {
	if shutdown {
		return 0
	}
	return 1
}
