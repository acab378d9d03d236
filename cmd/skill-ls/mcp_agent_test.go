package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The end-to-end test of `skill-ls mcp` with a real agent: Claude Code,
// installed by scripts/agents.sh under $SKILL_LS_AGENTS (scripts/test.sh
// sets it), adds the server with `claude mcp add` and, driven by `claude
// -p` against a local stand-in for the Messages API, calls the check
// tool; the stand-in then reads the tool's answer in the next request.
// Without SKILL_LS_AGENTS, or without Claude Code there, it is skipped.

// mcpToolUseID names the stand-in's one tool call.
const mcpToolUseID = "toolu_skillls_check"

func TestMCPClaudeCode(t *testing.T) {
	claude := installedClaude(t)
	// Built before HOME moves, with the user's build cache.
	bin := filepath.Join(t.TempDir(), "skill-ls")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := writeCheckTree(t, checkTree)
	proj, home := filepath.Join(dir, "proj"), filepath.Join(dir, "claude-home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	api := newToolUseAPI(t, "mcp__skill-ls__check", map[string]any{"paths": []string{".agents/skills/broken"}})
	env := append(agentEnv(home), "ANTHROPIC_BASE_URL="+api.url, "ANTHROPIC_API_KEY=dummy",
		"DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1",
		// MCP tools in the request itself, not behind a tool search.
		"ENABLE_TOOL_SEARCH=false")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hung agent, not a pace
	defer cancel()
	runAgent := func(args ...string) string {
		cmd := exec.CommandContext(ctx, claude, args...)
		cmd.Dir, cmd.Env = proj, env
		began := time.Now()
		out, err := cmd.CombinedOutput()
		t.Logf("claude %s: %s", args[0], time.Since(began).Round(time.Second))
		if err != nil {
			t.Fatalf("claude %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	runAgent("mcp", "add", "skill-ls", "--", bin, "mcp")
	if out := runAgent("mcp", "list"); !strings.Contains(out, "skill-ls") {
		t.Fatalf("claude mcp list does not show the server:\n%s", out)
	}
	out := runAgent("-p", "Check the skill in .agents/skills/broken", "--allowedTools", "mcp__skill-ls__check")
	result, ok := api.toolResult()
	if !ok {
		t.Fatalf("no tool_result came back to the API; claude said:\n%s\nrequests: %s", out, api.seen())
	}
	// Every tool reached the model's request, under Claude Code's names.
	for _, tool := range []string{"check", "resolve", "catalog", "explain", "fix"} {
		if seen := api.seen(); !strings.Contains(seen, "mcp__skill-ls__"+tool) {
			t.Errorf("the request offered no %s tool: %s", tool, seen)
		}
	}
	if strings.HasPrefix(result, "is_error") {
		t.Fatalf("the tool failed: %s", result)
	}
	// The answer is check's report: the broken skill's YAML error, by
	// absolute path, and the names the agents load it under.
	for _, want := range []string{`"path":"` + filepath.Join(proj, ".agents/skills/broken/SKILL.md"), `"rule":"yaml-syntax"`, `"loadedAs":[{"target":"codex","name":"broken"}`} {
		if !strings.Contains(result, want) {
			t.Errorf("tool result lacks %s:\n%s", want, result)
		}
	}
	if !strings.Contains(out, "checked") {
		t.Errorf("claude's last word %q is not the stand-in's", out)
	}
}

// installedClaude is Claude Code's binary under $SKILL_LS_AGENTS, or the
// test is skipped.
func installedClaude(t *testing.T) string {
	agents := os.Getenv("SKILL_LS_AGENTS")
	if agents == "" {
		t.Skip("SKILL_LS_AGENTS is not set (scripts/test.sh sets it to the agents scripts/agents.sh installs)")
	}
	dirs, _ := filepath.Glob(filepath.Join(agents, "_anthropic-ai+claude-code_*"))
	for i := len(dirs) - 1; i >= 0; i-- {
		bin := filepath.Join(dirs[i], "node_modules", ".bin", "claude")
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	t.Skipf("Claude Code is not installed under %s (scripts/agents.sh)", agents)
	return ""
}

// agentEnv is a throw-away home for an agent run: nothing of the user's
// settings, credentials or sessions is read or written.
func agentEnv(home string) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "USER=probe", "LANG=C.UTF-8", "TERM=dumb", "NO_COLOR=1",
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache")}
}

// toolUseAPI stands in for the Messages API on 127.0.0.1: the agent's
// first request that offers the tool is answered with a call of it; the
// request that brings the call's result back is kept, and answered with
// text. Every other request (titles, quota checks) gets a short text.
type toolUseAPI struct {
	url   string
	tool  string
	input map[string]any
	mu    sync.Mutex
	asked bool
	got   *string
	names []string // tools of each request, for a failure's message
}

func newToolUseAPI(t *testing.T, tool string, input map[string]any) *toolUseAPI {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := &toolUseAPI{url: "http://" + ln.Addr().String(), tool: tool, input: input}
	srv := &http.Server{Handler: a}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return a
}

func (a *toolUseAPI) toolResult() (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.got == nil {
		return "", false
	}
	return *a.got, true
}

func (a *toolUseAPI) seen() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return strings.Join(a.names, "; ")
}

// messagesRequest is what the stand-in reads of a request.
type messagesRequest struct {
	Stream bool `json:"stream"`
	Tools  []struct {
		Name string `json:"name"`
	} `json:"tools"`
	Messages []struct {
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// resultOf is the content of the tool_result for the stand-in's call,
// if the request holds it.
func (r messagesRequest) resultOf(id string) (string, bool) {
	for _, m := range r.Messages {
		var blocks []struct {
			Type      string          `json:"type"`
			ToolUseID string          `json:"tool_use_id"`
			Content   json.RawMessage `json:"content"`
			IsError   bool            `json:"is_error"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type == "tool_result" && b.ToolUseID == id {
				text := toolResultText(b.Content)
				if b.IsError {
					text = "is_error: " + text
				}
				return text, true
			}
		}
	}
	return "", false
}

// toolResultText is a tool_result's content as text: a string, or the
// text of its blocks.
func toolResultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct{ Text string }
	json.Unmarshal(raw, &blocks)
	var b strings.Builder
	for _, x := range blocks {
		b.WriteString(x.Text)
	}
	return b.String()
}

func (a *toolUseAPI) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(req.Body, 64<<20))
	var r messagesRequest
	json.Unmarshal(body, &r)
	a.mu.Lock()
	var names []string
	offers := false
	for _, tool := range r.Tools {
		names = append(names, tool.Name)
		offers = offers || tool.Name == a.tool
	}
	a.names = append(a.names, req.URL.Path+" ["+strings.Join(names, ",")+"]")
	reply := "ok"
	var call map[string]any
	if result, ok := r.resultOf(mcpToolUseID); ok {
		a.got, reply = &result, "checked"
	} else if offers && !a.asked && strings.HasSuffix(req.URL.Path, "/v1/messages") {
		a.asked = true
		call = a.input
	}
	a.mu.Unlock()
	writeMessage(w, r.Stream, reply, a.tool, call)
}

// writeMessage answers a Messages request, streamed or not: a call of
// tool with input when input is set, else the text.
func writeMessage(w http.ResponseWriter, stream bool, text, tool string, input map[string]any) {
	msg := map[string]any{"id": "msg_mcp", "type": "message", "role": "assistant", "model": "claude-stand-in",
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": 1, "output_tokens": 1}}
	block, stop := map[string]any{"type": "text", "text": text}, "end_turn"
	if input != nil {
		block, stop = map[string]any{"type": "tool_use", "id": mcpToolUseID, "name": tool, "input": input}, "tool_use"
	}
	if !stream {
		msg["content"], msg["stop_reason"] = []any{block}, stop
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	start, delta := map[string]any{"type": "text", "text": ""}, map[string]any{"type": "text_delta", "text": text}
	if input != nil {
		in, _ := json.Marshal(input)
		start = map[string]any{"type": "tool_use", "id": mcpToolUseID, "name": tool, "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": string(in)}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, e := range []map[string]any{
		{"type": "message_start", "message": msg},
		{"type": "content_block_start", "index": 0, "content_block": start},
		{"type": "content_block_delta", "index": 0, "delta": delta},
		{"type": "content_block_stop", "index": 0},
		{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 1}},
		{"type": "message_stop"},
	} {
		b, _ := json.Marshal(e)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e["type"], b)
	}
}
