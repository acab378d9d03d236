package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Over the frontmatter, a lens says which agents load the file; its
// command shows those agents' catalogs (here as the server runs it: in a
// message, each catalog under its agent's name).
func TestCodeLens(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	got, err := h.server.CodeLens(h.ctx(), &protocol.CodeLensParams{TextDocument: h.docID(deployRel)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("lenses %+v, want one", got)
	}
	l := got[0]
	if l.Range != rng(0, 0, 0, 3) || !strings.HasPrefix(l.Command.Title, "loaded by ") || !strings.Contains(l.Command.Title, "agentskills") || l.Command.Command != commandShowCatalog {
		t.Errorf("lens %+v", l)
	}
	if _, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}); err != nil {
		t.Fatalf("running the lens: %v", err)
	}
	loaded := strings.Split(strings.TrimPrefix(l.Command.Title, "loaded by "), ", ")
	words := []string{h.path(deployRel)}
	for _, t := range loaded {
		words = append(words, "catalog of "+t+":")
	}
	h.client.awaitShown(t, words...)
}

// Over a file no agent loads, the lens names no agent (an empty list, not
// null), and running it says the file is in no catalog.
func TestCodeLensNoAgent(t *testing.T) {
	h, _ := startFeatures(t, "", clientFeatures{})
	const rel = "ws/docs/my-skill/SKILL.md" // under no root
	h.open(rel, "---\nname: my-skill\ndescription: x\n---\n", 1)
	h.diags(rel, version(1))
	got, err := h.server.CodeLens(h.ctx(), &protocol.CodeLensParams{TextDocument: h.docID(rel)})
	if err != nil || len(got) != 1 {
		t.Fatalf("lenses %+v, %v", got, err)
	}
	l := got[0]
	if len(l.Command.Arguments) != 1 || string(l.Command.Arguments[0]) != `{"targets":[]}` {
		t.Fatalf("lens %q arguments %s, want no agent", l.Command.Title, l.Command.Arguments)
	}
	if _, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}); err != nil {
		t.Fatal(err)
	}
	h.client.awaitShown(t, "no agent loads this file")
}
