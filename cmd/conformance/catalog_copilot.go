package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Copilot CLI's catalog: `copilot -p hi` with a bring-your-own-key
// provider (COPILOT_PROVIDER_*) pointed at the stand-in Messages API sends
// one request; the catalog is the `<skill>\n<available_skills>` section of
// its system prompt, through `</available_skills>\n</skill>\n`. Copilot's
// own skills (location builtin, and their names at the end of the
// "Additional skills available" line) are left out; with nothing left the
// catalog is "", as skill-ls renders none.

const (
	copilotCatHead  = "<skill>\n<available_skills>\n"
	copilotCatTail  = "</available_skills>\n</skill>\n"
	copilotCatMore  = "Additional skills available (invoke by name): "
	copilotCatModel = "claude-sonnet-4.5"
)

var (
	copilotAPIOnce sync.Once
	copilotAPI     *mockAPI
	copilotAPIErr  error
)

// copilotCatalog runs `copilot -p hi` in the layout and returns its
// catalog, the agent's own skills left out.
func copilotCatalog(ctx context.Context, r *runner, l *layout) (string, error) {
	copilotAPIOnce.Do(func() { copilotAPI, copilotAPIErr = newMockAPI() })
	if copilotAPIErr != nil {
		return "", copilotAPIErr
	}
	api := copilotAPI
	v := verified("copilot")
	run := api.expect()
	env := r.env(l.home, append([]string{"COPILOT_OFFLINE=1", "COPILOT_PROVIDER_TYPE=anthropic",
		"COPILOT_PROVIDER_BASE_URL=" + api.url + "/" + run, "COPILOT_PROVIDER_API_KEY=sk-probe",
		"COPILOT_MODEL=" + copilotCatModel}, l.probeEnv()...)...)
	_, errOut, err := r.run(ctx, l, "copilot-prompt", nil, env, r.bin(v.Package, v.Version, "copilot"), "-p", "hi")
	body := api.take(run)
	if body == nil {
		return "", fmt.Errorf("copilot -p: no request reached the stand-in API (%v): %s", err, tail(errOut))
	}
	var req struct {
		System json.RawMessage
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return "", fmt.Errorf("copilot -p: request: %v", err)
	}
	var blocks []struct{ Text string }
	if json.Unmarshal(req.System, &blocks) != nil {
		var s string
		json.Unmarshal(req.System, &s)
		blocks = append(blocks, struct{ Text string }{s})
	}
	for _, b := range blocks {
		i := strings.Index(b.Text, copilotCatHead)
		if i < 0 {
			continue
		}
		j := strings.Index(b.Text[i:], copilotCatTail)
		if j < 0 {
			return "", fmt.Errorf("copilot -p: the catalog does not end")
		}
		raw := b.Text[i : i+j+len(copilotCatTail)]
		os.WriteFile(filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+".copilot.catalog"), []byte(raw), 0o644)
		return copilotUserCatalog(raw, copilotBuiltins(r)), nil
	}
	return "", nil
}

// copilotUserCatalog is the catalog without the agent's own skills: their
// entries (location builtin) and their names, listed last, at the end of
// the "Additional skills available" line.
func copilotUserCatalog(raw string, builtins []string) string {
	body := strings.TrimSuffix(strings.TrimPrefix(raw, copilotCatHead), copilotCatTail)
	var entries []string
	var more []string
	for body != "" {
		if strings.HasPrefix(body, copilotCatMore) {
			line, rest, _ := strings.Cut(body, "\n")
			more = strings.Split(strings.TrimPrefix(line, copilotCatMore), ", ")
			body = rest
			continue
		}
		end := strings.Index(body, "\n</skill>\n")
		if end < 0 {
			entries = append(entries, body) // not an entry: kept, to show
			break
		}
		entry := body[:end+len("\n</skill>\n")]
		body = body[len(entry):]
		if !strings.Contains(entry, "\n  <location>builtin</location>\n") {
			entries = append(entries, entry)
		}
	}
	// A long line ends "last... and N more": N counts the agent's own
	// skills not named, which come last.
	rest := 0
	if len(more) > 0 {
		if name, n, ok := strings.Cut(more[len(more)-1], "... and "); ok && strings.HasSuffix(n, " more") {
			more[len(more)-1] = name
			rest, _ = strconv.Atoi(strings.TrimSuffix(n, " more"))
		}
	}
	if rest > 0 {
		for _, b := range copilotListedBuiltins {
			if !slices.Contains(more, b) && !strings.Contains(raw, "  <name>"+b+"</name>\n") {
				rest--
			}
		}
	}
	// The agent's own skills come last: drop their names from the end.
	for rest <= 0 && len(more) > 0 && slices.Contains(builtins, more[len(more)-1]) {
		more = more[:len(more)-1]
	}
	if len(entries) == 0 && len(more) == 0 {
		return ""
	}
	out := copilotCatHead + strings.Join(entries, "")
	if len(more) > 0 {
		out += copilotCatMore + strings.Join(more, ", ")
		if rest > 0 {
			out += "... and " + strconv.Itoa(rest) + " more"
		}
		out += "\n"
	}
	return out + copilotCatTail
}

// copilotListedBuiltins are the agent's own skills its catalog lists
// (1.0.102; its discover-resources is not listed).
var copilotListedBuiltins = []string{"customize-cloud-agent", "github-pr-media"}

// copilotBuiltins are the names of Copilot's own skills: the folders of
// builtin/ in the package it unpacks under the cache.
func copilotBuiltins(r *runner) []string {
	v := verified("copilot")
	dirs, _ := filepath.Glob(filepath.Join(r.cache, "copilot", "pkg", "*", v.Version, "builtin", "*"))
	var out []string
	for _, d := range dirs {
		out = append(out, filepath.Base(d))
	}
	return out
}
