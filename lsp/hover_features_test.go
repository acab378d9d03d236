package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func hover(t *testing.T, h *harness, rel string, pos protocol.Position) *protocol.Hover {
	t.Helper()
	res, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: h.docID(rel), Position: pos}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func hoverText(t *testing.T, res *protocol.Hover) string {
	t.Helper()
	mc, ok := res.Contents.(*protocol.MarkupContent)
	if !ok || mc.Kind != protocol.MarkupKindMarkdown {
		t.Fatalf("hover contents %#v, want Markdown", res.Contents)
	}
	return mc.Value
}

// On the name, the hover shows the catalog entry as each agent renders it
// (as many as fit in about 20 lines), escaped as the agent escapes it, and
// the skill it shadows.
func TestHoverName(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	res := hover(t, h, deployRel, protocol.Position{Line: 1, Character: 8})
	if res == nil {
		t.Fatal("no hover on the name")
	}
	md := hoverText(t, res)
	for _, want := range []string{
		"<name>deploy</name>",
		"<description>Ships &lt;fast&gt; &amp; safe</description>", // zed's XML escaping
		"64 bytes (zed)",
		h.path(globalRel), // the global skill it hides
	} {
		if !strings.Contains(md, want) {
			t.Errorf("hover lacks %q:\n%s", want, md)
		}
	}
	if n := strings.Count(md, "\n") + 1; n > 20 {
		t.Errorf("hover runs to %d lines:\n%s", n, md)
	}
	if res.Range == nil || *res.Range != rng(1, 0, 1, 12) {
		t.Errorf("hover range %v, want 1:0-1:12", res.Range)
	}
}

// Other keys show their documentation; a link whether its file exists;
// anywhere else there is no hover (null).
func TestHoverElsewhere(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	text := h.openFile(deployRel)
	if md := hoverText(t, hover(t, h, deployRel, protocol.Position{Line: 3, Character: 2})); !strings.Contains(md, "license") {
		t.Errorf("license hover:\n%s", md)
	}
	if md := hoverText(t, hover(t, h, deployRel, posOf(t, text, "none.md"))); !strings.Contains(md, "does not exist") {
		t.Errorf("missing link hover:\n%s", md)
	}
	if md := hoverText(t, hover(t, h, deployRel, posOf(t, text, "guide.md"))); !strings.Contains(md, "exists") {
		t.Errorf("link hover:\n%s", md)
	}
	if res := hover(t, h, deployRel, posOf(t, text, "echo hi")); res != nil {
		t.Errorf("hover in a code block: %#v", res)
	}
}
