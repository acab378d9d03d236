package analysis

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"gopkg.in/yaml.v3"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Fixes offers the changes that resolve a finding of the file at path, the
// preferred first. Every fix edits the frontmatter, which a released file
// keeps, so no body is read back for them, and a checker can ask from many
// goroutines at once.
func (w *Workspace) Fixes(path string, f Finding) []Fix {
	if w.ReadOnly(path) {
		return nil
	}
	if IsManifestFile(path) {
		return manifestFixes(w.ManifestSource(path), f)
	}
	e := w.World.Entry(path)
	if e == nil {
		return nil
	}
	return fixesFor(e.Skill, f)
}

// fixesFor offers the changes that resolve a finding of s, if any.
func fixesFor(s *loader.Skill, p Finding) []Fix {
	switch p.Rule {
	case "bom":
		return []Fix{{Title: "Remove the byte-order mark", Preferred: true, Safe: true, Edits: []Edit{{Range: Range{Start: 0, End: 3}}}}}
	case "hidden-chars":
		// The finding's range is the run of invisible characters, whole.
		return []Fix{{Title: "Remove the invisible characters", Preferred: true, Safe: true, Edits: []Edit{{Range: p.Range}}}}
	case "unusual-space":
		return []Fix{{Title: "Write a plain space", Preferred: true, Safe: true, Edits: []Edit{{Range: p.Range, NewText: " "}}}}
	case "frontmatter-missing":
		if fm := s.Frontmatter; fm.OpenSpaces {
			return trimFence(fm.Open)
		}
		return []Fix{{Title: "Insert a frontmatter skeleton", Preferred: true,
			Edits: []Edit{{Range: Range{Start: bomLen(s), End: bomLen(s)}, NewText: skeleton(s)}}}}
	case "name-missing":
		if !s.Frontmatter.Closed || s.Meta == nil {
			// Told by a reader of its own (opencode, qwen-code) of a
			// frontmatter that is no mapping: a line added does not help.
			return nil
		}
		return []Fix{{Title: fmt.Sprintf("Add name: %s", s.DirName()), Preferred: true,
			Edits: []Edit{{Range: afterLine(s.Src, s.Frontmatter.Open), NewText: "name: " + yamlString(s.DirName()) + "\n"}}}}
	case "name-dir-mismatch":
		return setName(s, s.DirName(), true)
	case "name-chars", "name-hyphens", "name-non-ascii", "name-too-long":
		var out []Fix
		dir := s.DirName()
		if ValidName(dir) {
			out = append(out, setName(s, dir, true)...)
		}
		if cur, ok := s.Str("name"); ok {
			if slug := Slug(cur); slug != "" && slug != dir {
				out = append(out, setName(s, slug, len(out) == 0)...)
			}
		}
		return out
	case "name-type":
		f := s.Field("name")
		switch {
		case f == nil:
		case f.Value.IsScalar() && f.Value.Kind != syntax.KindString && f.Value.Kind != syntax.KindNull:
			return []Fix{replaceValue(s, f, strconv.Quote(f.Value.Text), "Quote the name", true)}
		case ValidName(s.DirName()):
			return setName(s, s.DirName(), true)
		}
	case "yaml-syntax":
		if fix, ok := quoteColonValue(s, p.Range); ok {
			return []Fix{fix}
		}
	case "frontmatter-unclosed":
		if fm := s.Frontmatter; fm.CloseSpaces {
			return trimFence(fm.Close)
		}
	case "yaml-tag":
		return untag(s, valueAt(s.Meta, p.Range))
	case "yaml-duplicate-key":
		return []Fix{{Title: "Remove the repeated key", Edits: []Edit{{Range: fieldLines(s, p.Range)}}}}
	case "allowed-tools-format":
		if f := fieldAt(s, p.Range); f != nil {
			words := make([]string, 0, len(f.Value.Items))
			for _, it := range f.Value.Items {
				words = append(words, it.Text)
			}
			fix := replaceValue(s, f, yamlString(strings.Join(words, " ")), "Write allowed-tools as a space-separated string", true)
			fix.Safe = true
			return []Fix{fix}
		}
	case "field-unknown":
		f := keyAt(s, p.Range)
		if f == nil {
			return nil
		}
		near := loader.ClosestField(f.Key)
		remove := Fix{Title: "Remove " + f.Key, Edits: []Edit{{Range: fieldLines(s, f.KeyRange)}}}
		switch {
		case near == "" || near == f.Key:
			return []Fix{remove}
		case s.Field(near) != nil:
			// The intended key is there already: the misspelt one, which
			// no agent reads, goes; renaming it would give the key twice.
			remove.Title = fmt.Sprintf("Remove %s (%s is set)", f.Key, near)
			remove.Preferred, remove.Safe = true, true
			return []Fix{remove}
		}
		// A key given twice is renamed once: the later copy is then
		// removed, as above.
		first := s.Field(f.Key)
		rename := Fix{Title: fmt.Sprintf("Rename %s to %s", f.Key, near), Preferred: true, Safe: first != nil && first.KeyRange == f.KeyRange,
			Edits: []Edit{{Range: f.KeyRange, NewText: near}}}
		return []Fix{rename, remove}
	case "field-value":
		if f := fieldAt(s, p.Range); f != nil {
			var out []Fix
			for _, t := range loader.Targets {
				if spec, ok := t.Fields[f.Key]; ok && len(spec.Enum) > 0 {
					for _, v := range spec.Enum {
						out = append(out, replaceValue(s, f, v, fmt.Sprintf("Set %s to %s", f.Key, v), false))
					}
					return out
				}
			}
		}
	case "field-type":
		if f := fieldAt(s, p.Range); f != nil && boolField(f.Key) {
			return []Fix{
				replaceValue(s, f, "true", fmt.Sprintf("Set %s to true", f.Key), false),
				replaceValue(s, f, "false", fmt.Sprintf("Set %s to false", f.Key), false),
			}
		}
	case "metadata-type":
		// A value in the map can be quoted; the map itself cannot.
		if v := valueAt(s.Meta, p.Range); v != nil && v.IsScalar() && v.Kind != syntax.KindNull && fieldAt(s, p.Range) == nil {
			return []Fix{{Title: "Quote the value", Preferred: true, Edits: []Edit{{Range: v.Range, NewText: strconv.Quote(v.Text)}}}}
		}
	case "name-duplicate", "name-shadowed":
		var out []Fix
		for _, r := range p.Related {
			out = append(out, Fix{Title: "Open " + r.Path, Open: r.Path})
		}
		return out
	}
	return nil
}

