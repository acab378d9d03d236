package lsp

import (
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func completion(t *testing.T, h *harness, rel string, pos protocol.Position) *protocol.CompletionList {
	t.Helper()
	res, err := h.server.Completion(h.ctx(), &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: h.docID(rel), Position: pos}})
	if err != nil {
		t.Fatal(err)
	}
	list, ok := res.(*protocol.CompletionList)
	if !ok {
		t.Fatalf("completion result %T, want a list", res)
	}
	if list.IsIncomplete || list.Items == nil {
		t.Errorf("list incomplete %v, items %v", list.IsIncomplete, list.Items)
	}
	return list
}

func itemLabels(list *protocol.CompletionList) []string {
	var out []string
	for _, it := range list.Items {
		out = append(out, it.Label)
	}
	return out
}

func item(t *testing.T, list *protocol.CompletionList, label string) protocol.CompletionItem {
	t.Helper()
	for _, it := range list.Items {
		if it.Label == label {
			return it
		}
	}
	t.Fatalf("no item %q in %v", label, itemLabels(list))
	return protocol.CompletionItem{}
}

// At an empty frontmatter line the keys not yet present are offered, with
// their documentation, as snippets for a client that takes them.
func TestCompletionKeysAtEmptyLine(t *testing.T) {
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	const text = "---\nname: my-skill\ndescription: Does things.\n\n---\n# Body\n"
	for _, snippets := range []bool{true, false} {
		h, _ := startFeatures(t, "", clientFeatures{snippets: snippets})
		h.open(rel, text, 1)
		list := completion(t, h, rel, protocol.Position{Line: 3, Character: 0})
		got := itemLabels(list)
		for _, want := range []string{"license", "compatibility", "allowed-tools", "metadata"} {
			if !slices.Contains(got, want) {
				t.Errorf("completion lacks %q: %v", want, got)
			}
		}
		// Copilot's user-invocable, Claude Code's effort: the spec's
		// validator, which reads every skill, refuses either at once.
		for _, refused := range []string{"user-invocable", "effort"} {
			if slices.Contains(got, refused) {
				t.Errorf("completion offers %q, at once an error here", refused)
			}
		}
		for _, present := range []string{"name", "description"} {
			if slices.Contains(got, present) {
				t.Errorf("completion offers %q, which is present", present)
			}
		}
		if got[0] != "license" {
			t.Errorf("first item %q: the spec's keys come first (sortText keeps analysis's order)", got[0])
		}
		it := item(t, list, "allowed-tools")
		edit, ok := it.TextEdit.(*protocol.TextEdit)
		if !ok || edit.Range != rng(3, 0, 3, 0) {
			t.Fatalf("allowed-tools textEdit = %#v", it.TextEdit)
		}
		wantText, wantFormat := "allowed-tools: ", protocol.InsertTextFormatPlainText
		if snippets {
			wantText, wantFormat = "allowed-tools: $0", protocol.InsertTextFormatSnippet
		}
		if edit.NewText != wantText || it.InsertTextFormat != wantFormat {
			t.Errorf("snippets %v: inserts %q as %d, want %q as %d", snippets, edit.NewText, it.InsertTextFormat, wantText, wantFormat)
		}
		doc, ok := it.Documentation.(*protocol.MarkupContent)
		if it.Kind != protocol.CompletionItemKindProperty || !ok || doc.Kind != protocol.MarkupKindMarkdown || !strings.Contains(doc.Value, "Honoured by") {
			t.Errorf("allowed-tools kind %d, documentation %#v", it.Kind, it.Documentation)
		}
		if d, _ := it.Detail.Get(); !strings.Contains(d, "agentskills") {
			t.Errorf("detail %q does not name the agents that honour the key", d)
		}
	}
}

// Values of a key, and the skill's own files in the body, with ranges in
// UTF-16 after an astral character.
func TestCompletionValuesAndPaths(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	text := h.read(deployRel)
	text = strings.Replace(text, "license: MIT\n", "license: MIT\neffort: \n", 1) + "😀 Read [x](ref"
	h.open(deployRel, text, 1)

	list := completion(t, h, deployRel, protocol.Position{Line: 4, Character: 8})
	it := item(t, list, "xhigh")
	if it.Kind != protocol.CompletionItemKindValue {
		t.Errorf("effort value kind %d", it.Kind)
	}

	end := NewMapper([]byte(text), UTF16).Position(len(text))
	list = completion(t, h, deployRel, end)
	it = item(t, list, "references/guide.md")
	edit := it.TextEdit.(*protocol.TextEdit)
	if it.Kind != protocol.CompletionItemKindFile || edit.Range != rng(end.Line, end.Character-3, end.Line, end.Character) {
		t.Errorf("path item kind %d range %s; want File over %d:%d-%d:%d", it.Kind, fmtRange(edit.Range), end.Line, end.Character-3, end.Line, end.Character)
	}
	if slices.Contains(itemLabels(list), "SKILL.md") || !slices.Contains(itemLabels(list), "scripts/run.sh") {
		t.Errorf("paths %v", itemLabels(list))
	}

	// Prose offers nothing, as an empty list.
	if list := completion(t, h, deployRel, protocol.Position{Line: 6, Character: 2}); len(list.Items) != 0 {
		t.Errorf("prose completion %v", itemLabels(list))
	}
}
