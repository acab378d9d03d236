package lsp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// A message the server cannot handle is answered with a JSON-RPC error,
// and the session goes on: the next request is answered.
func TestBadMessagesAreAnsweredAndTheSessionGoesOn(t *testing.T) {
	const (
		parseError     = -32700
		invalidRequest = -32600
	)
	tests := []struct {
		name string
		raw  string // bytes sent, framed or not
		code int64
		id   string // the id answered with, as JSON
	}{
		{"body not JSON", frame(`{"jsonrpc":"2.0","id":2,`), parseError, "null"},
		{"binary body", frame("\x00\xff\xfe not json"), parseError, "null"},
		{"empty body", "Content-Length: 0\r\n\r\n", parseError, "null"},
		{"JSON number", frame(`42`), invalidRequest, "null"},
		{"JSON string", frame(`"initialize"`), invalidRequest, "null"},
		{"JSON null", frame(`null`), invalidRequest, "null"},
		{"JSON array", frame(`[{"jsonrpc":"2.0","id":2,"method":"shutdown"}]`), invalidRequest, "null"},
		{"empty array", frame(`[]`), invalidRequest, "null"},
		{"id an object", frame(`{"jsonrpc":"2.0","id":{"bad":1},"method":"shutdown"}`), invalidRequest, "null"},
		{"id a boolean", frame(`{"jsonrpc":"2.0","id":true,"method":"shutdown"}`), invalidRequest, "null"},
		{"id an array", frame(`{"jsonrpc":"2.0","id":[2],"method":"shutdown"}`), invalidRequest, "null"},
		{"id a fraction", frame(`{"jsonrpc":"2.0","id":2.5,"method":"shutdown"}`), invalidRequest, "null"},
		{"id null", frame(`{"jsonrpc":"2.0","id":null,"method":"shutdown"}`), invalidRequest, "null"},
		{"no jsonrpc", frame(`{"id":2,"method":"shutdown"}`), invalidRequest, "2"},
		{"jsonrpc 1.0", frame(`{"jsonrpc":"1.0","id":"two","method":"shutdown"}`), invalidRequest, `"two"`},
		{"method a number", frame(`{"jsonrpc":"2.0","id":2,"method":42}`), invalidRequest, "2"},
		{"method null", frame(`{"jsonrpc":"2.0","id":2,"method":null}`), invalidRequest, "2"},
		{"no method", frame(`{"jsonrpc":"2.0","id":2}`), invalidRequest, "null"},
		{"method and result", frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown","result":1}`), invalidRequest, "2"},
		{"params a number", frame(`{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":3}`), invalidRequest, "2"},
		{"length not a number", "Content-Length: abc\r\n\r\n{}", parseError, "null"},
		{"length negative", "Content-Length: -5\r\n\r\n{}", parseError, "null"},
		{"length overflowing", "Content-Length: 99999999999999999999\r\n\r\n{", parseError, "null"},
		{"no length", "Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\"}", parseError, "null"},
		{"length twice", "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", parseError, "null"},
		{"header line without colon", "Content-Length: 2\r\ngarbage\r\n\r\n{}", parseError, "null"},
		{"header line too long", "X-Pad: " + strings.Repeat("x", 10000) + "\r\n\r\n", parseError, "null"},
		{"garbage before a frame", "hello\n" + frame(`nope`), parseError, "null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startRaw(t)
			c.send(tt.raw)
			m := c.answer(tt.id)
			if m.Error == nil || m.Error.Code != tt.code {
				t.Fatalf("answer %+v, want error %d", m, tt.code)
			}
			if !strings.HasPrefix(m.Error.Message, "skill-ls: ") {
				t.Errorf("message %q does not say who answers", m.Error.Message)
			}
			c.alive(100)
		})
	}
}

// A Content-Length over 64 MiB is refused at once, its body skipped as it
// comes without being held, and the session goes on.
func TestHugeContentLengthIsRefusedWithoutReadingTheBody(t *testing.T) {
	c := startRaw(t)
	size := maxMessage + 1
	c.send(fmt.Sprintf("Content-Length: %d\r\n\r\n", size))
	if m := c.answer("null"); m.Error == nil || m.Error.Code != -32600 {
		t.Fatalf("answer %+v, want -32600", m)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	chunk := make([]byte, 64<<10)
	for sent := 0; sent < size; sent += len(chunk) {
		if _, err := c.in.Write(chunk[:min(len(chunk), size-sent)]); err != nil {
			t.Fatal(err)
		}
	}
	c.alive(2)
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > maxMessage/4 {
		t.Errorf("skipping a %d-byte body allocated %d bytes", size, grew)
	}
}

// A header cut off by the end of input ends the session, as the input has.
func TestInputEndingInsideAFrameEndsTheSession(t *testing.T) {
	c := startRaw(t)
	c.send("Content-Length: 50\r\n\r\n{\"jsonrpc\":")
	if code := c.wait(); code != 1 {
		t.Errorf("exit code %d, want 1 (no shutdown)", code)
	}
}
