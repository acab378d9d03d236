package codex

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
	"gopkg.in/yaml.v3"
)

// readCodex reads a SKILL.md as Codex 0.169.0 does (codex-rs core-skills
// loader.rs, checked on the released binary: testdata/conformance/notes/
// codex.md sections 1-3, probes under testdata/conformance/probes/codex):
//
//   - the file must be UTF-8 ("failed to read file"); a byte-order mark is
//     not stripped;
//   - extract_frontmatter: line 1 and the next line whose trim() is "---"
//     are the fences (so " ---" and an indented closing line count); no
//     closing line, or no line between them, is "missing YAML frontmatter";
//   - serde_yaml into a struct of Option<String> name and description (any
//     scalar is its text, null is none) and a metadata struct with an
//     Option<String> short-description: a list or map there, a metadata
//     that is no map, a duplicate of those fields or a second YAML document
//     fails the parse;
//   - on a failed parse, repair_frontmatter_scalar_fields quotes the plain
//     values holding ": " or starting [{@` that YAML refuses, and the text
//     is read once more; if that fails too, the first error stands;
//   - a name that is missing, null or blank after whitespace is collapsed
//     is the folder's name, held to the same 64 chars.
func readCodex(s *loader.Skill) loader.AgentView {
	src := s.Src
	for _, p := range s.Problems {
		switch p.Rule {
		case "not-utf8", "bom":
			// Refused ("failed to read file", "missing YAML
			// frontmatter"): the parse's own error, for Codex too.
			return loader.AgentView{Body: s.Body(), Refuse: &p}
		case "file-too-large": // not parsed, and an error for every agent
			return loader.AgentView{Body: s.Body()}
		}
	}
	open, next := syntax.LineAt(src, 0)
	if string(bytes.TrimSpace(src[open.Start:open.End])) != "---" {
		return loader.AgentView{Body: syntax.Range{Start: 0, End: len(src)}, Refuse: &loader.Problem{Rule: "frontmatter-missing", Range: open,
			Message: "line 1 is not ---, so Codex finds no frontmatter (missing YAML frontmatter delimited by ---)"}}
	}
	content := syntax.Range{Start: next, End: next}
	closed, body := false, syntax.Range{Start: len(src), End: len(src)}
	marker, dots := syntax.Range{Start: -1, End: -1}, -1 // a "--- x" line; a "..." line
	for pos := next; pos < len(src); {
		line, nl := syntax.LineAt(src, pos)
		text := src[line.Start:line.End]
		if string(bytes.TrimSpace(text)) == "---" {
			closed, content.End, body = true, line.Start, syntax.Range{Start: nl, End: len(src)}
			break
		}
		switch {
		case marker.Start >= 0:
		case isDocMarker(text, "---"):
			marker = line
		case isDocMarker(text, "..."):
			dots = line.End
		case dots >= 0 && !blankOrComment(text):
			marker = line
		}
		pos = nl
	}
	switch {
	case !closed:
		return loader.AgentView{Body: syntax.Range{Start: len(src), End: len(src)}, Refuse: &loader.Problem{Rule: "frontmatter-unclosed", Range: open,
			Message: "no later line is ---, so Codex finds no frontmatter (missing YAML frontmatter delimited by ---)"}}
	case content.Len() == 0:
		return loader.AgentView{Body: body, Refuse: &loader.Problem{Rule: "frontmatter-missing", Range: open,
			Message: "the frontmatter has no lines, so Codex finds none (missing YAML frontmatter delimited by ---)"}}
	case marker.Start >= 0:
		return loader.AgentView{Body: body, Refuse: &loader.Problem{Rule: "yaml-syntax", Range: marker,
			Message: "this line starts a second YAML document, which Codex's reader refuses (more than one document is not supported)"}}
	}
	meta, refuse := codexParse(s, content)
	if refuse == nil {
		refuse = codexFolderName(s, meta)
	}
	return loader.AgentView{Meta: meta, Body: body, Refuse: refuse}
}

