package opencode

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// readOpenCode reads a SKILL.md as OpenCode 1.18.33 (opencode-ai) does:
// ConfigMarkdown.parse (bundle chunk-25agzjt2.js) is gray-matter with
// js-yaml 3's safeLoad, and, when that throws, the same once more on text
// whose "key: a: b" lines are made block scalars (fallbackSanitization);
// when that throws too the skill is dropped. Observed with `opencode debug
// skill` (testdata/conformance/notes/opencode.md §1, probes fm-*):
//
//   - the text, past a BOM, must start with "---" and a fourth "-" makes it
//     no fence; the rest of the opening line names the language ("" or
//     "yaml" read as YAML; fm-language-yaml, fm-open-trailing-space);
//   - the first "\n---" anywhere closes, so any line starting with "---"
//     does (fm-close-four-dashes); without one the whole rest is YAML
//     (fm-no-close);
//   - a frontmatter of nothing but comments is an empty mapping, which has
//     no name (fm-empty, fm-comment-only);
//   - duplicate keys make js-yaml throw, and the repair keeps them
//     (fm-duplicate-keys).
//
// The skill loader (chunk-hat0ka75.js) then wants a plain object with a
// string name and a description that is a string or absent: the name and
// description rules of the target.
func readOpenCode(s *loader.Skill) loader.AgentView {
	src := s.Src
	start := 0
	if s.BOM {
		start = 3
	}
	g := grayMatter(src, start)
	if !g.present {
		first, _ := syntax.LineAt(src, start)
		return loader.AgentView{Body: syntax.Range{Start: start, End: len(src)}, Refuse: &loader.Problem{Rule: "frontmatter-missing", Range: first,
			Message: "the file does not start with a --- line (a fourth - makes it none), so OpenCode reads no name"}}
	}
	if g.lang != "" && g.lang != "yaml" {
		return loader.AgentView{Body: g.body, Refuse: &loader.Problem{Rule: "frontmatter-missing", Range: g.open,
			Message: "the opening --- names the language " + loader.Quote(g.lang) + ", which OpenCode's frontmatter reader does not read"}}
	}
	fm := s.Frontmatter
	if s.Meta != nil && fm.Closed && g.closed && fm.Content.Start == g.first && fm.Content.End == g.yaml.End+1 &&
		s.Meta.Style != syntax.StyleFlow && !loader.HasRule(s.Problems, "yaml-duplicate-key") {
		return openCodeName(s, loader.AgentView{Meta: syntax.MergeKeys(s.Meta), Body: g.body})
	}
	meta, err := openCodeYAML(src, g)
	if err == nil {
		return openCodeName(s, openCodeMapping(meta, g))
	}
	// The repair, then the same reading of the repaired text.
	fixed, remap, ok := openCodeSanitize(src, start)
	if ok {
		if g2 := grayMatter(fixed, start); g2.present && (g2.lang == "" || g2.lang == "yaml") {
			if meta2, err2 := openCodeYAML(fixed, g2); err2 == nil {
				remapValue(meta2, remap, map[*syntax.Value]bool{})
				return openCodeName(s, openCodeMapping(meta2, g))
			}
		}
	}
	return loader.AgentView{Body: g.body, Refuse: err}
}

// openCodeName refuses a mapping without a name that is a string; any
// string is a name, "" and blank ones too (name-empty).
func openCodeName(s *loader.Skill, v loader.AgentView) loader.AgentView {
	if v.Meta == nil || v.Refuse != nil {
		return v
	}
	switch f := v.Meta.Field("name"); {
	case f == nil:
		v.Refuse = &loader.Problem{Rule: "name-missing", Range: s.Frontmatter.Open, Message: "no name field; it is required"}
	case f.Value.Kind != syntax.KindString:
		v.Refuse = &loader.Problem{Rule: "name-type", Range: f.Value.Range, Message: loader.TypeMessage("name", f.Value)}
	}
	return v
}

// openCodeMapping is the view of a frontmatter read: the skill loader
// drops anything but a plain object.
func openCodeMapping(meta *syntax.Value, g grayMatterSplit) loader.AgentView {
	if meta.Kind != syntax.KindMap {
		return loader.AgentView{Body: g.body, Refuse: &loader.Problem{Rule: "frontmatter-not-mapping", Range: meta.Range,
			Message: "the frontmatter is " + loader.Article(meta.Kind) + "; OpenCode drops a skill whose frontmatter is not a mapping"}}
	}
	return loader.AgentView{Meta: meta, Body: g.body}
}

