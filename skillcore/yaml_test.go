package skillcore

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// unmark removes the marks from text and returns the spans they enclosed:
// «value» and ‹key›, at most one of each.
func unmark(text string) (string, map[string]Range) {
	out := map[string]Range{}
	for _, m := range []struct{ name, open, close string }{{"value", "«", "»"}, {"key", "‹", "›"}} {
		i := strings.Index(text, m.open)
		if i < 0 {
			continue
		}
		j := strings.Index(text, m.close)
		if j < i {
			panic("unbalanced marks in " + text)
		}
		text = text[:i] + text[i+len(m.open):j] + text[j+len(m.close):]
		out[m.name] = Range{i, j - len(m.open)}
		for k, r := range out { // shift the spans marked before
			if k != m.name {
				out[k] = shiftRange(r, i, len(m.open), j-len(m.open), len(m.close))
			}
		}
	}
	return text, out
}

// shiftRange moves r for the removal of an opening mark of size a at i and a
// closing mark of size b at j (j counted after the first removal).
func shiftRange(r Range, i, a, j, b int) Range {
	shift := func(x int) int {
		if x > i {
			x -= a
		}
		if x > j {
			x -= b
		}
		return x
	}
	return Range{shift(r.Start), shift(r.End)}
}

// field finds the value at a dotted path of keys ("metadata.version").
func field(v *Value, path string) *Field {
	var f *Field
	for _, k := range strings.Split(path, ".") {
		if f = v.Field(k); f == nil {
			return nil
		}
		v = f.Value
	}
	return f
}

