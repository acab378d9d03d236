package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// benchClient drives a skill-ls server process over stdio with raw JSON
// messages, recording when diagnostics arrive for each document version.
type benchClient struct {
	cmd   *exec.Cmd
	conn  jsonrpc2.Conn
	start time.Time

	mu       sync.Mutex
	seen     map[string]bool          // URIs that got diagnostics
	waiters  map[string]chan struct{} // "uri#version" -> closed on arrival
	allSeen  chan struct{}
	expected int
	// scanEnded is closed when the server ends the work-done progress of
	// its first scan (a client that offers progress).
	scanEnded chan struct{}
	ended     bool
}

type rwc struct {
	io.Reader
	io.WriteCloser
}

// startServer runs "exe serve" with the given home and returns the client
// once the process is started.
func startServer(ctx context.Context, exe, home string) (*benchClient, error) {
	args := []string{"serve"}
	if prof := os.Getenv("SKILL_LS_BENCH_CPUPROFILE"); prof != "" {
		args = append(args, "--cpuprofile", prof)
	}
	if prof := os.Getenv("SKILL_LS_BENCH_MEMPROFILE"); prof != "" {
		args = append(args, "--memprofile", prof)
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), "HOME="+home)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if os.Getenv("SKILL_LS_BENCH_STDERR") != "" {
		cmd.Stderr = os.Stderr // the server's own log (GODEBUG=gctrace=1 and the like)
	}
	c := &benchClient{cmd: cmd, seen: map[string]bool{}, waiters: map[string]chan struct{}{}, allSeen: make(chan struct{}), scanEnded: make(chan struct{})}
	c.start = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc{stdout, stdin}))
	c.conn.Go(ctx, c.handle)
	return c, nil
}

func (c *benchClient) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	switch req.Method() {
	case "textDocument/publishDiagnostics":
		p, err := readPublished(req.Params())
		if err != nil {
			return nil, nil
		}
		c.mu.Lock()
		if !c.seen[p.URI] {
			c.seen[p.URI] = true
			if len(c.seen) == c.expected {
				close(c.allSeen)
			}
		}
		if p.Version != nil {
			key := p.URI + "#" + strconv.Itoa(*p.Version)
			if ch, ok := c.waiters[key]; ok {
				close(ch)
				delete(c.waiters, key)
			}
		}
		c.mu.Unlock()
		return nil, nil
	case "workspace/configuration":
		return []any{nil}, nil
	case "$/progress":
		var p struct {
			Value struct{ Kind string }
		}
		if json.Unmarshal(req.Params(), &p) == nil && p.Value.Kind == "end" {
			c.mu.Lock()
			if !c.ended {
				c.ended = true
				close(c.scanEnded)
			}
			c.mu.Unlock()
		}
		return nil, nil
	}
	if req.IsCall() {
		return nil, nil
	}
	return nil, nil
}

// published is what the client reads of a publishDiagnostics.
type published struct {
	URI     string
	Version *int
}

// readPublished reads the uri and version of a publishDiagnostics, which
// the server writes before the diagnostics, and stops there: the client
// does not spend the machine's CPU, which the server's scan needs, reading
// diagnostics it does not look at.
func readPublished(params []byte) (published, error) {
	var p published
	dec := json.NewDecoder(bytes.NewReader(params))
	if _, err := dec.Token(); err != nil { // {
		return p, err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return p, err
		}
		switch key {
		case "uri":
			err = dec.Decode(&p.URI)
		case "version":
			err = dec.Decode(&p.Version)
		default:
			if p.URI != "" {
				return p, nil
			}
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

// expect sets how many distinct documents must get diagnostics before
// allSeen closes.
func (c *benchClient) expect(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.expected = n
	if len(c.seen) >= n {
		close(c.allSeen)
	}
}

// await returns a channel closed when diagnostics for uri at version arrive.
func (c *benchClient) await(uri string, version int) chan struct{} {
	ch := make(chan struct{})
	c.mu.Lock()
	c.waiters[uri+"#"+strconv.Itoa(version)] = ch
	c.mu.Unlock()
	return ch
}

func (c *benchClient) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	var out json.RawMessage
	_, err := c.conn.Call(ctx, method, params, &out)
	return out, err
}

func (c *benchClient) notify(ctx context.Context, method string, params any) error {
	return c.conn.Notify(ctx, method, params)
}

// peakRSS reads the server's high-water resident memory from /proc.
func (c *benchClient) peakRSS() (int64, error) { return c.statusBytes("VmHWM:") }

// statusBytes reads one memory line of the server's /proc status, in bytes.
func (c *benchClient) statusBytes(field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field) {
			kb, err := strconv.ParseInt(strings.Fields(line)[1], 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc status", field)
}

// startInitialized starts a server and initializes it on project, with
// work-done progress on offer (so that the end of its first scan is told).
func startInitialized(ctx context.Context, exe, project, home string) (*benchClient, error) {
	c, err := startServer(ctx, exe, home)
	if err != nil {
		return nil, err
	}
	if _, err := c.call(ctx, "initialize", initParams(project, home, true)); err != nil {
		c.close(ctx)
		return nil, fmt.Errorf("initialize: %w", err)
	}
	if err := c.notify(ctx, "initialized", map[string]any{}); err != nil {
		c.close(ctx)
		return nil, err
	}
	return c, nil
}

// cpuTime is the CPU the server has used so far, user and system, from
// /proc (in clock ticks of 10 ms): steadier than wall time on a shared
// machine, for comparing commits.
func (c *benchClient) cpuTime() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which is in parentheses.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("bad /proc stat")
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

func (c *benchClient) close(ctx context.Context) {
	_, _ = c.call(ctx, "shutdown", nil)
	_ = c.notify(ctx, "exit", nil)
	done := make(chan struct{})
	go func() { _ = c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = c.cmd.Process.Kill()
	}
}
