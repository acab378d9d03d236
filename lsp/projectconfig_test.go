package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// configSkill has a body over 500 lines (body-too-long, an info) and an
// unknown field (field-unknown, an error for the spec).
var configSkill = "---\nname: long\ndescription: x\ncolour: red\n---\n" + strings.Repeat("line\n", 600)

const (
	skillRel  = "ws/.agents/skills/long/SKILL.md"
	configRel = "ws/.skill-ls.yaml"
)

// TestProjectConfigLayers: the file's rules apply; initializationOptions
// and workspace/configuration are laid over it rule by rule.
func TestProjectConfigLayers(t *testing.T) {
	for _, c := range []struct {
		name      string
		init      map[string]any
		workspace map[string]any
		want      map[string]protocol.DiagnosticSeverity // 0: absent
	}{
		{"the file alone", nil, nil, map[string]protocol.DiagnosticSeverity{"body-too-long": 0, "field-unknown": protocol.DiagnosticSeverityWarning}},
		{"initializationOptions over the file", map[string]any{"rules": map[string]string{"body-too-long": "error"}}, nil,
			map[string]protocol.DiagnosticSeverity{"body-too-long": protocol.DiagnosticSeverityError, "field-unknown": protocol.DiagnosticSeverityWarning}},
		{"workspace/configuration over the file", nil, map[string]any{"rules": map[string]string{"body-too-long": "warning"}},
			map[string]protocol.DiagnosticSeverity{"body-too-long": protocol.DiagnosticSeverityWarning, "field-unknown": protocol.DiagnosticSeverityWarning}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, map[string]string{
				skillRel:  configSkill,
				configRel: "rules:\n  body-too-long: off\n  field-unknown: warning\n",
			})
			cfg := setup{init: c.init}
			if c.workspace != nil {
				cfg.configuration = true
			}
			h := startWith(t, root, cfg, c.workspace)
			h.settle()
			p := h.diags(skillRel, anyDiags)
			for rule, want := range c.want {
				d, ok := find(p, rule)
				if want == 0 && ok || want != 0 && (!ok || d.Severity != want) {
					t.Errorf("%s: %v (found %v), want %v", rule, d.Severity, ok, want)
				}
			}
		})
	}
}

// TestProjectConfigInvalid: the file's problems are published on it while
// it is open, cleared when closed, and an edit re-judges the workspace.
func TestProjectConfigInvalid(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{skillRel: configSkill, configRel: "rules:\n  body-to-long: off\n"})
	h := startWith(t, root, setup{}, nil)
	h.settle()
	h.diags(skillRel, withCode("body-too-long")) // the misspelt rule changes nothing
	shown := h.client.awaitShown(t, ".skill-ls.yaml", "config-invalid")
	if shown.Type != protocol.MessageTypeWarning {
		t.Errorf("shown as %v", shown.Type)
	}
	text := h.read(configRel)
	h.open(configRel, text, 1)
	p := h.diags(configRel, withCode("config-invalid"))
	d, _ := find(p, "config-invalid")
	if d.Range != rng(1, 2, 1, 14) || !strings.Contains(messageOf(d), `did you mean "body-too-long"?`) || d.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("config-invalid at %s: %v %q", fmtRange(d.Range), d.Severity, messageOf(d))
	}
	if v, ok := p.Version.Get(); !ok || v != 1 {
		t.Errorf("version %v", v)
	}
	// Fixing the spelling in the buffer clears the file and silences the
	// rule in the workspace.
	h.edit(configRel, 2, rng(1, 2, 1, 14), "body-too-long")
	h.settle()
	h.diags(configRel, func(p protocol.PublishDiagnosticsParams) bool { return version(2)(p) && empty(p) })
	h.diags(skillRel, without("body-too-long"))
	// Closed unsaved: the disk's text is back in force, and nothing is
	// shown on the closed file.
	h.closeDoc(configRel)
	h.settle()
	h.diags(configRel, empty)
	h.diags(skillRel, withCode("body-too-long"))
}

// TestProjectConfigWatched: a change on disk that the client reports is
// judged again; the registration covers the configuration file.
func TestProjectConfigWatched(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{skillRel: configSkill})
	h := startWith(t, root, setup{watch: true}, nil)
	h.settle()
	var opts []string
	for _, r := range h.client.registrations() {
		b, _ := protocol.Marshal(r.RegisterOptions)
		opts = append(opts, string(b))
	}
	for _, glob := range []string{`"**/.skill-ls.yaml"`, `"**/.skill-ls.yml"`} {
		if !strings.Contains(strings.Join(opts, " "), glob) {
			t.Errorf("%s not watched: %s", glob, opts)
		}
	}
	h.diags(skillRel, withCode("body-too-long"))
	h.write(configRel, "ignore: [\".agents/skills/long/\"]\n")
	h.watched(protocol.FileChangeTypeCreated, configRel)
	h.settle()
	h.diags(skillRel, empty)
	h.write(configRel, "targets: [zed]\n")
	h.watched(protocol.FileChangeTypeChanged, configRel)
	h.settle()
	p := h.diags(skillRel, withCode("field-unknown"))
	if d, _ := find(p, "field-unknown"); !strings.Contains(messageOf(d), "agentskills") || strings.Contains(messageOf(d), "codex") {
		t.Errorf("targets from the file not applied: %q", messageOf(d))
	}
}

// writeTree writes files (path relative to root: text) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// startWith starts a server on root whose client answers
// workspace/configuration with workspace (when not nil).
func startWith(t *testing.T, root string, cfg setup, workspace map[string]any) *harness {
	t.Helper()
	cfg.noInitialized = true
	h := startAt(t, root, cfg)
	if workspace != nil {
		h.client.setSettings(workspace)
	}
	if err := h.server.Initialized(h.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestProjectConfigOwnWatcher: where the client does not watch, the
// server's own watcher sees the configuration change on disk.
func TestProjectConfigOwnWatcher(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{skillRel: configSkill})
	h := startWith(t, root, setup{}, nil)
	h.settle()
	h.diags(skillRel, withCode("body-too-long"))
	h.write(configRel, "rules:\n  body-too-long: off\n")
	h.diags(skillRel, without("body-too-long"))
	// A write may be seen half done (the file emptied first), so wait for
	// the publish of the whole file's setting.
	h.write(configRel, "rules:\n  body-too-long: error\n")
	h.diags(skillRel, func(p protocol.PublishDiagnosticsParams) bool {
		d, ok := find(p, "body-too-long")
		return ok && d.Severity == protocol.DiagnosticSeverityError
	})
}
