package gemini

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// readGemini reads a SKILL.md as Gemini CLI 0.61.0 (@google/gemini-cli)
// does: packages/core/src/skills/skillLoader.ts (bundle chunk-JDPZ4CE3.js,
// loadSkillFromFile and parseFrontmatter), checked with `gemini skills
// list --all` (testdata/conformance/notes/gemini.md §1-3, probes under
// testdata/conformance/probes/gemini):
//
//   - the file is read as UTF-8, each ill-formed sequence U+FFFD, a BOM
//     kept; the frontmatter is /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/:
//     line 1 is exactly "---" (fence-bom, fence-open-space, fence-open-4),
//     and the first later line that starts with "---" closes, whatever
//     follows the dashes and even inside a quoted or block value
//     (fence-close-4, fence-close-text, fence-in-dquote,
//     fence-dash-in-block); the line right after the opening one cannot
//     close (fence-empty);
//   - js-yaml 4 load(): its result counts only when it is a mapping whose
//     name and description are both strings (empty and blank ones too:
//     name-empty-str, desc-blank);
//   - else, and on any YAML error (a key given twice, tabs, an unknown
//     tag, "Use when: x"), both come from parseSimpleFrontmatter, a line
//     reader (see geminiLines); without a name line or a description line
//     the skill is dropped, silently (name-missing, desc-missing).
//
// No other field is read, and nothing else refuses a skill.
func readGemini(s *loader.Skill) loader.AgentView {
	src := s.Src
	if loader.HasRule(s.Problems, "file-too-large") { // not parsed, and an error for every agent
		return loader.AgentView{Body: s.Body()}
	}
	split, refuse := geminiSplit(src)
	if refuse != nil {
		if s.Frontmatter.OpenSpaces && !s.BOM {
			// The opening "--- " is told by the target's fences already.
			return loader.AgentView{Body: syntax.Range{Start: len(src), End: len(src)}}
		}
		return loader.AgentView{Body: syntax.Range{Start: 0, End: len(src)}, Refuse: refuse}
	}
	if meta := geminiYAML(s, split.yaml); meta != nil {
		return loader.AgentView{Meta: meta, Body: split.body}
	}
	meta, refuse := geminiLines(src, split.content, split.open)
	if refuse != nil && s.Frontmatter.Content == split.yaml {
		// YAML that is a list or a scalar holds no name line either:
		// told as the other agents are told.
		for _, p := range s.Problems {
			if p.Rule == "frontmatter-not-mapping" && len(p.Targets) == 0 {
				refuse = &p
				break
			}
		}
	}
	return loader.AgentView{Meta: meta, Body: split.body, Refuse: refuse}
}

// geminiFrontmatter is where Gemini's pattern finds the frontmatter.
type geminiFrontmatter struct {
	open    syntax.Range // the opening "---"
	content syntax.Range // the pattern's group: without the line break before the closing line
	yaml    syntax.Range // content and that line break, as js-yaml reads it (see geminiYAML)
	body    syntax.Range
}

