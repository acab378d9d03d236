package mcpserver

import (
	"bufio"
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
		reply := frameError([]byte(c.line))
		if c.code == 0 {
			if reply != nil {
				t.Errorf("%s: refused: %s", c.line, reply)
			}
			continue
		}
		var got wireError
		if err := json.Unmarshal(reply, &got); err != nil {
			t.Fatalf("%s: reply %q: %v", c.line, reply, err)
		}
		if got.Error.Code != c.code || string(got.ID) != c.id {
			t.Errorf("%s: code %d id %s, want %d %s", c.line, got.Error.Code, got.ID, c.code, c.id)
		}
	}
}

// TestGuardGoesOn: the bad lines are answered, a line past the cap is
// skipped without being held, and every good line reaches the SDK in
// order.
func TestGuardGoesOn(t *testing.T) {
	const max = 1024
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"a"}`,
		`garbage`,
		`{"jsonrpc":"2.0","id":2,"method":"b","params":{"x":"` + strings.Repeat("y", 10*max) + `"}}`,
		``,
		`{"jsonrpc":"2.0","id":3,"method":"c"}`,
	}, "\n") + "\n"
	pr, pw := io.Pipe()
	var out strings.Builder
	go guard(strings.NewReader(in), pw, &lineWriter{w: &out}, max)
	passed, _ := io.ReadAll(pr)
	want := `{"jsonrpc":"2.0","id":1,"method":"a"}` + "\n" + `{"jsonrpc":"2.0","id":3,"method":"c"}` + "\n"
	if string(passed) != want {
		t.Errorf("passed on %q, want %q", passed, want)
	}
	var codes []int
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var e wireError
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		codes = append(codes, e.Error.Code)
	}
	if len(codes) != 2 || codes[0] != -32700 || codes[1] != -32600 {
		t.Errorf("answers %v, want -32700 then -32600", codes)
	}
}
