package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Folds cover the frontmatter, each section and each code block, as whole
// lines for a client that folds lines only; a one-line section folds
// nothing.
func TestFoldingRanges(t *testing.T) {
	for _, linesOnly := range []bool{true, false} {
		h, _ := startFeatures(t, "features/skills", clientFeatures{lineFoldingOnly: linesOnly})
		h.openFile(deployRel)
		got, err := h.server.FoldingRanges(h.ctx(), &protocol.FoldingRangeParams{TextDocument: h.docID(deployRel)})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, f := range got {
			if f.Kind != protocol.FoldingRangeKindRegion {
				t.Errorf("fold kind %q", f.Kind)
			}
			if (f.StartCharacter == nil) != linesOnly || (f.EndCharacter == nil) != linesOnly {
				t.Errorf("lineFoldingOnly %v: fold %+v", linesOnly, f)
			}
			lines = append(lines, fmt.Sprintf("%d-%d", f.StartLine, f.EndLine))
		}
		// frontmatter, # Deploy, ## Steps, the sh fence
		if got, want := strings.Join(lines, " "), "0-4 5-14 10-14 12-14"; got != want {
			t.Errorf("lineFoldingOnly %v: folds %s, want %s", linesOnly, got, want)
		}
	}
}
