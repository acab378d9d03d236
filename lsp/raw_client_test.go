package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// rawClient talks to a server in bytes, over OS pipes (whose writes block
// when the server does not read, as a real client's do), for the cases a
// protocol client cannot send: broken frames, bodies that are not JSON,
// messages that are not valid requests.
type rawClient struct {
	t      testing.TB
	in     *os.File // the server's input
	msgs   chan rawMessage
	code   chan int
	exit   int
	exited bool
}

// rawMessage is what the server sent, decoded loosely.
type rawMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// startRaw starts a server on a temporary workspace and initializes it
// with no client capabilities.
func startRaw(t testing.TB) *rawClient { return startRawWith(t, t.TempDir(), `{}`) }

// startRawWith starts a server on the workspace folder ws and initializes
// it with the client capabilities given as JSON.
func startRawWith(t testing.TB, ws, capabilities string) *rawClient {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &rawClient{t: t, in: inW, msgs: make(chan rawMessage, 64), code: make(chan int, 1)}
	home := t.TempDir()
	srv := newServer(Options{Home: home, Getenv: func(string) string { return "" }, Version: "test"})
	go func() { c.code <- srv.serve(context.Background(), stdio{inR, outW}, nil) }()
	go c.readLoop(outR)
	t.Cleanup(func() {
		c.wait()
		outR.Close()
	})
	c.send(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":%s,"rootUri":%q}}`, capabilities, uri.File(ws))))
	c.answer("1")
	c.send(frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`))
	// A file opened during the first scan is published twice (its own
	// findings, then the world's): these tests read publishes in order,
	// so they start once the scan is done.
	select {
	case <-srv.scanned:
	case <-time.After(failsafe):
		t.Fatal("the first scan never ended")
	}
	return c
}

// wait closes the server's input and returns its exit code.
func (c *rawClient) wait() int {
	c.t.Helper()
	if !c.exited {
		go func() {
			for range c.msgs { // what the server still says is not waited for
			}
		}()
		c.in.Close()
		select {
		case c.exit = <-c.code:
		case <-time.After(failsafe):
			c.t.Fatal("the server did not end with its input")
		}
		c.exited = true
	}
	return c.exit
}

func (c *rawClient) readLoop(out io.Reader) {
	defer close(c.msgs)
	r := newFrameReader(out)
	for {
		body, err := r.next()
		if err != nil {
			var fe *frameError
			if errors.As(err, &fe) {
				c.t.Errorf("the server sent a bad frame: %v", err)
				continue
			}
			return
		}
		var m rawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("the server sent %q: %v", body, err)
			continue
		}
		c.msgs <- m
	}
}

func (c *rawClient) send(raw string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, raw); err != nil {
		c.t.Fatal(err)
	}
}

// answer waits for the response with id (its JSON: `1`, `"a"`, `null`),
// skipping the server's notifications and requests.
func (c *rawClient) answer(id string) rawMessage {
	c.t.Helper()
	return c.await("an answer with id "+id, func(m rawMessage) bool { return m.Method == "" && string(m.ID) == id })
}

// await waits for the first message from the server that satisfies ok,
// skipping the others.
func (c *rawClient) await(what string, ok func(rawMessage) bool) rawMessage {
	c.t.Helper()
	deadline := time.After(failsafe)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server closed the connection before sending %s", what)
			}
			if ok(m) {
				return m
			}
		case <-deadline:
			c.t.Fatalf("no %s", what)
		}
	}
}

// alive checks that the session goes on: a request is answered.
func (c *rawClient) alive(id int) {
	c.t.Helper()
	c.send(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"workspace/symbol","params":{"query":""}}`, id)))
	if m := c.answer(fmt.Sprint(id)); m.Error != nil {
		c.t.Fatalf("request %d: %+v", id, *m.Error)
	}
}

// notify sends a notification whose params are given as JSON.
func (c *rawClient) notify(method, params string) {
	c.t.Helper()
	c.send(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params)))
}

// diagnostics waits for the diagnostics published for u.
func (c *rawClient) diagnostics(u uri.URI) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	m := c.await("diagnostics for "+string(u), func(m rawMessage) bool {
		return m.Method == protocol.MethodTextDocumentPublishDiagnostics && strings.Contains(string(m.Params), string(u))
	})
	var p protocol.PublishDiagnosticsParams
	if err := protocol.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	return p
}
