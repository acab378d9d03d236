package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"
)

// claudeAgent asks Claude Code what it shows the model: `claude -p` sends
// its first request to a stand-in for the Messages API on 127.0.0.1, and
// the skill listing is read from the request. The listing has no paths:
// skills are matched by the name they are listed under.
type claudeAgent struct {
	api *mockAPI
	// budget, when set, is SLASH_COMMAND_TOOL_CHAR_BUDGET: a large one
	// lifts the listing's budget so every loaded skill is listed.
	budget string
}

func (claudeAgent) id() string       { return "claude-code" }
func (claudeAgent) listing() listing { return listing{ByName: true} }
func (c claudeAgent) config() string { return "budget=" + c.budget }

// listingHead opens Claude Code's skill listing in the first user message.
const listingHead = "The following skills are available for use with the Skill tool:\n\n"

func (c claudeAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	var args []string
	for _, arg := range l.probe.args {
		args = append(args, strings.Replace(arg, "@/", l.project+"/", 1))
	}
	text, err := c.listingText(ctx, r, l, args...)
	if err != nil {
		return answer{Err: err}
	}
	a := answer{Loaded: parseClaudeListing(text, l.folders())}
	cat := claudeCatalog(text, l.folders()) // catalog.go
	a.Catalog, a.Budget = &cat, atoi(c.budgetFor(l))
	return a
}

// listingText runs `claude -p hi` (with args after it) in the layout and
// returns the skill listing of its first request.
func (c claudeAgent) listingText(ctx context.Context, r *runner, l *layout, args ...string) (string, error) {
	v := verified("claude-code")
	run := c.api.expect()
	env := r.env(l.home, "ANTHROPIC_BASE_URL="+c.api.url+"/"+run, "ANTHROPIC_API_KEY=sk-ant-probe",
		"DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1")
	if b := c.budgetFor(l); b != "" {
		env = append(env, "SLASH_COMMAND_TOOL_CHAR_BUDGET="+b)
	}
	env = append(env, l.probeEnv(budgetVar)...)
	_, errOut, err := r.run(ctx, l, "claude", nil, env, r.bin(v.Package, v.Version, "claude"), append([]string{"-p", "hi"}, args...)...)
	body := c.api.take(run)
	if err != nil && body == nil {
		return "", fmt.Errorf("claude: %v: %s", err, tail(errOut))
	}
	text, ok := claudeListingBlock(body)
	if !ok {
		return "", fmt.Errorf("claude: no request reached the stand-in API: %s", tail(errOut))
	}
	os.WriteFile(filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+".claude.listing"), []byte(text), 0o644)
	return text, nil
}

// claudeListingBlock finds the listing in a recorded request: the text
// block that holds listingHead, from it to the block's end.
func claudeListingBlock(body []byte) (string, bool) {
	if body == nil {
		return "", false
	}
	var req struct {
		Messages []struct {
			Content json.RawMessage
		}
	}
	if json.Unmarshal(body, &req) != nil {
		return "", false
	}
	for _, m := range req.Messages {
		var blocks []struct{ Type, Text string }
		if json.Unmarshal(m.Content, &blocks) != nil {
			var s string
			if json.Unmarshal(m.Content, &s) == nil {
				blocks = append(blocks, struct{ Type, Text string }{"text", s})
			}
		}
		for _, b := range blocks {
			if i := strings.Index(b.Text, listingHead); i >= 0 {
				return b.Text[i+len(listingHead):], true
			}
		}
	}
	return "", true
}

// parseClaudeListing splits the listing into its entries. An entry is
// "- NAME: text" where NAME is a folder of the layout; the text runs to the
// next entry (descriptions may hold line breaks).
func parseClaudeListing(text string, folders map[string]bool) []seen {
	// The listing ends at its first blank line; what follows (the date,
	// other reminders) belongs to no entry.
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	var out []seen
	keep := false
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "- ") {
			name, desc, ok := strings.Cut(strings.TrimSuffix(line[2:], "\n"), ": ")
			switch {
			case ok && listedFolder(name, folders):
				// Named like a folder of the layout; whether it is one of
				// the agent's own skills shows once its entry is whole.
				out = append(out, seen{Key: name, Name: name, Description: desc})
				keep = true
				continue
			case ok && (builtinName.MatchString(name) || claudecode.ClaudeOwnSkill(strings.TrimSuffix(line, "\n"))):
				// An agent's own skill: not compared.
				keep = false
				continue
			case !ok && listedFolder(name, folders):
				// Listed by name only, past the listing's budget: its
				// description is not compared (catalog.go compares the
				// listing).
				out = append(out, seen{Key: name, Name: name, Description: nameOnly})
				keep = false
				continue
			case !ok && builtinName.MatchString(name):
				keep = false
				continue
			}
		}
		if keep {
			out[len(out)-1].Description += "\n" + strings.TrimSuffix(line, "\n")
		}
	}
	return slices.DeleteFunc(out, func(s seen) bool {
		return s.Description != nameOnly && claudecode.ClaudeOwnSkill("- "+s.Name+": "+s.Description)
	})
}

// builtinName is how Claude Code's own skills are named.
var builtinName = regexp.MustCompile(`^[a-z0-9][a-z0-9:_-]*$`)

// listedFolder reports whether a listed name is one of the folders: as it
// is, without its "(name)", or after a plugin's "plugin:".
func listedFolder(name string, folders map[string]bool) bool {
	if i := strings.Index(name, " ("); i >= 0 && strings.HasSuffix(name, ")") {
		name = name[:i]
	}
	if folders[name] {
		return true
	}
	_, after, ok := strings.Cut(name, ":")
	return ok && folders[after]
}

// folders are the names of every folder laid out for the probe.
func (l *layout) folders() map[string]bool {
	out := map[string]bool{}
	for _, d := range []string{l.project, l.home} {
		filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err == nil && (e.IsDir() || e.Type()&os.ModeSymlink != 0) {
				if e.Name() == ".git" {
					return filepath.SkipDir
				}
				out[e.Name()] = true
			}
			return nil
		})
	}
	return out
}

// mockAPI stands in for the Messages API: it records the first request of
// each run (told apart by a path prefix) and answers every request with a
// short streamed reply.
type mockAPI struct{ standIn }

func newMockAPI() (*mockAPI, error) {
	m := &mockAPI{}
	return m, m.start(m)
}

func (m *mockAPI) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	run, body := request(req)
	if strings.Contains(req.URL.Path, "/v1/messages") && !strings.Contains(req.URL.Path, "count_tokens") {
		m.keep(run, body, listingHead[:40])
	}
	var ask struct{ Stream bool }
	json.Unmarshal(body, &ask)
	msg := map[string]any{"id": "msg_probe", "type": "message", "role": "assistant", "model": "claude-probe",
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": 1, "output_tokens": 1}}
	if !ask.Stream {
		msg["content"] = []any{map[string]string{"type": "text", "text": "ok"}}
		msg["stop_reason"] = "end_turn"
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	events := []struct {
		name string
		data any
	}{
		{"message_start", map[string]any{"type": "message_start", "message": msg}},
		{"content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]string{"type": "text", "text": ""}}},
		{"content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]string{"type": "text_delta", "text": "ok"}}},
		{"content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}},
		{"message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn", "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 1}}},
		{"message_stop", map[string]any{"type": "message_stop"}},
	}
	for _, e := range events {
		b, _ := json.Marshal(e.data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, b)
	}
}
