package lsp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/analysis"
)

// document is a SKILL.md or a package manifest open in the editor. Its
// text shadows the file on disk in every analysis until it is closed.
type document struct {
	uri     uri.URI
	path    string
	version int32
	text    []byte
	// moved: the file is gone from disk and open again under another
	// path (moved.go); the buffer is followed but not judged.
	moved bool
	// lost is set when an edit was refused: the text is the last good
	// one, and no longer the editor's.
	lost bool
}

// skillPath is the file path a URI names when it is a SKILL.md or a
// package manifest (plugin.json, marketplace.json, ...) on disk, or "" for
// every other document (README.md and the like get nothing).
func skillPath(u uri.URI) string {
	if !u.IsFile() {
		return ""
	}
	p := pathOf(u)
	if !analysis.IsSkillFile(p) && !analysis.IsManifestFile(p) {
		return ""
	}
	return p
}

// DidOpen starts shadowing the file with the editor's buffer.
func (s *Server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		s.openConfig(params.TextDocument.URI, params.TextDocument.Version, params.TextDocument.Text)
		return nil
	}
	u := uri.URI(strings.Clone(string(params.TextDocument.URI))) // see pathOf
	doc := &document{uri: u, path: path, version: params.TextDocument.Version, text: []byte(params.TextDocument.Text)}
	s.mu.Lock()
	s.docs[path] = doc
	affected := s.ws.Set(path, doc.text)
	s.scheduleLocked(time.Now(), path, affected)
	s.mu.Unlock()
	s.forgetMoved(path)
	return nil
}

// didChange applies the editor's edits, in order, and schedules
// diagnostics after the debounce. It reads its params itself (see
// didChangeParams). An edit that cannot be read or does not fit the text
// is refused whole: the document keeps its last good text, and the user
// is asked to reopen the file, as the server has lost track of it. Until
// then, only a change of the whole document is taken.
func (s *Server) didChange(ctx context.Context, raw []byte) error {
	p, changes, err := decodeDidChange(raw)
	path := skillPath(p.TextDocument.URI)
	if path == "" {
		if err != nil {
			return err
		}
		_, err := s.changeConfig(p.TextDocument.URI, p.TextDocument.Version, changes)
		return err
	}
	s.mu.Lock()
	doc := s.docs[path]
	if doc == nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange for %s, which is not open", path)
	}
	if err == nil && doc.lost {
		changes = fromLastWhole(changes)
		if changes == nil {
			s.mu.Unlock()
			return nil // still out of step with the editor
		}
	}
	var text []byte
	if err == nil {
		text, err = applyChanges(doc.text, changes, s.enc)
	}
	if err != nil {
		tell := !doc.lost
		doc.lost = true
		version := doc.version
		s.mu.Unlock()
		s.logf(protocol.MessageTypeError, "didChange for %s version %d refused (%v); the server keeps version %d", path, p.TextDocument.Version, err, version)
		if tell {
			s.tellf(protocol.MessageTypeError, "lost track of the edits to %s. Close and reopen the file to check it again.", path)
		}
		return nil
	}
	defer s.mu.Unlock()
	doc.text, doc.lost = text, false
	doc.version = p.TextDocument.Version
	s.deliverNoticesLocked(path) // a rename's edit is applied
	if doc.moved {
		return nil
	}
	affected := s.ws.Set(path, text)
	s.scheduleLocked(time.Now().Add(s.debounce), path, affected)
	return nil
}

// fromLastWhole is the changes from the last that replaces the whole
// document on, or nil when none does.
func fromLastWhole(changes []textChange) []textChange {
	for i := len(changes) - 1; i >= 0; i-- {
		if changes[i].rng == nil {
			return changes[i:]
		}
	}
	return nil
}

// DidSave publishes at once; a client that sends the text is taken at its
// word.
func (s *Server) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	path := skillPath(params.TextDocument.URI)
	if path == "" {
		s.saveConfig(params.TextDocument.URI)
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
		s.closeConfig(params.TextDocument.URI)
		return nil
	}
	s.mu.Lock()
	delete(s.docs, path)
	delete(s.mappers, path) // it indexes the editor's text
	s.deliverNoticesLocked(path)
	s.mu.Unlock()
	s.load(path)
	return nil
}
