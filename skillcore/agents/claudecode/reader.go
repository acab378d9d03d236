package claudecode

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// claudeField is a field's text as Claude Code takes it (Yke): a string
// not blank after trimming, a number or a boolean; false for none. For
// when_to_use any value but null counts.
func claudeField(meta *syntax.Value, key string) (string, bool) {
	f := meta.Field(key)
	if f == nil || f.Value.Kind == syntax.KindNull {
		return "", false
	}
	v := f.Value
	if key == "when_to_use" {
		return v.Text, true
	}
	switch v.Kind {
	case syntax.KindString:
		t := strings.TrimSpace(v.Text)
		return t, t != ""
	case syntax.KindBool, syntax.KindInt, syntax.KindFloat:
		return v.Text, true
	}
	return "", false
}

// readClaude reads a SKILL.md as Claude Code 2.1.328 does (its bundled
// JavaScript, functions qc, Bar, nu and P8 = Bun.YAML.parse of Bun 1.4.4;
// testdata/conformance/notes/claude-code.md sections 1-2, probes under
// testdata/conformance/probes/claude-code, and Bun 1.4.4 itself for the
// YAML):
//
//   - the file is decoded as UTF-8 with U+FFFD for bad bytes, and a
//     byte-order mark is dropped;
//   - /^---\s*\n([\s\S]*?)---\s*\n?/: the frontmatter opens with "---" and
//     whitespace up to a line break, and closes at the first "---"
//     anywhere after it (mid-line, indented, "----" and "---text" too);
//     without one the whole file is the body;
//   - Bun.YAML.parse (YAML 1.2: "1e3" is 1000, "0x1F" 31, "012" 12, "yes"
//     text; a duplicate key's last value counts; aliases and "<<" merge
//     keys resolve), each value then String()-ed as JavaScript does;
//   - when that throws, each "key: value" line whose value holds one of
//     {}[]*&#!|>%@` or ": " and is not quoted already is double-quoted,
//     leading tabs become two spaces each, and the text is read again;
//   - when that throws too, or the YAML is no mapping, no field is read:
//     the skill still loads, its description from the body;
//   - the folder's name, which names the skill, must be a name Claude Code
//     shows (no < > or control characters, no doubled, leading or trailing
//     space, no ": " and the like), else the skill is not offered.
func readClaude(s *loader.Skill) loader.AgentView {
	src := s.Src
	for _, p := range s.Problems {
		if p.Rule == "file-too-large" { // not parsed, and an error for every agent
			return loader.AgentView{Body: s.Body()}
		}
	}
	refuse := claudeFolderRefusal(s)
	fm := s.Frontmatter
	if s.Meta != nil && s.Meta.Style != syntax.StyleFlow && fm.Closed && !claudeHasRule(s.Problems, "not-utf8") && claudeCloses(src, fm.Content.Start) == fm.Close.Start {
		// The strict parse read the text Claude Code reads.
		return loader.AgentView{Meta: claudeValues(s.Src, s.Meta), Body: claudeBody(src, fm.Close.Start), Refuse: refuse}
	}
	start := 0
	if s.BOM {
		start = 3
	}
	text, lines := claudeDecode(src)
	open := start
	if !bytes.HasPrefix(text[open:], []byte("---")) {
		return loader.AgentView{Body: syntax.Range{Start: start, End: len(src)}, Refuse: refuse}
	}
	content := -1
	for i := open + 3; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		if !isJSSpace(r) {
			break
		}
		i += n
		if r == '\n' {
			content = i
		}
	}
	if content < 0 {
		return loader.AgentView{Body: syntax.Range{Start: start, End: len(src)}, Refuse: refuse}
	}
	end := claudeCloses(text, content)
	if end < 0 {
		return loader.AgentView{Body: syntax.Range{Start: start, End: len(src)}, Refuse: refuse}
	}
	body := claudeBody(text, end)
	view := loader.AgentView{Body: syntax.Range{Start: lines.offset(body.Start), End: len(src)}, Refuse: refuse}
	meta := claudeYAML(text[content:end])
	if meta == nil {
		return view
	}
	lines.shift(meta, content)
	view.Meta = claudeValues(src, meta)
	return view
}

// claudeCloses is where the closing "---" is: the first "---" at or after
// from, -1 for none.
func claudeCloses(src []byte, from int) int {
	if from > len(src) {
		return -1
	}
	i := bytes.Index(src[from:], []byte("---"))
	if i < 0 {
		return -1
	}
	return from + i
}

