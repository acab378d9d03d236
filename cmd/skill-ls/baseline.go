package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/analysis"
)

// A baseline lets a large repository adopt skill-ls and fail only on new
// findings: check --write-baseline FILE records every finding, and
// check --baseline FILE drops the findings it records and reports the
// rest. A finding is known by its file (relative to the baseline's folder),
// its rule and a fingerprint of its text — the message and the trimmed
// line it points at, never its line number — counted, so lines moved or
// added above it keep it matched, and a second finding just like it is
// new.

// baselineVersion is the format written; a file of another is refused.
const baselineVersion = 1

// baselineFile is the JSON written: files by path, each with its entries
// sorted, so that diffs of the file stay small.
type baselineFile struct {
	Version int                        `json:"version"`
	Files   map[string][]baselineEntry `json:"files"`
}

type baselineEntry struct {
	Rule        string `json:"rule"`
	Fingerprint string `json:"fingerprint"`
	Count       int    `json:"count"`
}

// baselineKey is what a finding is matched by in one file.
type baselineKey struct{ rule, fingerprint string }

// baseline is a baseline being matched or written. Each file's counts are
// touched only by the goroutine reporting that file.
type baseline struct {
	path  string // the file, absolute
	dir   string // its folder: the paths in it are relative to this
	home  string // related paths below it are written ~/...
	write bool   // record every finding rather than match
	files map[string]map[baselineKey]int
}

// readBaseline loads the baseline at path for --baseline.
func readBaseline(path, home string) (*baseline, error) {
	b, err := newBaseline(path, home, false)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(b.path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	var f baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if f.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, this skill-ls reads version %d", path, f.Version, baselineVersion)
	}
	for p, entries := range f.Files {
		counts := map[baselineKey]int{}
		for _, e := range entries {
			counts[baselineKey{e.Rule, e.Fingerprint}] += e.Count
		}
		b.files[p] = counts
	}
	return b, nil
}

// newBaseline is an empty baseline to be written at path (--write-baseline),
// or read.
func newBaseline(path, home string, write bool) (*baseline, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return &baseline{path: abs, dir: filepath.Dir(abs), home: home, write: write, files: map[string]map[baselineKey]int{}}, nil
}

// forFile is the counts of one file, which take only its findings: made
// before the files are reported in parallel.
func (b *baseline) forFile(path string) map[baselineKey]int {
	rel := b.rel(path)
	counts := b.files[rel]
	if counts == nil && b.write {
		counts = map[baselineKey]int{}
		b.files[rel] = counts
	}
	return counts
}

// take reports whether the baseline accounts for the finding, which line
// points at: when writing, it records it; when matching, it uses one of
// its count.
func (b *baseline) take(counts map[baselineKey]int, f analysis.Finding, line []byte) bool {
	k := baselineKey{f.Rule, b.fingerprint(f, line)}
	if b.write {
		counts[k]++
		return true
	}
	if counts[k] > 0 {
		counts[k]--
		return true
	}
	return false
}

// digits are runs of digits in a message: counts and sizes ("the body is
// 612 lines") change when unrelated lines do.
var digits = regexp.MustCompile(`[0-9]+`)

// fingerprint is a short hash of the finding's text: its message, with the
// files it names written relative to the baseline and its numbers left
// out, and the trimmed line it points at.
func (b *baseline) fingerprint(f analysis.Finding, line []byte) string {
	msg := f.Message
	paths := make([]string, len(f.Related))
	for i, r := range f.Related {
		paths[i] = r.Path
	}
	// Longest first: no path is cut by one it begins with.
	slices.SortFunc(paths, func(a, c string) int { return len(c) - len(a) })
	for _, p := range paths {
		msg = strings.ReplaceAll(msg, p, b.rel(p))
	}
	h := sha256.New()
	h.Write([]byte(digits.ReplaceAllString(msg, "#")))
	h.Write([]byte{0})
	h.Write(bytes.TrimSpace(line))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// rel names a file as the baseline does: relative to its folder, with
// forward slashes; below the home folder and outside that folder, ~/...,
// so that a baseline reads the same on every machine.
func (b *baseline) rel(p string) string {
	r, err := filepath.Rel(b.dir, p)
	if err == nil && !leaves(r) {
		return filepath.ToSlash(r)
	}
	if b.home != "" {
		if h, err := filepath.Rel(b.home, p); err == nil && !leaves(h) {
			return "~/" + filepath.ToSlash(h)
		}
	}
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// save writes the baseline: files sorted by path, one entry a line sorted
// by rule and fingerprint, and a trailing newline, so that its diffs are
// the findings that came and went.
func (b *baseline) save() error {
	var out bytes.Buffer
	fmt.Fprintf(&out, "{\n  \"version\": %d,\n  \"files\": {", baselineVersion)
	paths := slices.Sorted(maps.Keys(b.files))
	first := true
	for _, p := range paths {
		var entries []baselineEntry
		for k, n := range b.files[p] {
			entries = append(entries, baselineEntry{Rule: k.rule, Fingerprint: k.fingerprint, Count: n})
		}
		if len(entries) == 0 {
			continue
		}
		slices.SortFunc(entries, func(a, c baselineEntry) int {
			return cmp.Or(strings.Compare(a.Rule, c.Rule), strings.Compare(a.Fingerprint, c.Fingerprint))
		})
		if !first {
			out.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(p)
		fmt.Fprintf(&out, "\n    %s: [", key)
		for i, e := range entries {
			line, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if i > 0 {
				out.WriteByte(',')
			}
			fmt.Fprintf(&out, "\n      %s", line)
		}
		out.WriteString("\n    ]")
	}
	if !first {
		out.WriteString("\n  ")
	}
	out.WriteString("}\n}\n")
	return writeAtomic(b.path, out.Bytes())
}

// leaves reports whether a relative path goes up out of its folder.
func leaves(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// openBaseline is the baseline check matches or writes, or nil.
func (o checkOptions) openBaseline(home string) (*baseline, error) {
	switch {
	case o.baseline != "":
		return readBaseline(o.baseline, home)
	case o.writeBaseline != "":
		return newBaseline(o.writeBaseline, home, true)
	}
	return nil, nil
}

// dropped reports whether a finding of the file at path is left out of the
// report, counting it: suppressed by a comment in the file, or accounted
// for by the baseline (counts, the file's).
// With keepDropped (SARIF), the report keeps it, saying which.
func (r *checkRun) dropped(fr *fileReport, counts map[baselineKey]int, path string, f analysis.Finding) bool {
	kind := ""
	switch {
	case f.Suppressed:
		fr.suppressed++
		kind = "inSource"
	case r.base != nil && r.base.take(counts, f, r.lines[path].Line(f.Range.Start)):
		fr.baselined++
		kind = "external"
	default:
		return false
	}
	if r.keepDropped {
		x := r.findingReport(path, f)
		x.suppression = kind
		fr.dropped = append(fr.dropped, x)
	}
	return true
}

// baselineCounts are the baseline's counts of each file, made before the
// files are reported in parallel (nil without a baseline).
func (r *checkRun) baselineCounts(files []string) []map[baselineKey]int {
	out := make([]map[baselineKey]int, len(files))
	if r.base != nil {
		for i, p := range files {
			out[i] = r.base.forFile(p)
		}
	}
	return out
}
