package lsp

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// commandOpen shows another skill's SKILL.md: arguments [uri] or [uri,
// range], the range being what to select. The server asks the client to
// show it (window/showDocument, focused) when the client can, and answers
// the Location either way, so a client without showDocument can jump there
// itself.
const commandOpen = "skill-ls.open"

// CodeAction offers the quick fixes of every finding on the lines the
// requested range touches (a cursor at the start of a line gets the fixes
// of that line) and of every diagnostic the client names in its context:
// each a quickfix tied to its diagnostic, preferred where the fix is
// the one clearly right change, and carrying a minimal workspace edit; an
// "Open <path>" action for each file a collision involves runs
// skill-ls.open.
func (s *Server) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	out := []protocol.CommandOrCodeAction{}
	if !wantsKind(params.Context.Only, protocol.CodeActionKindQuickFix) {
		return out, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	mapperFor := s.mappersLocked(f)
	lines := f.m.LinesRange(params.Range)
	sent := params.Context.Diagnostics
	want := func(fd analysis.Finding) bool {
		return fd.Overlaps(lines) || sentFor(sent, fd, f.m) != nil
	}
	for _, a := range s.ws.Actions(f.path, want) {
		ca := &protocol.CodeAction{
			Title:       a.Fix.Title,
			Kind:        ptr(protocol.CodeActionKindQuickFix),
			Diagnostics: []protocol.Diagnostic{matchDiagnostic(params.Context.Diagnostics, a.Finding, f.m, mapperFor)},
		}
		if a.Fix.Preferred {
			ca.IsPreferred = ptr(true)
		}
		if a.Fix.Open != "" {
			ca.Command = s.openCommandLocked(a.Fix.Title, a.Finding, a.Fix.Open, mapperFor)
		} else {
			ca.Edit = s.workspaceEditLocked(f, a.Fix.Edits)
		}
		out = append(out, ca)
	}
	return out, nil
}

// wantsKind reports whether a request restricted to the kinds in only
// (none: any kind) takes actions of kind k: "quickfix" is taken by
// "quickfix" and by an empty kind, not by "refactor" or "source".
func wantsKind(only []protocol.CodeActionKind, k protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if o == "" || o == k || strings.HasPrefix(string(k), string(o)+".") {
			return true
		}
	}
	return false
}

// matchDiagnostic is the diagnostic a fix resolves: the one the client
// sent with the finding's rule and range, else the finding converted as
// published.
func matchDiagnostic(sent []protocol.Diagnostic, f analysis.Finding, m *Mapper, mapperFor mapperFunc) protocol.Diagnostic {
	if d := sentFor(sent, f, m); d != nil {
		return *d
	}
	return diagnostics([]analysis.Finding{f}, m, mapperFor)[0]
}

// sentFor is the diagnostic among sent that is the finding as published
// (same rule, same range), or nil.
func sentFor(sent []protocol.Diagnostic, f analysis.Finding, m *Mapper) *protocol.Diagnostic {
	if len(sent) == 0 {
		return nil
	}
	r := m.Range(f.Range)
	for i, d := range sent {
		if code, ok := d.Code.(protocol.String); ok && string(code) == f.Rule && d.Range == r {
			return &sent[i]
		}
	}
	return nil
}

// openCommandLocked is the command that opens path, selecting the range
// the finding relates there, if any.
func (s *Server) openCommandLocked(title string, f analysis.Finding, path string, mapperFor mapperFunc) protocol.Command {
	args := []protocol.LSPAny{mustMarshal(s.uriLocked(path))}
	for _, r := range f.Related {
		if r.Path == path {
			args = append(args, mustMarshal(mapperFor(path, r.Range).Range(r.Range)))
			break
		}
	}
	return protocol.Command{Title: title, Command: commandOpen, Arguments: args}
}

// open runs skill-ls.open. Only a SKILL.md the workspace holds may be
// opened.
func (s *Server) open(ctx context.Context, args []protocol.LSPAny) (protocol.LSPAny, error) {
	var loc protocol.Location
	if len(args) == 0 || json.Unmarshal(args[0], &loc.URI) != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: %s takes the URI of a SKILL.md", commandOpen)
	}
	if len(args) > 1 {
		if err := protocol.Unmarshal(args[1], &loc.Range); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: %s: the second argument is not a range: %v", commandOpen, err)
		}
	}
	path := skillPath(loc.URI)
	s.mu.Lock()
	known := path != "" && s.ws.World.Entry(path) != nil
	show := s.featureCapsLocked().showDocument
	s.mu.Unlock()
	if !known {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: %s: %s is not a skill in this workspace", commandOpen, loc.URI)
	}
	if show {
		res, err := s.client.ShowDocument(ctx, &protocol.ShowDocumentParams{URI: loc.URI, TakeFocus: ptr(true), Selection: &loc.Range})
		if err != nil {
			return nil, jsonrpc2.Errorf(codeRequestFailed, "skill-ls: window/showDocument %s: %v", loc.URI, err)
		}
		if res == nil || !res.Success {
			return nil, jsonrpc2.Errorf(codeRequestFailed, "skill-ls: the editor could not show %s", loc.URI)
		}
	}
	return protocol.Marshal(loc)
}

// mustMarshal encodes a value of a protocol type, which cannot fail.
func mustMarshal(v any) protocol.LSPAny {
	b, err := protocol.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