// claudeBody is what follows the closing "---" at close: past the
// whitespace (line breaks too) after it.
func claudeBody(src []byte, close int) syntax.Range {
	i := close + 3
	for i < len(src) {
		r, n := utf8.DecodeRune(src[i:])
		if !isJSSpace(r) {
			break
		}
		i += n
	}
	return syntax.Range{Start: i, End: len(src)}
}

// isJSSpace is JavaScript's \s.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// claudeDecode is src as TextDecoder reads it: each bad sequence (its
// longest valid start, WHATWG's "maximal subpart") one U+FFFD; with where
// each byte of it came from.
func claudeDecode(src []byte) ([]byte, *textMap) {
	if utf8.Valid(src) {
		return src, &textMap{}
	}
	out := make([]byte, 0, len(src)+16)
	m := &textMap{}
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, src[i:i+n]...)
			i += n
			continue
		}
		n = syntax.IllFormedLen(src[i:])
		m.at = append(m.at, [2]int{len(out), i})
		out = append(out, "\uFFFD"...)
		i += n
		m.at = append(m.at, [2]int{len(out), i})
	}
	return out, m
}

// textMap places offsets of decoded text in the file: pairs of (offset in
// the text, offset in the file) where the two drift apart.
type textMap struct{ at [][2]int }

func (m *textMap) offset(o int) int {
	d := 0
	for _, p := range m.at {
		if p[0] > o {
			break
		}
		d = p[1] - p[0]
	}
	return o + d
}

// shift moves the ranges of v, read from text that starts at base of the
// decoded file, into the file.
func (m *textMap) shift(v *syntax.Value, base int) {
	moveRanges(v, func(o int) int { return m.offset(o + base) })
}

// moveRanges moves every range of v by move. An alias's items and fields
// are moved at their anchor.
func moveRanges(v *syntax.Value, move func(int) int) {
	seen := map[*syntax.Value]bool{}
	var walk func(v *syntax.Value)
	r := func(r syntax.Range) syntax.Range {
		if r.Start < 0 {
			return r
		}
		return syntax.Range{Start: move(r.Start), End: move(r.End)}
	}
	walk = func(v *syntax.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		v.Range = r(v.Range)
		if v.Alias != "" {
			return
		}
		for i := range v.Fields {
			v.Fields[i].KeyRange = r(v.Fields[i].KeyRange)
			walk(v.Fields[i].Value)
		}
		for _, it := range v.Items {
			walk(it)
		}
	}
	walk(v)
}

// lineOffsets are where the lines of text start.
func lineOffsets(text []byte) []int {
	out := []int{0}
	for i, c := range text {
		if c == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// claudeYAML is Bar: the YAML as Bun reads it, else after nu's quoting;
// nil when neither reads, or the YAML is no mapping. Ranges are offsets
// into yaml (a quoted line's columns drift by its quotes).
func claudeYAML(yaml []byte) *syntax.Value {
	if meta, ok := bunParse(yaml); ok {
		return meta
	}
	fixed, changed := claudeQuote(yaml)
	if !changed {
		return nil
	}
	meta, _ := bunParse(fixed)
	if meta != nil {
		// Each line of fixed is the same line of yaml, its columns moved
		// by the quotes and tabs: an offset keeps its line.
		from, to := lineOffsets(fixed), lineOffsets(yaml)
		moveRanges(meta, func(o int) int {
			i := sort.SearchInts(from, o+1) - 1
			end := len(yaml)
			if i+1 < len(to) {
				end = to[i+1] - 1
			}
			return min(to[i]+o-from[i], end)
		})
	}
	return meta
}

// bunParse reads text with skill-ls's YAML reader standing for Bun's: the
// mapping, or nil for anything else; false when it does not parse.
func bunParse(text []byte) (*syntax.Value, bool) {
	meta, problems := loader.ParseYAML(text, syntax.Range{Start: 0, End: len(text)})
	if loader.HasError(problems) {
		return nil, false
	}
	if meta == nil || meta.Kind != syntax.KindMap {
		return nil, true
	}
	if meta.Style == syntax.StyleFlow && !blankOrComments(text[min(max(meta.Range.End, 0), len(text)):]) {
		// yaml.v3 reads past text after a flow mapping that is the whole
		// document ("{a: b} junk"); Bun does not.
		return nil, false
	}
	return meta, true
}

// blankOrComments: text holds nothing but spaces, line breaks and comments.
func blankOrComments(text []byte) bool {
	for len(text) > 0 {
		line, rest, _ := bytes.Cut(text, []byte("\n"))
		if t := bytes.TrimLeft(line, " \t\r"); len(t) > 0 && t[0] != '#' {
			return false
		}
		text = rest
	}
	return true
}

// claudeKeyLine is nu's /^([a-zA-Z_-]+):\s+(\S.*)$/ (JavaScript's "."
// stops at "\r"; "$" is the line's end).
var claudeKeyLine = regexp.MustCompile(`^([a-zA-Z_-]+):[\t\v\f \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]+([^\s\r\x{2028}\x{2029}][^\r\x{2028}\x{2029}]*)$`)

// claudeQuote is nu and the tab fix after it: values that look like they
// broke the YAML double-quoted, leading tabs two spaces each.
func claudeQuote(text []byte) ([]byte, bool) {
	lines := strings.Split(string(text), "\n")
	changed := false
	for i, line := range lines {
		if m := claudeKeyLine.FindStringSubmatch(line); m != nil && claudeSuspect(m[2]) {
			line = m[1] + `: "` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(m[2]) + `"`
		}
		if n := len(line) - len(strings.TrimLeft(line, "\t")); n > 0 {
			line = strings.Repeat("  ", n) + line[n:]
		}
		if line != lines[i] {
			lines[i], changed = line, true
		}
	}
	return []byte(strings.Join(lines, "\n")), changed
}

// claudeSuspect: nu quotes a value not already quoted, not a list that
// reads, and holding one of {}[]*&#!|>%@` or ": ".
func claudeSuspect(v string) bool {
	if len(v) > 0 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
		return false
	}
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") {
		if l, errs := syntax.ParseYAMLFull([]byte(v), syntax.Range{Start: 0, End: len(v)}, nil); l != nil && l.Kind == syntax.KindList && len(errs) == 0 {
			return false
		}
	}
	return strings.ContainsAny(v, "{}[]*&#!|>%@`") || strings.Contains(v, ": ")
}

