package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/analysis"
)

// document is a SKILL.md open in the editor. Its text shadows the file on
// disk in every analysis until it is closed.
type document struct {
	uri     uri.URI
	path    string
	version int32
	text    []byte
	// moved: the file is gone from disk and open again under another
	// path (moved.go); the buffer is followed but not judged.
	moved bool
}

// skillPath is the file path a URI names when it is a SKILL.md on disk, or
// "" for every other document (README.md and the like get nothing).
func skillPath(u uri.URI) string {
	if !u.IsFile() {
		return ""
	}
	p := filepath.Clean(u.FsPath())
	if !analysis.IsSkillFile(p) {
		return ""
	}
	return p
}

// DidOpen starts shadowing the file with the editor's buffer.
func (s *Server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		return nil
	}
	doc := &document{uri: params.TextDocument.URI, path: path, version: params.TextDocument.Version, text: []byte(params.TextDocument.Text)}
	s.mu.Lock()
	s.docs[path] = doc
	affected := s.ws.Set(path, doc.text)
	s.scheduleLocked(time.Now(), path, affected)
	s.mu.Unlock()
	s.forgetMoved()
	return nil
}

// DidChange applies the editor's edits, in order, and schedules diagnostics
// after the debounce.
func (s *Server) DidChange(ctx context.Context, params *protocol.DidChangeTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doc := s.docs[path]
	if doc == nil {
		return fmt.Errorf("didChange for %s, which is not open", path)
	}
	text, err := applyChanges(doc.text, params.ContentChanges, s.enc)
	if err != nil {
		return fmt.Errorf("didChange for %s version %d: %w", path, params.TextDocument.Version, err)
	}
	doc.text = text
	doc.version = params.TextDocument.Version
	if doc.moved {
		return nil
	}
	affected := s.ws.Set(path, text)
	s.scheduleLocked(time.Now().Add(s.debounce), path, affected)
	return nil
}

// DidSave publishes at once; a client that sends the text is taken at its
// word.
func (s *Server) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var affected []string
	if doc := s.docs[path]; doc != nil && (params.Text != nil || doc.moved) {
		if params.Text != nil {
			doc.text = []byte(*params.Text)
		}
		doc.moved = false // saved: its file is there again
		affected = s.ws.Set(path, doc.text)
	}
	s.scheduleLocked(time.Now(), path, affected)
	return nil
}

// DidClose hands the file back to the disk: it is read again, or forgotten
// when it is gone or no agent would discover it there.
func (s *Server) DidClose(ctx context.Context, params *protocol.DidCloseTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.mu.Lock()
	delete(s.docs, path)
	s.mu.Unlock()
	s.load(path)
	return nil
}

// applyChanges applies a didChange's content changes to src in order, each
// against the text the previous one left, converting its range with the
// negotiated encoding. A reversed range is an error and changes nothing.
func applyChanges(src []byte, changes []protocol.TextDocumentContentChangeEvent, enc Encoding) ([]byte, error) {
	for _, c := range changes {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			src = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			m := NewMapper(src, enc)
			start, end := m.OffsetRange(c.Range)
			if end < start {
				return nil, fmt.Errorf("change range %d:%d-%d:%d ends before it starts",
					c.Range.Start.Line, c.Range.Start.Character, c.Range.End.Line, c.Range.End.Character)
			}
			out := make([]byte, 0, len(src)-(end-start)+len(c.Text))
			out = append(out, src[:start]...)
			out = append(out, c.Text...)
			src = append(out, src[end:]...)
		default:
			return nil, fmt.Errorf("unknown content change %T", c)
		}
	}
	return src, nil
}