// trimFence removes the spaces after the dashes of a fence line, which
// some loaders do not take as a fence.
func trimFence(line syntax.Range) []Fix {
	return []Fix{{Title: "Remove the spaces after ---", Preferred: true, Safe: true,
		Edits: []Edit{{Range: Range{Start: line.Start + 3, End: line.End}}}}}
}

// untag writes a tagged value without its tag: a scalar quoted (every
// reader takes that as text), a map or list with the tag dropped.
func untag(s *loader.Skill, v *syntax.Value) []Fix {
	switch {
	case v == nil:
		return nil
	case v.IsScalar():
		// Safe only for a string: quoting "!!int 5" makes a typed reader's
		// number text.
		return []Fix{{Title: "Quote the value instead of tagging it", Preferred: true, Safe: v.Kind == syntax.KindString,
			Edits: []Edit{{Range: v.Range, NewText: strconv.Quote(v.Text)}}}}
	}
	end := v.Range.Start
	for end < v.Range.End && s.Src[end] != ' ' && s.Src[end] != '\t' && s.Src[end] != '\n' && s.Src[end] != '\r' {
		end++
	}
	return []Fix{{Title: "Remove the tag", Preferred: true, Safe: true, Edits: []Edit{{Range: Range{Start: v.Range.Start, End: end}}}}}
}

func boolField(key string) bool {
	for _, t := range loader.Targets {
		if spec, ok := t.Fields[key]; ok && spec.Type == loader.BoolType {
			return true
		}
	}
	return false
}

var validNameRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidName reports whether a name passes every target's rules: ASCII
// lowercase letters and digits in hyphen-separated words, at most 64 long.
func ValidName(name string) bool { return len(name) <= 64 && validNameRE.MatchString(name) }

// Slug makes a valid name from any text: lowercase, runs of other characters
// become "-", no leading, trailing or doubled "-", at most 64 bytes.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimRight(b.String(), "-")
	if len(out) > 64 {
		out = strings.TrimRight(out[:64], "-")
	}
	return out
}

func setName(s *loader.Skill, name string, preferred bool) []Fix {
	f := s.Field("name")
	if f == nil {
		return nil
	}
	return []Fix{replaceValue(s, f, yamlString(name), "Set name to "+name, preferred)}
}

// replaceValue rewrites a field's value in place, from just after its key.
func replaceValue(s *loader.Skill, f *syntax.Field, text, title string, preferred bool) Fix {
	r := Range{Start: f.KeyRange.End, End: f.Value.Range.End}
	if f.Value.Range.End < r.Start {
		r.End = r.Start
	}
	// Keep the ": " that follows the key.
	if i := bytes.IndexByte(s.Src[r.Start:max(r.End, r.Start)], ':'); i >= 0 {
		r.Start += i + 1
	}
	return Fix{Title: title, Preferred: preferred, Edits: []Edit{{Range: r, NewText: " " + text}}}
}

