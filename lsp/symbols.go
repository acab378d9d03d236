package lsp

import (
	"bytes"
	"context"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// DocumentSymbol outlines the file: each frontmatter key (with its value as
// detail), then the Markdown headings nested by level. A client that cannot
// nest symbols gets them flat, each naming its parent heading.
func (s *Server) DocumentSymbol(ctx context.Context, params *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return protocol.DocumentSymbolSlice{}, nil
	}
	syms := s.ws.Symbols(f.path)
	if !s.featureCapsLocked().hierarchical {
		return flatSymbols(f, syms, nil, protocol.SymbolInformationSlice{}), nil
	}
	return protocol.DocumentSymbolSlice(documentSymbols(f.m, syms)), nil
}

func documentSymbols(m *Mapper, syms []analysis.Symbol) []protocol.DocumentSymbol {
	out := make([]protocol.DocumentSymbol, 0, len(syms))
	for _, sym := range syms {
		d := protocol.DocumentSymbol{
			Name:           sym.Name,
			Kind:           symbolKind(sym.Kind),
			Range:          m.Range(sym.Range),
			SelectionRange: m.Range(sym.Selection),
		}
		if sym.Detail != "" {
			d.Detail = ptr(sym.Detail)
		}
		if len(sym.Children) > 0 {
			d.Children = documentSymbols(m, sym.Children)
		}
		out = append(out, d)
	}
	return out
}

func flatSymbols(f skillFile, syms []analysis.Symbol, parent *string, out protocol.SymbolInformationSlice) protocol.SymbolInformationSlice {
	for _, sym := range syms {
		out = append(out, protocol.SymbolInformation{
			BaseSymbolInformation: protocol.BaseSymbolInformation{Name: sym.Name, Kind: symbolKind(sym.Kind), ContainerName: parent},
			Location:              protocol.Location{URI: f.uri, Range: f.m.Range(sym.Range)},
		})
		out = flatSymbols(f, sym.Children, &sym.Name, out)
	}
	return out
}

func symbolKind(k analysis.SymbolKind) protocol.SymbolKind {
	if k == analysis.SymbolHeading {
		return protocol.SymbolKindString
	}
	return protocol.SymbolKindKey
}

// Symbols finds skills across the workspace and global roots by name: each
// is a module whose container is the skills folder it sits in, and whose
// location is its name value. They go out as SymbolInformation, which every
// client reads (a WorkspaceSymbol with a range is the same on the wire).
func (s *Server) Symbols(ctx context.Context, params *protocol.WorkspaceSymbolParams) (protocol.WorkspaceSymbolResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := protocol.SymbolInformationSlice{}
	for _, sym := range s.ws.WorkspaceSymbols(params.Query) {
		// Only the lines down to the name are indexed: a query lists
		// every skill, and names sit at the top of their files.
		m := NewMapper(linesTo(s.ws.SourceTo(sym.Path, sym.Range.End), sym.Range.End), s.enc)
		out = append(out, protocol.SymbolInformation{
			BaseSymbolInformation: protocol.BaseSymbolInformation{Name: sym.Name, Kind: protocol.SymbolKindModule, ContainerName: ptr(sym.Root)},
			Location:              protocol.Location{URI: s.uriLocked(sym.Path), Range: m.Range(sym.Range)},
		})
	}
	return out, nil
}

// linesTo cuts src after the line that holds offset: positions up to
// offset are the same in the cut text.
func linesTo(src []byte, offset int) []byte {
	if offset >= len(src) {
		return src
	}
	if i := bytes.IndexByte(src[offset:], '\n'); i >= 0 {
		return src[:offset+i+1]
	}
	return src
}
