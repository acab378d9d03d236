package lsp

import (
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// settingsAfter is the settings the server uses after initializationOptions
// init and the client's answer, each parsed as the server parses them.
func settingsAfter(t *testing.T, init, answer string) (Settings, []string) {
	t.Helper()
	i, w1 := parseSettings([]byte(init))
	a, w2 := parseSettings([]byte(answer))
	return Settings{}.with(i).with(a), append(w1, w2...)
}

// The client's answer is merged over the initializationOptions key by key,
// with the answers real clients send: Neovim 0.11 ({} for an empty
// settings table, null when there is none), Zed (null, or only what the
// user set), eglot (null, or a partial section from .dir-locals.el).
func TestSettingsMerge(t *testing.T) {
	const init = `{"targets": ["zed", "codex"], "roots": ["vendor/skills"], "rules": {"name-chars": "off"}, "debounceMs": 10}`
	want := func(mod func(*Settings)) Settings {
		s := Settings{Targets: []string{"zed", "codex"}, Roots: []string{"vendor/skills"}, Rules: map[string]string{"name-chars": "off"}, DebounceMs: ptr(10)}
		if mod != nil {
			mod(&s)
		}
		return s
	}
	for _, tc := range []struct {
		name, answer string
		want         Settings
	}{
		{"nothing", ``, want(nil)},
		{"null (eglot, Zed without settings)", `null`, want(nil)},
		{"empty object (Neovim's vim.empty_dict())", `{}`, want(nil)},
		{"empty section", `{"skill-ls": {}}`, want(nil)},
		{"null section", `{"skill-ls": null}`, want(nil)},
		{"keys set to null", `{"targets": null, "roots": null, "rules": null, "debounceMs": null, "home": null}`, want(nil)},
		{"partial: debounce only", `{"debounceMs": 0}`, want(func(s *Settings) { s.DebounceMs = ptr(0) })},
		{"partial section: one more rule", `{"skill-ls": {"rules": {"body-too-long": "off"}}}`,
			want(func(s *Settings) { s.Rules = map[string]string{"name-chars": "off", "body-too-long": "off"} })},
		{"a rule changed", `{"rules": {"name-chars": "warning"}}`, want(func(s *Settings) { s.Rules = map[string]string{"name-chars": "warning"} })},
		{"warn is warning, as in .skill-ls.yaml", `{"rules": {"name-chars": "warn"}}`, want(func(s *Settings) { s.Rules = map[string]string{"name-chars": "warning"} })},
		{"a rule set to null keeps it", `{"rules": {"name-chars": null}}`, want(nil)},
		{"targets replaced as a whole", `{"targets": ["claude-code"]}`, want(func(s *Settings) { s.Targets = []string{"claude-code"} })},
		{"an empty Lua table for a list", `{"targets": {}}`, want(func(s *Settings) { s.Targets = []string{} })},
		{"client-side keys ignored", `{"path": "/opt/skill-ls", "trace": {"server": "verbose"}}`, want(nil)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warnings := settingsAfter(t, init, tc.answer)
			if len(warnings) > 0 {
				t.Errorf("warnings: %q", warnings)
			}
			if !got.sameWorkspace(tc.want) || !samePtr(got.DebounceMs, tc.want.DebounceMs) {
				t.Errorf("got %+v (debounce %v), want %+v (debounce %v)", got, deref(got.DebounceMs), tc.want, deref(tc.want.DebounceMs))
			}
		})
	}
}

