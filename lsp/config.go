package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// configSection is the section skill-ls reads in workspace/configuration,
// and the key it looks for in settings sent with didChangeConfiguration.
const configSection = "skill-ls"

// defaultDebounce is how long the server waits after a keystroke before it
// publishes, so a burst of typing is analysed once.
const defaultDebounce = 50 * time.Millisecond

// Settings are the user's settings for skill-ls. They come from the
// initializationOptions, from workspace/didChangeConfiguration and from
// workspace/configuration (section "skill-ls"); each is either the settings
// object itself or an object holding it under "skill-ls".
type Settings struct {
	// Targets pins the agents to judge for; empty means agentskills plus
	// every agent that would discover each file.
	Targets []string `json:"targets,omitempty"`
	// Roots are extra skill folders, scanned like .agents/skills.
	Roots []string `json:"roots,omitempty"`
	// Home overrides the home directory of the global roots (for tests).
	Home string `json:"home,omitempty"`
	// Rules sets a rule's severity: "error", "warning", "info" or "off".
	Rules map[string]string `json:"rules,omitempty"`
	// DebounceMs is how long to wait after a change before publishing
	// diagnostics; 0 publishes on every change. Default 50.
	DebounceMs *int `json:"debounceMs,omitempty"`
}

func (c Settings) debounce() time.Duration {
	if c.DebounceMs == nil {
		return defaultDebounce
	}
	return time.Duration(*c.DebounceMs) * time.Millisecond
}

// sameWorkspace reports whether two settings make the same workspace, so
// that only a change that matters rebuilds it.
func (c Settings) sameWorkspace(d Settings) bool {
	return slices.Equal(c.Targets, d.Targets) && slices.Equal(c.Roots, d.Roots) &&
		c.Home == d.Home && maps.Equal(c.Rules, d.Rules)
}

// parseSettings reads settings from raw JSON, returning nil when there are
// none (absent or null) and a warning for every value it cannot use.
func parseSettings(raw []byte) (*Settings, []string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, []string{"settings are not a JSON object"}
	}
	if inner, ok := fields[configSection]; ok {
		return parseSettings(inner)
	}
	var out Settings
	var warnings []string
	field := func(key string, v any) {
		if b, ok := fields[key]; ok && string(b) != "null" {
			if err := json.Unmarshal(b, v); err != nil {
				warnings = append(warnings, fmt.Sprintf("%s: %s is not the right type; ignored", key, b))
			}
		}
	}
	field("targets", &out.Targets)
	field("roots", &out.Roots)
	field("home", &out.Home)
	field("rules", &out.Rules)
	field("debounceMs", &out.DebounceMs)
	out.Targets = slices.DeleteFunc(out.Targets, func(id string) bool {
		if skillcore.TargetByID(id) == nil {
			warnings = append(warnings, fmt.Sprintf("targets: unknown target %q (known: %v)", id, skillcore.TargetIDs()))
			return true
		}
		return false
	})
	for _, id := range slices.Sorted(maps.Keys(out.Rules)) {
		sev := out.Rules[id]
		if analysis.RuleByID(id) == nil {
			warnings = append(warnings, fmt.Sprintf("rules: unknown rule %q", id))
		}
		switch sev {
		case "error", "warning", "info", "off":
		default:
			warnings = append(warnings, fmt.Sprintf("rules: %s: severity %q is not error, warning, info or off; ignored", id, sev))
			delete(out.Rules, id)
		}
	}
	if out.DebounceMs != nil && *out.DebounceMs < 0 {
		warnings = append(warnings, fmt.Sprintf("debounceMs: %d is negative; using 0", *out.DebounceMs))
		out.DebounceMs = ptr(0)
	}
	return &out, warnings
}

// DidChangeConfiguration takes the new settings: pulled from the client
// when it answers workspace/configuration, else as sent. A change that
// matters rebuilds the workspace and re-diagnoses every file.
func (s *Server) DidChangeConfiguration(ctx context.Context, params *protocol.DidChangeConfigurationParams) error {
	sent, warnings := parseSettings(params.Settings)
	s.goTask(func() {
		for _, w := range warnings {
			s.logf(protocol.MessageTypeWarning, "settings: %s", w)
		}
		s.mu.Lock()
		pull := s.caps.configuration
		s.mu.Unlock()
		if pull && s.pullSettings(s.ctx) {
			s.maybeRebuild()
			return
		}
		if sent != nil {
			s.setSettings(*sent)
			s.maybeRebuild()
		}
	})
	return nil
}

// pullSettings asks the client for the "skill-ls" section and applies what
// it returns, reporting whether it returned any.
func (s *Server) pullSettings(ctx context.Context) bool {
	res, err := s.client.Configuration(ctx, &protocol.ConfigurationParams{
		Items: []protocol.ConfigurationItem{{Section: ptr(configSection)}},
	})
	if err != nil {
		s.logf(protocol.MessageTypeWarning, "workspace/configuration: %v", err)
		return false
	}
	if len(res) == 0 {
		return false
	}
	got, warnings := parseSettings(res[0])
	for _, w := range warnings {
		s.logf(protocol.MessageTypeWarning, "settings: %s", w)
	}
	if got == nil {
		return false
	}
	s.setSettings(*got)
	return true
}

func (s *Server) setSettings(c Settings) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings = c
	s.debounce = c.debounce()
}

// maybeRebuild rebuilds the workspace when the settings it was built from
// have changed.
func (s *Server) maybeRebuild() {
	s.mu.Lock()
	same := s.ready && s.builtWith.sameWorkspace(s.settings) && slices.Equal(s.builtFolders, s.folders)
	s.mu.Unlock()
	if !same {
		s.rebuild()
	}
}