// claudeValues is the mapping m (read from src) as the JavaScript object
// Claude Code gets: a key given twice keeps its first place and its last
// value, "<<" merges the keys of its maps that are not set already, and
// each scalar is typed as Bun types it and shown as String() shows it. m
// itself is not changed; it is returned when nothing differs.
func claudeValues(src []byte, m *syntax.Value) *syntax.Value {
	if m == nil || m.Kind != syntax.KindMap {
		return m
	}
	if claudeSame(src, m) {
		return m
	}
	same := true
	index := make(map[string]int, len(m.Fields))
	out := make([]syntax.Field, 0, len(m.Fields))
	set := func(f syntax.Field, override bool) {
		if i, ok := index[f.Key]; ok {
			same = false
			if override {
				out[i].Value = f.Value
			}
			return
		}
		index[f.Key] = len(out)
		out = append(out, f)
	}
	for _, f := range m.Fields {
		if f.Key == "<<" && f.Value.Kind != syntax.KindString {
			same = false
			for _, mm := range mergedMaps(f.Value) {
				for _, g := range mm.Fields {
					set(syntax.Field{Key: g.Key, KeyRange: f.KeyRange, Value: g.Value}, false)
				}
			}
			continue
		}
		set(f, true)
	}
	for i := range out {
		if v := jsValue(src, out[i].Value, 0); v != out[i].Value {
			out[i].Value, same = v, false
		}
	}
	if same {
		return m
	}
	c := *m
	c.Fields = out
	return &c
}

// claudeSame reports whether m is already the object Claude Code gets:
// no key twice, no "<<", every scalar typed and shown as Bun does.
func claudeSame(src []byte, m *syntax.Value) bool {
	for i, f := range m.Fields {
		if f.Key == "<<" {
			return false
		}
		for _, g := range m.Fields[:i] {
			if g.Key == f.Key {
				return false
			}
		}
		if jsValue(src, f.Value, 0) != f.Value {
			return false
		}
	}
	return true
}

func claudeHasRule(ps []loader.Problem, rule string) bool {
	for _, p := range ps {
		if p.Rule == rule {
			return true
		}
	}
	return false
}

// mergedMaps are the maps a "<<" value merges: a map, or a list of them.
func mergedMaps(v *syntax.Value) []*syntax.Value {
	switch v.Kind {
	case syntax.KindMap:
		return []*syntax.Value{v}
	case syntax.KindList:
		var out []*syntax.Value
		for _, it := range v.Items {
			if it.Kind == syntax.KindMap {
				out = append(out, it)
			}
		}
		return out
	}
	return nil
}

