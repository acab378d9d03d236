package skillcore

import (
	"encoding/json"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

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
		if json.Unmarshal(src, &obj) == nil && obj != nil && m.Root == nil && len(src) <= loader.MaxFileBytes {
			t.Fatalf("encoding/json reads an object, ParseManifest says %+v", m.Problems)
		}
	})
}
