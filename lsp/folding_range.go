package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// FoldingRanges folds the frontmatter, each section (a heading and the
// text it governs) and each code block. Ranges are whole lines when the
// client folds only lines, and carry their characters otherwise; a range
// that starts and ends on one line is left out.
func (s *Server) FoldingRanges(ctx context.Context, params *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []protocol.FoldingRange{}
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	linesOnly := s.featureCapsLocked().lineFoldingOnly
	for _, fold := range s.ws.Folds(f.path) {
		r := f.m.Range(fold.Range)
		// A range that ends just after a line break ends on the line
		// before, not at the start of the next.
		if r.End.Character == 0 && r.End.Line > r.Start.Line {
			r.End = f.m.Position(f.m.lineEnd(int(r.End.Line) - 1))
		}
		if r.End.Line <= r.Start.Line {
			continue
		}
		fr := protocol.FoldingRange{StartLine: r.Start.Line, EndLine: r.End.Line, Kind: protocol.FoldingRangeKindRegion}
		if !linesOnly {
			fr.StartCharacter, fr.EndCharacter = ptr(r.Start.Character), ptr(r.End.Character)
		}
		out = append(out, fr)
	}
	return out, nil
}
