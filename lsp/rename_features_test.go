package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// PrepareRename offers the name value, and nothing elsewhere.
func TestPrepareRename(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	res, err := h.server.PrepareRename(h.ctx(), &protocol.PrepareRenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 2)})
	if r, ok := res.(*protocol.Range); err != nil || !ok || *r != rng(1, 6, 1, 12) {
		t.Errorf("prepareRename on name = %#v, %v; want 1:6-1:12", res, err)
	}
	res, err = h.server.PrepareRename(h.ctx(), &protocol.PrepareRenameParams{TextDocumentPositionParams: h.at(deployRel, 3, 2)})
	if err != nil || res != nil {
		t.Errorf("prepareRename on license = %#v, %v; want null", res, err)
	}
}

// With resource operations, renaming a skill edits its name and moves its
// folder; applied as an editor would, the skill ends up clean under its new
// name. Without them it is the text edit alone.
func TestRenameMovesFolder(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{documentChanges: true, renameFiles: true})
	text := h.openFile(deployRel)
	we, err := h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 8), NewName: "ship"})
	if err != nil {
		t.Fatal(err)
	}
	if len(we.DocumentChanges) != 2 || len(we.Changes) != 0 {
		t.Fatalf("edit %#v: want a text edit and a folder move", we)
	}
	tde, ok := we.DocumentChanges[0].(*protocol.TextDocumentEdit)
	if !ok || tde.TextDocument.URI != h.uri(deployRel) || tde.TextDocument.Version == nil || *tde.TextDocument.Version != 1 {
		t.Fatalf("first change %#v, want the open document's edit", we.DocumentChanges[0])
	}
	mv, ok := we.DocumentChanges[1].(*protocol.RenameFile)
	if !ok || mv.Kind != "rename" || mv.OldURI != h.uri("ws/.agents/skills/deploy") || mv.NewURI != h.uri("ws/.agents/skills/ship") {
		t.Fatalf("second change %#v, want deploy/ renamed to ship/", we.DocumentChanges[1])
	}
	fixed := applyEdits(t, text, editsFor(t, we, h.uri(deployRel)))
	if !strings.HasPrefix(fixed, "---\nname: ship\n") {
		t.Fatalf("renamed text %q", fixed)
	}

	// The editor saves the text, moves the folder, tells the server what
	// changed on disk, and reopens the file where it now is.
	const newRel = "ws/.agents/skills/ship/SKILL.md"
	h.write(deployRel, fixed)
	h.closeDoc(deployRel)
	if err := os.Rename(mv.OldURI.FsPath(), mv.NewURI.FsPath()); err != nil {
		t.Fatal(err)
	}
	err = h.server.DidChangeWatchedFiles(h.ctx(), &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: h.uri(deployRel), Type: protocol.FileChangeTypeDeleted},
		{URI: h.uri(newRel), Type: protocol.FileChangeTypeCreated},
	}})
	if err != nil {
		t.Fatal(err)
	}
	h.open(newRel, fixed, 1)
	h.settle()
	h.diags(deployRel, empty)
	p := h.diags(newRel, version(1))
	for _, rule := range []string{"name-dir-mismatch", "name-shadowed", "name-duplicate"} {
		if _, bad := find(p, rule); bad {
			t.Errorf("renamed skill has %s: %v", rule, codes(p))
		}
	}

	// A client that cannot move folders gets the name edit alone.
	h, _ = startFeatures(t, "features/skills", clientFeatures{})
	h.openFile(deployRel)
	we, err = h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 8), NewName: "ship"})
	if err != nil {
		t.Fatal(err)
	}
	edits := we.Changes[h.uri(deployRel)]
	if len(we.DocumentChanges) != 0 || len(we.Changes) != 1 || len(edits) != 1 || edits[0].NewText != "ship" || edits[0].Range != rng(1, 6, 1, 12) {
		t.Errorf("edit without resource operations %#v", we)
	}
	// Told once the editor has applied the edit, so that the editor's own
	// "edit applied" does not hide it.
	h.roundTrip()
	if shown := shownWith(h, "rename the folder"); shown {
		t.Errorf("told to rename the folder before the edit was applied")
	}
	h.edit(deployRel, 2, edits[0].Range, edits[0].NewText)
	h.client.awaitShown(t, "rename the folder", h.path("ws/.agents/skills/deploy"), h.path("ws/.agents/skills/ship"))
}

// shownWith reports whether a message shown so far contains word.
func shownWith(h *harness, word string) bool {
	h.client.mu.Lock()
	defer h.client.mu.Unlock()
	for _, m := range h.client.messages {
		if strings.Contains(m.Message, word) {
			return true
		}
	}
	return false
}

// Without resource operations the user moves the folder by hand (Neovim
// 0.7, eglot): the old buffer stays open under a path that is gone while
// the file is opened where it now is. It is never reported as a duplicate
// of itself, whether or not the editor reports the change on disk; saving
// the old buffer writes its file again and brings it back.
func TestMovedByHandIsNoDuplicate(t *testing.T) {
	const newRel = "ws/.agents/skills/ship/SKILL.md"
	for _, tell := range []bool{false, true} {
		h, _ := startFeatures(t, "features/skills", clientFeatures{})
		text := h.openFile(deployRel)
		we, err := h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 8), NewName: "ship"})
		if err != nil {
			t.Fatal(err)
		}
		edits := editsFor(t, we, h.uri(deployRel))
		fixed := applyEdits(t, text, edits)
		h.change(deployRel, 2, edits)
		h.write(deployRel, fixed)
		h.save(deployRel)
		if err := os.Rename(h.path("ws/.agents/skills/deploy"), h.path("ws/.agents/skills/ship")); err != nil {
			t.Fatal(err)
		}
		if tell {
			h.watched(protocol.FileChangeTypeDeleted, deployRel)
			h.watched(protocol.FileChangeTypeCreated, newRel)
		}
		h.open(newRel, fixed, 1)
		h.settle()
		p := h.diags(newRel, version(1))
		for _, rule := range []string{"name-dir-mismatch", "name-shadowed", "name-duplicate"} {
			if _, bad := find(p, rule); bad {
				t.Errorf("told %v: the moved skill has %s: %v", tell, rule, codes(p))
			}
		}
		h.diags(deployRel, empty)

		// Saved again under the old path, the old buffer is a file again.
		h.write(deployRel, fixed)
		h.save(deployRel)
		h.diags(newRel, withCode("name-duplicate"))
	}
}

