package loader

import (
	"cmp"
	"strings"
)

// Codex picks among the cached versions of a plugin by semantic version
// (1.10.0 over 1.9.0, a release over its pre-releases) when both names
// are one, and by text otherwise (checked against codex 0.169.0).

// semver is a version as semver.org writes it: MAJOR.MINOR.PATCH, an
// optional -pre-release and +build, no leading zeros, no "v".
type semver struct {
	core       [3]string // digits, compared by length then text
	pre, build []string
}

// parseSemver reads a semantic version; ok is false for anything else.
func ParseSemver(s string) (v semver, ok bool) {
	s, build, hasBuild := strings.Cut(s, "+")
	s, pre, hasPre := strings.Cut(s, "-")
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		if !numeric(p) {
			return v, false
		}
		v.core[i] = p
	}
	if hasPre {
		if v.pre, ok = identifiers(pre, true); !ok {
			return v, false
		}
	}
	if hasBuild {
		if v.build, ok = identifiers(build, false); !ok {
			return v, false
		}
	}
	return v, true
}

// numeric is a number without leading zeros.
func numeric(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	return strings.Trim(s, "0123456789") == ""
}

// identifiers splits a pre-release or build part: non-empty identifiers
// of ASCII letters, digits and "-"; a pre-release's numbers have no
// leading zeros.
func identifiers(s string, pre bool) ([]string, bool) {
	ids := strings.Split(s, ".")
	for _, id := range ids {
		if id == "" || strings.Trim(id, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != "" {
			return nil, false
		}
		if pre && strings.Trim(id, "0123456789") == "" && !numeric(id) {
			return nil, false
		}
	}
	return ids, true
}

// compareNumbers compares two digit strings without leading zeros.
func compareNumbers(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

// compareIdentifiers orders pre-release (or build) identifiers: numbers
// numerically and before words, words as text, a shorter list first when
// one starts the other.
func compareIdentifiers(a, b []string) int {
	for i := range min(len(a), len(b)) {
		an, bn := strings.Trim(a[i], "0123456789") == "", strings.Trim(b[i], "0123456789") == ""
		var c int
		switch {
		case an && bn:
			c = cmp.Or(compareNumbers(strings.TrimLeft(a[i], "0"), strings.TrimLeft(b[i], "0")), strings.Compare(a[i], b[i]))
		case an:
			c = -1
		case bn:
			c = 1
		default:
			c = strings.Compare(a[i], b[i])
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// compare orders two semantic versions: the core, then a release above
// its pre-releases, then build metadata (as Rust's semver crate, which
// Codex uses, does: 1.0.0+b above 1.0.0+a).
func (v semver) Compare(w semver) int {
	for i := range v.core {
		if c := compareNumbers(v.core[i], w.core[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(v.pre) == 0 && len(w.pre) > 0:
		return 1
	case len(v.pre) > 0 && len(w.pre) == 0:
		return -1
	}
	return cmp.Or(compareIdentifiers(v.pre, w.pre), compareIdentifiers(v.build, w.build))
}

// newestVersion is the version Codex loads of names: the highest
// semantic version, unless a name that is none (`latest`, `v2`) sorts
// after it as text, as Codex compares such a pair. It is the answer of
// Codex's sort whenever that answer does not hang on the order of the
// folder's entries; "" for no names.
func NewestVersion(names []string) string {
	var best semver
	bestSem, other := "", ""
	for _, n := range names {
		if v, ok := ParseSemver(n); ok {
			if bestSem == "" || v.Compare(best) > 0 {
				best, bestSem = v, n
			}
		} else {
			other = max(other, n)
		}
	}
	return max(bestSem, other)
}