// geminiSplit matches Gemini's frontmatter pattern on src, or says why it
// does not match. Every character of the pattern is ASCII, which the
// U+FFFD of ill-formed bytes never swallows, so the bytes tell.
func geminiSplit(src []byte) (geminiFrontmatter, *loader.Problem) {
	var g geminiFrontmatter
	first, _ := syntax.LineAt(src, 0)
	g.open = syntax.Range{Start: 0, End: 3}
	start := 0
	switch {
	case bytes.HasPrefix(src, []byte("---\n")):
		start = 4
	case bytes.HasPrefix(src, []byte("---\r\n")):
		start = 5
	case bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")):
		return g, &loader.Problem{Rule: "bom", Range: syntax.Range{Start: 0, End: 3},
			Message: "a byte-order mark precedes the ---; Gemini CLI keeps it and finds no frontmatter, so it drops the skill"}
	default:
		return g, &loader.Problem{Rule: "frontmatter-missing", Range: first,
			Message: "line 1 is not exactly ---, so Gemini CLI finds no frontmatter and drops the skill"}
	}
	// The first "\n---" whose line break is not the opening line's.
	i := bytes.Index(src[start:], []byte("\n---"))
	if i < 0 {
		msg := "no later line starts with ---, so Gemini CLI finds no frontmatter and drops the skill"
		if bytes.HasPrefix(src[start:], []byte("---")) {
			msg = "the frontmatter has no lines: Gemini CLI wants one between the --- lines, finds no other closing line and drops the skill"
		}
		return g, &loader.Problem{Rule: "frontmatter-unclosed", Range: g.open, Message: msg}
	}
	nl := start + i
	end := nl
	if end > start && src[end-1] == '\r' {
		end--
	}
	g.content = syntax.Range{Start: start, End: end}
	g.yaml = syntax.Range{Start: start, End: nl + 1}
	after := nl + 4
	switch {
	case bytes.HasPrefix(src[after:], []byte("\n")):
		g.body = syntax.Range{Start: after + 1, End: len(src)}
	case bytes.HasPrefix(src[after:], []byte("\r\n")):
		g.body = syntax.Range{Start: after + 2, End: len(src)}
	default: // "----", "---x": no body
		g.body = syntax.Range{Start: len(src), End: len(src)}
	}
	return g, nil
}

// geminiYAML is the mapping js-yaml gives Gemini, when it counts: one whose
// name and description are strings; nil otherwise. yaml is the frontmatter
// with the line break before the closing line: js-yaml ends a block
// scalar at the end of its input with a line break as if it were there
// (desc-literal), as yaml.v3 does only when it is.
func geminiYAML(s *loader.Skill, yaml syntax.Range) *syntax.Value {
	var meta *syntax.Value
	if fm := s.Frontmatter; s.Meta != nil && fm.Closed && fm.Content == yaml {
		for _, p := range s.Problems {
			if (p.Rule == "yaml-syntax" || p.Rule == "yaml-duplicate-key") && len(p.Targets) == 0 {
				return nil
			}
		}
		meta = s.Meta // the strict parse read the same text
	} else {
		m, problems := loader.ParseYAML(s.Src, yaml)
		for _, p := range problems {
			if p.Severity == loader.Error && len(p.Targets) == 0 {
				return nil
			}
		}
		if m == nil || loader.DuplicateKey(m, map[*syntax.Value]bool{}) != nil {
			return nil
		}
		meta = m
	}
	if meta.Kind != syntax.KindMap || meta.Style == syntax.StyleFlow && flowTrails(s.Src, meta.Range.End, yaml.End) {
		return nil
	}
	if bytes.IndexByte(s.Src[yaml.Start:yaml.End], '!') >= 0 && jsYAMLUnknownTag(s.Src, meta, map[*syntax.Value]bool{}) {
		return nil
	}
	meta = syntax.MergeKeys(meta)
	if meta.Field("<<") != nil { // js-yaml throws: it merges only mappings
		return nil
	}
	name, desc := meta.Field("name"), meta.Field("description")
	if name == nil || desc == nil || name.Value.Kind != syntax.KindString || desc.Value.Kind != syntax.KindString {
		return nil
	}
	return meta
}

// flowTrails reports whether text other than white space and a comment
// follows a flow mapping that is the whole document, which js-yaml refuses
// ("{name: x} junk") and yaml.v3 reads past.
func flowTrails(src []byte, from, to int) bool {
	for _, line := range bytes.Split(src[from:to], []byte("\n")) {
		if t := bytes.TrimLeft(line, " \t\r"); len(t) > 0 && t[0] != '#' {
			return true
		}
	}
	return false
}

// jsYAMLTags are the tags js-yaml 4's default schema knows; any other one
// makes load() throw.
var jsYAMLTags = map[string]bool{
	"!": true, "!!str": true, "!!seq": true, "!!map": true, "!!null": true, "!!bool": true, "!!int": true,
	"!!float": true, "!!timestamp": true, "!!merge": true, "!!binary": true, "!!omap": true, "!!pairs": true, "!!set": true,
}

