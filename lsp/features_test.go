package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The editor features are tested like the rest of the server: the real
// server over an in-memory pipe, a real protocol client, fixtures under
// testdata/lsp/features. The client here is helpers_test.go's recorder
// that also answers window/showDocument, and it announces the capabilities
// the features read (snippets, showDocument, documentChanges, resource
// operations, line-only folding, nested symbols) as a test asks.

// clientFeatures are the client capabilities a feature test turns on.
type clientFeatures struct {
	snippets        bool
	showDocument    bool
	documentChanges bool
	renameFiles     bool // resourceOperations: ["rename"]
	lineFoldingOnly bool
	hierarchical    bool
	refresh         bool // workspace codeLens and inlayHint refreshSupport
	// holdScan, when set, holds every scan until it is closed; the
	// harness then does not wait for the first scan.
	holdScan chan struct{}
}

func (f clientFeatures) apply(c *protocol.ClientCapabilities) {
	c.TextDocument = &protocol.TextDocumentClientCapabilities{
		Completion:     &protocol.CompletionClientCapabilities{CompletionItem: &protocol.ClientCompletionItemOptions{SnippetSupport: ptr(f.snippets)}},
		FoldingRange:   &protocol.FoldingRangeClientCapabilities{LineFoldingOnly: ptr(f.lineFoldingOnly)},
		DocumentSymbol: &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: ptr(f.hierarchical)},
	}
	c.Window.ShowDocument = &protocol.ShowDocumentClientCapabilities{Support: f.showDocument}
	c.Workspace.WorkspaceEdit = &protocol.WorkspaceEditClientCapabilities{DocumentChanges: ptr(f.documentChanges)}
	if f.renameFiles {
		c.Workspace.WorkspaceEdit.ResourceOperations = []protocol.ResourceOperationKind{protocol.ResourceOperationKindCreate, protocol.ResourceOperationKindRename}
	}
	if f.refresh {
		c.Workspace.CodeLens = &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: ptr(true)}
		c.Workspace.InlayHint = &protocol.InlayHintWorkspaceClientCapabilities{RefreshSupport: ptr(true)}
	}
}

// editorClient is the test's client with window/showDocument.
type editorClient struct {
	*recorder
	shown []protocol.ShowDocumentParams // guarded by recorder.mu
	init  *protocol.InitializeResult    // the server's answer to initialize
}

func (c *editorClient) ShowDocument(ctx context.Context, p *protocol.ShowDocumentParams) (*protocol.ShowDocumentResult, error) {
	c.record(func() { c.shown = append(c.shown, *p) })
	return &protocol.ShowDocumentResult{Success: true}, nil
}

// startFeatures is start (helpers_test.go) with an editorClient that
// announces the features f: it extracts testdata/lsp/ARCHIVE.txtar (none
// when ""), with home/ as the home directory, and returns the server
// initialized.
func startFeatures(t testing.TB, archive string, f clientFeatures) (*harness, *editorClient) {
	t.Helper()
	root := t.TempDir()
	if archive != "" {
		extract(t, filepath.Join("..", "testdata", "lsp", archive+".txtar"), root)
	}
	h := &harness{t: t, root: root, ws: filepath.Join(root, "ws"), home: filepath.Join(root, "home"), code: make(chan int, 1)}
	for _, d := range []string{h.ws, h.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	h.client = newRecorder()
	client := &editorClient{recorder: h.client}
	h.srv = newServer(Options{Home: h.home, Getenv: func(string) string { return "" }, Version: "test"})
	if hold := f.holdScan; hold != nil {
		h.srv.scanHook = func() { <-hold }
	}
	a, b := pipe()
	go func() { h.code <- h.srv.serve(context.Background(), b, nil) }()
	h.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(a), jsonrpc2.WithCodec(codec{}))
	h.conn.Go(context.Background(), protocol.ClientHandler(client, jsonrpc2.MethodNotFoundHandler))
	h.server = protocol.ServerDispatcher(h.conn)
	t.Cleanup(h.close)

	raw, err := json.Marshal(map[string]any{"home": h.home, "debounceMs": 0})
	if err != nil {
		t.Fatal(err)
	}
	caps := protocol.ClientCapabilities{
		Workspace: &protocol.WorkspaceClientCapabilities{},
		Window:    &protocol.WindowClientCapabilities{},
	}
	f.apply(&caps)
	params := &protocol.InitializeParams{Capabilities: caps, InitializationOptions: raw}
	params.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(h.ws), Name: "ws"}})
	if client.init, err = h.server.Initialize(h.ctx(), params); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if err := h.server.Initialized(h.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatalf("initialized: %v", err)
	}
	if f.holdScan == nil {
		h.settle() // the first scan is done: every skill is known
	}
	return h, client
}

