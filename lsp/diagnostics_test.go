package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"
)

// TestScenarios runs every archive in testdata/lsp/scenarios: the files
// under ws/ (the workspace folder) and home/ (the home directory) are laid
// out, the server started, the files listed in setup.json opened, and once
// everything has settled the latest diagnostics of every file must be
// exactly the "want" lines:
//
//	<file> <line>:<col>-<line>:<col> <severity> <rule>[ -> <file> <range>]...
//
// positions 0-based in the negotiated encoding, "->" a related location.
// setup.json may hold {"open": [files], "encodings": ["utf-8"], "init":
// {initializationOptions}}. Adding a regression test is adding an archive.
func TestScenarios(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "lsp", "scenarios", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range archives {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var cfg struct {
				Open      []string
				Encodings []protocol.PositionEncodingKind
				Init      map[string]any
			}
			var want []string
			for _, f := range a.Files {
				switch f.Name {
				case "setup.json":
					if err := json.Unmarshal(f.Data, &cfg); err != nil {
						t.Fatalf("setup.json: %v", err)
					}
				case "want":
					for l := range strings.Lines(string(f.Data)) {
						if l = strings.TrimSpace(l); l != "" {
							want = append(want, strings.Join(strings.Fields(l), " "))
						}
					}
				}
			}
			h := start(t, filepath.Join("scenarios", name), setup{encodings: cfg.Encodings, init: cfg.Init})
			for _, rel := range cfg.Open {
				h.open(rel, h.read(rel), 7)
			}
			h.settle()

			var got []string
			for _, p := range latestByURI(h.client.snapshot()) {
				rel := h.rel(p.URI.FsPath())
				if !strings.HasSuffix(rel, "/"+loader.FileName) {
					t.Errorf("published for %s, which is not a SKILL.md", rel)
				}
				if v, ok := p.Version.Get(); ok != slices.Contains(cfg.Open, rel) || (ok && v != 7) {
					t.Errorf("%s: version %d (set: %v); want the open document's version 7, none for files not open", rel, v, ok)
				}
				for _, d := range p.Diagnostics {
					if src, _ := d.Source.Get(); src != "skill-ls" || d.Severity == 0 {
						t.Errorf("%s: %s has source %q and severity %d", rel, codeOf(d), src, d.Severity)
					}
					got = append(got, h.describe(rel, d))
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("diagnostics:\ngot:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
		})
	}
}

// latestByURI keeps the last publish of each file, in first-seen order.
func latestByURI(ps []protocol.PublishDiagnosticsParams) []protocol.PublishDiagnosticsParams {
	var out []protocol.PublishDiagnosticsParams
	at := map[string]int{}
	for _, p := range ps {
		if i, ok := at[string(p.URI)]; ok {
			out[i] = p
			continue
		}
		at[string(p.URI)] = len(out)
		out = append(out, p)
	}
	return out
}

func (h *harness) rel(path string) string {
	r, err := filepath.Rel(h.root, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

// describe writes a diagnostic as a scenario's want line does.
func (h *harness) describe(rel string, d protocol.Diagnostic) string {
	sev := map[protocol.DiagnosticSeverity]string{1: "error", 2: "warning", 3: "info", 4: "hint"}[d.Severity]
	s := fmt.Sprintf("%s %s %s %s", rel, fmtRange(d.Range), sev, codeOf(d))
	for _, r := range d.RelatedInformation {
		s += fmt.Sprintf(" -> %s %s", h.rel(r.Location.URI.FsPath()), fmtRange(r.Location.Range))
	}
	return s
}

// An open broken skill gets its diagnostics with the document's version,
// with the rule id as code, source skill-ls and the targets in the message.
func TestOpenBrokenSkill(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: Wrong_Name\ndescription: x\n---\n", 1)
	p := h.diags(rel, version(1))
	d, ok := find(p, "name-chars")
	if !ok {
		t.Fatalf("no name-chars in %v", codes(p))
	}
	if d.Range != rng(1, 6, 1, 16) || d.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("name-chars at %s severity %d; want 1:6-1:16 error", fmtRange(d.Range), d.Severity)
	}
	if msg := messageOf(d); !strings.Contains(msg, "(agentskills") {
		t.Errorf("message %q does not name the targets", msg)
	}
}

// Incremental edits change the document; diagnostics follow with each
// version, and fixing the name clears them.
func TestIncrementalEditFixes(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: Wrong_Name\ndescription: x\n---\n", 1)
	h.diags(rel, version(1))

	// Wrong_Name -> wrong_name: still not the directory name, but no longer
	// bad characters... except the underscore.
	h.edit(rel, 2, rng(1, 6, 1, 7), "w")
	h.edit(rel, 3, rng(1, 11, 1, 12), "n")
	p := h.diags(rel, version(3))
	if !slices.Contains(codes(p), "name-chars") {
		t.Errorf("v3 %q: want name-chars for the underscore, got %v", "wrong_name", codes(p))
	}
	// Replace the whole value with the directory name.
	h.edit(rel, 4, rng(1, 6, 1, 16), "my-skill")
	p = h.diags(rel, version(4))
	if len(p.Diagnostics) != 0 {
		t.Errorf("v4: fixed skill still has %v", codes(p))
	}
	if got := string(h.srv.docText(rel, h)); got != "---\nname: my-skill\ndescription: x\n---\n" {
		t.Errorf("server text %q", got)
	}
}

func (s *Server) docText(rel string, h *harness) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[h.path(rel)]; d != nil {
		return d.text
	}
	return nil
}

// Unsaved buffers shadow the disk: the project skill's name is edited in the
// editor only, and the global skill's shadowing diagnostic follows the
// buffer; fixing the duplicate clears the other file too.
func TestBufferShadowsDiskAcrossFiles(t *testing.T) {
	h := start(t, "scenarios/duplicate_scopes", setup{})
	const proj, glob = "ws/.agents/skills/dup/SKILL.md", "home/.agents/skills/dup/SKILL.md"
	h.diags(glob, withCode("name-shadowed"))
	h.open(proj, h.read(proj), 1)
	h.diags(proj, withCode("name-shadowed"))
	// Rename in the buffer (not on disk): "dup" -> "dupe".
	h.edit(proj, 2, rng(1, 9, 1, 9), "e")
	p := h.diags(proj, version(2))
	if slices.Contains(codes(p), "name-shadowed") {
		t.Errorf("project skill renamed in the buffer still shadowed: %v", codes(p))
	}
	h.diags(glob, empty)
	// Closing without saving hands the file back to the disk, and the
	// collision comes back on both.
	h.closeDoc(proj)
	h.diags(glob, withCode("name-shadowed"))
	h.diags(proj, withCode("name-shadowed"))
}

// Deleting one of two skills with one name clears the other, through the
// client's file watching.
func TestDeleteClearsOther(t *testing.T) {
	h := start(t, "scenarios/duplicate_scopes", setup{watch: true})
	const proj, glob = "ws/.agents/skills/dup/SKILL.md", "home/.agents/skills/dup/SKILL.md"
	h.diags(glob, withCode("name-shadowed"))
	h.diags(proj, withCode("name-shadowed"))
	if err := removeAll(h.path("ws/.agents/skills/dup")); err != nil {
		t.Fatal(err)
	}
	h.watched(protocol.FileChangeTypeDeleted, proj)
	h.diags(proj, empty)
	h.diags(glob, empty)
}

// Deleting a global skill on disk, which no client watches, is seen by the
// server's own watcher.
func TestDeleteGlobalSeenByOwnWatcher(t *testing.T) {
	h := start(t, "scenarios/duplicate_scopes", setup{watch: true})
	const proj, glob = "ws/.agents/skills/dup/SKILL.md", "home/.agents/skills/dup/SKILL.md"
	h.diags(proj, withCode("name-shadowed"))
	h.diags(glob, withCode("name-shadowed"))
	if err := removeAll(h.path("home/.agents/skills/dup")); err != nil {
		t.Fatal(err)
	}
	h.diags(glob, empty)
	h.diags(proj, empty)
}

// A skill created on disk while the server runs is diagnosed, by the
// server's own watcher when the client does not watch.
func TestCreatedOnDisk(t *testing.T) {
	h := start(t, "", setup{})
	h.settle()
	const rel = "ws/.agents/skills/new-skill/SKILL.md"
	h.write(rel, "---\nname: New Skill\ndescription: x\n---\n")
	p := h.diags(rel, withCode("name-chars"))
	if _, ok := p.Version.Get(); ok {
		t.Errorf("a file that is not open got a version")
	}
	// Fixing it on disk clears it.
	h.write(rel, "---\nname: new-skill\ndescription: x\n---\n")
	h.diags(rel, empty)
}

// A skill created where the client watches is read when the client says so.
func TestCreatedReportedByClient(t *testing.T) {
	h := start(t, "", setup{watch: true})
	h.settle()
	if !slices.ContainsFunc(h.client.registrations(), func(r protocol.Registration) bool {
		return r.Method == protocol.MethodWorkspaceDidChangeWatchedFiles
	}) {
		t.Fatalf("no didChangeWatchedFiles registration")
	}
	const rel = "ws/.agents/skills/new-skill/SKILL.md"
	h.write(rel, "---\nname: New Skill\ndescription: x\n---\n")
	h.watched(protocol.FileChangeTypeCreated, rel)
	h.diags(rel, withCode("name-chars"))
}

// A global root that does not exist yet is watched from its parent, so a
// skill put there later is found.
func TestGlobalRootCreatedLater(t *testing.T) {
	h := start(t, "", setup{watch: true})
	h.settle()
	const rel = "home/.agents/skills/later/SKILL.md"
	h.write(rel, "---\nname: Later\ndescription: x\n---\n")
	h.diags(rel, withCode("name-chars"))
}

// A configuration change that turns a rule off removes it; turning it back
// on brings it back.
func TestConfigChangeTurnsRuleOff(t *testing.T) {
	h := start(t, "scenarios/broken_name", setup{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.diags(rel, withCode("name-chars"))
	h.changeConfig(map[string]any{"skill-ls": map[string]any{"home": h.home, "debounceMs": 0, "rules": map[string]string{"name-chars": "off"}}})
	p := h.diags(rel, without("name-chars"))
	if !slices.Contains(codes(p), "name-dir-mismatch") {
		t.Errorf("other rules went too: %v", codes(p))
	}
	h.changeConfig(map[string]any{"skill-ls": map[string]any{"home": h.home, "debounceMs": 0}})
	h.diags(rel, withCode("name-chars"))
}

// With workspace/configuration, the server pulls the settings (VS Code
// sends null in didChangeConfiguration).
func TestConfigPulled(t *testing.T) {
	h := start(t, "scenarios/broken_name", setup{configuration: true})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.diags(rel, withCode("name-chars"))
	h.client.setSettings(map[string]any{"home": h.home, "debounceMs": 0, "rules": map[string]string{"name-dir-mismatch": "off"}})
	if err := h.server.DidChangeConfiguration(h.ctx(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny("null")}); err != nil {
		t.Fatal(err)
	}
	h.diags(rel, without("name-dir-mismatch"))
}

// Changing the home directory clears the files of the old one.
func TestConfigChangeClearsIrrelevantFiles(t *testing.T) {
	h := start(t, "scenarios/duplicate_scopes", setup{})
	const glob = "home/.agents/skills/dup/SKILL.md"
	h.diags(glob, withCode("name-shadowed"))
	other := h.path("elsewhere")
	h.changeConfig(map[string]any{"home": other, "debounceMs": 0})
	h.diags(glob, empty)
	h.diags("ws/.agents/skills/dup/SKILL.md", empty)
}

// The first scan is wrapped in work-done progress, begin then end, and
// the diagnostics of the scan come before the end.
func TestFirstScanProgress(t *testing.T) {
	h := start(t, "scenarios/broken_name", setup{progress: true})
	h.client.await(t, "progress end", func(r *recorder) bool {
		return len(r.progress) == 2
	})
	r := h.client
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.created) != 1 || r.progress[0].Token != r.created[0] {
		t.Fatalf("progress tokens: created %v, used %v", r.created, r.progress[0].Token)
	}
	for i, kind := range []string{"begin", "end"} {
		var v struct{ Kind string }
		if err := json.Unmarshal(r.progress[i].Value, &v); err != nil || v.Kind != kind {
			t.Errorf("progress %d: %s, want kind %q", i, r.progress[i].Value, kind)
		}
	}
	if _, ok := r.latest(h.uri("ws/.agents/skills/my-skill/SKILL.md")); !ok {
		t.Errorf("progress ended before the scan's diagnostics were published")
	}
}

// Saving publishes at once, whatever the debounce.
func TestSavePublishesAtOnce(t *testing.T) {
	h := start(t, "", setup{init: map[string]any{"debounceMs": 3_600_000}})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: my-skill\ndescription: x\n---\n", 1)
	h.diags(rel, version(1))
	h.edit(rel, 2, rng(1, 6, 1, 7), "M") // an hour of debounce
	h.save(rel)
	p := h.diags(rel, version(2))
	if !slices.Contains(codes(p), "name-chars") {
		t.Errorf("after save: %v", codes(p))
	}
}

// The catalog command renders what the agent would show the model.
func TestCatalogCommand(t *testing.T) {
	h := start(t, "scenarios/duplicate_scopes", setup{})
	h.settle()
	res, err := h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{
		Command:   commandCatalog,
		Arguments: []protocol.LSPAny{protocol.LSPAny(`{"target": "zed"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	var text string
	if err := json.Unmarshal(res, &text); err != nil {
		t.Fatalf("result %s is not a string: %v", res, err)
	}
	if !strings.Contains(text, "<available_skills>") || !strings.Contains(text, h.path("ws/.agents/skills/dup/SKILL.md")) ||
		strings.Contains(text, h.path("home/.agents/skills/dup/SKILL.md")) {
		t.Errorf("zed catalog:\n%s", text)
	}
	_, err = h.server.ExecuteCommand(h.ctx(), &protocol.ExecuteCommandParams{
		Command: commandCatalog, Arguments: []protocol.LSPAny{protocol.LSPAny(`{"target": "vim"}`)},
	})
	if code := errorCode(err); code != -32602 {
		t.Errorf("unknown target: error %v (code %d), want InvalidParams", err, code)
	}
}

func (h *harness) watched(typ protocol.FileChangeType, rels ...string) {
	h.t.Helper()
	var changes []protocol.FileEvent
	for _, rel := range rels {
		changes = append(changes, protocol.FileEvent{URI: h.uri(rel), Type: typ})
	}
	if err := h.server.DidChangeWatchedFiles(h.ctx(), &protocol.DidChangeWatchedFilesParams{Changes: changes}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) changeConfig(settings map[string]any) {
	h.t.Helper()
	raw, err := json.Marshal(settings)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.server.DidChangeConfiguration(h.ctx(), &protocol.DidChangeConfigurationParams{Settings: raw}); err != nil {
		h.t.Fatal(err)
	}
}

// Eglot announces file watching but watches only the folders that held
// files when the server registered, and drops renames: the server watches
// the workspace itself, and sees a new skill folder and a write by rename
// (sed -i) there.
func TestEglotWatchedByServer(t *testing.T) {
	h := start(t, "", setup{watch: true, clientName: "Eglot"})
	h.settle()
	if got := h.client.registrations(); len(got) != 0 {
		t.Errorf("registered %+v with Eglot", got)
	}
	const rel = "ws/.agents/skills/new-skill/SKILL.md"
	h.write(rel, "---\nname: New Skill\ndescription: x\n---\n")
	h.diags(rel, withCode("name-chars"))
	// sed -i: a new file written beside it, then renamed over it.
	h.write(rel+".tmp", "---\nname: new-skill\ndescription: x\n---\n")
	if err := os.Rename(h.path(rel+".tmp"), h.path(rel)); err != nil {
		t.Fatal(err)
	}
	h.diags(rel, without("name-chars"))
}

func (r *recorder) setSettings(v any) {
	raw, _ := json.Marshal(v)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.settings = raw
}

func (r *recorder) registrations() []protocol.Registration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.registered)
}

// fileLocked finds an open buffer, and nothing for other Markdown files.
func TestFileLocked(t *testing.T) {
	h := start(t, "", setup{})
	const rel = "ws/.agents/skills/my-skill/SKILL.md"
	h.open(rel, "---\nname: my-skill\ndescription: 🎉 x\n---\n", 1)
	h.open("ws/README.md", "# Read me\n", 1)
	h.roundTrip()
	h.srv.mu.Lock()
	defer h.srv.mu.Unlock()
	f, ok := h.srv.fileLocked(h.uri(rel))
	if got := f.m.Position(strings.Index(string(h.srv.ws.Source(f.path)), "x")); !ok || got != pos(2, 16) {
		t.Errorf("fileLocked: %v, position of x %v; want 2:16", ok, got)
	}
	// One Mapper per version of the text.
	if again, _ := h.srv.fileLocked(h.uri(rel)); again.m != f.m {
		t.Error("a second request on the same version indexed the text again")
	}
	if _, ok := h.srv.fileLocked(h.uri("ws/README.md")); ok {
		t.Error("fileLocked found README.md")
	}
}