// Every setting is type-checked: a value that cannot be used is reported
// and replaced by its default; debounceMs is clamped to 0–2000.
func TestSettingsValidated(t *testing.T) {
	const init = `{"targets": ["zed"], "rules": {"name-chars": "off"}, "debounceMs": 10, "home": "/h"}`
	for _, tc := range []struct {
		name, answer string
		check        func(Settings) bool
		warn         string // in the one warning
	}{
		{"huge debounce", `{"debounceMs": 100000000}`, func(s Settings) bool { return deref(s.DebounceMs) == 2000 }, "above 2000"},
		{"negative debounce", `{"debounceMs": -5}`, func(s Settings) bool { return deref(s.DebounceMs) == 0 }, "below 0"},
		{"debounce a string", `{"debounceMs": "fast"}`, func(s Settings) bool { return s.DebounceMs == nil && s.debounce() == defaultDebounce }, `"fast"`},
		{"unknown target dropped", `{"targets": ["claude-code", "vim"]}`, func(s Settings) bool { return slices.Equal(s.Targets, []string{"claude-code"}) }, `"vim"`},
		{"targets a string", `{"targets": "zed"}`, func(s Settings) bool { return len(s.Targets) == 0 }, "list of strings"},
		{"roots a number", `{"roots": 3}`, func(s Settings) bool { return len(s.Roots) == 0 }, "list of strings"},
		{"home a number", `{"home": 3}`, func(s Settings) bool { return s.Home == "" }, "not a string"},
		{"unknown rule dropped", `{"rules": {"no-such-rule": "off"}}`, func(s Settings) bool { return s.Rules["name-chars"] == "off" && len(s.Rules) == 1 }, `"no-such-rule"`},
		{"bad severity is the rule's default", `{"rules": {"name-chars": "loud"}}`, func(s Settings) bool { return len(s.Rules) == 0 }, `"loud"`},
		{"severity a number", `{"rules": {"name-chars": 2}}`, func(s Settings) bool { return len(s.Rules) == 0 }, "2 is not error"},
		{"rules a list", `{"rules": ["name-chars"]}`, func(s Settings) bool { return len(s.Rules) == 0 }, "an object"},
		{"unknown key", `{"debounce": 5}`, func(s Settings) bool { return deref(s.DebounceMs) == 10 }, "debounce: unknown setting"},
		{"not an object", `[1, 2]`, func(s Settings) bool { return deref(s.DebounceMs) == 10 }, "not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warnings := settingsAfter(t, init, tc.answer)
			if len(warnings) != 1 || !strings.Contains(warnings[0], tc.warn) {
				t.Errorf("warnings %q, want one saying %q", warnings, tc.warn)
			}
			if !tc.check(got) {
				t.Errorf("settings %+v (debounce %v)", got, deref(got.DebounceMs))
			}
		})
	}
}

func samePtr(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// A client that answers workspace/configuration with less than the
// initializationOptions said keeps what they said: the rule turned off at
// start stays off.
func TestConfigAnswerKeepsInitOptions(t *testing.T) {
	for _, answer := range []string{"", `{}`, `{"skill-ls": {}}`, `{"debounceMs": 0}`, `{"rules": {"name-dir-mismatch": null}}`} {
		t.Run(answer, func(t *testing.T) {
			h := start(t, "scenarios/broken_name", setup{configuration: true, answer: answer,
				init: map[string]any{"rules": map[string]string{"name-dir-mismatch": "off"}}})
			const rel = "ws/.agents/skills/my-skill/SKILL.md"
			p := h.diags(rel, withCode("name-chars"))
			if slices.Contains(codes(p), "name-dir-mismatch") {
				t.Errorf("the rule turned off in initializationOptions came back: %v", codes(p))
			}
		})
	}
}

// Bad settings are shown to the user (window/showMessage), not only logged.
func TestBadSettingsShown(t *testing.T) {
	h := start(t, "", setup{init: map[string]any{"targets": []string{"zed", "vim"}, "rules": map[string]string{"name-chars": "loud"}, "debounceMs": 100_000_000}})
	h.client.awaitShown(t, "initializationOptions", `"vim"`)
	h.client.awaitShown(t, "initializationOptions", `"loud"`)
	m := h.client.awaitShown(t, "debounceMs", "2000")
	if m.Type != protocol.MessageTypeWarning {
		t.Errorf("shown as %v, want a warning", m.Type)
	}
	h.srv.mu.Lock()
	d := h.srv.debounce
	h.srv.mu.Unlock()
	if d.Milliseconds() != 2000 {
		t.Errorf("debounce %v, want 2s", d)
	}
}
