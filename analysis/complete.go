package analysis

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// CompletionKind says what a completion item is.
type CompletionKind int

const (
	CompleteField CompletionKind = iota + 1
	CompleteValue
	CompleteFile
)

// CompletionItem is one suggestion at the cursor.
type CompletionItem struct {
	Label  string
	Kind   CompletionKind
	Detail string
	Doc    string // Markdown
	// Insert replaces Range; when Snippet is set it may hold "$0" for the
	// cursor, and InsertPlain is the same text without placeholders.
	Insert      string
	InsertPlain string
	Snippet     bool
	Range       Range
}

// maxCompletionFiles bounds the listing of a skill's own files.
const maxCompletionFiles = 500

// Complete lists what may be typed at offset in the file at path: keys and
// values in the frontmatter, the skill's own files in the body.
func (w *Workspace) Complete(path string, offset int) []CompletionItem {
	if IsManifestFile(path) {
		return w.completeManifest(path, offset)
	}
	e := w.file(path)
	if e == nil {
		return []CompletionItem{}
	}
	s := e.Skill
	offset = max(0, min(offset, len(s.Src)))
	fm := s.Frontmatter
	if fm.Present && offset >= fm.Content.Start && (offset <= fm.Content.End || !fm.Closed) {
		return completeFrontmatter(s, e.Targets, offset)
	}
	if fm.Closed && offset >= fm.Body.Start || !fm.Present {
		return completeBody(s, offset)
	}
	return []CompletionItem{}
}

var keyLineRE = regexp.MustCompile(`(?m)^([A-Za-z0-9_-]+)[ \t]*:`)