// jsYAMLUnknownTag reports whether a value of v is written with a tag
// js-yaml does not know ("!custom x").
func jsYAMLUnknownTag(src []byte, v *syntax.Value, seen map[*syntax.Value]bool) bool {
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	if v.Tagged && v.Alias == "" {
		if tag := valueTag(src, v.Range); tag != "" && !jsYAMLTags[tag] &&
			!strings.HasPrefix(tag, "!<tag:yaml.org,2002:") {
			return true
		}
	}
	for _, f := range v.Fields {
		if jsYAMLUnknownTag(src, f.Value, seen) {
			return true
		}
	}
	for _, it := range v.Items {
		if jsYAMLUnknownTag(src, it, seen) {
			return true
		}
	}
	return false
}

// valueTag is the tag a value is written with ("!!str", "!x"), past an
// anchor before it; "" when none is found.
func valueTag(src []byte, r syntax.Range) string {
	if r.Start < 0 || r.End > len(src) || r.Start >= r.End {
		return ""
	}
	text := string(src[r.Start:r.End])
	for text != "" {
		word, rest, _ := strings.Cut(text, " ")
		switch {
		case strings.HasPrefix(word, "&"):
			text = strings.TrimLeft(rest, " ")
		case strings.HasPrefix(word, "!"):
			word, _, _ = strings.Cut(word, "\n")
			return strings.TrimRight(word, "\r\t")
		default:
			return ""
		}
	}
	return ""
}

// geminiLines is parseSimpleFrontmatter, the reader Gemini falls back on,
// run on the pattern's group (content): of its lines, split at \r?\n, the
// last one matching /^\s*name:\s*(.*)$/ gives the name, trimmed, raw
// (quotes kept: yaml-colon-quoted-name; "[a, b]", "1.50" as written:
// name-flowlist, name-float). The last one matching
// /^\s*description:\s*(.*)$/ (and not the name's pattern) gives the
// description: its value and the lines after it that match /^[ \t]+\S/
// (indented, whatever they hold: a "name:" there is eaten,
// yaml-colon-desc-eats), each trimmed, the empty ones dropped, joined by
// spaces ("| line1 line2": yaml-colon-block). Both must be found, else
// the skill is dropped. \s, trim() and "." are JavaScript's: Unicode
// spaces, and no line terminator in a value.
func geminiLines(src []byte, content, open syntax.Range) (*syntax.Value, *loader.Problem) {
	text := src[content.Start:content.End]
	at := func(off int) int { return content.Start + off }
	if !utf8.Valid(text) {
		var fixes []syntax.LossyFix
		text, fixes = syntax.LossyUTF8(text)
		at = func(off int) int { return content.Start + lossyBack(fixes, off) }
	}
	var name, desc *syntax.Field
	for pos := 0; pos < len(text); {
		line, next := jsLine(text, pos)
		if key, v, ok := jsKeyLine(text, line, "name"); ok {
			name = geminiField("name", key, v, text, at)
			pos = next
			continue
		}
		key, v, ok := jsKeyLine(text, line, "description")
		if !ok {
			pos = next
			continue
		}
		parts := []string{}
		r := syntax.Range{Start: -1, End: v.End}
		if v.Len() > 0 {
			parts, r = append(parts, string(text[v.Start:v.End])), v
		}
		for next <= len(text) { // lines[i+1] exists
			l, n := jsLine(text, next)
			if !jsContinues(text[l.Start:l.End]) {
				break
			}
			t := jsTrim(text, l)
			if t.Len() > 0 {
				parts = append(parts, string(text[t.Start:t.End]))
				if r.Start < 0 {
					r.Start = t.Start
				}
				r.End = t.End
			}
			next = n
		}
		if r.Start < 0 {
			r.Start = v.Start
		}
		desc = &syntax.Field{Key: "description", KeyRange: syntax.Range{Start: at(key.Start), End: at(key.End)},
			Value: &syntax.Value{Kind: syntax.KindString, Text: strings.Join(parts, " "), Range: syntax.Range{Start: at(r.Start), End: at(r.End)}}}
		pos = next
	}
	switch {
	case name == nil:
		// Worded as the checks word it, to be told once with the
		// agents that require the field.
		return nil, &loader.Problem{Rule: "name-missing", Range: open, Message: "no name field; it is required"}
	case desc == nil:
		return nil, &loader.Problem{Rule: "description-missing", Range: open, Message: "no description field; it is required"}
	}
	fields := []syntax.Field{*name, *desc}
	if desc.KeyRange.Start < name.KeyRange.Start {
		fields[0], fields[1] = fields[1], fields[0]
	}
	return &syntax.Value{Kind: syntax.KindMap, Range: syntax.Range{Start: content.Start, End: content.End}, Fields: fields}, nil
}

