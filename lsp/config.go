package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

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

// maxDebounceMs bounds debounceMs: a longer wait reads as "no diagnostics".
const maxDebounceMs = 2000

// clientOnlyKeys are keys the editor integrations keep in the skill-ls
// section for themselves (the binary's path, the client's trace level);
// the server ignores them without a word.
var clientOnlyKeys = []string{"path", "trace"}

// Settings are the user's settings for skill-ls, as the server uses them:
// the initializationOptions with the client's current settings merged over
// them key by key (see settingsLayer).
type Settings struct {
	// Targets pins the agents to judge for; empty means agentskills plus
	// every agent that would discover each file.
	Targets []string
	// Roots are extra skill folders, scanned like .agents/skills.
	Roots []string
	// Home overrides the home directory of the global roots (for tests).
	Home string
	// Rules sets a rule's severity: "error", "warning", "info" or "off".
	Rules map[string]string
	// DebounceMs is how long to wait after a change before publishing
	// diagnostics, 0 to maxDebounceMs; 0 publishes on every change. nil is
	// the default (50).
	DebounceMs *int
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

// settingsLayer is what one source of settings says (initializationOptions,
// or the client's answer to workspace/configuration or its
// didChangeConfiguration). A nil field is a key the source left out or set
// to null: it keeps the value of the source before. Neovim, Zed and eglot
// answer workspace/configuration with only what the user set there, which
// must not wipe what initializationOptions said.
type settingsLayer struct {
	targets, roots *[]string
	home           *string
	debounceMs     **int // set to nil: back to the default
	// rules holds the rules the source names, merged rule by rule; ""
	// puts a rule back to its default severity. rulesReset drops every
	// earlier rule first (the source's rules were not an object).
	rules      map[string]string
	rulesReset bool
}

// with is c with l merged over it.
func (c Settings) with(l *settingsLayer) Settings {
	if l == nil {
		return c
	}
	if l.targets != nil {
		c.Targets = slices.Clone(*l.targets)
	}
	if l.roots != nil {
		c.Roots = slices.Clone(*l.roots)
	}
	if l.home != nil {
		c.Home = *l.home
	}
	if l.debounceMs != nil {
		c.DebounceMs = *l.debounceMs
	}
	if l.rulesReset || len(l.rules) > 0 {
		rules := map[string]string{}
		if !l.rulesReset {
			maps.Copy(rules, c.Rules)
		}
		for id, sev := range l.rules {
			if sev == "" {
				delete(rules, id)
			} else {
				rules[id] = sev
			}
		}
		c.Rules = nil
		if len(rules) > 0 {
			c.Rules = rules
		}
	}
	return c
}

// parseSettings reads one source's settings from raw JSON: either the
// settings object itself or an object holding it under "skill-ls". It
// returns nil when there are none (absent, null or not an object), and a
// message for every value it cannot use as given. Each such value is
// replaced by its default: an unknown target or rule is dropped, a wrongly
// typed value or a severity that is none of error, warning, info and off
// is the default, and debounceMs is clamped to 0–2000.
func parseSettings(raw []byte) (*settingsLayer, []string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, []string{fmt.Sprintf("the settings are not a JSON object (%s); using the defaults", clip(raw))}
	}
	if inner, ok := fields[configSection]; ok {
		return parseSettings(inner)
	}
	p := settingsParser{fields: fields}
	l := &settingsLayer{}
	l.targets = p.targets()
	l.roots = p.strings("roots")
	if v, ok := p.value("home"); ok {
		home := ""
		if !p.decode("home", v, &home, "a string") {
			home = ""
		}
		l.home = &home
	}
	l.rules, l.rulesReset = p.rules()
	if v, ok := p.value("debounceMs"); ok {
		d := p.debounceMs(v)
		l.debounceMs = &d
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if !p.known(k) && !slices.Contains(clientOnlyKeys, k) {
			p.warnf("%s: unknown setting; known: targets, roots, rules, debounceMs, home", k)
		}
	}
	return l, p.warnings
}

// settingsParser reads the keys of one settings object, gathering a
// message for each value it cannot use.
type settingsParser struct {
	fields   map[string]json.RawMessage
	seen     []string
	warnings []string
}

func (p *settingsParser) warnf(format string, args ...any) {
	p.warnings = append(p.warnings, fmt.Sprintf(format, args...))
}

// value is key's raw value, and false when it is absent or null.
func (p *settingsParser) value(key string) (json.RawMessage, bool) {
	p.seen = append(p.seen, key)
	v, ok := p.fields[key]
	return v, ok && string(bytes.TrimSpace(v)) != "null"
}

func (p *settingsParser) known(key string) bool { return slices.Contains(p.seen, key) }

// decode decodes v into dst, or says key is not what it should be.
func (p *settingsParser) decode(key string, v json.RawMessage, dst any, want string) bool {
	if err := json.Unmarshal(v, dst); err != nil {
		p.warnf("%s: %s is not %s; using the default", key, clip(v), want)
		return false
	}
	return true
}

// strings reads a list of strings; a wrongly typed one is the default
// (empty). An empty object is an empty list: Neovim encodes an empty Lua
// table so.
func (p *settingsParser) strings(key string) *[]string {
	v, ok := p.value(key)
	if !ok {
		return nil
	}
	list := []string{}
	if strings.Join(strings.Fields(string(v)), "") == "{}" {
		return &list
	}
	if !p.decode(key, v, &list, "a list of strings") {
		list = []string{}
	}
	return &list
}

