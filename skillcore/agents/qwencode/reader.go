package qwencode

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// readQwen reads a SKILL.md as Qwen Code 0.24.4 (@qwen-code/qwen-code)
// does: SkillManager.parseSkillContent (bundle chunk-DPEB6S2R.js) strips a
// BOM, turns CRLF into LF and wants /^---\n([\s\S]*?)\n---(?:\n|$)/, so
// both fences are exactly "---" and the closing one is not the line after
// the opening one (probes fm-open-trailing-space, fm-close-four-dashes,
// fm-empty); the YAML is read with the yaml package's core schema
// (utils/yaml-parser.ts, chunk-DXXCNZW4.js), and when that throws (broken
// YAML, a key given twice, tabs as indentation) or gives no mapping, with
// parseSimple, a line reader that keeps single quotes (fm-yaml-error,
// fm-duplicate-keys, fm-simple-fallback-quotes). Null values are dropped.
// A name or description is taken with String(): a list is its items
// joined by "," and a mapping throws. model must be a string, paths and
// allowedTools lists, else the skill is refused. Observed with `qwen -p`
// and its debug log (testdata/conformance/notes/qwen.md §1-4).
func readQwen(s *loader.Skill) loader.AgentView {
	src := s.Src
	start := 0
	if s.BOM {
		start = 3
	}
	if loneCR(src) {
		// A line break of "\r" alone is "\n" to qwen-code (fm-cr-only);
		// the same length, so offsets stay.
		src = bytes.Clone(src)
		for i, c := range src {
			if c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
				src[i] = '\n'
			}
		}
	}
	_, content, body, ok := qwenSplit(src, start)
	if !ok {
		first, _ := syntax.LineAt(src, start)
		return loader.AgentView{Body: syntax.Range{Start: start, End: len(src)}, Refuse: &loader.Problem{Rule: "frontmatter-missing", Range: first,
			Message: "Qwen Code wants a first line that is exactly --- and a later line that is exactly ---, not the line right after it; it finds no frontmatter"}}
	}
	fm := s.Frontmatter
	var meta *syntax.Value
	if s.Meta != nil && s.Meta.Style != syntax.StyleFlow && fm.Closed && !fm.OpenSpaces && !fm.CloseSpaces && fm.Content.Start == content.Start &&
		fm.Close.Start == body.close && !loader.HasRule(s.Problems, "yaml-duplicate-key") && !loader.HasRule(s.Problems, "yaml-syntax") {
		meta = s.Meta
	} else {
		meta = qwenYAML(src, content)
	}
	meta = qwenText(meta)
	v := loader.AgentView{Meta: meta, Body: syntax.Range{Start: body.start, End: len(src)}}
	v.Refuse = qwenFields(meta)
	return v
}

// qwenBody is where the closing line and the body start.
type qwenBody struct{ close, start int }

// qwenSplit finds the frontmatter as qwen-code's regular expression does
// on the text with its line breaks made "\n": content is the YAML without
// the line break before the closing line.
func qwenSplit(src []byte, start int) (open, content syntax.Range, body qwenBody, ok bool) {
	open, next := syntax.LineAt(src, start)
	if string(src[open.Start:open.End]) != "---" || next >= len(src) && !bytes.HasSuffix(src, []byte("\n")) {
		return open, content, body, false
	}
	first := next
	prevEnd := -1
	for pos, i := next, 1; pos < len(src); i++ {
		line, nl := syntax.LineAt(src, pos)
		if i >= 2 && string(src[line.Start:line.End]) == "---" {
			return open, syntax.Range{Start: first, End: prevEnd}, qwenBody{line.Start, nl}, true
		}
		prevEnd = line.End
		pos = nl
	}
	return open, content, body, false
}

// qwenYAML reads the YAML with the core schema, else with parseSimple.
func qwenYAML(src []byte, content syntax.Range) *syntax.Value {
	meta, problems := loader.ParseYAML(src, content)
	if _, trail := loader.FlowTrail(src, meta, content); meta != nil && meta.Kind == syntax.KindMap && !loader.HasError(problems) &&
		!trail && loader.DuplicateKey(meta, map[*syntax.Value]bool{}) == nil {
		return meta
	}
	return qwenSimple(src, content)
}