// completeFrontmatter offers values after a key's colon, and at a key's
// place the keys not yet present that some target reading the file knows
// and none refuses: any other key is at once a field-unknown error there
// (effort, which the spec's validator refuses, say).
func completeFrontmatter(s *loader.Skill, targets []*loader.Target, offset int) []CompletionItem {
	ls := bytes.LastIndexByte(s.Src[:offset], '\n') + 1
	prefix := string(s.Src[ls:offset])
	le := lineEnd(s.Src, offset)
	out := []CompletionItem{}
	if colon := strings.Index(prefix, ":"); colon >= 0 && !strings.HasPrefix(prefix, " ") && !strings.HasPrefix(prefix, "\t") {
		key := strings.TrimSpace(prefix[:colon])
		return completeValues(s, key, wordStart(s.Src, ls+colon+1, offset), offset, le)
	}
	if item := strings.TrimLeft(prefix, " \t"); strings.HasPrefix(item, "- ") && len(item) < len(prefix) {
		if key := parentKey(s.Src[:ls]); key != "" {
			return completeValues(s, key, wordStart(s.Src, ls+strings.Index(prefix, "- ")+2, offset), offset, le)
		}
	}
	if strings.TrimLeft(prefix, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != "" {
		return out // inside an indented value: nothing to offer
	}
	if strings.Contains(string(s.Src[offset:le]), ":") {
		return out // on a key that is there already: nothing to insert
	}
	present := presentKeys(s)
	r := Range{Start: ls, End: wordEnd(s.Src, offset, le)}
	for _, k := range fieldOrder() {
		if present[k] || !slices.ContainsFunc(targets, func(t *loader.Target) bool { return t.Knows(k) }) ||
			slices.ContainsFunc(targets, func(t *loader.Target) bool { return t.Rejects(k) }) {
			continue
		}
		out = append(out, CompletionItem{Label: k, Kind: CompleteField, Detail: honouredText(k), Doc: FieldDoc(k),
			Insert: k + ": $0", InsertPlain: k + ": ", Snippet: true, Range: r})
	}
	return out
}

// presentKeys are the frontmatter's keys: those the YAML parser found, and
// those written at a line's start (the YAML may not parse while the user
// types).
func presentKeys(s *loader.Skill) map[string]bool {
	present := map[string]bool{}
	if s.Meta != nil {
		for _, f := range s.Meta.Fields {
			present[f.Key] = true
		}
	}
	c := s.Frontmatter.Content
	for _, m := range keyLineRE.FindAllSubmatch(s.Src[c.Start:min(len(s.Src), max(c.End, c.Start))], -1) {
		present[string(m[1])] = true
	}
	return present
}

// fieldOrder lists the keys in the order an author most wants them: the
// spec's first, then every other known field.
func fieldOrder() []string {
	out := []string{"name", "description", "license", "compatibility", "metadata", "allowed-tools"}
	for _, k := range loader.KnownFields() {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func honouredText(key string) string {
	var ids []string
	for _, t := range loader.Targets {
		if t.Knows(key) {
			ids = append(ids, t.ID)
		}
	}
	return strings.Join(ids, ", ")
}

func completeValues(s *loader.Skill, key string, start, offset, le int) []CompletionItem {
	out := []CompletionItem{}
	r := Range{Start: start, End: wordEnd(s.Src, offset, le)}
	for _, v := range fieldValues(key, s.DirName()) {
		out = append(out, CompletionItem{Label: v, Kind: CompleteValue, Detail: key, Insert: v, InsertPlain: v, Range: r})
	}
	return out
}

// parentKey is the key of the block sequence the previous lines belong to.
func parentKey(before []byte) string {
	lines := bytes.Split(before, []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if len(l) == 0 || l[0] == ' ' || l[0] == '\t' || l[0] == '-' {
			continue
		}
		if m := keyLineRE.FindSubmatch(l); m != nil {
			return string(m[1])
		}
		return ""
	}
	return ""
}

// wordStart skips the blanks after from, up to offset: the start of the
// value being typed (allowed-tools words start after the last space).
func wordStart(src []byte, from, offset int) int {
	i := from
	for i < offset && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if j := bytes.LastIndexByte(src[i:offset], ' '); j >= 0 {
		i += j + 1
	}
	return i
}

func wordEnd(src []byte, offset, le int) int {
	i := offset
	for i < le && src[i] != ' ' && src[i] != '\t' && src[i] != ':' {
		i++
	}
	return i
}

// completeBody offers the skill's own files after "](" or inside backticks.
func completeBody(s *loader.Skill, offset int) []CompletionItem {
	ls := bytes.LastIndexByte(s.Src[:offset], '\n') + 1
	line := s.Src[ls:offset]
	start := -1
	if i := bytes.LastIndex(line, []byte("](")); i >= 0 && !bytes.ContainsAny(line[i+2:], ") ") {
		start = ls + i + 2
	}
	if n := bytes.Count(line, []byte("`")); n%2 == 1 {
		if i := bytes.LastIndexByte(line, '`'); ls+i+1 > start {
			start = ls + i + 1
		}
	}
	if start < 0 {
		return []CompletionItem{}
	}
	le := lineEnd(s.Src, offset)
	end := offset
	for end < le && !strings.ContainsRune(")` \t", rune(s.Src[end])) {
		end++
	}
	out := []CompletionItem{}
	for _, f := range skillFiles(s.Dir()) {
		out = append(out, CompletionItem{Label: f, Kind: CompleteFile, Detail: "file in this skill", Insert: f, InsertPlain: f,
			Range: Range{Start: start, End: end}})
	}
	return out
}

// skillFiles lists the files in a skill's directory, relative and with
// forward slashes, SKILL.md and hidden entries left out.
func skillFiles(dir string) []string {
	var out []string
	seen := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		// Entries are counted too: a tree of empty folders ends the walk.
		if seen++; seen > 20*maxCompletionFiles {
			return filepath.SkipAll
		}
		if err != nil || len(out) >= maxCompletionFiles {
			return filepath.SkipDir
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			if rel, err := filepath.Rel(dir, p); err == nil && rel != loader.FileName {
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	return out
}