// targets reads the target list, dropping unknown targets.
func (p *settingsParser) targets() *[]string {
	list := p.strings("targets")
	if list == nil {
		return nil
	}
	known := slices.DeleteFunc(slices.Clone(*list), func(id string) bool {
		if loader.TargetByID(id) == nil {
			p.warnf("targets: unknown target %q, left out (known: %s)", id, strings.Join(loader.TargetIDs(), ", "))
			return true
		}
		return false
	})
	return &known
}

// rules reads the per-rule severities: an unknown rule is dropped, a bad
// severity puts the rule back to its default, a null one keeps the earlier
// value. reset is true when rules is not an object at all.
func (p *settingsParser) rules() (rules map[string]string, reset bool) {
	v, ok := p.value("rules")
	if !ok {
		return nil, false
	}
	var raw map[string]json.RawMessage
	if !p.decode("rules", v, &raw, "an object of rule ids to severities") {
		return nil, true
	}
	rules = map[string]string{}
	for _, id := range slices.Sorted(maps.Keys(raw)) {
		b := bytes.TrimSpace(raw[id])
		if string(b) == "null" {
			continue
		}
		if analysis.RuleByID(id) == nil {
			p.warnf("rules: unknown rule %q, left out", id)
			continue
		}
		var word string
		_ = json.Unmarshal(b, &word)
		// The words .skill-ls.yaml and --rule take ("warn" for warning).
		if sev, ok := skillcore.SeverityOf(word); ok {
			rules[id] = sev
		} else {
			p.warnf("rules: %s: %s is not error, warning, info or off; using the rule's default", id, clip(b))
			rules[id] = ""
		}
	}
	return rules, false
}

// debounceMs reads a number of milliseconds, clamped to 0–maxDebounceMs;
// anything else is the default (nil).
func (p *settingsParser) debounceMs(v json.RawMessage) *int {
	var f float64
	if !p.decode("debounceMs", v, &f, "a number of milliseconds") {
		return nil
	}
	n := int(math.Round(math.Max(-1, math.Min(f, maxDebounceMs+1))))
	switch {
	case n < 0:
		p.warnf("debounceMs: %s is below 0; using 0", clip(v))
		n = 0
	case n > maxDebounceMs:
		p.warnf("debounceMs: %s is above %d; using %d", clip(v), maxDebounceMs, maxDebounceMs)
		n = maxDebounceMs
	}
	return &n
}

// clip is raw JSON short enough for a message.
func clip(raw []byte) string {
	const limit = 60
	s := string(bytes.TrimSpace(raw))
	if len(s) > limit {
		return s[:limit] + "…"
	}
	return s
}

// tellSettings shows the user each problem with the settings from source.
// Only the log would go unread: a wrong value silently becoming the default
// looks like the server ignoring the user.
func (s *Server) tellSettings(source string, warnings []string) {
	for _, w := range warnings {
		s.tellf(protocol.MessageTypeWarning, "%s: %s", source, w)
	}
}

// DidChangeConfiguration takes the client's new settings: pulled from the
// client when it answers workspace/configuration, else as sent. Either is
// merged over the initializationOptions. A change that matters rebuilds the
// workspace and re-diagnoses every file.
func (s *Server) DidChangeConfiguration(ctx context.Context, params *protocol.DidChangeConfigurationParams) error {
	sent, warnings := parseSettings(params.Settings)
	s.goTask(func() {
		s.mu.Lock()
		pull := s.caps.configuration
		s.mu.Unlock()
		if pull {
			// A client that never answers costs the wait of startup, then
			// its settings are taken as sent.
			ctx, cancel := context.WithTimeout(s.ctx, startupWait)
			got, ok := s.pullSettings(ctx)
			cancel()
			if ok && (got != nil || sent == nil) {
				s.setClientSettings(got)
				s.maybeRebuild()
				return
			}
		}
		s.tellSettings("settings", warnings)
		s.setClientSettings(sent)
		s.maybeRebuild()
	})
	return nil
}

// pullSettings asks the client for the "skill-ls" section: the layer it
// answered (nil for null or nothing) and whether it answered at all.
func (s *Server) pullSettings(ctx context.Context) (*settingsLayer, bool) {
	res, err := s.client.Configuration(ctx, &protocol.ConfigurationParams{
		Items: []protocol.ConfigurationItem{{Section: ptr(configSection)}},
	})
	if err != nil {
		s.logf(protocol.MessageTypeWarning, "workspace/configuration: %v", err)
		return nil, false
	}
	if len(res) == 0 {
		return nil, true
	}
	got, warnings := parseSettings(res[0])
	s.tellSettings("settings", warnings)
	return got, true
}

// setInitSettings and setClientSettings replace one source; the settings
// in use are the defaults, then the initializationOptions, then the
// client's settings, each merged over the one before.
func (s *Server) setInitSettings(l *settingsLayer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initSettings = l
	s.mergeSettingsLocked()
}

func (s *Server) setClientSettings(l *settingsLayer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientSettings = l
	s.mergeSettingsLocked()
}

func (s *Server) mergeSettingsLocked() {
	s.settings = Settings{}.with(s.initSettings).with(s.clientSettings)
	s.debounce = s.settings.debounce()
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