// openCodeYAML reads the YAML of a split as js-yaml's safeLoad does: an
// empty (or comment-only) one is an empty mapping, broken YAML or a key
// given twice is an error.
func openCodeYAML(src []byte, g grayMatterSplit) (*syntax.Value, *loader.Problem) {
	if grayMatterBlank(src[g.yaml.Start:g.yaml.End]) {
		return &syntax.Value{Kind: syntax.KindMap, Range: g.yaml}, nil
	}
	// js-yaml reads the text with a line break at its end: a block
	// scalar that ends it keeps its last line's break.
	r := syntax.Range{Start: g.first, End: g.yaml.End}
	if g.closed {
		r.End++
	}
	if r.Start > r.End {
		r.Start = r.End
	}
	meta, problems := loader.ParseYAML(src, r)
	if loader.HasError(problems) && tabIndented(src[r.Start:r.End]) {
		// js-yaml 3 counts only spaces as indentation and skips a tab
		// after them (fm-tab-indent): read the lines so.
		text, r2, m := untabbed(src, r)
		if meta2, problems2 := loader.ParseYAML(text, r2); !loader.HasError(problems2) {
			remapValue(meta2, m, map[*syntax.Value]bool{})
			meta, problems = meta2, nil
		}
	}
	for _, p := range problems {
		if p.Severity == loader.Error {
			p.Message += "; OpenCode drops the skill"
			return nil, &p
		}
	}
	if at, ok := loader.FlowTrail(src, meta, r); ok {
		return nil, &loader.Problem{Rule: "yaml-syntax", Range: syntax.Range{Start: at, End: at}, Message: "text after the closing } or ]; OpenCode's YAML reader (js-yaml) throws, and the skill is dropped"}
	}
	if meta == nil {
		return &syntax.Value{Kind: syntax.KindMap, Range: g.yaml}, nil
	}
	if f := loader.DuplicateKey(meta, map[*syntax.Value]bool{}); f != nil {
		return nil, &loader.Problem{Rule: "yaml-duplicate-key", Range: f.KeyRange,
			Message: "key " + loader.Quote(f.Key) + " is given twice; OpenCode's YAML reader (js-yaml) throws, and the skill is dropped"}
	}
	return syntax.MergeKeys(meta), nil
}

// grayMatterSplit is where gray-matter finds the frontmatter.
type grayMatterSplit struct {
	present bool
	closed  bool
	open    syntax.Range // the opening line
	first   int          // where the line after the opening line starts
	lang    string       // the rest of the opening line, trimmed
	yaml    syntax.Range // from the opening line's break to the closing "\n---"
	body    syntax.Range
}

// grayMatter splits src (from start, past a BOM) as gray-matter does with
// its default "---" delimiters.
func grayMatter(src []byte, start int) grayMatterSplit {
	var g grayMatterSplit
	rest := src[start:]
	if !bytes.HasPrefix(rest, []byte("---")) || len(rest) > 3 && rest[3] == '-' {
		return g
	}
	g.present = true
	after := start + 3
	// The language is the rest of the line, up to "\r\n" or "\n".
	eol := bytes.IndexByte(src[after:], '\n')
	langEnd, yamlStart := len(src), len(src)
	if eol >= 0 {
		langEnd, yamlStart = after+eol, after+eol
		if langEnd > after && src[langEnd-1] == '\r' {
			langEnd--
		}
	} else {
		langEnd, yamlStart = len(src), len(src)
	}
	g.open = syntax.Range{Start: start, End: langEnd}
	g.first = len(src)
	if eol >= 0 {
		g.first = after + eol + 1
	}
	g.lang = strings.TrimSpace(string(src[after:langEnd]))
	if g.lang == "" {
		yamlStart = after // the line's own break is part of the YAML
	}
	closeAt := bytes.Index(src[yamlStart:], []byte("\n---"))
	if closeAt < 0 {
		g.yaml = syntax.Range{Start: yamlStart, End: len(src)}
		g.body = syntax.Range{Start: len(src), End: len(src)}
		return g
	}
	g.yaml = syntax.Range{Start: yamlStart, End: yamlStart + closeAt}
	g.closed = true
	b := g.yaml.End + 4
	if b < len(src) && src[b] == '\r' {
		b++
	}
	if b < len(src) && src[b] == '\n' {
		b++
	}
	g.body = syntax.Range{Start: b, End: len(src)}
	return g
}

// grayMatterBlank reports whether a frontmatter is empty to gray-matter:
// nothing but white space and comment lines.
func grayMatterBlank(text []byte) bool {
	for _, line := range bytes.Split(text, []byte("\n")) {
		t := bytes.TrimSpace(line)
		if len(t) > 0 && t[0] != '#' {
			return false
		}
	}
	return true
}

// openCodeFrontmatter is fallbackSanitization's view of the frontmatter.
var openCodeFrontmatter = regexp.MustCompile(`^---\r?\n((?s).*?)\r?\n---`)

// openCodeKeyLine is a top-level line the repair looks at.
var openCodeKeyLine = regexp.MustCompile(`^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$`)

// offsetMap maps offsets of a repaired text back to the original's.
type offsetMap []struct{ from, to, length, was int }

func (m offsetMap) at(off int) int {
	for i := len(m) - 1; i >= 0; i-- {
		if s := m[i]; off >= s.from {
			return s.to + min(off-s.from, s.was)
		}
	}
	return off
}