// TestValueRanges pins the byte range of keys and values, the one place
// findings and fixes take their positions from.
func TestValueRanges(t *testing.T) {
	for _, c := range []struct {
		name, src, path string
		kind            Kind
		style           Style
		text            string
	}{
		{"plain", "---\n‹name›: «my-skill»\n---\n", "name", KindString, StylePlain, "my-skill"},
		{"after another key", "---\nname: x\n‹description›: «Does things.»\n---\n", "description", KindString, StylePlain, "Does things."},
		{"trailing comment", "---\n‹name›: «x y» # note\n---\n", "name", KindString, StylePlain, "x y"},
		{"trailing spaces", "---\n‹name›: «x»   \n---\n", "name", KindString, StylePlain, "x"},
		{"after multi-byte text", "---\nd: é😀\n‹name›: «né😀x»\n---\n", "name", KindString, StylePlain, "né😀x"},
		{"multi-byte key", "---\n‹clé›: «v»\n---\n", "clé", KindString, StylePlain, "v"},
		{"double-quoted", "---\n‹name›: «\"a: b\"»\n---\n", "name", KindString, StyleQuoted, "a: b"},
		{"double-quoted with escapes", "---\n‹d›: «\"a\\\"b\\\\\"» # c\n---\n", "d", KindString, StyleQuoted, "a\"b\\"},
		{"single-quoted", "---\n‹d›: «'it''s'»\n---\n", "d", KindString, StyleQuoted, "it's"},
		{"quoted key", "---\n‹\"name\"›: «x»\n---\n", "name", KindString, StylePlain, "x"},
		{"multi-line double-quoted", "---\n‹d›: «\"a\n  b\"»\nname: x\n---\n", "d", KindString, StyleQuoted, "a b"},
		{"multi-line plain", "---\n‹d›: «a\n  b»\n# comment\nname: x\n---\n", "d", KindString, StylePlain, "a b"},
		{"literal block", "---\n‹d›: «|\n  line 1\n  line 2»\nname: x\n---\n", "d", KindString, StyleBlock, "line 1\nline 2\n"},
		{"folded block, last key", "---\nname: x\n‹d›: «>-\n  a\n  b»\n\n# c\n---\n", "d", KindString, StyleBlock, "a b"},
		{"block with CRLF", "---\r\n‹d›: «|\r\n  a\r\n  b»\r\nname: x\r\n---\r\n", "d", KindString, StyleBlock, "a\nb\n"},
		{"plain with CRLF", "---\r\nname: x\r\n‹d›: «a b»\r\n---\r\n", "d", KindString, StylePlain, "a b"},
		{"number", "---\n‹name›: «123»\n---\n", "name", KindInt, StylePlain, "123"},
		{"float", "---\n‹v›: «1.0»\n---\n", "v", KindFloat, StylePlain, "1.0"},
		{"boolean", "---\n‹v›: «true»\n---\n", "v", KindBool, StylePlain, "true"},
		{"null word", "---\n‹v›: «null»\n---\n", "v", KindNull, StylePlain, "null"},
		{"empty, then a key", "---\n‹d›:«»\nname: x\n---\n", "d", KindNull, StylePlain, ""},
		{"empty at the end", "---\nname: x\n‹d›:«»\n---\n", "d", KindNull, StylePlain, ""},
		{"empty with a space", "---\n‹d›:«» \nname: x\n---\n", "d", KindNull, StylePlain, ""},
		{"flow list", "---\n‹tools›: «[a, \"b]\", c]» # x\n---\n", "tools", KindList, StyleFlow, ""},
		{"flow map", "---\n‹m›: «{a: b, c: [d]}»\n---\n", "m", KindMap, StyleFlow, ""},
		{"block list", "---\n‹tools›:\n  «- a\n  - b»\n# c\nname: x\n---\n", "tools", KindList, StylePlain, ""},
		{"block list at column 0", "---\n‹tools›:\n«- a\n- b»\nname: x\n---\n", "tools", KindList, StylePlain, ""},
		{"nested map", "---\n‹metadata›:\n  «a: 1\n  b: 2»\nname: x\n---\n", "metadata", KindMap, StylePlain, ""},
		{"nested value", "---\nmetadata:\n  ‹version›: «1.0»\n  b: x\n---\n", "metadata.version", KindFloat, StylePlain, "1.0"},
		{"nested quoted value", "---\nmetadata:\n  b: x\n  ‹version›: «\"1.0\"»\n---\n", "metadata.version", KindString, StyleQuoted, "1.0"},
		{"anchor", "---\n‹d›: «&a text»\nc: *a\n---\n", "d", KindString, StylePlain, "text"},
		{"alias", "---\nd: &a text\n‹c›: «*a»\n---\n", "c", KindString, StylePlain, "text"},
		{"alias of a quoted value", "---\nd: &a 'it''s'\n‹c›: «*a» # x\n---\n", "c", KindString, StylePlain, "it's"},
		{"alias of a number", "---\nd: &n 12\n‹c›: «*n»\n---\n", "c", KindInt, StylePlain, "12"},
		{"alias of a list", "---\nd: &l [a, b]\n‹c›: «*l»\n---\n", "c", KindList, StyleFlow, ""},
		{"alias of a block map", "---\nd: &m\n  a: b\n‹c›: «*m»\n---\n", "c", KindMap, StylePlain, ""},
		{"tag", "---\n‹name›: «!!str 123»\n---\n", "name", KindString, StylePlain, "123"},
		{"after a BOM", "\ufeff---\n‹name›: «x»\n---\n", "name", KindString, StylePlain, "x"},
		{"tab before a comment", "---\n‹name›: «x»\t# c\n---\n", "name", KindString, StylePlain, "x"},
		{"after a lone CR", "---\nname: x\r‹d›: «y»\n---\n", "d", KindString, StylePlain, "y"},
		{"after a line separator", "---\nname: x\u2028‹d›: «y»\n---\n", "d", KindString, StylePlain, "y"},
		{"after a NEL", "---\nname: é\u0085‹d›: «😀»\n---\n", "d", KindString, StylePlain, "😀"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, marks := unmark(c.src)
			s := Parse("/p/x/SKILL.md", []byte(src))
			if s.Meta == nil {
				t.Fatalf("no mapping: %v", s.Problems)
			}
			f := field(s.Meta, c.path)
			if f == nil {
				t.Fatalf("no %s", c.path)
			}
			if f.KeyRange != marks["key"] {
				t.Errorf("key %v %q, want %v %q", f.KeyRange, f.KeyRange.Text(s.Src), marks["key"], marks["key"].Text(s.Src))
			}
			if f.Value.Range != marks["value"] {
				t.Errorf("value %v %q, want %v %q", f.Value.Range, f.Value.Range.Text(s.Src), marks["value"], marks["value"].Text(s.Src))
			}
			if f.Value.Kind != c.kind || f.Value.Style != c.style {
				t.Errorf("kind, style = %v, %v; want %v, %v", f.Value.Kind, f.Value.Style, c.kind, c.style)
			}
			if c.text != "" && f.Value.Text != c.text {
				t.Errorf("text %q, want %q", f.Value.Text, c.text)
			}
			checkValueRanges(t, s)
		})
	}
}