// The paths of the skills.txtar fixture.
const (
	deployRel = "ws/.agents/skills/deploy/SKILL.md"
	globalRel = "home/.agents/skills/deploy/SKILL.md"
	otherRel  = "ws/.agents/skills/other/SKILL.md"
	readmeRel = "ws/README.md"
)

// openFile opens a file of the tree with its text on disk, version 1.
func (h *harness) openFile(rel string) string {
	h.t.Helper()
	text := h.read(rel)
	h.open(rel, text, 1)
	return text
}

func (h *harness) docID(rel string) protocol.TextDocumentIdentifier {
	return protocol.TextDocumentIdentifier{URI: h.uri(rel)}
}

func (h *harness) at(rel string, line, char uint32) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: h.docID(rel), Position: protocol.Position{Line: line, Character: char}}
}

// posOf is the position of the first needle in text, in UTF-16.
func posOf(t testing.TB, text, needle string) protocol.Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in %q", needle, text)
	}
	return NewMapper([]byte(text), UTF16).Position(i)
}

// editsFor collects the text edits a workspace edit makes in u, from
// changes or documentChanges.
func editsFor(t testing.TB, we *protocol.WorkspaceEdit, u uri.URI) []protocol.TextEdit {
	t.Helper()
	if we == nil {
		t.Fatal("no workspace edit")
	}
	var out []protocol.TextEdit
	out = append(out, we.Changes[u]...)
	for _, dc := range we.DocumentChanges {
		tde, ok := dc.(*protocol.TextDocumentEdit)
		if !ok || tde.TextDocument.URI != u {
			continue
		}
		for _, e := range tde.Edits {
			te, ok := e.(*protocol.TextEdit)
			if !ok {
				t.Fatalf("edit %T", e)
			}
			out = append(out, *te)
		}
	}
	return out
}