// isDocMarker: the line starts a YAML document ("---") or ends one ("...").
func isDocMarker(line []byte, marker string) bool {
	return len(line) >= 3 && string(line[:3]) == marker && (len(line) == 3 || line[3] == ' ' || line[3] == '\t')
}

func blankOrComment(line []byte) bool {
	t := strings.TrimLeft(string(line), " \t")
	return t == "" || t[0] == '#'
}

// codexParse reads the frontmatter in content into Codex's struct: the
// mapping it sees (null values made empty), or why it refuses the file.
func codexParse(s *loader.Skill, content syntax.Range) (*syntax.Value, *loader.Problem) {
	var meta *syntax.Value
	var problem *loader.Problem
	switch same := s.Frontmatter.Content == content; {
	case same && s.Meta != nil:
		meta = s.Meta // the strict parse read the same text
	case same && syntaxError(s) != nil:
		problem = syntaxError(s) // and failed on it
	default:
		meta, problem = codexYAML(s.Src, content)
	}
	if problem == nil && meta != nil && meta.Style == syntax.StyleFlow && !yamlParses(content.Text(s.Src)) {
		problem = &loader.Problem{Rule: "yaml-syntax", Range: syntax.Range{Start: meta.Range.End, End: content.End},
			Message: "text after the flow mapping starts a second YAML document, which Codex's reader refuses (more than one document is not supported)"}
	}
	if problem == nil {
		if problem = codexStruct(meta); problem == nil {
			return codexNulls(meta, codexFields), nil
		}
	}
	repaired, lines, changed := codexRepair(s.Src, content)
	if !changed {
		return nil, problem
	}
	m, p := codexYAML(repaired, syntax.Range{Start: 0, End: len(repaired)})
	if p != nil || codexStruct(m) != nil {
		return nil, problem
	}
	lines.remap(m)
	return codexNulls(m, codexFields), nil
}

// syntaxError is the strict parse's YAML error, nil for none.
func syntaxError(s *loader.Skill) *loader.Problem {
	for i, p := range s.Problems {
		if p.Rule == "yaml-syntax" && p.Severity == loader.Error && len(p.Targets) == 0 {
			return &s.Problems[i]
		}
	}
	return nil
}

// codexYAML parses content as YAML; a problem when it does not parse.
func codexYAML(src []byte, content syntax.Range) (*syntax.Value, *loader.Problem) {
	meta, problems := loader.ParseYAML(src, content)
	for _, p := range problems {
		if p.Severity == loader.Error && len(p.Targets) == 0 {
			return nil, &p
		}
	}
	return meta, nil
}

// codexStruct is what serde finds wrong when it reads m into Codex's
// SkillFrontmatter, nil when nothing.
func codexStruct(m *syntax.Value) *loader.Problem {
	if m == nil || m.Kind != syntax.KindMap {
		what, r := "empty", syntax.Range{}
		if m != nil {
			what, r = "a "+m.Kind.String(), m.Range
		}
		return &loader.Problem{Rule: "frontmatter-not-mapping", Range: r,
			Message: fmt.Sprintf("the frontmatter is %s; Codex reads a mapping and refuses the skill", what)}
	}
	var seen [3]bool
	for i, key := range codexFields {
		for _, f := range m.Fields {
			if f.Key != key {
				continue
			}
			if seen[i] {
				return codexDuplicate(key, f.KeyRange)
			}
			seen[i] = true
			if p := codexField(key, f.Value); p != nil {
				return p
			}
		}
	}
	return nil
}

// codexDuplicate: a field of the struct given twice fails it (the parse
// tells of the key given twice at the same place, which then stands).
func codexDuplicate(key string, r syntax.Range) *loader.Problem {
	return &loader.Problem{Rule: "yaml-duplicate-key", Range: r,
		Message: fmt.Sprintf("%s is given twice; Codex refuses the skill (duplicate field)", key)}
}