// checkValueRanges holds every key and value of a parsed file inside the
// frontmatter's content, in order, with children inside their parent.
func checkValueRanges(t testing.TB, s *Skill) {
	t.Helper()
	content := s.Frontmatter.Content
	var walk func(v *Value, within Range)
	inside := func(what string, r, within Range) {
		if r.Start < within.Start || r.End > within.End || r.Start > r.End {
			t.Fatalf("%s %v %q is outside %v", what, r, r.Text(s.Src), within)
		}
	}
	walk = func(v *Value, within Range) {
		inside("value", v.Range, within)
		if v.Alias != "" {
			return // its items and fields are walked at the anchor
		}
		last := v.Range.Start
		for _, f := range v.Fields {
			inside("key "+f.Key, f.KeyRange, content)
			if f.KeyRange.Start < last {
				t.Fatalf("key %s at %v before %d", f.Key, f.KeyRange, last)
			}
			last = f.KeyRange.End
			if f.Value.Range.Start < f.KeyRange.End {
				t.Fatalf("value of %s at %v starts before its key ends (%v)", f.Key, f.Value.Range, f.KeyRange)
			}
			walk(f.Value, content)
			last = max(last, f.Value.Range.End)
		}
		for _, it := range v.Items {
			walk(it, content)
		}
	}
	if s.Meta != nil {
		walk(s.Meta, content)
	}
	for _, p := range s.Problems {
		if p.Range.Start < 0 || p.Range.Start > p.Range.End || p.Range.End > len(s.Src) {
			t.Fatalf("%s at %v outside the %d-byte file", p.Rule, p.Range, len(s.Src))
		}
	}
}

// frontmatterDoc prepares the frontmatter of src for reading.
func frontmatterDoc(src []byte) *yamlDoc {
	return newYAMLDoc(src, SplitFrontmatter(src, 0).Content)
}

// checkSimple holds the fast path to yaml.v3: whatever simple reads, full
// reads the same, without a problem. It reports whether simple read it.
func checkSimple(t testing.TB, src []byte) bool {
	t.Helper()
	fast, ok := frontmatterDoc(src).simple()
	if !ok {
		return false
	}
	full, problems := frontmatterDoc(src).full()
	if len(problems) > 0 || !reflect.DeepEqual(fast, full) {
		t.Fatalf("%q:\nsimple %s\nfull   %s %v", src, dumpValue(fast), dumpValue(full), problems)
	}
	return true
}

func dumpValue(v *Value) string {
	if v == nil {
		return "nil"
	}
	out := fmt.Sprintf("{%v %v %q %v", v.Kind, v.Style, v.Text, v.Range)
	for _, f := range v.Fields {
		out += fmt.Sprintf(" %q%v:%s", f.Key, f.KeyRange, dumpValue(f.Value))
	}
	for _, it := range v.Items {
		out += " - " + dumpValue(it)
	}
	return out + "}"
}

func TestSimpleYAML(t *testing.T) {
	for _, c := range []struct {
		src    string
		simple bool
	}{
		{"---\nname: my-skill\ndescription: Does things, [with] {brackets} & 'quotes' \"too\".\n---\n", true},
		{"---\r\nname: x\r\n# comment\r\n\r\n  # indented comment\r\ndescription: 'it''s'   \r\nlicense: \"MIT\"\r\n---\r\n", true},
		{"---\nname: Ünïcödé 日本\nd: é😀 x\n---\n", true},
		{"---\nwhen_to_use: later\nallowed-tools: Bash(git:*) Read\nmeta.x: y\n---\n", true},
		{"---\nname: yes\nb: on\nc: y\nd: No\n---\n", true},
		{"---\nname: true\n---\n", true},
		{"---\nname: Null\ndisable-model-invocation: FALSE\n---\n", true},
		{"---\nname: 123\n---\n", false},
		{"---\nname: x\nmetadata:\n  updated: 2026-03-13\n---\n", true}, // a timestamp
		{"---\nname: x\nupdated: 2026-02-30\n---\n", false},
		{"---\nname: x # comment\n---\n", false},
		{"---\nname: a: b\n---\n", false},
		{"---\nname:\n---\n", false},
		{"---\nname: x\n  more\n     and é 2\ndescription: y\n---\n", true}, // a plain value over lines
		{"---\nname: x\n  # c\n  d\n---\n", false},
		{"---\nname: x\n\n  d\n---\n", false},
		{"---\nname: true\n  d\n---\n", false},
		{"---\nname: x\n  a: b\n---\n", false},
		{"---\nname: x\n  - b\n---\n", false},
		{"---\nname: 'x'\n  d\n---\n", false},
		{"---\nmetadata:\n  a: b\n---\n", true},
		{"---\nname: x\nallowed-tools:\n  - Read\n  - 'Bash(git:*)'\n\n  # c\n  - Write\ndescription: y\n---\n", true}, // a block list
		{"---\nname: x\ntags:\n  - a\n    - b\n---\n", false},
		{"---\nname: x\ntags:\n  - a\n  b: c\n---\n", false},
		{"---\nname: x\ntags:\n  -\n---\n", false},
		{"---\nname: x\ntags:\n- a\n---\n", false},
		{"---\nname: \"a\\\"b\"\n---\n", false},
		{"---\nname: 'a'b'\n---\n", false},
		{"---\nname: [a]\nallowed-tools: [Read, Write,Bash-x , a/b.c]\nmetadata:\n  tags: [x_1]\n---\n", true},
		{"---\nname: [a, true]\n---\n", false},
		{"---\nname: [a, ]\n---\n", false},
		{"---\nname: [1a]\n---\n", false},
		{"---\nname: []\n---\n", false},
		{"---\nname: [a b,  c  d , e]\n---\n", true},
		{"---\nname: [a b:]\n---\n", false},
		{"---\nname: [a] # c\n---\n", false},
		{"---\nname:\tx\n---\n", false},
		{"---\nname: x\n...\n---\n", false},
		{"---\n- a\n---\n", false},
		{"---\n# only a comment\n---\n", false},
		{"---\nname: x\u2028y\n---\n", false},
		{"---\n# a\u2028b: c\nname: x\n---\n", false},
		{"---\nname: x\rb: c\n---\n", false},
	} {
		if got := checkSimple(t, []byte(c.src)); got != c.simple {
			t.Errorf("%q: simple = %v, want %v", c.src, got, c.simple)
		}
	}
}

