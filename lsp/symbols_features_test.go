package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// outline writes document symbols one a line, indented by depth:
// "name kind range".
func outline(syms []protocol.DocumentSymbol, depth int, b *strings.Builder) {
	for _, s := range syms {
		fmt.Fprintf(b, "%s%s %d %s\n", strings.Repeat("  ", depth), s.Name, s.Kind, fmtRange(s.SelectionRange))
		outline(s.Children, depth+1, b)
	}
}

// The outline is the frontmatter keys, then the headings nested by level;
// a client that cannot nest gets them flat, each naming its heading.
func TestDocumentSymbols(t *testing.T) {
	want := `name 20 1:0-1:4
description 20 2:0-2:11
license 20 3:0-3:7
Deploy 15 5:0-5:8
  Steps 15 10:0-10:8
Notes 15 16:0-16:7
`
	h, _ := startFeatures(t, "features/skills", clientFeatures{hierarchical: true})
	h.openFile(deployRel)
	res, err := h.server.DocumentSymbol(h.ctx(), &protocol.DocumentSymbolParams{TextDocument: h.docID(deployRel)})
	if err != nil {
		t.Fatal(err)
	}
	syms, ok := res.(protocol.DocumentSymbolSlice)
	if !ok {
		t.Fatalf("result %T, want document symbols", res)
	}
	var b strings.Builder
	outline(syms, 0, &b)
	if b.String() != want {
		t.Errorf("outline:\n%s\nwant:\n%s", b.String(), want)
	}
	if d := syms[1].Detail; d == nil || *d != "Ships <fast> & safe" {
		t.Errorf("description detail %v", d)
	}
	if r := syms[3].Range; r.Start.Line != 5 || r.End.Line != 14 {
		t.Errorf("Deploy section range %s, want lines 5-14", fmtRange(r))
	}

	h, _ = startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	res, err = h.server.DocumentSymbol(h.ctx(), &protocol.DocumentSymbolParams{TextDocument: h.docID(deployRel)})
	if err != nil {
		t.Fatal(err)
	}
	flat, ok := res.(protocol.SymbolInformationSlice)
	if !ok || len(flat) != 6 {
		t.Fatalf("flat result %#v", res)
	}
	if s := flat[4]; s.Name != "Steps" || s.ContainerName == nil || *s.ContainerName != "Deploy" || s.Location.URI != h.uri(deployRel) {
		t.Errorf("flat Steps = %+v", s)
	}
}

// Workspace symbols are every skill by name, across roots, in its skills
// folder.
func TestWorkspaceSymbols(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	for query, want := range map[string][]string{
		"":    {"deploy home/.agents/skills", "deploy ws/.agents/skills", "other ws/.agents/skills"},
		"DEP": {"deploy home/.agents/skills", "deploy ws/.agents/skills"},
		"zzz": nil,
	} {
		res, err := h.server.Symbols(h.ctx(), &protocol.WorkspaceSymbolParams{Query: query})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		syms, ok := res.(protocol.SymbolInformationSlice)
		if !ok {
			t.Fatalf("result %T", res)
		}
		for _, s := range syms {
			if s.ContainerName == nil || s.Location.Range != rng(1, 6, 1, 6+uint32(len(s.Name))) || s.Kind != protocol.SymbolKindModule {
				t.Errorf("symbol %+v", s)
				continue
			}
			got = append(got, s.Name+" "+h.rel(*s.ContainerName))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("query %q: %v, want %v", query, got, want)
		}
	}
}
