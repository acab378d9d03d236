package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// codeActions asks for the code actions over r. The answer is decoded
// from a copy of its bytes: go.lsp.dev/protocol v1.0.1 decodes a slice of
// unions ([]CommandOrCodeAction) with strings that alias the input, which
// on a connection is the read buffer the next message overwrites.
func codeActions(t *testing.T, h *harness, rel string, r protocol.Range, sent []protocol.Diagnostic) []*protocol.CodeAction {
	t.Helper()
	if sent == nil {
		sent = []protocol.Diagnostic{}
	}
	var raw jsonrpc2.RawMessage // the codec copies it
	_, err := h.conn.Call(h.ctx(), protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: h.docID(rel), Range: r, Context: protocol.CodeActionContext{Diagnostics: sent},
	}, &raw)
	if err != nil {
		t.Fatal(err)
	}
	var res []protocol.CommandOrCodeAction
	if err := protocol.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	var out []*protocol.CodeAction
	for _, a := range res {
		ca, ok := a.(*protocol.CodeAction)
		if !ok {
			t.Fatalf("code action result holds a %T", a)
		}
		if ca.Kind == nil || *ca.Kind != protocol.CodeActionKindQuickFix || len(ca.Diagnostics) != 1 {
			t.Errorf("%q: kind %v, %d diagnostics; want a quickfix for one diagnostic", ca.Title, ca.Kind, len(ca.Diagnostics))
		}
		out = append(out, ca)
	}
	return out
}

// fixFor is the first action that resolves the rule: the preferred fix
// when there is one.
func fixFor(t *testing.T, actions []*protocol.CodeAction, rule string) *protocol.CodeAction {
	t.Helper()
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
		if len(a.Diagnostics) == 1 && codeOf(a.Diagnostics[0]) == rule {
			return a
		}
	}
	t.Fatalf("no action for %s among %q", rule, titles)
	return nil
}

// Each quick fix, applied by the client to its text and sent back as a
// change, leaves the file free of the finding it fixes.
func TestQuickFixesResolveTheirFinding(t *testing.T) {
	cases := []struct {
		name, rel, text, rule, want string
		versioned                   bool // the client takes documentChanges
	}{
		{"name-dir-mismatch", "ws/.agents/skills/my-skill/SKILL.md",
			"---\nname: other-name\ndescription: Does things.\n---\n", "name-dir-mismatch", "name: my-skill\n", false},
		{"name-chars", "ws/.agents/skills/my-skill/SKILL.md",
			"---\nname: My_Skill\ndescription: Does things.\n---\n", "name-chars", "name: my-skill\n", true},
		// The value after an astral character: the edit's range counts it
		// as two UTF-16 units.
		{"yaml-syntax", "ws/.agents/skills/my-skill/SKILL.md",
			"---\nname: my-skill\ndescription: 😀 Use when: deploying\n---\n", "yaml-syntax", "description: \"😀 Use when: deploying\"\n", false},
		{"allowed-tools-format", "ws/.agents/skills/my-skill/SKILL.md",
			"---\nname: my-skill\ndescription: Does things.\nallowed-tools:\n  - Read\n  - Grep\n---\n", "allowed-tools-format", "allowed-tools: Read Grep\n", true},
		{"field-unknown", "ws/.github/skills/my-skill/SKILL.md",
			"---\nname: my-skill\ndescription: Does things.\nlicence: MIT\n---\n", "field-unknown", "license: MIT\n", false},
		{"bom", "ws/.agents/skills/my-skill/SKILL.md",
			"\ufeff---\nname: my-skill\ndescription: Does things.\n---\n", "bom", "---\nname: my-skill\n", true},
		{"frontmatter-missing", "ws/.agents/skills/my-skill/SKILL.md",
			"# My skill\n\nDoes things.\n", "frontmatter-missing", "---\nname: my-skill\ndescription: ", false},
		{"frontmatter-missing-empty-file", "ws/.agents/skills/my-skill/SKILL.md",
			"", "frontmatter-missing", "---\nname: my-skill\n", true},
		// Smuggled tag characters after the body's text: each is two
		// UTF-16 units, and the fix removes the run whole.
		{"hidden-chars", "ws/.agents/skills/my-skill/SKILL.md",
			"---\nname: my-skill\ndescription: Does things.\n---\nFormat it.\U000E0072\U000E006D\U000E0020\U000E002D\U000E0072\U000E0066\n", "hidden-chars", "---\nFormat it.\n", true},
		{"name-missing", "ws/.agents/skills/my-skill/SKILL.md",
			"---\ndescription: Does things.\n---\n", "name-missing", "---\nname: my-skill\ndescription: Does things.\n---\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, _ := startFeatures(t, "", clientFeatures{documentChanges: c.versioned})
			h.open(c.rel, c.text, 1)
			p := h.diags(c.rel, withCode(c.rule))
			d, _ := find(p, c.rule)
			ca := fixFor(t, codeActions(t, h, c.rel, d.Range, p.Diagnostics), c.rule)
			if ca.Edit == nil {
				t.Fatalf("%q has no edit", ca.Title)
			}
			// The action names the diagnostic the client sent.
			if got := ca.Diagnostics[0]; got.Range != d.Range || messageOf(got) != messageOf(d) {
				t.Errorf("action's diagnostic %s %q, want the client's %s %q", fmtRange(got.Range), messageOf(got), fmtRange(d.Range), messageOf(d))
			}
			if c.versioned {
				tde, ok := ca.Edit.DocumentChanges[0].(*protocol.TextDocumentEdit)
				if len(ca.Edit.Changes) != 0 || !ok || tde.TextDocument.Version == nil || *tde.TextDocument.Version != 1 {
					t.Errorf("edit %#v: want documentChanges for version 1", ca.Edit)
				}
			} else if len(ca.Edit.DocumentChanges) != 0 || len(ca.Edit.Changes) != 1 {
				t.Errorf("edit %#v: want changes alone", ca.Edit)
			}
			edits := editsFor(t, ca.Edit, h.uri(c.rel))
			fixed := applyEdits(t, c.text, edits)
			if !strings.Contains(fixed, c.want) {
				t.Errorf("%q turned\n%q into\n%q, which lacks %q", ca.Title, c.text, fixed, c.want)
			}
			h.change(c.rel, 2, edits)
			p = h.diags(c.rel, version(2))
			if slices.Contains(codes(p), c.rule) {
				t.Errorf("after %q, the file still has %s: %v\n%s", ca.Title, c.rule, codes(p), fixed)
			}
			if got := string(h.srv.docText(c.rel, h)); got != fixed {
				t.Errorf("server text %q, client text %q", got, fixed)
			}
		})
	}
}

