package lsp

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The soak test is opt-in: go test ./lsp -run TestSoak -soak 60s
var soak = flag.Duration("soak", 0, "run the soak test for this long (0: skip)")

// sample is the process's live heap (after a collection) and goroutine count.
type sample struct {
	heap       uint64
	goroutines int
}

func measure() sample {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return sample{heap: m.HeapAlloc, goroutines: runtime.NumGoroutine()}
}

// TestSoak opens, edits and closes documents in cycles for the -soak
// duration, sampling the live heap and the goroutine count. After a warm-up
// both must stay flat: no growth beyond a small margin from the warm sample
// to the last.
func TestSoak(t *testing.T) {
	if *soak == 0 {
		t.Skip("opt-in: -soak DURATION")
	}
	h := start(t, "", setup{})
	for i := 0; i < 8; i++ {
		h.write(fmt.Sprintf("ws/.agents/skills/s%d/SKILL.md", i), fmt.Sprintf("---\nname: s%d\ndescription: Soak skill %d.\n---\n# Body\n", i, i))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *soak+time.Minute)
	defer cancel()
	deadline := time.Now().Add(*soak)
	warmAt := time.Now().Add(*soak / 5)
	var warm, last sample
	cycles, edits := 0, 0
	for time.Now().Before(deadline) {
		rel := fmt.Sprintf("ws/.agents/skills/s%d/SKILL.md", cycles%8)
		u := h.uri(rel)
		text := fmt.Sprintf("---\nname: s%d\ndescription: Soak skill.\n---\n# Body\n", cycles%8)
		if err := h.server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: u, LanguageID: "markdown", Version: 1, Text: text}}); err != nil {
			t.Fatal(err)
		}
		for v := int32(2); v < 52; v++ {
			// Type into the description, then break and mend the name.
			change := &protocol.TextDocumentContentChangePartial{Range: rng(2, 13, 2, 13), Text: "x"}
			if v%10 == 0 {
				change = &protocol.TextDocumentContentChangePartial{Range: rng(1, 6, 1, 7), Text: "S"}
			} else if v%10 == 1 {
				change = &protocol.TextDocumentContentChangePartial{Range: rng(1, 6, 1, 7), Text: "s"}
			}
			if err := h.server.DidChange(ctx, &protocol.DidChangeTextDocumentParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{change},
			}); err != nil {
				t.Fatal(err)
			}
			edits++
		}
		if err := h.server.DidClose(ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
			t.Fatal(err)
		}
		cycles++
		// Keep pace with the server, and let the test client forget what it
		// was sent: only the server's memory is measured.
		if _, err := h.conn.Call(ctx, "skill-ls/roundTrip", nil, nil); err == nil {
			t.Fatal("roundTrip: want an error for an unknown method")
		}
		h.client.mu.Lock()
		h.client.published = nil
		h.client.mu.Unlock()
		if cycles%50 == 0 {
			h.srv.waitIdle()
			s := measure()
			if warm.heap == 0 && time.Now().After(warmAt) {
				warm = s
			}
			last = s
		}
	}
	h.srv.waitIdle()
	last = measure()
	t.Logf("%d cycles, %d edits: heap %d KiB warm, %d KiB last; goroutines %d warm, %d last",
		cycles, edits, warm.heap>>10, last.heap>>10, warm.goroutines, last.goroutines)
	if warm.heap == 0 {
		t.Fatal("the soak ended before warming up; give it longer")
	}
	if last.heap > warm.heap+warm.heap/2+(2<<20) {
		t.Errorf("live heap grew from %d KiB to %d KiB", warm.heap>>10, last.heap>>10)
	}
	if last.goroutines > warm.goroutines+5 {
		t.Errorf("goroutines grew from %d to %d", warm.goroutines, last.goroutines)
	}
}
