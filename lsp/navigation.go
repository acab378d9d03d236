package lsp

import (
	"context"
	"fmt"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// Definition goes from the name to the skills it collides with (the other
// files of a duplicate or a shadowing), and from a relative link in the
// body to the file it names.
func (s *Server) Definition(ctx context.Context, params *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return protocol.LocationSlice{}, nil
	}
	ls := s.ws.Definition(f.path, f.m.Offset(params.Position))
	return protocol.LocationSlice(s.locations(ls, s.mappersLocked(f))), nil
}

// References lists every skill known by the same name as this one, across
// all roots: the name value in each file, this file's own unless the
// client leaves the declaration out.
func (s *Server) References(ctx context.Context, params *protocol.ReferenceParams) ([]protocol.Location, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return []protocol.Location{}, nil
	}
	ls := s.ws.References(f.path, f.m.Offset(params.Position))
	if !params.Context.IncludeDeclaration {
		kept := ls[:0]
		for _, l := range ls {
			if l.Path != f.path {
				kept = append(kept, l)
			}
		}
		ls = kept
	}
	return s.locations(ls, s.mappersLocked(f)), nil
}

// DocumentLink makes every relative path in the body (links, images and
// code spans naming the skill's files) a link to the file.
func (s *Server) DocumentLink(ctx context.Context, params *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []protocol.DocumentLink{}
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	links := s.ws.Links(f.path)
	rs := make([]analysis.Range, len(links))
	for i, l := range links {
		rs[i] = l.Range
	}
	ranges := f.m.Ranges(rs)
	for i, l := range links {
		target := fileURI(l.Target)
		rel, err := filepath.Rel(filepath.Dir(f.path), l.Target)
		if err != nil {
			rel = l.Target
		}
		tip := "Open " + filepath.ToSlash(rel)
		if !l.Exists {
			tip = fmt.Sprintf("%s does not exist in this skill", filepath.ToSlash(rel))
		}
		out = append(out, protocol.DocumentLink{Range: ranges[i], Target: &target, Tooltip: &tip})
	}
	return out, nil
}