// An invalid name is refused with InvalidParams, a taken one with
// RequestFailed, each with analysis's message.
func TestRenameRefused(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{documentChanges: true, renameFiles: true})
	h.openFile(deployRel)
	for name, want := range map[string]struct {
		code int64
		msg  string
	}{
		"Bad_Name": {-32602, `"Bad_Name" is not a valid skill name`},
		"other":    {-32803, `the name "other" is taken`},
	} {
		we, err := h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(deployRel, 1, 8), NewName: name})
		if code := errorCode(err); int64(code) != want.code || err == nil || !strings.Contains(err.Error(), want.msg) {
			t.Errorf("rename to %s: %v, %v (code %d); want code %d with %q", name, we, err, code, want.code, want.msg)
		}
	}
}

// A SKILL.md that is not in a skill folder (here at the workspace folder's
// top, and in the skills root itself) is renamed by its name value alone,
// even for a client that can move folders, and the user is told why the
// folder stays: a rename must never move a workspace, a root or a home.
func TestRenameKeepsFoldersThatAreNotSkills(t *testing.T) {
	h, _ := startFeatures(t, "features/skills", clientFeatures{documentChanges: true, renameFiles: true})
	for _, rel := range []string{"ws/SKILL.md", "ws/.agents/skills/SKILL.md", "home/SKILL.md"} {
		h.open(rel, "---\nname: stray\ndescription: d\n---\n", 1)
		we, err := h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(rel, 1, 8), NewName: "moved"})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		for _, c := range we.DocumentChanges {
			if mv, ok := c.(*protocol.RenameFile); ok {
				t.Errorf("%s: rename moves %s -> %s", rel, mv.OldURI, mv.NewURI)
			}
		}
		edits := editsFor(t, we, h.uri(rel))
		if len(edits) != 1 || edits[0].NewText != "moved" {
			t.Fatalf("%s: edits %+v, want the name edit alone", rel, edits)
		}
		h.edit(rel, 2, edits[0].Range, edits[0].NewText)
		h.client.awaitShown(t, "stays", filepath.Dir(h.path(rel)))
		h.closeDoc(rel)
	}
}

// A skill of a plugin (skills/<name>/ beside .claude-plugin/plugin.json,
// as in obra/superpowers) moves with its name, as one in a skills root
// does; applied as an editor would, it ends up clean under the new name.
// A client that cannot move folders is told which one to move, not that
// the folder is no skill folder.
func TestRenameMovesPluginSkillFolder(t *testing.T) {
	const rel, newRel = "ws/skills/brainstorming/SKILL.md", "ws/skills/ideas/SKILL.md"
	h, _ := startFeatures(t, "features/plugin", clientFeatures{documentChanges: true, renameFiles: true})
	text := h.openFile(rel)
	we, err := h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(rel, 1, 8), NewName: "ideas"})
	if err != nil {
		t.Fatal(err)
	}
	if len(we.DocumentChanges) != 2 {
		t.Fatalf("edit %#v: want the name edit and the folder move", we)
	}
	mv, ok := we.DocumentChanges[1].(*protocol.RenameFile)
	if !ok || mv.OldURI != h.uri("ws/skills/brainstorming") || mv.NewURI != h.uri("ws/skills/ideas") {
		t.Fatalf("second change %#v, want skills/brainstorming moved to skills/ideas", we.DocumentChanges[1])
	}
	fixed := applyEdits(t, text, editsFor(t, we, h.uri(rel)))
	h.write(rel, fixed)
	h.closeDoc(rel)
	if err := os.Rename(mv.OldURI.FsPath(), mv.NewURI.FsPath()); err != nil {
		t.Fatal(err)
	}
	err = h.server.DidChangeWatchedFiles(h.ctx(), &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: h.uri(rel), Type: protocol.FileChangeTypeDeleted},
		{URI: h.uri(newRel), Type: protocol.FileChangeTypeCreated},
	}})
	if err != nil {
		t.Fatal(err)
	}
	h.open(newRel, fixed, 1)
	h.settle()
	p := h.diags(newRel, version(1))
	if _, bad := find(p, "name-dir-mismatch"); bad {
		t.Errorf("renamed plugin skill has name-dir-mismatch: %v", codes(p))
	}

	h, _ = startFeatures(t, "features/plugin", clientFeatures{})
	h.openFile(rel)
	we, err = h.server.Rename(h.ctx(), &protocol.RenameParams{TextDocumentPositionParams: h.at(rel, 1, 8), NewName: "ideas"})
	if err != nil {
		t.Fatal(err)
	}
	edits := editsFor(t, we, h.uri(rel))
	if len(edits) != 1 {
		t.Fatalf("edits %+v, want the name edit", edits)
	}
	h.edit(rel, 2, edits[0].Range, edits[0].NewText)
	h.client.awaitShown(t, "rename the folder", h.path("ws/skills/brainstorming"), h.path("ws/skills/ideas"))
	if shownWith(h, "skills root") {
		t.Errorf("told the plugin's skill folder is not a skill folder")
	}
}