// codexField checks one field of the struct.
func codexField(key string, v *syntax.Value) *loader.Problem {
	if key != "metadata" {
		if v.Kind == syntax.KindList || v.Kind == syntax.KindMap {
			return &loader.Problem{Rule: key + "-type", Range: v.Range, Message: loader.TypeMessage(key, v)}
		}
		return nil
	}
	switch {
	case v.Kind == syntax.KindNull && v.Text == "":
		return nil // "metadata:" is an empty struct; null and ~ are not
	case v.Kind == syntax.KindMap:
	case v.Kind == syntax.KindNull:
		return &loader.Problem{Rule: "metadata-type", Range: v.Range,
			Message: fmt.Sprintf("metadata is %s, which Codex's metadata struct does not take (an empty metadata: does); Codex refuses the skill", v.Text)}
	default:
		return &loader.Problem{Rule: "metadata-type", Range: v.Range,
			Message: fmt.Sprintf("metadata should be a map, not %s", loader.DescribeValue(v))}
	}
	found := false
	for _, f := range v.Fields {
		if f.Key != "short-description" {
			continue
		}
		if found {
			return codexDuplicate("metadata.short-description", f.KeyRange)
		}
		found = true
		if k := f.Value.Kind; k == syntax.KindList || k == syntax.KindMap {
			return &loader.Problem{Rule: "metadata-type", Range: f.Value.Range,
				Message: fmt.Sprintf("metadata.short-description is %s; this agent reads it as a string", loader.Article(k))}
		}
	}
	return nil
}

// The fields of Codex's struct, and of its metadata struct.
var (
	codexFields         = []string{"name", "description", "metadata"}
	codexMetadataFields = []string{"short-description"}
)

// codexNulls is m with the null values of the struct's string fields
// (keys) made empty, metadata's too: serde reads null as no value
// (`description: null` is a missing description, not "null").
func codexNulls(m *syntax.Value, keys []string) *syntax.Value {
	out := m
	for i, f := range m.Fields {
		v := f.Value
		if !slices.Contains(keys, f.Key) {
			continue
		}
		nv := v
		if v.Kind == syntax.KindNull && v.Text != "" && f.Key != "metadata" {
			c := *v
			c.Text = ""
			nv = &c
		} else if f.Key == "metadata" && v.Kind == syntax.KindMap {
			nv = codexNulls(v, codexMetadataFields)
		}
		if nv == v {
			continue
		}
		if out == m {
			c := *m
			c.Fields = append([]syntax.Field(nil), m.Fields...)
			out = &c
		}
		out.Fields[i].Value = nv
	}
	return out
}

// codexFolderName: without a name, or with one that is null or blank,
// Codex takes the folder's name, whitespace collapsed, held to 64 chars.
func codexFolderName(s *loader.Skill, m *syntax.Value) *loader.Problem {
	if f := m.Field("name"); f != nil && loader.CollapseSpace(f.Value.Text) != "" {
		return nil
	}
	dir := loader.CollapseSpace(s.DirName())
	if n := utf8.RuneCountInString(dir); n > 64 {
		r := s.Frontmatter.Open
		if f := m.Field("name"); f != nil {
			r = f.Value.Range
		}
		return &loader.Problem{Rule: "name-too-long", Range: r,
			Message: "without a name Codex takes the folder's name: " + loader.LengthMessage("it", dir, 64, loader.Chars) + "; Codex refuses the skill"}
	}
	return nil
}

// codexRepair is repair_frontmatter_scalar_fields: on each "key: value"
// line outside a block scalar, a plain value holding ":" and a space, or
// starting with one of [{@` and not YAML by itself, is single-quoted (a
// comment after it kept). It returns the text, its lines' offsets, and
// whether anything changed.
func codexRepair(src []byte, content syntax.Range) ([]byte, lineMaps, bool) {
	var out []byte
	var maps lineMaps
	changed := false
	block := -1
	for pos := content.Start; pos < content.End; {
		r, nl := syntax.LineAt(src, pos)
		r.End = min(r.End, content.End)
		pos = nl
		line := string(src[r.Start:r.End])
		if len(out) > 0 {
			out = append(out, '\n')
		}
		m := lineMap{rep: len(out), orig: r.Start, n: r.Len(), col: -1}
		repl, ok := codexRepairLine(line, &block)
		if ok {
			changed = true
			m.col, m.origEnd, m.repEnd = repl.col, repl.end, repl.col+len(repl.quoted)
			line = line[:repl.col] + repl.quoted + line[repl.end:]
		}
		maps = append(maps, m)
		out = append(out, line...)
	}
	return out, maps, changed
}