// yamlString writes text as a YAML scalar, quoting only when it must: when
// YAML would not read it back, plain, as the same string (a number, a
// boolean, a ": " or a leading "-").
func yamlString(text string) string {
	if plainSlug(text) {
		return text
	}
	var doc yaml.Node
	if strings.ContainsAny(text, "\n\r\t#") || yaml.Unmarshal([]byte("k: "+text), &doc) != nil || len(doc.Content) == 0 {
		return strconv.Quote(text)
	}
	if m := doc.Content[0]; m.Kind != yaml.MappingNode || len(m.Content) != 2 ||
		m.Content[1].Kind != yaml.ScalarNode || m.Content[1].Style != 0 || m.Content[1].ShortTag() != "!!str" || m.Content[1].Value != text {
		return strconv.Quote(text)
	}
	return text
}

// plainSlug reports whether text is a name YAML reads plain as itself,
// without asking yaml.v3 (a large check sets a thousand names): a
// lowercase letter, then lowercase letters, digits and hyphens, with at
// least one digit or hyphen. No number starts with a letter and no YAML
// keyword (true, null, yes, off) holds a digit or a hyphen.
func plainSlug(text string) bool {
	if text == "" || text[0] < 'a' || text[0] > 'z' {
		return false
	}
	mark := false
	for i := 1; i < len(text); i++ {
		switch c := text[i]; {
		case c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9' || c == '-':
			mark = true
		default:
			return false
		}
	}
	return mark
}

// quoteColonValue fixes "mapping values are not allowed": the value after a
// key contains ": ", so the whole rest of the line is quoted.
func quoteColonValue(s *loader.Skill, at Range) (Fix, bool) {
	ls := bytes.LastIndexByte(s.Src[:at.Start], '\n') + 1
	le := ls + bytes.IndexByte(s.Src[ls:], '\n')
	if le < ls {
		le = len(s.Src)
	}
	line := s.Src[ls:le]
	line = bytes.TrimRight(line, "\r")
	colon := bytes.Index(line, []byte(": "))
	if colon < 0 || ls+colon+2 > at.Start {
		return Fix{}, false
	}
	vs := ls + colon + 2
	for vs < ls+len(line) && s.Src[vs] == ' ' {
		vs++
	}
	value := strings.TrimRight(string(s.Src[vs:ls+len(line)]), " \t")
	if value == "" || value[0] == '"' || value[0] == '\'' {
		return Fix{}, false
	}
	return Fix{Title: "Quote the value", Preferred: true, Safe: true,
		Edits: []Edit{{Range: Range{Start: vs, End: vs + len(value)}, NewText: strconv.Quote(value)}}}, true
}

func bomLen(s *loader.Skill) int {
	if s.BOM {
		return 3
	}
	return 0
}

func skeleton(s *loader.Skill) string {
	name := Slug(s.DirName())
	if name == "" {
		name = "my-skill"
	}
	return "---\nname: " + yamlString(name) + "\ndescription: Describe what this skill does and when to use it.\n---\n"
}

// afterLine is the empty range at the start of the line after r.
func afterLine(src []byte, r Range) Range {
	i := r.End
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		i += j + 1
	} else {
		i = len(src)
	}
	return Range{Start: i, End: i}
}

// fieldLines covers the whole lines of the top-level field whose key is at
// key, value and line end included.
func fieldLines(s *loader.Skill, key Range) Range {
	start := bytes.LastIndexByte(s.Src[:key.Start], '\n') + 1
	end := key.End
	if f := keyAt(s, key); f != nil {
		end = max(end, f.Value.Range.End)
	}
	return Range{Start: start, End: afterLine(s.Src, Range{Start: start, End: end}).End}
}

// keyAt is the frontmatter field whose key has range r, or nil. Fields are
// in the order of the text, so it is looked up, not searched for: a file
// with thousands of unknown keys asks once for each.
func keyAt(s *loader.Skill, r Range) *syntax.Field {
	return fieldBy(s, r, func(f *syntax.Field) Range { return f.KeyRange })
}

// fieldAt is the frontmatter field whose value has range r, or nil.
func fieldAt(s *loader.Skill, r Range) *syntax.Field {
	return fieldBy(s, r, func(f *syntax.Field) Range { return f.Value.Range })
}

func fieldBy(s *loader.Skill, r Range, at func(*syntax.Field) Range) *syntax.Field {
	if s.Meta == nil {
		return nil
	}
	fs := s.Meta.Fields
	i := sort.Search(len(fs), func(i int) bool { return at(&fs[i]).Start >= r.Start })
	if i < len(fs) && at(&fs[i]) == r {
		return &fs[i]
	}
	return nil
}

// valueAt finds the value with exactly range r anywhere under v.
func valueAt(v *syntax.Value, r Range) *syntax.Value {
	if v == nil {
		return nil
	}
	if v.Range == r {
		return v
	}
	if v.Alias != "" {
		return nil // its items and fields are found at the anchor
	}
	for _, f := range v.Fields {
		if x := valueAt(f.Value, r); x != nil {
			return x
		}
	}
	for _, it := range v.Items {
		if x := valueAt(it, r); x != nil {
			return x
		}
	}
	return nil
}