func geminiField(key string, k, v syntax.Range, text []byte, at func(int) int) *syntax.Field {
	return &syntax.Field{Key: key, KeyRange: syntax.Range{Start: at(k.Start), End: at(k.End)},
		Value: &syntax.Value{Kind: syntax.KindString, Text: string(text[v.Start:v.End]), Range: syntax.Range{Start: at(v.Start), End: at(v.End)}}}
}

// lossyBack maps an offset of lossyUTF8's output back to its input.
func lossyBack(fixes []syntax.LossyFix, off int) int {
	back := off
	for _, f := range fixes {
		switch {
		case off < f.At:
			return back
		case off < f.At+len(syntax.ReplacementChar):
			return f.From + f.N // within U+FFFD: after the bytes it stands for
		}
		back = f.From + f.N + off - f.At - len(syntax.ReplacementChar)
	}
	return back
}

// jsLine is the line of text at pos as content.split(/\r?\n/) cuts it,
// and where the next one starts (len(text)+1 past the last).
func jsLine(text []byte, pos int) (syntax.Range, int) {
	i := bytes.IndexByte(text[pos:], '\n')
	if i < 0 {
		return syntax.Range{Start: pos, End: len(text)}, len(text) + 1
	}
	end := pos + i
	if end > pos && text[end-1] == '\r' {
		return syntax.Range{Start: pos, End: end - 1}, pos + i + 1
	}
	return syntax.Range{Start: pos, End: end}, pos + i + 1
}

// jsKeyLine matches /^\s*KEY:\s*(.*)$/ on the line: the key's range and
// the value's, trimmed.
func jsKeyLine(text []byte, line syntax.Range, key string) (syntax.Range, syntax.Range, bool) {
	i := jsSkipSpace(text, line.Start, line.End)
	if !bytes.HasPrefix(text[i:line.End], []byte(key+":")) {
		return syntax.Range{}, syntax.Range{}, false
	}
	k := syntax.Range{Start: i, End: i + len(key)}
	v := syntax.Range{Start: jsSkipSpace(text, k.End+1, line.End), End: line.End}
	// "." matches no line terminator, and $ is the end of the line.
	for j := v.Start; j < v.End; {
		r, n := utf8.DecodeRune(text[j:v.End])
		if r == '\r' || r == '\u2028' || r == '\u2029' {
			return syntax.Range{}, syntax.Range{}, false
		}
		j += n
	}
	return k, jsTrim(text, v), true
}

// jsContinues matches /^[ \t]+\S/: an indented line with text.
func jsContinues(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == 0 || i == len(line) {
		return false
	}
	r, _ := utf8.DecodeRune(line[i:])
	return !jsSpace(r)
}

// jsSkipSpace is the offset past the JavaScript white space from i.
func jsSkipSpace(text []byte, i, end int) int {
	for i < end {
		r, n := utf8.DecodeRune(text[i:end])
		if !jsSpace(r) {
			break
		}
		i += n
	}
	return i
}

// jsTrim is r without JavaScript white space at either end (String.trim).
func jsTrim(text []byte, r syntax.Range) syntax.Range {
	r.Start = jsSkipSpace(text, r.Start, r.End)
	for r.End > r.Start {
		c, n := utf8.DecodeLastRune(text[r.Start:r.End])
		if !jsSpace(c) {
			break
		}
		r.End -= n
	}
	return r
}

// jsSpace is JavaScript's \s (and what trim() strips): white space and
// line terminators.
func jsSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
