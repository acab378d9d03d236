package lsp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"
	"time"
)

// frame wraps a body in the LSP base protocol's header.
func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// FuzzServeInput feeds arbitrary bytes to the server's stdin: malformed
// headers, bad lengths, broken JSON, unknown methods, requests out of order.
// The server must never panic and must end when its input does.
func FuzzServeInput(f *testing.F) {
	home := f.TempDir()
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	seeds := []string{
		"",
		frame(initialize),
		frame(initialize) + frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`),
		"Content-Length: 5\r\n\r\n{}",
		"Content-Length: -1\r\n\r\n",
		"Content-Length: 99999999999999999999\r\n\r\n{",
		"Content-Type: text/plain\r\n\r\n",
		frame(`[{"jsonrpc":"2.0","id":1,"method":"initialize"}]`),
		frame(`{"jsonrpc":"2.0","id":1,"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x/SKILL.md","text":"---\n"}}}`),
		frame(initialize) + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///x/SKILL.md","version":2},"contentChanges":[{"range":{"start":{"line":9,"character":9},"end":{"line":0,"character":0}},"text":"x"}]}}`),
		frame(`{"jsonrpc":"2.0","id":{"bad":1},"method":"initialize"}`),
		frame(`{"jsonrpc":"2.0","id":3,"method":"$/cancelRequest","params":{"id":3}}`),
		frame("\x00\xff not json"),
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		done := make(chan int, 1)
		go func() {
			done <- Serve(ctx, bytes.NewReader(data), io.Discard, Options{Home: home, Getenv: func(string) string { return "" }})
		}()
		select {
		case code := <-done:
			if code != 0 && code != 1 {
				t.Fatalf("exit code %d", code)
			}
		case <-ctx.Done():
			t.Fatal("the server did not end when its input did")
		}
	})
}
