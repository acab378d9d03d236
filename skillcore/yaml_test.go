package skillcore

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// unmark removes the marks from text and returns the spans they enclosed:
// «value» and ‹key›, at most one of each.
func unmark(text string) (string, map[string]syntax.Range) {
	out := map[string]syntax.Range{}
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
		out[m.name] = syntax.Range{Start: i, End: j - len(m.open)}
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
func shiftRange(r syntax.Range, i, a, j, b int) syntax.Range {
	shift := func(x int) int {
		if x > i {
			x -= a
		}
		if x > j {
			x -= b
		}
		return x
	}
	return syntax.Range{Start: shift(r.Start), End: shift(r.End)}
}

// field finds the value at a dotted path of keys ("metadata.version").
func field(v *syntax.Value, path string) *syntax.Field {
	var f *syntax.Field
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
		kind            syntax.Kind
		style           syntax.Style
		text            string
	}{
		{"plain", "---\n‹name›: «my-skill»\n---\n", "name", syntax.KindString, syntax.StylePlain, "my-skill"},
		{"after another key", "---\nname: x\n‹description›: «Does things.»\n---\n", "description", syntax.KindString, syntax.StylePlain, "Does things."},
		{"trailing comment", "---\n‹name›: «x y» # note\n---\n", "name", syntax.KindString, syntax.StylePlain, "x y"},
		{"trailing spaces", "---\n‹name›: «x»   \n---\n", "name", syntax.KindString, syntax.StylePlain, "x"},
		{"after multi-byte text", "---\nd: é😀\n‹name›: «né😀x»\n---\n", "name", syntax.KindString, syntax.StylePlain, "né😀x"},
		{"multi-byte key", "---\n‹clé›: «v»\n---\n", "clé", syntax.KindString, syntax.StylePlain, "v"},
		{"double-quoted", "---\n‹name›: «\"a: b\"»\n---\n", "name", syntax.KindString, syntax.StyleQuoted, "a: b"},
		{"double-quoted with escapes", "---\n‹d›: «\"a\\\"b\\\\\"» # c\n---\n", "d", syntax.KindString, syntax.StyleQuoted, "a\"b\\"},
		{"single-quoted", "---\n‹d›: «'it''s'»\n---\n", "d", syntax.KindString, syntax.StyleQuoted, "it's"},
		{"quoted key", "---\n‹\"name\"›: «x»\n---\n", "name", syntax.KindString, syntax.StylePlain, "x"},
		{"multi-line double-quoted", "---\n‹d›: «\"a\n  b\"»\nname: x\n---\n", "d", syntax.KindString, syntax.StyleQuoted, "a b"},
		{"multi-line plain", "---\n‹d›: «a\n  b»\n# comment\nname: x\n---\n", "d", syntax.KindString, syntax.StylePlain, "a b"},
		{"literal block", "---\n‹d›: «|\n  line 1\n  line 2»\nname: x\n---\n", "d", syntax.KindString, syntax.StyleBlock, "line 1\nline 2\n"},
		{"folded block, last key", "---\nname: x\n‹d›: «>-\n  a\n  b»\n\n# c\n---\n", "d", syntax.KindString, syntax.StyleBlock, "a b"},
		{"block with CRLF", "---\r\n‹d›: «|\r\n  a\r\n  b»\r\nname: x\r\n---\r\n", "d", syntax.KindString, syntax.StyleBlock, "a\nb\n"},
		{"plain with CRLF", "---\r\nname: x\r\n‹d›: «a b»\r\n---\r\n", "d", syntax.KindString, syntax.StylePlain, "a b"},
		{"number", "---\n‹name›: «123»\n---\n", "name", syntax.KindInt, syntax.StylePlain, "123"},
		{"float", "---\n‹v›: «1.0»\n---\n", "v", syntax.KindFloat, syntax.StylePlain, "1.0"},
		{"boolean", "---\n‹v›: «true»\n---\n", "v", syntax.KindBool, syntax.StylePlain, "true"},
		{"null word", "---\n‹v›: «null»\n---\n", "v", syntax.KindNull, syntax.StylePlain, "null"},
		{"empty, then a key", "---\n‹d›:«»\nname: x\n---\n", "d", syntax.KindNull, syntax.StylePlain, ""},
		{"empty at the end", "---\nname: x\n‹d›:«»\n---\n", "d", syntax.KindNull, syntax.StylePlain, ""},
		{"empty with a space", "---\n‹d›:«» \nname: x\n---\n", "d", syntax.KindNull, syntax.StylePlain, ""},
		{"flow list", "---\n‹tools›: «[a, \"b]\", c]» # x\n---\n", "tools", syntax.KindList, syntax.StyleFlow, ""},
		{"flow map", "---\n‹m›: «{a: b, c: [d]}»\n---\n", "m", syntax.KindMap, syntax.StyleFlow, ""},
		{"block list", "---\n‹tools›:\n  «- a\n  - b»\n# c\nname: x\n---\n", "tools", syntax.KindList, syntax.StylePlain, ""},
		{"block list at column 0", "---\n‹tools›:\n«- a\n- b»\nname: x\n---\n", "tools", syntax.KindList, syntax.StylePlain, ""},
		{"nested map", "---\n‹metadata›:\n  «a: 1\n  b: 2»\nname: x\n---\n", "metadata", syntax.KindMap, syntax.StylePlain, ""},
		{"nested value", "---\nmetadata:\n  ‹version›: «1.0»\n  b: x\n---\n", "metadata.version", syntax.KindFloat, syntax.StylePlain, "1.0"},
		{"nested quoted value", "---\nmetadata:\n  b: x\n  ‹version›: «\"1.0\"»\n---\n", "metadata.version", syntax.KindString, syntax.StyleQuoted, "1.0"},
		{"anchor", "---\n‹d›: «&a text»\nc: *a\n---\n", "d", syntax.KindString, syntax.StylePlain, "text"},
		{"alias", "---\nd: &a text\n‹c›: «*a»\n---\n", "c", syntax.KindString, syntax.StylePlain, "text"},
		{"alias of a quoted value", "---\nd: &a 'it''s'\n‹c›: «*a» # x\n---\n", "c", syntax.KindString, syntax.StylePlain, "it's"},
		{"alias of a number", "---\nd: &n 12\n‹c›: «*n»\n---\n", "c", syntax.KindInt, syntax.StylePlain, "12"},
		{"alias of a list", "---\nd: &l [a, b]\n‹c›: «*l»\n---\n", "c", syntax.KindList, syntax.StyleFlow, ""},
		{"alias of a block map", "---\nd: &m\n  a: b\n‹c›: «*m»\n---\n", "c", syntax.KindMap, syntax.StylePlain, ""},
		{"tag", "---\n‹name›: «!!str 123»\n---\n", "name", syntax.KindString, syntax.StylePlain, "123"},
		{"after a BOM", "\ufeff---\n‹name›: «x»\n---\n", "name", syntax.KindString, syntax.StylePlain, "x"},
		{"tab before a comment", "---\n‹name›: «x»\t# c\n---\n", "name", syntax.KindString, syntax.StylePlain, "x"},
		{"after a lone CR", "---\nname: x\r‹d›: «y»\n---\n", "d", syntax.KindString, syntax.StylePlain, "y"},
		{"after a line separator", "---\nname: x\u2028‹d›: «y»\n---\n", "d", syntax.KindString, syntax.StylePlain, "y"},
		{"after a NEL", "---\nname: é\u0085‹d›: «😀»\n---\n", "d", syntax.KindString, syntax.StylePlain, "😀"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, marks := unmark(c.src)
			s := loader.Parse("/p/x/SKILL.md", []byte(src))
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
func checkValueRanges(t testing.TB, s *loader.Skill) {
	t.Helper()
	content := s.Frontmatter.Content
	var walk func(v *syntax.Value, within syntax.Range)
	inside := func(what string, r, within syntax.Range) {
		if r.Start < within.Start || r.End > within.End || r.Start > r.End {
			t.Fatalf("%s %v %q is outside %v", what, r, r.Text(s.Src), within)
		}
	}
	walk = func(v *syntax.Value, within syntax.Range) {
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

// checkSimple holds the fast path to yaml.v3: whatever ParseYAMLFast
// reads, ParseYAMLFull reads the same, without a problem. It reports
// whether the fast path read it.
func checkSimple(t testing.TB, src []byte) bool {
	t.Helper()
	content := syntax.SplitFrontmatter(src, 0).Content
	fast, ok := syntax.ParseYAMLFast(src, content, loader.FieldNames())
	if !ok {
		return false
	}
	full, problems := syntax.ParseYAMLFull(src, content, loader.FieldNames())
	if len(problems) > 0 || !reflect.DeepEqual(fast, full) {
		t.Fatalf("%q:\nsimple %s\nfull   %s %v", src, dumpValue(fast), dumpValue(full), problems)
	}
	return true
}

func dumpValue(v *syntax.Value) string {
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