// openCodeSanitize is fallbackSanitization: in the frontmatter, each
// top-level "key: value" line whose value holds ":" and is not empty, ">",
// "|" or quoted becomes "key: |-" with the value on the next line. It
// returns the text and how its offsets map back, or false when the text
// has no frontmatter to repair or nothing was repaired.
func openCodeSanitize(src []byte, start int) ([]byte, offsetMap, bool) {
	loc := openCodeFrontmatter.FindSubmatchIndex(src[start:])
	if loc == nil {
		return nil, nil, false
	}
	fmStart, fmEnd := start+loc[2], start+loc[3]
	var out bytes.Buffer
	out.Write(src[:fmStart])
	m := offsetMap{{0, 0, fmStart, fmStart}}
	changed := false
	for pos := fmStart; pos <= fmEnd; {
		end := bytes.IndexByte(src[pos:fmEnd], '\n')
		next := 0
		if end < 0 {
			end, next = fmEnd, fmEnd+1
		} else {
			end += pos
			next = end + 1
		}
		line := src[pos:end]
		text := strings.TrimSuffix(string(line), "\r")
		trimmed := strings.TrimSpace(text)
		repl := ""
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") && text[0] != ' ' && text[0] != '\t' {
			if sm := openCodeKeyLine.FindStringSubmatch(text); sm != nil {
				v := strings.TrimSpace(sm[2])
				if v != "" && v != ">" && v != "|" && !strings.HasPrefix(v, `"`) && !strings.HasPrefix(v, "'") && strings.Contains(v, ":") {
					repl = sm[1] + ": |-\n  " + v
				}
			}
		}
		from := out.Len()
		if repl != "" {
			changed = true
			out.WriteString(repl)
			m = append(m, struct{ from, to, length, was int }{from, pos, len(repl), len(line)})
		} else {
			out.Write(line)
			m = append(m, struct{ from, to, length, was int }{from, pos, len(line), len(line)})
		}
		if next <= fmEnd {
			out.WriteByte('\n')
		}
		pos = next
	}
	if !changed {
		return nil, nil, false
	}
	m = append(m, struct{ from, to, length, was int }{out.Len(), fmEnd, len(src) - fmEnd, len(src) - fmEnd})
	out.Write(src[fmEnd:])
	return out.Bytes(), m, true
}

// remapValue moves every range of v from the repaired text to the file.
func remapValue(v *syntax.Value, m offsetMap, seen map[*syntax.Value]bool) {
	if v == nil || seen[v] {
		return
	}
	seen[v] = true
	v.Range = syntax.Range{Start: m.at(v.Range.Start), End: m.at(v.Range.End)}
	for i := range v.Fields {
		f := &v.Fields[i]
		f.KeyRange = syntax.Range{Start: m.at(f.KeyRange.Start), End: m.at(f.KeyRange.End)}
		remapValue(f.Value, m, seen)
	}
	for _, it := range v.Items {
		remapValue(it, m, seen)
	}
}

// tabIndented reports whether a line of text has a tab in its
// indentation.
func tabIndented(text []byte) bool {
	for _, line := range bytes.Split(text, []byte("\n")) {
		ws := line[:len(line)-len(bytes.TrimLeft(line, " \t"))]
		if bytes.IndexByte(ws, '\t') >= 0 {
			return true
		}
	}
	return false
}

// untabbed is src with the lines of r indented as js-yaml 3 reads them:
// by the spaces before the first tab, the rest of the white space skipped;
// with r in the new text and how its offsets map back.
func untabbed(src []byte, r syntax.Range) ([]byte, syntax.Range, offsetMap) {
	type seg = struct{ from, to, length, was int }
	var out bytes.Buffer
	out.Write(src[:r.Start])
	m := offsetMap{seg{0, 0, r.Start, r.Start}}
	for pos := r.Start; pos < r.End; {
		end := bytes.IndexByte(src[pos:r.End], '\n')
		if end < 0 {
			end = r.End
		} else {
			end += pos + 1
		}
		line := src[pos:end]
		rest := bytes.TrimLeft(line, " \t")
		ws := len(line) - len(rest)
		n := len(line[:ws]) - len(bytes.TrimLeft(line[:ws], " "))
		if bytes.IndexByte(line[:ws], '\t') >= 0 {
			m = append(m, seg{out.Len(), pos, n, n})
			out.Write(line[:n])
			m = append(m, seg{out.Len(), pos + ws, len(rest), len(rest)})
			out.Write(rest)
		} else {
			m = append(m, seg{out.Len(), pos, len(line), len(line)})
			out.Write(line)
		}
		pos = end
	}
	nr := syntax.Range{Start: r.Start, End: out.Len()}
	m = append(m, seg{out.Len(), r.End, len(src) - r.End, len(src) - r.End})
	out.Write(src[r.End:])
	return out.Bytes(), nr, m
}