// qwenSimple is parseSimple: "key: value" lines split at the first ":",
// "  - item" lines a list and "  key: value" lines a mapping under a key
// with no value; values true, false, null, numbers and "…" are typed, '…'
// keeps its quotes; a later key replaces an earlier one.
func qwenSimple(src []byte, content syntax.Range) *syntax.Value {
	type line struct {
		text string
		at   int
	}
	var lines []line
	for pos := content.Start; pos <= content.End; {
		end := bytes.IndexByte(src[pos:content.End], '\n')
		next := 0
		if end < 0 {
			end, next = content.End, content.End+1
		} else {
			end += pos
			next = end + 1
		}
		text := strings.TrimSuffix(string(src[pos:end]), "\r")
		if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
			lines = append(lines, line{text, pos})
		}
		pos = next
	}
	out := &syntax.Value{Kind: syntax.KindMap, Range: content}
	set := func(key string, kr syntax.Range, v *syntax.Value) {
		if v.Kind == syntax.KindNull {
			for i := range out.Fields {
				if out.Fields[i].Key == key {
					out.Fields = append(out.Fields[:i], out.Fields[i+1:]...)
					break
				}
			}
			return
		}
		for i := range out.Fields {
			if out.Fields[i].Key == key {
				out.Fields[i].Value = v
				return
			}
		}
		out.Fields = append(out.Fields, syntax.Field{Key: key, KeyRange: kr, Value: v})
	}
	var list, obj *syntax.Value
	curKey, objKey := "", ""
	var curRange, objRange syntax.Range
	for i, l := range lines {
		r := syntax.Range{Start: l.at, End: l.at + len(l.text)}
		if strings.HasPrefix(l.text, "  - ") {
			if list == nil {
				list = &syntax.Value{Kind: syntax.KindList, Range: r}
			}
			list.Items = append(list.Items, qwenValue(strings.TrimSpace(l.text[4:]), r))
			list.Range.End = r.End
			continue
		}
		if list != nil {
			set(curKey, curRange, list)
			list, curKey = nil, ""
		}
		if strings.HasPrefix(l.text, "  ") && obj != nil {
			k, v, _ := strings.Cut(strings.TrimSpace(l.text), ":")
			val := qwenValue(strings.TrimSpace(v), r)
			if val.Kind != syntax.KindNull {
				obj.Fields = append(obj.Fields, syntax.Field{Key: strings.TrimSpace(k), KeyRange: r, Value: val})
			}
			obj.Range.End = r.End
			continue
		}
		if obj != nil {
			set(objKey, objRange, obj)
			obj, objKey = nil, ""
		}
		k, v, found := strings.Cut(l.text, ":")
		if !found {
			continue
		}
		key, value := strings.TrimSpace(k), strings.TrimSpace(v)
		kr := syntax.Range{Start: l.at, End: l.at + len(k)}
		if value != "" {
			set(key, kr, qwenValue(value, syntax.Range{Start: r.End - len(strings.TrimLeft(v, " \t")), End: r.End}))
			continue
		}
		curKey, curRange = key, kr
		if i+1 < len(lines) {
			switch next := lines[i+1].text; {
			case strings.HasPrefix(next, "  - "):
				continue
			case strings.HasPrefix(next, "  "):
				obj, objKey, objRange = &syntax.Value{Kind: syntax.KindMap, Range: r}, key, kr
				curKey = ""
				continue
			}
		}
		// A key with nothing under it is dropped (no value is set).
	}
	if list != nil {
		set(curKey, curRange, list)
	}
	if obj != nil {
		set(objKey, objRange, obj)
	}
	return out
}

// qwenNumber is what JavaScript's Number() takes for a finite number.
var qwenNumber = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

