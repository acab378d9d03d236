package skillcore

import (
	"encoding/json"
	"testing"
)

// TestParseJSONRanges: every value's range is its text in the source, and
// errors point at the offending byte.
func TestParseJSONRanges(t *testing.T) {
	src := `{"name": "p\u0041", "skills": ["./a", {"x": null}], "n": 1.5e3, "t": true}`
	v, err := ParseJSON([]byte(src))
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
		_, err := ParseJSON([]byte(src))
		if err == nil || err.Range.Start != at {
			t.Errorf("%q: %+v, want the error at %d", src, err, at)
		}
	}
}

// FuzzParseManifest: any bytes give a manifest or a problem, never a
// panic, with ranges inside the text; what encoding/json accepts as an
// object, the reader accepts too.
func FuzzParseManifest(f *testing.F) {
	for _, s := range []string{`{"name": "p"}`, `{"plugins": [{"name": "a", "source": {"source": "local", "path": "./a"}}]}`, `[`, `{"a":"\ud800"}`, "\xef\xbb\xbf{}", `{"a":1}{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := ParseManifest("/x/.claude-plugin/plugin.json", src)
		for _, p := range m.Problems {
			if p.Range.Start < 0 || p.Range.End > len(src) || p.Range.Start > p.Range.End {
				t.Fatalf("range %+v out of %d bytes", p.Range, len(src))
			}
		}
		var obj map[string]any
		if json.Unmarshal(src, &obj) == nil && obj != nil && m.Root == nil && len(src) <= MaxFileBytes {
			t.Fatalf("encoding/json reads an object, ParseManifest says %+v", m.Problems)
		}
	})
}