// jsValue is v with its scalars typed as Bun types them and their text as
// JavaScript's String() gives it; v itself when nothing differs.
func jsValue(src []byte, v *syntax.Value, depth int) *syntax.Value {
	if v.IsScalar() {
		if v.Alias != "" && v.Kind == syntax.KindString {
			return v // the anchored text may be quoted: a string
		}
		kind, text := bunScalar(src, v)
		if kind == v.Kind && text == v.Text {
			return v
		}
		c := *v
		c.Kind, c.Text = kind, text
		return &c
	}
	if depth > 2 || v.Alias != "" {
		return v
	}
	var items []*syntax.Value
	for i, it := range v.Items {
		if n := jsValue(src, it, depth+1); n != it {
			if items == nil {
				items = append([]*syntax.Value(nil), v.Items...)
			}
			items[i] = n
		}
	}
	if items == nil {
		return v
	}
	c := *v
	c.Items = items
	return &c
}

// bunScalar is the type and String() text Bun's YAML reader gives the
// scalar v.
func bunScalar(src []byte, v *syntax.Value) (syntax.Kind, string) {
	switch {
	case v.Kind == syntax.KindOther: // timestamps and the like
		return syntax.KindString, v.Text
	case v.Tagged:
		tag := ""
		if r := v.Range; r.Start >= 0 && r.Start < r.End && r.End <= len(src) && src[r.Start] == '!' {
			tag, _, _ = strings.Cut(string(src[r.Start:r.End]), " ")
		}
		if (tag == "!!int" || tag == "!!float") && v.Style == syntax.StylePlain {
			if f, ok := BunNumber(v.Text); ok {
				return syntax.KindFloat, BunNumberText(f)
			}
		}
		if v.Kind == syntax.KindString || v.Kind == syntax.KindNull && tag != "!!null" {
			return syntax.KindString, v.Text
		}
		return v.Kind, v.Text
	case v.Style != syntax.StylePlain:
		return v.Kind, v.Text
	}
	switch v.Text {
	case "true", "True", "TRUE":
		return syntax.KindBool, "true"
	case "false", "False", "FALSE":
		return syntax.KindBool, "false"
	case "", "~", "null", "Null", "NULL":
		return syntax.KindNull, v.Text
	}
	if c := v.Text[0]; c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' {
		if f, ok := BunNumber(v.Text); ok {
			kind := syntax.KindFloat
			if f == math.Trunc(f) && !math.IsInf(f, 0) {
				kind = syntax.KindInt
			}
			return kind, BunNumberText(f)
		}
	}
	return syntax.KindString, v.Text
}

var (
	bunDecimal = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	bunBased   = regexp.MustCompile(`^([-+]?)0([xo])([0-9a-fA-F]+)$`)
)

// bunNumber is the number Bun reads a plain scalar as (YAML 1.2's core
// schema, with a sign allowed before 0x and 0o), false for none.
func BunNumber(t string) (float64, bool) {
	switch t {
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return math.Inf(1), true
	case "-.inf", "-.Inf", "-.INF":
		return math.Inf(-1), true
	case ".nan", ".NaN", ".NAN":
		return math.NaN(), true
	}
	if bunDecimal.MatchString(t) {
		f, err := strconv.ParseFloat(t, 64)
		if err != nil && f == 0 && !strings.ContainsAny(t, "eE") {
			return 0, false
		}
		return f, true
	}
	if m := bunBased.FindStringSubmatch(t); m != nil {
		base := 16
		if m[2] == "o" {
			base = 8
		}
		u, err := strconv.ParseUint(m[3], base, 64)
		if err != nil {
			return 0, false // too large, or not octal: text
		}
		f := float64(u)
		if m[1] == "-" {
			f = -f
		}
		return f, true
	}
	return 0, false
}

// bunNumberText is JavaScript's String() of a number.
func BunNumberText(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX, the shortest
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	d := digits[:1]
	if k > 1 {
		d += "." + digits[1:]
	}
	return sign + d + "e" + es + strconv.Itoa(max(n-1, 1-n))
}

// claudeFolderRefusal: the folder's name names the skill, and Claude Code
// does not offer a skill whose name it would not show ("[names] X is not
// offered": xQ, oBr, tkr in the bundle).
func claudeFolderRefusal(s *loader.Skill) *loader.Problem {
	dir := s.DirName()
	why := ClaudeBadName(dir)
	if why == "" {
		return nil
	}
	return &loader.Problem{Rule: "name-chars", Range: syntax.Range{Start: 0, End: 0},
		Message: fmt.Sprintf("the folder's name %q names the skill for Claude Code, which does not offer it: %s", dir, why)}
}