// qwenValue is parseSimple's parseValue.
func qwenValue(v string, r syntax.Range) *syntax.Value {
	switch v {
	case "true", "false":
		return &syntax.Value{Kind: syntax.KindBool, Text: v, Range: r}
	case "null":
		return &syntax.Value{Kind: syntax.KindNull, Range: r}
	case "":
		return &syntax.Value{Kind: syntax.KindString, Range: r}
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		text := strings.ReplaceAll(strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`), `\\`, `\`)
		return &syntax.Value{Kind: syntax.KindString, Style: syntax.StyleQuoted, Text: text, Range: r}
	}
	if f, ok := qwenParseNumber(v); ok {
		return &syntax.Value{Kind: syntax.KindFloat, Text: qwenNumberText(f), Range: r}
	}
	return &syntax.Value{Kind: syntax.KindString, Text: v, Range: r}
}

func qwenParseNumber(v string) (float64, bool) {
	lower := strings.ToLower(v)
	for prefix, base := range map[string]int{"0x": 16, "0o": 8, "0b": 2} {
		if strings.HasPrefix(lower, prefix) {
			n, err := strconv.ParseUint(v[2:], base, 64)
			return float64(n), err == nil
		}
	}
	if !qwenNumber.MatchString(v) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil
}

// qwenNumberText is String(n) for a number.
func qwenNumberText(f float64) string {
	if f == float64(int64(f)) && f < 1e21 && f > -1e21 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// qwenText drops the null values, as stripNullValues does, and makes a
// name or description that is a list the text String() makes of it: its
// items joined by ",".
func qwenText(meta *syntax.Value) *syntax.Value {
	if meta == nil {
		return nil
	}
	if !slices.ContainsFunc(meta.Fields, func(f syntax.Field) bool {
		k := f.Value.Kind
		return k == syntax.KindNull || (f.Key == "name" || f.Key == "description") && (k == syntax.KindList || k == syntax.KindInt || k == syntax.KindFloat)
	}) {
		return meta
	}
	m := *meta
	m.Fields = nil
	for _, f := range meta.Fields {
		switch {
		case f.Value.Kind == syntax.KindNull:
			continue
		case (f.Key == "name" || f.Key == "description") && f.Value.Kind == syntax.KindList:
			f.Value = &syntax.Value{Kind: syntax.KindString, Text: qwenJoin(f.Value), Range: f.Value.Range}
		case (f.Key == "name" || f.Key == "description") && (f.Value.Kind == syntax.KindInt || f.Value.Kind == syntax.KindFloat):
			f.Value = &syntax.Value{Kind: syntax.KindString, Text: qwenNumberString(f.Value.Text), Range: f.Value.Range}
		}
		m.Fields = append(m.Fields, f)
	}
	return &m
}

// qwenJoin is Array.prototype.toString.
func qwenJoin(v *syntax.Value) string {
	parts := make([]string, len(v.Items))
	for i, it := range v.Items {
		switch it.Kind {
		case syntax.KindList:
			parts[i] = qwenJoin(it)
		case syntax.KindNull:
		case syntax.KindMap:
			parts[i] = "[object Object]"
		default:
			parts[i] = it.Text
		}
	}
	return strings.Join(parts, ",")
}

// qwenFields is the refusal of the fields qwen-code validates beyond the
// name and description: model must be a string, paths a list of relative
// patterns, allowedTools a list.
func qwenFields(meta *syntax.Value) *loader.Problem {
	for _, f := range meta.Fields {
		v := f.Value
		if v.Kind == syntax.KindNull {
			continue
		}
		switch f.Key {
		case "model":
			if v.Kind != syntax.KindString {
				return &loader.Problem{Rule: "field-type", Range: v.Range, Message: `model is ` + loader.DescribeValue(v) + `; Qwen Code refuses the skill ("model" must be a string)`}
			}
		case "allowedTools":
			if v.Kind != syntax.KindList {
				return &loader.Problem{Rule: "field-type", Range: v.Range, Message: `allowedTools is ` + loader.DescribeValue(v) + `; Qwen Code refuses the skill ("allowedTools" must be an array)`}
			}
		case "paths":
			if v.Kind != syntax.KindList {
				return &loader.Problem{Rule: "field-type", Range: v.Range, Message: `paths is ` + loader.DescribeValue(v) + `; Qwen Code refuses the skill ("paths" must be an array of glob patterns)`}
			}
			for _, it := range v.Items {
				p := strings.ReplaceAll(strings.TrimSpace(it.Text), `\`, "/")
				if strings.HasPrefix(p, "/") || len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') ||
					strings.HasPrefix(p, "../") || p == ".." || strings.Contains(p, "/../") || strings.HasSuffix(p, "/..") {
					return &loader.Problem{Rule: "field-value", Range: it.Range, Message: "paths entry " + loader.Quote(p) + " is absolute or leaves the project; Qwen Code refuses the skill"}
				}
			}
		}
	}
	return nil
}

// qwenUnlisted reports whether qwen-code keeps a skill it loads out of the
// listing: disable-model-invocation true (or the string "true"), or paths
// that wait for a matching file (probes field-dmi-string-true,
// field-paths-conditional).
func qwenUnlisted(meta *syntax.Value) bool {
	if f := meta.Field("disable-model-invocation"); f != nil && (f.Value.Kind == syntax.KindBool || f.Value.Kind == syntax.KindString) && f.Value.Text == "true" {
		return true
	}
	if f := meta.Field("paths"); f != nil && f.Value.Kind == syntax.KindList {
		for _, it := range f.Value.Items {
			if it.Kind != syntax.KindNull && strings.TrimSpace(qwenString(it)) != "" {
				return true
			}
		}
	}
	return false
}

// qwenString is String(v) for a scalar or list.
func qwenString(v *syntax.Value) string {
	if v.Kind == syntax.KindList {
		return qwenJoin(v)
	}
	return v.Text
}

// loneCR reports whether src has a "\r" that is not before a "\n".
func loneCR(src []byte) bool {
	for i := bytes.IndexByte(src, '\r'); i >= 0; {
		if i+1 == len(src) || src[i+1] != '\n' {
			return true
		}
		j := bytes.IndexByte(src[i+1:], '\r')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// qwenNumberString is String() of a YAML 1.2 core number as the yaml
// package reads it: 0x1F is "31", 1.50 is "1.5", .inf is "Infinity".
func qwenNumberString(text string) string {
	t := strings.ReplaceAll(text, "_", "")
	switch strings.ToLower(strings.TrimLeft(t, "+-")) {
	case ".inf":
		if strings.HasPrefix(t, "-") {
			return "-Infinity"
		}
		return "Infinity"
	case ".nan":
		return "NaN"
	}
	base, digits := 10, t
	if l := strings.ToLower(t); strings.HasPrefix(l, "0x") || strings.HasPrefix(l, "0o") {
		base, digits = 0, t // 0x1F, 0o17; 010 is ten
	}
	if n, err := strconv.ParseInt(digits, base, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil {
		return qwenNumberText(f)
	}
	return text
}
