package lsp

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"
)

// released reports whether the server holds only the frontmatter of rel.
func (h *harness) released(rel string) bool {
	h.srv.mu.Lock()
	defer h.srv.mu.Unlock()
	e := h.srv.ws.World.Entry(h.path(rel))
	return e != nil && e.Skill.Released()
}

// startTree writes files (relative path -> text) and starts a server on
// them whose client watches the workspace: a change on disk that the test
// does not report is one the server has not been told of.
func startTree(t *testing.T, files map[string]string) *harness {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, files)
	return startAt(t, root, setup{watch: true})
}

// TestReleasedBodies: once diagnosed, the files no editor holds keep only
// their frontmatter, and their diagnostics are placed in the whole text
// read back; an opened file is whole, and released again once closed.
func TestReleasedBodies(t *testing.T) {
	const a, b = "ws/.agents/skills/a/SKILL.md", "ws/.agents/skills/b/SKILL.md"
	// The multi-byte text before b's link puts its UTF-16 column apart
	// from its byte column.
	h := startTree(t, map[string]string{
		a: "---\nname: a\ndescription: Does a.\n---\n\n# A\n",
		b: "---\nname: b\ndescription: Does b — well.\n---\n\n# B — é\n\nSee ü [x](refs/x.md).\n",
	})
	p := h.diags(b, withCode("link-broken"))
	h.settle()
	if d, _ := find(p, "link-broken"); d.Range != rng(7, 10, 7, 19) {
		t.Errorf("link-broken at %s, want 7:10-7:19", fmtRange(d.Range))
	}
	for _, rel := range []string{a, b} {
		if !h.released(rel) {
			t.Errorf("%s is whole after the first scan", rel)
		}
	}

	h.open(b, h.read(b), 1)
	h.diags(b, version(1))
	if h.released(b) {
		t.Error("an open file is released")
	}
	hover, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(b)}, Position: protocol.Position{Line: 7, Character: 12}}})
	if err != nil || hover == nil {
		t.Fatalf("hover over the link: %v %v", hover, err)
	}
	h.closeDoc(b)
	h.settle()
	if !h.released(b) {
		t.Error("a closed file stays whole")
	}
	if p := h.diags(b, anyDiags); !slices.Contains(codes(p), "link-broken") {
		t.Errorf("after closing: %v", codes(p))
	}
}

// TestReleasedFileChangedUntold: a released file that changed on disk with
// no event yet is taken in as changed when it is read back (here because a
// new name collides with its old one), and the files it affects follow.
func TestReleasedFileChangedUntold(t *testing.T) {
	const b, c = "ws/.agents/skills/b/SKILL.md", "ws/.agents/skills/c/SKILL.md"
	h := startTree(t, map[string]string{
		b: "---\nname: b\ndescription: Does b.\n---\n\n# B\n",
	})
	h.settle()
	if !h.released(b) {
		t.Fatal("b is whole after the first scan")
	}
	h.write(b, "---\nname: b-two\ndescription: Does b, renamed.\n---\n\n# B\n")
	// c takes b's old name: the server, which still knows b as "b",
	// publishes b again and finds it changed.
	h.open(c, "---\nname: b\ndescription: Does c.\n---\n", 1)
	h.diags(b, withCode("name-dir-mismatch"))
	h.diags(b, without("name-duplicate"))
	h.diags(c, without("name-duplicate"))
	h.settle()
	if p, _ := h.client.latest(h.uri(c)); slices.Contains(codes(p), "name-duplicate") {
		t.Errorf("c still collides with b's old name: %v", codes(p))
	}
}