// claudeBadName is why Claude Code does not take name as a skill's name,
// "" when it does.
func ClaudeBadName(name string) string {
	simple := true
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x21 || c >= 0x7f || c == '<' || c == '>' || c == ':' {
			simple = false
			break
		}
	}
	if simple && name != "" && len(name) <= 256 {
		return ""
	}
	switch {
	case name == "":
		return "it is empty"
	case len(utf16.Encode([]rune(name))) > 256:
		return "it is over 256 characters"
	case strings.ContainsAny(name, "<>"):
		return "it holds < or >"
	case strings.Contains(name, "  "):
		return "it holds two spaces in a row"
	case strings.HasPrefix(name, " ") || strings.HasSuffix(name, " "):
		return "it starts or ends with a space"
	case strings.HasPrefix(name, ":") || strings.HasSuffix(name, ":") || strings.Contains(name, ": ") || strings.Contains(name, " :"):
		return `it starts or ends with ":" or has a space beside one`
	}
	prev := rune(-1)
	for _, r := range name {
		switch {
		case r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029:
			return fmt.Sprintf("it holds the control character U+%04X", r)
		case (r == 0x200d || r == 0xfe0f) && prev >= 0 && (unicode.Is(unicode.So, prev) || prev == 0xfe0f || prev >= 0x1f3fb && prev <= 0x1f3ff):
			// a joiner or presentation selector inside an emoji
		case unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs) || claudeInvisible(r):
			return fmt.Sprintf("it holds the invisible character U+%04X", r)
		case r != ' ' && unicode.Is(unicode.Zs, r) || r == 0xfffc:
			return fmt.Sprintf("it holds the blank-like character U+%04X", r)
		}
		prev = r
	}
	return ""
}

// claudeInvisible are the default-ignorable characters Claude Code's
// names may not hold beyond the format ones ($in in the bundle).
func claudeInvisible(r rune) bool {
	switch {
	case r == 0xad, r == 0x34f, r == 0x61c, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5,
		r >= 0x180b && r <= 0x180f, r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e,
		r >= 0x2060 && r <= 0x206f, r == 0x2800, r == 0x3164, r >= 0xfe00 && r <= 0xfe0f,
		r == 0xfeff, r == 0xffa0, r >= 0xfff0 && r <= 0xfffb, r == 0x1107f, r >= 0x13430 && r <= 0x1343f,
		r == 0x16fe4, r >= 0x1bca0 && r <= 0x1bca3, r >= 0x1d173 && r <= 0x1d17a, r >= 0xe0000 && r <= 0xe0fff:
		return true
	}
	return false
}

// conditional reports whether a paths field holds a pattern other than
// "**" (Claude Code's mpo): a string split at commas outside braces, or a
// list of such strings; a trailing "/**" dropped, empty ones skipped.
func conditional(f *syntax.Field) bool {
	if f == nil {
		return false
	}
	var texts []string
	switch v := f.Value; {
	case v.Kind == syntax.KindString:
		texts = []string{v.Text}
	case v.Kind == syntax.KindList:
		for _, it := range v.Items {
			if it.Kind == syntax.KindString {
				texts = append(texts, it.Text)
			}
		}
	}
	for _, t := range texts {
		depth, from := 0, 0
		for i := 0; i <= len(t); i++ {
			if i < len(t) {
				switch t[i] {
				case '{':
					depth++
					continue
				case '}':
					depth--
					continue
				case ',':
					if depth != 0 {
						continue
					}
				default:
					continue
				}
			}
			p := strings.TrimSuffix(strings.TrimSpace(t[from:i]), "/**")
			if p != "" && p != "**" {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// claudeScanOrder orders two skills of one root as Claude Code finds them:
// by name.localeCompare of their folders' names (ICU's root collation:
// "_x" before "-d", "a" before "B", "name" before "name-x"), which decides
// which of two skills showing the same frontmatter name shows it, and
// which of two links to one file loads.
func ClaudeScanOrder(a, b string) int {
	if d := icuCompare(filepath.Base(filepath.Dir(a)), filepath.Base(filepath.Dir(b))); d != 0 {
		return d
	}
	return strings.Compare(a, b)
}

var collators = sync.Pool{New: func() any { return collate.New(language.Und) }}

// icuCompare is JavaScript's a.localeCompare(b) under ICU's root
// collation. Names of lowercase ASCII letters, digits and "-" sort alike
// byte by byte, and skip the collator.
func icuCompare(a, b string) int {
	if plainName(a) && plainName(b) {
		return strings.Compare(a, b)
	}
	c := collators.Get().(*collate.Collator)
	defer collators.Put(c)
	return c.CompareString(a, b)
}

func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
