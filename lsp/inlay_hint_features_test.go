package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// After the description, a hint tells the room left before the tightest
// limit; a range that does not hold the description gets none.
func TestInlayHint(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	got, err := h.server.InlayHint(h.ctx(), &protocol.InlayHintParams{TextDocument: h.docID(deployRel), Range: rng(0, 0, 20, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("hints %+v, want one", got)
	}
	hint := got[0]
	label, _ := hint.Label.(protocol.String)
	tip, _ := hint.Tooltip.(protocol.String)
	// description: "Ships <fast> & safe" is 19 long; the limit 1024.
	if hint.Position != (protocol.Position{Line: 2, Character: 34}) || !strings.HasPrefix(string(label), "1005 ") || !strings.HasSuffix(string(label), " left") ||
		hint.PaddingLeft == nil || !*hint.PaddingLeft || !strings.Contains(string(tip), "agentskills") {
		t.Errorf("hint %+v (label %q, tooltip %q)", hint, label, tip)
	}
	got, err = h.server.InlayHint(h.ctx(), &protocol.InlayHintParams{TextDocument: h.docID(deployRel), Range: rng(5, 0, 20, 0)})
	if err != nil || len(got) != 0 {
		t.Errorf("hints in the body: %+v, %v", got, err)
	}
}