// TestSimpleYAMLCorpus holds the fast path to yaml.v3 on every real
// frontmatter, and counts how many it reads.
func TestSimpleYAMLCorpus(t *testing.T) {
	n, files := 0, corpusFiles(t)
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if checkSimple(t, src) {
			n++
		}
	}
	t.Logf("the fast path reads %d of %d frontmatters", n, len(files))
}

// TestSimpleYAMLBlock: a top-level block scalar of evenly indented lines
// is read by the fast path as yaml.v3 reads it; anything less plain is not.
func TestSimpleYAMLBlock(t *testing.T) {
	for _, c := range []struct {
		src    string
		simple bool
	}{
		{"---\nname: x\ndescription: >\n  Folded text\n  on two lines.\nlicense: MIT\n---\n", true},
		{"---\ndescription: >-\n    Four spaces,\n    stripped.\nname: x\n---\n", true},
		{"---\ndescription: |\n  Literal: text\n  keeps \"lines\" [and] {all}.\nname: x\n---\n", true},
		{"---\ndescription: |-\n  one\n# a comment\nname: x\n---\n", true},
		{"---\nname: x\ndescription: >\n  last\n---\n", true},
		{"---\ndescription: >\n  a\n\n  b\n\n\n  c\n\nname: x\n---\n", true}, // empty lines fold to line breaks
		{"---\ndescription: |-\n  a\n\n  b\n\n\n  c\n\nname: x\n---\n", true},
		{"---\ndescription: |\n\n  a\nname: x\n---\n", false},                                   // an empty line first
		{"---\ndescription: >\n  a\n   \n  b\nname: x\n---\n", false},                           // a line of spaces past the indent
		{"---\ndescription: |\n  a\n  \n \n  b\n  \nname: x\ncommand: /hub:board\n---\n", true}, // lines of spaces up to it
		{"---\ndescription: >\n  a\n    b\nname: x\n---\n", false},                              // more indented
		{"---\ndescription: >\n    a\n  b\nname: x\n---\n", false},                              // less indented
		{"---\ndescription: >\n  a \nname: x\n---\n", false},                                    // trailing space
		{"---\ndescription: >\n  # not a comment\nname: x\n---\n", false},
		{"---\ndescription: >\n  a\tb\nname: x\n---\n", false},
		{"---\ndescription: >+\n  a\nname: x\n---\n", false},
		{"---\ndescription: >2\n  a\nname: x\n---\n", false},
		{"---\ndescription: > # c\n  a\nname: x\n---\n", false},
		{"---\ndescription: >\nname: x\n---\n", false},
		{"---\nmetadata:\n  a: |\n    b\n---\n", false},
		{"---\ndescription: >\n  a", false}, // unclosed, no line end
	} {
		if got := checkSimple(t, []byte(c.src)); got != c.simple {
			t.Errorf("%q: simple = %v, want %v", c.src, got, c.simple)
		}
	}
}

func TestSimpleYAMLNested(t *testing.T) {
	for _, c := range []struct {
		src    string
		simple bool
	}{
		{"---\nname: x\nmetadata:\n  author: me\n  version: '1'\n# c\nlicense: MIT\n---\n", true},
		{"---\nmetadata:\n    a: b\n\n    # c\n    c: d\n---\n", true},
		{"---\nmetadata:  \n  a: b\n---\n", true},
		{"---\nmetadata:\n  a: b\n   c: d\n---\n", false},
		{"---\nmetadata:\n  a: b\n c: d\n---\n", false},
		{"---\nmetadata:\n  a:\n    b: c\n---\n", false},
		{"---\nmetadata:\nname: x\n---\n", false},
		{"---\nmetadata:\n- a\n---\n", false},
		{"---\nmetadata:\n\ta: b\n---\n", false},
		{"---\nname: x\n  a: b\n---\n", false},
	} {
		if got := checkSimple(t, []byte(c.src)); got != c.simple {
			t.Errorf("%q: simple = %v, want %v", c.src, got, c.simple)
		}
	}
}
