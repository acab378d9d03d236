package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// Completion lists what may be typed at the cursor: frontmatter keys not
// yet present, the values a key takes, and the skill's own files in the
// body. The list is complete (typing further filters it client-side) and
// never null. A key is a snippet that leaves the cursor after "key: " when
// the client takes snippets, plain text otherwise.
func (s *Server) Completion(ctx context.Context, params *protocol.CompletionParams) (protocol.CompletionResult, error) {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return list, nil
	}
	snippets := s.featureCapsLocked().snippets
	for i, it := range s.ws.Complete(f.path, f.m.Offset(params.Position)) {
		list.Items = append(list.Items, completionItem(it, i, f.m, snippets))
	}
	return list, nil
}

func completionItem(it analysis.CompletionItem, i int, m *Mapper, snippets bool) protocol.CompletionItem {
	text, format := it.InsertPlain, protocol.InsertTextFormatPlainText
	if it.Snippet && snippets {
		text, format = it.Insert, protocol.InsertTextFormatSnippet
	}
	out := protocol.CompletionItem{
		Label:            it.Label,
		Kind:             completionKind(it.Kind),
		SortText:         protocol.NewOptional(fmt.Sprintf("%04d", i)), // analysis's order: the spec's keys first
		InsertTextFormat: format,
		TextEdit:         &protocol.TextEdit{Range: m.Range(it.Range), NewText: text},
	}
	if it.Detail != "" {
		out.Detail = protocol.NewOptional(it.Detail)
	}
	if it.Doc != "" {
		out.Documentation = markdown(it.Doc)
	}
	return out
}

func completionKind(k analysis.CompletionKind) protocol.CompletionItemKind {
	switch k {
	case analysis.CompleteField:
		return protocol.CompletionItemKindProperty
	case analysis.CompleteFile:
		return protocol.CompletionItemKindFile
	}
	return protocol.CompletionItemKindValue
}
