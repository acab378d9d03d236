package lsp

import (
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestSuppressionAsYouType: a suppression comment typed above a finding
// takes it out of the published diagnostics once it names the rule, with
// a warning until it gives a reason.
func TestSuppressionAsYouType(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/report/SKILL.md"
	h.open(rel, "---\nname: report\ndescription: Writes the report.\n---\nSee [the template](template.md).\n", 1)
	if p := h.diags(rel, version(1)); !slices.Equal(codes(p), []string{"link-broken"}) {
		t.Fatalf("v1: %v", codes(p))
	}
	// A new line above the link, and the comment typed on it.
	h.edit(rel, 2, rng(4, 0, 4, 0), "\n")
	h.edit(rel, 3, rng(4, 0, 4, 0), "<!-- skill-ls-disable-next-line link-bro -->")
	p := h.diags(rel, version(3))
	d, ok := find(p, "suppression-invalid")
	if !ok || !slices.Contains(codes(p), "link-broken") || !strings.Contains(messageOf(d), `did you mean "link-broken"?`) || d.Range != rng(4, 32, 4, 40) {
		t.Fatalf("v3, the rule half typed: %v %q at %s", codes(p), messageOf(d), fmtRange(d.Range))
	}
	h.edit(rel, 4, rng(4, 40, 4, 40), "ken")
	if p := h.diags(rel, version(4)); !slices.Equal(codes(p), []string{"suppression-without-reason"}) {
		t.Fatalf("v4, the rule named: %v", codes(p))
	}
	h.edit(rel, 5, rng(4, 43, 4, 43), " -- the template is written at install")
	if p := h.diags(rel, version(5)); len(p.Diagnostics) != 0 {
		t.Fatalf("v5, with a reason: %v", codes(p))
	}
	// Moving the link away from the comment brings it back, and the
	// comment is told unused.
	h.edit(rel, 6, rng(5, 0, 5, 0), "\n")
	if p := h.diags(rel, version(6)); !slices.Equal(codes(p), []string{"suppression-unused", "link-broken"}) {
		t.Fatalf("v6, the link moved down: %v", codes(p))
	}
}

// TestSuppressAction: the code action writes the comment above the
// finding's line; the client applying it sees the finding go and a
// warning ask for the reason the placeholder stands for.
func TestSuppressAction(t *testing.T) {
	h, _ := startFeatures(t, "", clientFeatures{})
	const rel = "ws/.agents/skills/report/SKILL.md"
	text := "---\nname: report\ndescription: Writes the report.\n---\nSee [the template](template.md).\n"
	h.open(rel, text, 1)
	p := h.diags(rel, withCode("link-broken"))
	d, _ := find(p, "link-broken")
	var ca *protocol.CodeAction
	for _, a := range codeActions(t, h, rel, d.Range, p.Diagnostics) {
		if a.Title == "Suppress link-broken on this line with a comment" {
			ca = a
		}
	}
	if ca == nil || ca.Edit == nil || ca.IsPreferred != nil {
		t.Fatalf("no suppression action, or a preferred one: %+v", ca)
	}
	edits := editsFor(t, ca.Edit, h.uri(rel))
	fixed := applyEdits(t, text, edits)
	if !strings.Contains(fixed, "---\n<!-- skill-ls-disable-next-line link-broken -- reason -->\nSee [") {
		t.Fatalf("wrote %q", fixed)
	}
	h.change(rel, 2, edits)
	if p := h.diags(rel, version(2)); !slices.Equal(codes(p), []string{"suppression-without-reason"}) {
		t.Errorf("after the action: %v", codes(p))
	}
}
