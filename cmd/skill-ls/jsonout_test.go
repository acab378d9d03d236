package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// tricky are strings encoding/json escapes in every way it has.
var tricky = []string{"", "plain", "a<b>&c", "\x00\x01\x1f\x7f", "\b\f\n\r\t\"\\/", "\u2028 \u2029", "\xff\xfe bad \xc3", "é日本 🙂", "\ufffd"}

// TestReportJSONMatchesEncodingJSON: the hand-written JSON of a file's
// report is what encoding/json writes of it, byte for byte.
func TestReportJSONMatchesEncodingJSON(t *testing.T) {
	var files []fileReport
	m := "m.json"
	for i, s := range tricky {
		files = append(files, fileReport{
			Path: s, Name: s, LoadedBy: []string{s, "claude-code"},
			Packages: []packageReport{{Format: s, Manifest: &m, Plugin: s, LoadedAs: []loadedAs{{Target: s, Name: s}}},
				{Format: "x", Marketplace: &s, LoadedAs: []loadedAs{}}},
			Findings: []findingReport{{Rule: s, Severity: "error", Message: s, Targets: []string{s},
				Range:   span{Start: point{1, 2, 3}, End: point{i, -1, 1 << 40}},
				Related: []relatedReport{{Path: s, Message: s}}, Fixes: []fixReport{{Title: s, Safe: i%2 == 0}}},
				{Rule: "r"}},
		})
	}
	files = append(files, fileReport{}, fileReport{LoadedBy: []string{}, Packages: []packageReport{}, Findings: []findingReport{}, Fixed: []string{}},
		fileReport{Fixed: []string{"quoted the description"}})
	for _, fr := range files {
		want, err := json.Marshal(fr)
		if err != nil {
			t.Fatal(err)
		}
		if got := fr.appendJSON(nil); !bytes.Equal(got, want) {
			t.Errorf("differs from encoding/json:\n got %s\nwant %s", got, want)
		}
	}
}

func FuzzJSONString(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}