// applyEdits applies text edits to text as an editor does: every range is
// in the text before the edit, counted in UTF-16.
func applyEdits(t testing.TB, text string, edits []protocol.TextEdit) string {
	t.Helper()
	m := NewMapper([]byte(text), UTF16)
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		s, en := m.OffsetRange(e.Range)
		spans = append(spans, span{s, en, e.NewText})
	}
	slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
	for i, s := range spans {
		if i > 0 && s.end > spans[i-1].start {
			t.Fatalf("overlapping edits %v", edits)
		}
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

// change sends edits, all in the current text, as one didChange of
// incremental changes, last first, so each change's range holds in the text
// the previous one left.
func (h *harness) change(rel string, version int32, edits []protocol.TextEdit) {
	h.t.Helper()
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(a, b protocol.TextEdit) int {
		if a.Range.Start.Line != b.Range.Start.Line {
			return int(b.Range.Start.Line) - int(a.Range.Start.Line)
		}
		return int(b.Range.Start.Character) - int(a.Range.Start.Character)
	})
	var changes []protocol.TextDocumentContentChangeEvent
	for _, e := range sorted {
		changes = append(changes, &protocol.TextDocumentContentChangePartial{Range: e.Range, Text: e.NewText})
	}
	err := h.server.DidChange(h.ctx(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: h.docID(rel), Version: version},
		ContentChanges: changes,
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

// A file not named SKILL.md gets nothing from any feature: null where the
// protocol allows it, empty lists (never null) otherwise.
func TestFeaturesIgnoreOtherFiles(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{hierarchical: true, documentChanges: true, renameFiles: true})
	h.openFile(readmeRel)
	doc := map[string]any{"uri": h.uri(readmeRel)}
	pos := map[string]any{"line": 2, "character": 6}
	whole := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 3, "character": 0}}
	cases := []struct {
		method string
		params map[string]any
		want   string
	}{
		{protocol.MethodTextDocumentHover, map[string]any{"textDocument": doc, "position": pos}, `null`},
		{protocol.MethodTextDocumentCompletion, map[string]any{"textDocument": doc, "position": pos}, `{"isIncomplete":false,"items":[]}`},
		{protocol.MethodTextDocumentCodeAction, map[string]any{"textDocument": doc, "range": whole, "context": map[string]any{"diagnostics": []any{}}}, `[]`},
		{protocol.MethodTextDocumentDefinition, map[string]any{"textDocument": doc, "position": pos}, `[]`},
		{protocol.MethodTextDocumentReferences, map[string]any{"textDocument": doc, "position": pos, "context": map[string]any{"includeDeclaration": true}}, `[]`},
		{protocol.MethodTextDocumentDocumentLink, map[string]any{"textDocument": doc}, `[]`},
		{protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": doc}, `[]`},
		{protocol.MethodTextDocumentFoldingRange, map[string]any{"textDocument": doc}, `[]`},
		{protocol.MethodTextDocumentInlayHint, map[string]any{"textDocument": doc, "range": whole}, `[]`},
		{protocol.MethodTextDocumentCodeLens, map[string]any{"textDocument": doc}, `[]`},
		{protocol.MethodTextDocumentPrepareRename, map[string]any{"textDocument": doc, "position": pos}, `null`},
		{protocol.MethodTextDocumentRename, map[string]any{"textDocument": doc, "position": pos, "newName": "x"}, `null`},
	}
	for _, c := range cases {
		var got json.RawMessage
		if _, err := h.conn.Call(h.ctx(), c.method, c.params, &got); err != nil {
			t.Errorf("%s: %v", c.method, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s on README.md = %s, want %s", c.method, got, c.want)
		}
	}
	// A SKILL.md no root holds and the editor has not opened gets nothing
	// either, and nothing fails.
	var got json.RawMessage
	stray := map[string]any{"uri": uri.File(filepath.Join(h.ws, "nowhere", "SKILL.md"))}
	if _, err := h.conn.Call(h.ctx(), protocol.MethodTextDocumentHover, map[string]any{"textDocument": stray, "position": pos}, &got); err != nil || string(got) != "null" {
		t.Errorf("hover on an unknown SKILL.md = %s, %v", got, err)
	}
}

// The server advertises every feature, and the open command.
func TestFeatureCapabilities(t *testing.T) {
	_, client := startFeatures(t, "", clientFeatures{})
	var res struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	raw, err := protocol.Marshal(client.init)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"hoverProvider", "completionProvider", "codeActionProvider", "definitionProvider", "referencesProvider",
		"documentLinkProvider", "documentSymbolProvider", "workspaceSymbolProvider", "foldingRangeProvider", "inlayHintProvider",
		"codeLensProvider", "renameProvider"} {
		if _, ok := res.Capabilities[want]; !ok {
			t.Errorf("initialize result lacks %s: %s", want, raw)
		}
	}
	for key, want := range map[string]string{
		"completionProvider":     `"triggerCharacters":[":"," ","(","` + "`" + `","/"]`,
		"codeActionProvider":     `"codeActionKinds":["quickfix"]`,
		"renameProvider":         `"prepareProvider":true`,
		"executeCommandProvider": `"skill-ls.open"`,
	} {
		if got := string(res.Capabilities[key]); !strings.Contains(got, want) {
			t.Errorf("%s = %s, want it to hold %s", key, got, want)
		}
	}
}
