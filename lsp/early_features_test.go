package lsp

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A skill opened while the first scan runs gets its own findings before the
// scan ends (a broken link; after an edit, an unknown field), then the
// world's (its name taken by another skill) once it ends, for the current
// version; no local publish comes after the world's.
func TestOpenDuringFirstScanGetsLocalFindings(t *testing.T) {
	hold := make(chan struct{})
	h, _ := startFeatures(t, "features/skills", clientFeatures{holdScan: hold})
	const rel = "ws/.agents/skills/copy/SKILL.md"
	h.open(rel, "---\nname: deploy\ndescription: A copy.\n---\nSee [none](none.md).\n", 1)
	early := h.diags(rel, withCode("link-broken"))
	if slices.Contains(codes(early), "name-duplicate") {
		t.Fatalf("name-duplicate before the scan ended: %v", codes(early))
	}
	h.edit(rel, 2, rng(3, 0, 3, 0), "colour: red\n")
	typed := h.diags(rel, func(p protocol.PublishDiagnosticsParams) bool {
		return version(2)(p) && slices.Contains(codes(p), "field-unknown")
	})
	if slices.Contains(codes(typed), "name-duplicate") {
		t.Fatalf("name-duplicate before the scan ended: %v", codes(typed))
	}
	select {
	case <-h.srv.scanned:
		t.Fatal("the scan ended while held")
	default:
	}
	close(hold)
	world := h.diags(rel, withCode("name-duplicate"))
	if v, _ := world.Version.Get(); v != 2 || !slices.Contains(codes(world), "field-unknown") || !slices.Contains(codes(world), "link-broken") {
		t.Fatalf("world findings v%d %v, want version 2 with its own findings too", v, codes(world))
	}
	h.settle()
	assertLocalThenWorld(t, h.client.snapshot(), h.uri(rel), "name-duplicate")
}

// assertLocalThenWorld checks the publishes for u: versions never go back,
// and once one says worldRule (the world's), every later one does.
func assertLocalThenWorld(t *testing.T, published []protocol.PublishDiagnosticsParams, u uri.URI, worldRule string) {
	t.Helper()
	var last int32
	world := false
	for _, p := range published {
		if p.URI != u {
			continue
		}
		v, _ := p.Version.Get()
		if v < last {
			t.Fatalf("version %d published after %d", v, last)
		}
		last = v
		has := slices.Contains(codes(p), worldRule)
		if world && !has {
			t.Fatalf("v%d %v published after the world's findings", v, codes(p))
		}
		world = world || has
	}
	if !world {
		t.Fatal("no world findings published")
	}
}
