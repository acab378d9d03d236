package mcpserver

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestFrameError(t *testing.T) {
	cases := []struct {
		line string
		code int // 0: passed on
		id   string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","method":"x","params":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":3,"result":{}}`, 0, ""},
		{`not json`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":1,`, -32700, "null"},
		{`[1,2]`, -32600, "null"},
		{`"text"`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"x"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":1.5,"method":"x"}`, -32600, "null"},
		{`{"id":4,"method":"x"}`, -32600, "4"},
		{`{"jsonrpc":"2.0","id":5,"method":7}`, -32600, "5"},
		{`{"jsonrpc":"2.0"}`, -32600, "null"},
	}
	for _, c := range cases {
		id, code, msg := frameError([]byte(c.line))
		if code != c.code || string(orNull(id, "null")) != c.id && c.code != 0 || c.code != 0 && msg == "" {
			t.Errorf("%s: code %d id %s %q, want %d %s", c.line, code, id, msg, c.code, c.id)
		}
	}
}

func orNull(id json.RawMessage, null string) json.RawMessage {
	if id == nil {
		return json.RawMessage(null)
	}
	return id
}

// TestGuardGoesOn: the bad lines are refused (on the output when they
// have an id, else on the log), a line past the cap is skipped without
// being held, and every good line reaches the SDK in order.
func TestGuardGoesOn(t *testing.T) {
	const max = 1024
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"a"}`,
		`garbage`,
		`{"jsonrpc":"2.0","id":9,"method":7}`,
		`{"jsonrpc":"2.0","id":2,"method":"b","params":{"x":"` + strings.Repeat("y", 10*max) + `"}}`,
		``,
		`{"jsonrpc":"2.0","id":3,"method":"c"}`,
	}, "\n") + "\n"
	pr, pw := io.Pipe()
	var out, log strings.Builder
	go guard(strings.NewReader(in), pw, &lineWriter{w: &out}, &log, max)
	passed, _ := io.ReadAll(pr)
	want := `{"jsonrpc":"2.0","id":1,"method":"a"}` + "\n" + `{"jsonrpc":"2.0","id":3,"method":"c"}` + "\n"
	if string(passed) != want {
		t.Errorf("passed on %q, want %q", passed, want)
	}
	var e wireError
	if err := json.Unmarshal([]byte(out.String()), &e); err != nil || e.Error.Code != -32600 || string(e.ID) != "9" {
		t.Errorf("answered %q, want -32600 for id 9 alone", out.String())
	}
	if got := log.String(); strings.Count(got, "\n") != 2 || !strings.Contains(got, "(-32700)") || !strings.Contains(got, "longer than") {
		t.Errorf("logged %q, want the garbage and the long line", got)
	}
}
