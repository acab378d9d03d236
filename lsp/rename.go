package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// PrepareRename offers to rename the skill when the cursor is on its name:
// the range of the name value, or null elsewhere.
func (s *Server) PrepareRename(ctx context.Context, params *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	r, ok := s.ws.PrepareRename(f.path, f.m.Offset(params.Position))
	if !ok {
		return nil, nil
	}
	pr := f.m.Range(r)
	return &pr, nil
}

// Rename renames the skill: the name value and, when the client can rename
// folders in a workspace edit and the folder is a skill folder that may
// move (analysis says why not), the skill's directory with it (the text
// edit first, then the folder move), so the two stay equal. A client that
// cannot gets the text edit alone, and the user is told which folder to
// rename, once the edit is applied (notice.go). An invalid name is refused with
// InvalidParams, a name another skill or folder has with RequestFailed,
// each with analysis's message.
func (s *Server) Rename(ctx context.Context, params *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fileLocked(params.TextDocument.URI)
	if !ok {
		return nil, nil // other files: nothing to rename
	}
	r, err := s.ws.Rename(f.path, f.m.Offset(params.Position), params.NewName)
	if err != nil {
		code := codeRequestFailed
		if !analysis.ValidName(params.NewName) {
			code = jsonrpc2.InvalidParams
		}
		return nil, jsonrpc2.NewError(code, err.Error())
	}
	if r.DirStays != "" {
		s.tellAfterEditLocked(f.path, protocol.MessageTypeInfo, r.DirStays)
	}
	caps := s.featureCapsLocked()
	if r.FromDir != "" && !caps.renameFiles {
		// Neovim before 0.11 and eglot cannot move a folder in an edit: the
		// user does it, or the skill is left with name-dir-mismatch.
		s.tellAfterEditLocked(f.path, protocol.MessageTypeInfo, fmt.Sprintf("renamed the skill to %s; your editor cannot move folders: rename the folder %s to %s", params.NewName, r.FromDir, r.ToDir))
	}
	if r.FromDir == "" || !caps.renameFiles {
		return s.workspaceEditLocked(f, r.Edits), nil
	}
	return &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{
		s.textDocumentEditLocked(f, textEdits(f, r.Edits)),
		&protocol.RenameFile{Kind: "rename", ResourceOperation: protocol.ResourceOperation{Kind: "rename"},
			OldURI: fileURI(r.FromDir), NewURI: fileURI(r.ToDir)},
	}}, nil
}
