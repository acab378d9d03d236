package syntax

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestParseJSONRanges: every value's range is its text in the source, and
// errors point at the offending byte.
func TestParseJSONRanges(t *testing.T) {
	src := `{"name": "p\u0041", "skills": ["./a", {"x": null}], "n": 1.5e3, "t": true}`
	v, err := ParseJSON([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"name": `"p\u0041"`, "skills": `["./a", {"x": null}]`, "n": "1.5e3", "t": "true"} {
		if got := v.Get(key).Range.Text([]byte(src)); got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
	if s, _ := v.Get("name").Str(); s != "pA" {
		t.Errorf("decoded %q", s)
	}
	if m := v.Member("skills"); m.KeyRange.Text([]byte(src)) != `"skills"` || v.Get("skills").Items[1].Kind != JSONObject {
		t.Errorf("skills %+v", m)
	}
	for src, at := range map[string]int{`{"a": }`: 6, `{"a": 1,}`: 7, `[1] x`: 4, `{"a" 1}`: 5} {
		_, err := ParseJSON([]byte(src), nil)
		if err == nil || err.Range.Start != at {
			t.Errorf("%q: %+v, want the error at %d", src, err, at)
		}
	}
}

// FuzzJSONFast: what the fast reader reads, jsontext reads the same, value
// for value and range for range; what jsontext refuses, it gives up on.
func FuzzJSONFast(f *testing.F) {
	for _, s := range []string{`{"name": "p\u0041", "skills": ["./a", {"x": null}], "n": -1.5e3, "t": true, "f": false}`,
		`[]`, `{}`, ` [1, 2.0, 0, -0.1E+2] `, `{"a":"\ud800"}`, `{"a":"\u00e9\n\t\"\\\/"}`, `{"é": "ü"}`, "\"a\xffb\"", `{"a":1,}`, `[01]`, `tru`, `{"a" 1}`, `{"a":1}{}`, `[[[[[[]]]]]]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fast, ok := parseJSONFast(src, nil)
		if !ok {
			return
		}
		slow, err := parseJSONTokens(src)
		if err != nil {
			t.Fatalf("fast reads %q, jsontext says %+v", src, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: fast %s, jsontext %s", src, dumpJSON(fast), dumpJSON(slow))
		}
	})
}

// TestJSONFastReadsManifests: the real manifests of testdata, all of them
// valid, take the fast reader and read as jsontext reads them.
func TestJSONFastReadsManifests(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		slow, jerr := parseJSONTokens(src)
		fast, ok := parseJSONFast(src, nil)
		switch {
		case jerr == nil && !ok:
			t.Errorf("%s: the fast reader gives up", p)
		case ok && !reflect.DeepEqual(fast, slow):
			t.Errorf("%s: the readers differ", p)
		}
		n++
		return nil
	})
	if err != nil || n < 100 {
		t.Fatalf("%d manifests read: %v", n, err)
	}
}

func dumpJSON(v *JSONValue) string { b, _ := json.Marshal(v); return string(b) }
