package lsp

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// mkfifo puts a FIFO at rel, in place of whatever was there.
func (h *harness) mkfifo(rel string) {
	h.t.Helper()
	p := h.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		h.t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		h.t.Fatal(err)
	}
}

// TestFIFOSkillFile: a SKILL.md that is a FIFO, met by the first scan, a
// watched-file event, the re-read after didClose and the read back of a
// released body, is told as file-not-regular each time; no read waits on
// it, so the requests after it are answered.
func TestFIFOSkillFile(t *testing.T) {
	const (
		good   = "ws/.agents/skills/good/SKILL.md"
		first  = "ws/.agents/skills/first/SKILL.md"
		late   = "ws/.agents/skills/late/SKILL.md"
		closed = "ws/.agents/skills/closed/SKILL.md"
		b      = "ws/.agents/skills/b/SKILL.md"
		c      = "ws/.agents/skills/c/SKILL.md"
	)
	root := t.TempDir()
	h := &harness{t: t, root: root}
	h.write(good, "---\nname: good\ndescription: Does good.\n---\n")
	h.write(b, "---\nname: b\ndescription: Does b.\n---\n\n# B\n")
	h.mkfifo(first)
	h = startAt(t, root, setup{watch: true})
	h.diags(first, withCode("file-not-regular"))
	h.settle()

	h.mkfifo(late)
	h.watched(protocol.FileChangeTypeCreated, late)
	h.diags(late, withCode("file-not-regular"))

	h.mkfifo(closed)
	h.open(closed, "---\nname: closed\ndescription: Held by the editor.\n---\n", 1)
	h.diags(closed, version(1))
	h.closeDoc(closed)
	h.diags(closed, withCode("file-not-regular"))

	// b, released after the first scan, turns into a FIFO with no event;
	// c takes its name, so b is diagnosed again and its body read back.
	if !h.released(b) {
		t.Fatal("b is whole after the first scan")
	}
	h.mkfifo(b)
	h.open(c, "---\nname: b\ndescription: Does c.\n---\n", 1)
	h.diags(b, withCode("file-not-regular"))

	hover, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: h.uri(c)}, Position: protocol.Position{Line: 1, Character: 7}}})
	if err != nil || hover == nil {
		t.Fatalf("hover after the FIFOs: %v %v", hover, err)
	}
	h.settle()
}

// TestScanCapShown: a cap a scan reaches is shown to the user, naming the
// cap and the place, not only logged; once, not at every rescan.
func TestScanCapShown(t *testing.T) {
	h := start(t, "", setup{})
	h.settle()
	root := h.path("ws/.agents/skills")
	limit := &skillcore.LimitError{Root: root, Cap: "folder", Max: 100000, Path: root}
	h.srv.tellLimits([]error{errors.New("unreadable"), limit})
	h.client.awaitShown(t, root, "100000 entries")
	h.srv.tellLimits([]error{limit}) // a rescan reaching it again
	h.settle()
	h.client.mu.Lock()
	defer h.client.mu.Unlock()
	if len(h.client.messages) != 1 {
		t.Errorf("shown %d times: %+v", len(h.client.messages), h.client.messages)
	}
}