// Without diagnostics from the client, the action carries the diagnostic
// as published; a request for other kinds of action gets none.
func TestQuickFixBuildsDiagnostic(t *testing.T) {
	h, _ := startFeatures(t, "", clientFeatures{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: My_Skill\ndescription: Does things.\n---\n", 1)
	p := h.diags(rel, withCode("name-chars"))
	want, _ := find(p, "name-chars")
	ca := fixFor(t, codeActions(t, h, rel, rng(1, 8, 1, 8), nil), "name-chars")
	got := ca.Diagnostics[0]
	if src, _ := got.Source.Get(); got.Range != want.Range || messageOf(got) != messageOf(want) || got.Severity != want.Severity || src != "skill-ls" {
		t.Errorf("built diagnostic %+v, want %+v", got, want)
	}
	if ca.IsPreferred == nil || !*ca.IsPreferred || ca.Title != "Set name to my-skill" {
		t.Errorf("first fix %q preferred %v", ca.Title, ca.IsPreferred)
	}
	var raw jsonrpc2.RawMessage
	_, err := h.conn.Call(h.ctx(), protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: h.docID(rel), Range: rng(1, 8, 1, 8),
		Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{}, Only: []protocol.CodeActionKind{protocol.CodeActionKindRefactor}}}, &raw)
	if err != nil || string(raw) != "[]" {
		t.Errorf("refactor actions: %s, %v", raw, err)
	}
}

