package loader_test

import (
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

func TestParseSemver(t *testing.T) {
	for s, ok := range map[string]bool{
		"1.10.0": true, "0.0.0": true, "1.0.0-rc.1": true, "1.0.0-0.3.7": true, "1.0.0+20130313144700": true,
		"1.0.0-beta+exp.sha.5114f85": true, "1.0.0-x-y-z.--": true, "1.0.0+001": true,
		"1.0": false, "v1.0.0": false, "01.0.0": false, "1.0.0-01": false, "1.0.0-": false, "1.0.0+": false,
		"1.0.0-a..b": false, "1..0": false, "latest": false, "local": false, "1.0.0.0": false, "1.0.0-a_b": false,
	} {
		if _, got := loader.ParseSemver(s); got != ok {
			t.Errorf("parseSemver(%q) ok = %t, want %t", s, got, ok)
		}
	}
}

func TestCompareSemver(t *testing.T) {
	// Each version is below the next (semver.org's order, then build
	// metadata as Rust's semver crate orders it).
	order := []string{
		"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
		"1.0.0-rc.1", "1.0.0", "1.0.0+a", "1.0.0+b", "1.2.0", "1.9.0", "1.10.0", "2.0.0-rc.2", "2.0.0-rc.10", "2.0.0", "10.0.0",
	}
	for i := range len(order) - 1 {
		a, _ := loader.ParseSemver(order[i])
		b, _ := loader.ParseSemver(order[i+1])
		if a.Compare(b) >= 0 || b.Compare(a) <= 0 {
			t.Errorf("%s is not below %s", order[i], order[i+1])
		}
		if a.Compare(a) != 0 {
			t.Errorf("%s is not equal to itself", order[i])
		}
	}
}

// TestNewestVersion: the version folder Codex loads, as codex 0.169.0
// chose it among the same folders (skills/list in a throw-away home).
func TestNewestVersion(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"1.9.0", "1.10.0"}, "1.10.0"},
		{[]string{"2.0.0-beta.1", "2.0.0", "1.0.0"}, "2.0.0"},
		{[]string{"1.0.0-rc.1", "1.0.0-rc.10", "1.0.0-rc.2"}, "1.0.0-rc.10"},
		{[]string{"1.0.0+a", "1.0.0+b"}, "1.0.0+b"},
		{[]string{"2.0", "10.0.0"}, "2.0"},          // "2.0" is no semver: text decides
		{[]string{"v2.0.0", "1.10.0"}, "v2.0.0"},    // so does a "v"
		{[]string{"latest", "1.0.0"}, "latest"},     // and a word
		{[]string{"01.0.0", "1.0.0"}, "1.0.0"},      // a leading zero is no semver
		{[]string{"1.9.0", "1.10.0", "1.5"}, "1.5"}, // 1.10.0 highest, "1.5" after it as text
		{[]string{"0.9", "0.10"}, "0.9"},            // neither is a semver
		{nil, ""},
	} {
		if got := loader.NewestVersion(c.names); got != c.want {
			t.Errorf("newestVersion(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}
