package lsp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// TestStress sends thousands of random incremental edits across dozens of
// documents, with saves, while other goroutines send hovers (not
// implemented yet: they are answered with an error) and catalog commands
// (which read the workspace). Once everything has settled, the text the
// server holds must be the client's, and the diagnostics it published last
// for each document must be those of a fresh analysis of the final texts.
func TestStress(t *testing.T) {
	edits := 4000
	if testing.Short() {
		edits = 400
	}
	for _, tc := range []struct {
		name     string
		enc      []protocol.PositionEncodingKind
		edits    int
		debounce int
	}{
		{"utf-16", nil, edits, 0},
		{"utf-8", []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8}, edits / 4, 0},
		{"debounced", nil, edits / 4, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stress(t, tc.enc, tc.edits, tc.debounce)
		})
	}
}

func stress(t *testing.T, encodings []protocol.PositionEncodingKind, edits, debounceMs int) {
	const docs = 36
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rnd := rand.New(rand.NewPCG(seed, 1))
	utf8 := len(encodings) > 0

	h := start(t, "", setup{encodings: encodings, watch: true, init: map[string]any{"debounceMs": debounceMs}})
	texts := map[string]string{}
	versions := map[string]int32{}
	var rels []string
	for i := range docs {
		// Names collide in pairs and threes, so edits ripple to other files.
		rel := fmt.Sprintf("ws/.agents/skills/s%02d/SKILL.md", i)
		text := fmt.Sprintf("---\nname: dup-%d\ndescription: Skill 🎉 number %d.\n---\n# Body\n\nSee [notes](notes.md).\n", i%12, i)
		h.write(rel, text)
		rels = append(rels, rel)
		texts[rel] = text
	}
	h.watched(protocol.FileChangeTypeCreated, rels...)
	for _, rel := range rels {
		versions[rel] = 1
		h.open(rel, texts[rel], 1)
	}

	// Readers: hovers and catalogs, until the edits are done.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(g+2)))
			for {
				select {
				case <-stop:
					return
				default:
				}
				rel := rels[r.IntN(len(rels))]
				if g == 0 {
					_, err := h.server.ExecuteCommand(context.Background(), &protocol.ExecuteCommandParams{
						Command: commandCatalog, Arguments: []protocol.LSPAny{protocol.LSPAny(`{"target": "zed"}`)},
					})
					if err != nil {
						t.Errorf("catalog: %v", err)
						return
					}
					continue
				}
				_, err := h.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
					TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(rel)},
					Position:     pos(uint32(r.IntN(8)), uint32(r.IntN(30))),
				}})
				if code := errorCode(err); err != nil && code != jsonrpc2.MethodNotFound {
					t.Errorf("hover: %v", err)
					return
				}
			}
		}()
	}

	inserts := []string{"", "x", "-", "_", "🎉", "é", "\n", "\r\n", ": ", "name: dup-3\n", "---\n", "description: \n", "[l](missing.md)", "  ", "\"", "dup-1"}
	for range edits {
		rel := rels[rnd.IntN(len(rels))]
		text := texts[rel]
		r := randomRange(rnd, text, utf8)
		ins := inserts[rnd.IntN(len(inserts))]
		edit := protocol.TextDocumentContentChangePartial{Range: r, Text: ins}
		next, err := refApply(text, []protocol.TextDocumentContentChangePartial{edit}, utf8)
		if err != nil {
			t.Fatal(err)
		}
		texts[rel] = next
		versions[rel]++
		h.edit(rel, versions[rel], r, ins)
		if rnd.IntN(40) == 0 {
			h.save(rel)
		}
	}
	close(stop)
	wg.Wait()
	h.settle()

	// The fresh analysis: a new workspace over the same disk, with the
	// final texts laid over it.
	enc := UTF16
	if utf8 {
		enc = UTF8
	}
	fresh := freshDiagnostics(h, texts, enc)
	h.client.mu.Lock()
	defer h.client.mu.Unlock()
	for _, rel := range rels {
		if got := string(h.srv.docText(rel, h)); got != texts[rel] {
			t.Errorf("%s: server text\n%q\nclient text\n%q", rel, got, texts[rel])
			continue
		}
		p, ok := h.client.latest(h.uri(rel))
		if v, _ := p.Version.Get(); !ok || v != versions[rel] {
			t.Errorf("%s: last published version %d, want %d", rel, v, versions[rel])
			continue
		}
		want := fresh(rel)
		gotJSON, err1 := protocol.Marshal(p.Diagnostics)
		wantJSON, err2 := protocol.Marshal(want)
		if err1 != nil || err2 != nil || string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: published\n%s\nfresh analysis\n%s\ntext %q", rel, gotJSON, wantJSON, texts[rel])
		}
	}
}

// freshDiagnostics makes a new workspace over the harness's disk as it is
// now, with texts (by path relative to the tree) laid over it, and returns
// each file's diagnostics as that fresh analysis gives them, in enc.
func freshDiagnostics(h *harness, texts map[string]string, enc Encoding) func(rel string) []protocol.Diagnostic {
	ws := analysis.NewWorkspace(analysis.Config{Home: h.home, Projects: []string{h.ws}, Getenv: func(string) string { return "" }})
	ws.Scan()
	for rel, text := range texts {
		ws.Set(h.path(rel), []byte(text))
	}
	mappers := map[string]*Mapper{}
	mapperFor := func(p string, _ analysis.Range) *Mapper {
		if mappers[p] == nil {
			mappers[p] = NewMapper(ws.Source(p), enc)
		}
		return mappers[p]
	}
	return func(rel string) []protocol.Diagnostic {
		path := filepath.Clean(h.path(rel))
		return diagnostics(ws.Findings(path), mapperFor(path, analysis.Range{}), mapperFor)
	}
}

// randomRange picks a range in text, mostly valid, sometimes past a line's
// end (which the server clamps), never past the last line nor reversed
// (which it refuses).
func randomRange(r *rand.Rand, text string, utf8 bool) protocol.Range {
	starts, _ := refLines(text)
	p := func() protocol.Position {
		return pos(uint32(r.IntN(len(starts))), uint32(r.IntN(24)))
	}
	a, b := p(), p()
	if refOffset(text, b, utf8) < refOffset(text, a, utf8) {
		a, b = b, a
	}
	if r.IntN(3) == 0 {
		b = a // an insertion
	}
	return protocol.Range{Start: a, End: b}
}