// "Open <path>" on a shadowing runs skill-ls.open, which asks the client to
// show the other skill's file (focused, its name selected) and answers its
// location; a client without showDocument gets the location alone.
func TestOpenAction(t *testing.T) {
	for _, show := range []bool{true, false} {
		h, client := startFeatures(t, "features/skills", clientFeatures{showDocument: show})
		h.openFile(deployRel)
		p := h.diags(deployRel, withCode("name-shadowed"))
		d, _ := find(p, "name-shadowed")
		ca := fixFor(t, codeActions(t, h, deployRel, d.Range, p.Diagnostics), "name-shadowed")
		if ca.Title != "Open "+h.path(globalRel) || ca.Edit != nil || ca.Command.Command != commandOpen {
			t.Fatalf("action %q edit %v command %+v", ca.Title, ca.Edit, ca.Command)
		}
		res, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{Command: ca.Command.Command, Arguments: ca.Command.Arguments})
		if err != nil {
			t.Fatal(err)
		}
		var loc protocol.Location
		if err := json.Unmarshal(res, &loc); err != nil {
			t.Fatalf("result %s: %v", res, err)
		}
		wantRange := rng(1, 6, 1, 12)
		if loc.URI != h.uri(globalRel) || loc.Range != wantRange {
			t.Errorf("showDocument %v: location %s %s, want %s 1:6-1:12", show, loc.URI, fmtRange(loc.Range), h.uri(globalRel))
		}
		client.mu.Lock()
		shown := slices.Clone(client.shown)
		client.mu.Unlock()
		switch {
		case !show && len(shown) != 0:
			t.Errorf("showDocument sent to a client without it: %+v", shown)
		case show && len(shown) != 1:
			t.Errorf("showDocument requests %+v, want one", shown)
		case show:
			s := shown[0]
			if s.URI != h.uri(globalRel) || s.TakeFocus == nil || !*s.TakeFocus || s.Selection == nil || *s.Selection != wantRange {
				t.Errorf("showDocument %+v", s)
			}
		}
	}
}

// skill-ls.open opens only skills the workspace holds.
func TestOpenRefusesOtherFiles(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{showDocument: true})
	for _, args := range [][]protocol.LSPAny{nil, {mustMarshal(h.uri(readmeRel))}, {protocol.LSPAny(`42`)}} {
		_, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{Command: commandOpen, Arguments: args})
		if code := errorCode(err); code != -32602 {
			t.Errorf("open %s: %v (code %d), want InvalidParams", args, err, code)
		}
	}
}

// Actions are offered for the lines a request touches, not only inside a
// diagnostic's exact range: a cursor at the start of the line gets the
// YAML quoting fix although the fault is at the colon.
func TestQuickFixFromLineStart(t *testing.T) {
	h, _ := startFeatures(t, "", clientFeatures{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: my-skill\ndescription: Use when: deploying\n---\n\n# Body\n", 1)
	p := h.diags(rel, withCode("yaml-syntax"))
	if d, _ := find(p, "yaml-syntax"); d.Range.Start.Line != 2 || d.Range.Start.Character == 0 {
		t.Fatalf("the fault is expected inside line 2, not at its start: %s", fmtRange(d.Range))
	}
	for _, r := range []protocol.Range{rng(2, 0, 2, 0), rng(2, 31, 2, 31), rng(1, 3, 2, 0)} {
		fixFor(t, codeActions(t, h, rel, r, nil), "yaml-syntax")
	}
	if got := codeActions(t, h, rel, rng(5, 0, 5, 0), nil); len(got) != 0 {
		t.Errorf("the body's line got actions: %q", titles(got))
	}
}

// A diagnostic the client names in the context gets its fixes wherever the
// requested range is, and no two actions share a title.
func TestQuickFixForSentDiagnostics(t *testing.T) {
	h, _ := startFeatures(t, "", clientFeatures{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: My_Skill\ndescription: Does things.\n---\n\n# Body\n", 1)
	p := h.diags(rel, withCode("name-chars"))
	d, _ := find(p, "name-chars")
	got := codeActions(t, h, rel, rng(5, 0, 5, 0), []protocol.Diagnostic{d})
	fixFor(t, got, "name-chars")
	all := codeActions(t, h, rel, rng(1, 0, 1, 0), p.Diagnostics)
	seen := map[string]bool{}
	for _, a := range all {
		if seen[a.Title] {
			t.Errorf("two actions titled %q among %q", a.Title, titles(all))
		}
		seen[a.Title] = true
	}
	if !seen["Set name to my-skill"] {
		t.Errorf("actions %q lack the name fix", titles(all))
	}
}

func titles(actions []*protocol.CodeAction) []string {
	var out []string
	for _, a := range actions {
		out = append(out, a.Title)
	}
	return out
}