// lineRepair is one line's quoted value: it replaces line[col:end].
type lineRepair struct {
	col, end int
	quoted   string
}

func codexRepairLine(line string, block *int) (lineRepair, bool) {
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if *block >= 0 {
		if strings.TrimSpace(line) == "" || indent > *block {
			return lineRepair{}, false
		}
		*block = -1
	}
	colon := strings.IndexByte(line, ':')
	if colon < 0 {
		return lineRepair{}, false
	}
	key, value := line[:colon], line[colon+1:]
	if strings.TrimSpace(key) == "" {
		return lineRepair{}, false
	}
	if r, _ := utf8.DecodeRuneInString(value); value != "" && !unicode.IsSpace(r) {
		return lineRepair{}, false
	}
	trimmed := strings.TrimLeftFunc(value, unicode.IsSpace)
	start := colon + 1 + len(value) - len(trimmed)
	scalar := trimmed
	prev := rune(-1)
	for i, c := range trimmed {
		if c == '#' && (i == 0 || unicode.IsSpace(prev)) {
			scalar = trimmed[:i]
			break
		}
		prev = c
	}
	scalar = strings.TrimRightFunc(scalar, unicode.IsSpace)
	if scalar == "" {
		return lineRepair{}, false
	}
	switch scalar[0] {
	case '|', '>':
		*block = indent
		return lineRepair{}, false
	case '\'', '"':
		return lineRepair{}, false
	}
	colonSep := false
	for i := 0; i+1 < len(scalar); i++ {
		if scalar[i] == ':' {
			if r, _ := utf8.DecodeRuneInString(scalar[i+1:]); unicode.IsSpace(r) {
				colonSep = true
				break
			}
		}
	}
	if !colonSep && !(strings.IndexByte("[{@`", scalar[0]) >= 0 && !yamlParses(scalar)) {
		return lineRepair{}, false
	}
	return lineRepair{col: start, end: start + len(scalar), quoted: "'" + strings.ReplaceAll(scalar, "'", "''") + "'"}, true
}

// yamlParses reports whether text is one YAML document, nothing after it
// (yaml.Unmarshal stops after the first node: "[a](b) c" would pass).
func yamlParses(text string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	dec := yaml.NewDecoder(strings.NewReader(text))
	var n yaml.Node
	if err := dec.Decode(&n); err != nil {
		return err == io.EOF
	}
	return dec.Decode(&n) == io.EOF
}

// lineMap places one line of repaired text in the file: where it starts
// in each, the original's length, and for a quoted value where it starts
// (col, the same in both) and ends in each.
type lineMap struct {
	rep, orig, n         int
	col, origEnd, repEnd int
}

type lineMaps []lineMap

// offset is where an offset into the repaired text falls in the file.
func (ls lineMaps) offset(o int) int {
	i := sort.Search(len(ls), func(i int) bool { return ls[i].rep > o }) - 1
	if i < 0 {
		return ls[0].orig
	}
	l := ls[i]
	col := o - l.rep
	if l.col >= 0 && col > l.col {
		if col >= l.repEnd {
			col = l.origEnd + col - l.repEnd
		} else {
			col = max(l.col, min(col-1, l.origEnd))
		}
	}
	return l.orig + min(col, l.n)
}

// remap moves the ranges of v, read from repaired text, into the file.
func (ls lineMaps) remap(v *syntax.Value) {
	if v == nil {
		return
	}
	v.Range = syntax.Range{Start: ls.offset(v.Range.Start), End: ls.offset(v.Range.End)}
	for i := range v.Fields {
		f := &v.Fields[i]
		f.KeyRange = syntax.Range{Start: ls.offset(f.KeyRange.Start), End: ls.offset(f.KeyRange.End)}
		ls.remap(f.Value)
	}
	for _, it := range v.Items {
		ls.remap(it)
	}
}
