package lsp

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func definition(t *testing.T, h *harness, rel string, pos protocol.Position) []protocol.Location {
	t.Helper()
	res, err := h.server.Definition(h.ctx(), &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: h.docID(rel), Position: pos}})
	if err != nil {
		t.Fatal(err)
	}
	switch ls := res.(type) {
	case protocol.LocationSlice:
		return ls
	case protocol.DefinitionLinkSlice: // how the client decodes []
		if len(ls) == 0 {
			return nil
		}
	}
	t.Fatalf("definition result %#v, want locations", res)
	return nil
}

// From the name, definition goes to the skill it collides with (the global
// one it shadows, its name selected); from a link, to the linked file.
func TestDefinition(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	text := h.openFile(deployRel)
	got := definition(t, h, deployRel, protocol.Position{Line: 1, Character: 8})
	if len(got) != 1 || got[0].URI != h.uri(globalRel) || got[0].Range != rng(1, 6, 1, 12) {
		t.Errorf("definition of the name = %+v, want %s 1:6-1:12", got, h.uri(globalRel))
	}
	got = definition(t, h, deployRel, posOf(t, text, "guide.md"))
	if len(got) != 1 || got[0].URI != h.uri("ws/.agents/skills/deploy/references/guide.md") {
		t.Errorf("definition of a link = %+v", got)
	}
	if got := definition(t, h, otherRel, protocol.Position{Line: 1, Character: 8}); len(got) != 0 {
		t.Errorf("a name without collisions goes nowhere, got %+v", got)
	}
}

// References list every skill of the name across roots; without the
// declaration, the others only.
func TestReferences(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	for _, decl := range []bool{true, false} {
		got, err := h.server.References(h.ctx(), &protocol.ReferenceParams{
			TextDocumentPositionParams: h.at(deployRel, 1, 7), Context: protocol.ReferenceContext{IncludeDeclaration: decl},
		})
		if err != nil {
			t.Fatal(err)
		}
		var rels []string
		for _, l := range got {
			rels = append(rels, h.rel(l.URI.FsPath())+" "+fmtRange(l.Range))
		}
		want := []string{globalRel + " 1:6-1:12"}
		if decl {
			want = append(want, deployRel+" 1:6-1:12")
		}
		if !slices.Equal(slices.Sorted(slices.Values(rels)), slices.Sorted(slices.Values(want))) {
			t.Errorf("includeDeclaration %v: references %v, want %v", decl, rels, want)
		}
	}
}

// Document links cover the relative paths of the body, links and code
// spans, each to its file, with a tooltip saying whether it exists.
func TestDocumentLinks(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	text := h.openFile(deployRel)
	got, err := h.server.DocumentLink(h.ctx(), &protocol.DocumentLinkParams{TextDocument: h.docID(deployRel)})
	if err != nil {
		t.Fatal(err)
	}
	type link struct{ at, target, tip string }
	var links []link
	for _, l := range got {
		if l.Target == nil || l.Tooltip == nil {
			t.Fatalf("link %+v lacks a target or tooltip", l)
		}
		links = append(links, link{fmtRange(l.Range), h.rel(l.Target.FsPath()), *l.Tooltip})
	}
	at := func(needle string) string {
		p := posOf(t, text, needle)
		return fmtRange(rng(p.Line, p.Character, p.Line, p.Character+uint32(len(needle))))
	}
	want := []link{
		{at("references/guide.md"), "ws/.agents/skills/deploy/references/guide.md", "Open references/guide.md"},
		{at("references/none.md"), "ws/.agents/skills/deploy/references/none.md", "references/none.md does not exist in this skill"},
		{at("scripts/run.sh"), "ws/.agents/skills/deploy/scripts/run.sh", "Open scripts/run.sh"},
	}
	if len(links) != len(want) {
		t.Fatalf("links %+v, want %+v", links, want)
	}
	for i := range want {
		if links[i] != want[i] {
			t.Errorf("link %d = %+v, want %+v", i, links[i], want[i])
		}
	}
}

// A link that leads out of the workspace folders and roots, by "../" or
// through a symbolic link, is no document link, has no definition, and
// its hover does not tell whether the file exists.
func TestLinksStayInsideTheWorkspace(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/demo/SKILL.md"
	h.write("secret.txt", "outside the workspace\n")
	h.write("outside/secret.txt", "outside too\n")
	h.write("ws/.agents/skills/demo/notes.md", "# Notes\n")
	if err := os.Symlink(h.path("outside"), h.path("ws/.agents/skills/demo/refs")); err != nil {
		t.Fatal(err)
	}
	text := "---\nname: demo\ndescription: d\n---\nSee [notes](notes.md), [up](../../../../secret.txt) and [in](refs/secret.txt).\n"
	h.write(rel, text)
	h.open(rel, text, 1)
	h.diags(rel, version(1))
	links, err := h.server.DocumentLink(h.ctx(), &protocol.DocumentLinkParams{TextDocument: h.docID(rel)})
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, l := range links {
		if l.Target != nil {
			targets = append(targets, h.rel(l.Target.FsPath()))
		}
	}
	if !slices.Equal(targets, []string{"ws/.agents/skills/demo/notes.md"}) {
		t.Errorf("link targets %q, want the notes only", targets)
	}
	for _, escape := range []string{"../../../../secret.txt", "refs/secret.txt"} {
		p := posOf(t, text, escape)
		if got := definition(t, h, rel, p); len(got) != 0 {
			t.Errorf("definition of %s = %+v, want none", escape, got)
		}
		hover, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: h.docID(rel), Position: p}})
		if err != nil {
			t.Fatal(err)
		}
		if hover != nil && strings.Contains(fmt.Sprint(hover.Contents), "exists") && !strings.Contains(fmt.Sprint(hover.Contents), "does not exist") {
			t.Errorf("hover on %s tells the file exists: %v", escape, hover.Contents)
		}
	}
}
