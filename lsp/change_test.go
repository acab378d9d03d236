package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A didChange whose range cannot be read or does not fit the text is
// refused: the document keeps its last good text (never replaced whole,
// never edited at offset 0), and the user is asked to reopen the file.
func TestBadChangeRangeIsRefused(t *testing.T) {
	const text = "---\nname: Bad_Name\ndescription: d\n---\nbody\n"
	tests := []struct{ name, rng string }{
		{"string", `"0:0-0:1"`},
		{"null", `null`},
		{"number", `3`},
		{"missing end", `{"start":{"line":0,"character":0}}`},
		{"position null", `{"start":null,"end":{"line":0,"character":0}}`},
		{"missing character", `{"start":{"line":0},"end":{"line":0,"character":0}}`},
		{"negative", `{"start":{"line":-1,"character":0},"end":{"line":0,"character":0}}`},
		{"overflowing", `{"start":{"line":0,"character":0},"end":{"line":4294967296,"character":0}}`},
		{"over uinteger", `{"start":{"line":0,"character":0},"end":{"line":0,"character":2147483648}}`},
		{"fractional", `{"start":{"line":0,"character":0.5},"end":{"line":0,"character":1}}`},
		{"exponent", `{"start":{"line":0,"character":1e1},"end":{"line":0,"character":10}}`},
		{"quoted number", `{"start":{"line":"0","character":0},"end":{"line":0,"character":1}}`},
		{"line past end", `{"start":{"line":9,"character":0},"end":{"line":9,"character":0}}`},
		{"start after end", `{"start":{"line":1,"character":4},"end":{"line":0,"character":0}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := t.TempDir()
			u := uri.File(filepath.Join(ws, ".agents", "skills", "demo", "SKILL.md"))
			c := startRawWith(t, ws, `{}`)
			c.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"markdown","version":1,"text":%q}}`, u, text))
			before := c.diagnostics(u)
			// Applied whole or at 0, this text would fix the name.
			c.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":2},"contentChanges":[{"range":%s,"text":"---\nname: demo\ndescription: d\n---\n"}]}`, u, tt.rng))
			shown := c.await("window/showMessage", func(m rawMessage) bool { return m.Method == protocol.MethodWindowShowMessage })
			if !strings.Contains(string(shown.Params), "reopen") {
				t.Errorf("message %s does not ask to reopen the file", shown.Params)
			}
			c.notify("textDocument/didSave", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, u))
			after := c.diagnostics(u)
			v, _ := after.Version.Get()
			if v != 1 || !slices.Equal(codes(after), codes(before)) {
				t.Errorf("after the refused change: version %d, %v; want version 1, %v", v, codes(after), codes(before))
			}
			// Out of step, the server takes the next whole text.
			c.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":3},"contentChanges":[{"text":"---\nname: demo\ndescription: d\n---\n"}]}`, u))
			c.notify("textDocument/didSave", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, u))
			if v, _ := c.diagnostics(u).Version.Get(); v != 3 {
				t.Errorf("a whole text after the refusal gave version %d, want 3", v)
			}
		})
	}
}

// FuzzDidChangeRange decodes and applies a didChange whose range is any
// JSON: the change is refused or applied as a ranged edit, never as a
// change of the whole document.
func FuzzDidChangeRange(f *testing.F) {
	for _, s := range []string{
		`{"start":{"line":0,"character":1},"end":{"line":1,"character":0}}`,
		`"0:0"`, `null`, `{}`, `{"start":{"line":0,"character":0}}`,
		`{"start":{"line":-1,"character":0},"end":{"line":0,"character":0}}`,
		`{"start":{"line":0,"character":0.5},"end":{"line":0,"character":1}}`,
		`{"start":{"line":99999999999,"character":0},"end":{"line":0,"character":0}}`,
	} {
		f.Add(s, "---\nname: a🎉\r\n---\n")
	}
	f.Fuzz(func(t *testing.T, rawRange, text string) {
		params := fmt.Sprintf(`{"textDocument":{"uri":"file:///w/SKILL.md","version":2},"contentChanges":[{"range":%s,"text":"X"}]}`, rawRange)
		if !json.Valid([]byte(params)) {
			return // not a frame the stream lets through
		}
		_, changes, err := decodeDidChange([]byte(params))
		if err != nil {
			return
		}
		if len(changes) != 1 || changes[0].rng == nil {
			t.Fatalf("range %s decoded as %+v", rawRange, changes)
		}
		var want struct {
			Start, End struct{ Line, Character uint32 }
		}
		if err := json.Unmarshal([]byte(rawRange), &want); err != nil {
			t.Fatalf("range %s decoded, but it is not a range: %v", rawRange, err)
		}
		got, err := applyChanges([]byte(text), changes, UTF16)
		if err == nil && len(got) > len(text)+1 {
			t.Fatalf("one byte inserted grew %q to %q", text, got)
		}
	})
}
