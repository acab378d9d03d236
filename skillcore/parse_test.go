package skillcore

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// problemAt reports whether problems hold one of the rule at r.
func problemAt(problems []loader.Problem, rule string, r syntax.Range) bool {
	return slices.ContainsFunc(problems, func(p loader.Problem) bool { return p.Rule == rule && p.Range == r })
}

func rulesOf(problems []loader.Problem) []string {
	var out []string
	for _, p := range problems {
		out = append(out, fmt.Sprintf("%s%v", p.Rule, p.Range))
	}
	return out
}

// TestParseProblems pins what Parse says about a file as text, with the
// exact range, marked «like this».
func TestParseProblems(t *testing.T) {
	for _, c := range []struct {
		name, src, rule string
	}{
		{"invalid byte", "---\nname: «\xff»x\n---\n", "not-utf8"},
		{"invalid byte after multi-byte text", "---\nname: é😀«\xc3»(\n---\n", "not-utf8"},
		{"overlong encoding", "---\nname: «\xc0»\xaf\n---\n", "not-utf8"},
		{"surrogate", "---\nname: x\n---\n«\xed»\xa0\x80", "not-utf8"},
		{"BOM", "«\ufeff»---\nname: x\n---\n", "bom"},
		{"BOM and CRLF", "«\ufeff»---\r\nname: x\r\n---\r\n", "bom"},
		{"empty file", "«»", "frontmatter-missing"},
		{"text first", "«Hello»\n---\nname: x\n---\n", "frontmatter-missing"},
		{"CRLF text first", "«Hello»\r\n", "frontmatter-missing"},
		{"BOM without frontmatter", "\ufeff«# x»\n", "frontmatter-missing"},
		{"only ---", "«---»", "frontmatter-unclosed"},
		{"only --- and a newline", "«---»\n", "frontmatter-unclosed"},
		{"only --- is empty too", "«---»", "frontmatter-not-mapping"},
		{"unclosed CRLF", "«---»\r\nname: x\r\n", "frontmatter-unclosed"},
		{"empty", "«---»\n---\n", "frontmatter-not-mapping"},
		{"list", "---\n«- a\n- b»\n---\n", "frontmatter-not-mapping"},
		{"scalar", "---\n«hello»\n---\n", "frontmatter-not-mapping"},
		{"quoted scalar", "---\n«\"a: b\"»\n---\n", "frontmatter-not-mapping"},
		{"second colon", "---\nname: x\ndescription: Use when«:» asked\n---\n", "yaml-syntax"},
		{"second colon after emoji", "---\nname: é😀 x«:» y\n---\n", "yaml-syntax"},
		{"second colon, CRLF", "---\r\nname: x\r\ndescription: a«:» b\r\n---\r\n", "yaml-syntax"},
		{"key over-indented", "---\nname: x\n  «bad: y»\n---\n", "yaml-syntax"},
		{"key under-indented", "---\nmetadata:\n  a: 1\n «b: 2»\n---\n", "yaml-syntax"},
		{"tab indentation", "---\nmetadata:\n\t«a: 1»\n---\n", "yaml-syntax"},
		{"unclosed quote", "---\nname: x\n«description: \"abc»\n---\n", "yaml-syntax"},
		{"unclosed flow list", "---\nname: x\n«description: [a, b»\nlicense: MIT\n---\n", "yaml-syntax"},
		{"list item in a map", "---\nname: x\n«- a»\n---\n", "yaml-syntax"},
		{"reserved character", "---\nname: x\n«description: @foo»\n---\n", "yaml-syntax"},
		{"unknown escape", "---\nname: x\n«description: \"a\\qb\"»\n---\n", "yaml-syntax"},
		{"unknown alias", "---\nname: x\ndescription: «*nope»\n---\n", "yaml-syntax"},
		{"column-0 dashes in a quoted value", "---\nname: x\ndescription: \"a\n«---»\nb\"\n---\n", "yaml-syntax"},
		{"a second document", "---\nname: x\n...\n«description: y»\n---\n", "yaml-syntax"},
		{"duplicate key", "---\nname: x\ndescription: y\n«name»: z\n---\n", "yaml-duplicate-key"},
		{"duplicate quoted key", "---\nname: x\n«'name'»: z\n---\n", "yaml-duplicate-key"},
		{"duplicate nested key", "---\nmetadata:\n  a: 1\n  «a»: 2\n---\n", "yaml-duplicate-key"},
		{"flow map", "---\nmetadata: «{a: b}»\n---\n", "yaml-flow-style"},
		{"flow list in a block list", "---\nx:\n  - «[a]»\n---\n", "yaml-flow-style"},
		{"anchor", "---\nd: «&a x»\n---\n", "yaml-anchor"},
		{"alias", "---\nd: &a x\ne: «*a»\n---\n", "yaml-anchor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, marks := unmark(c.src)
			s := loader.Parse("/p/x/SKILL.md", []byte(src))
			checkValueRanges(t, s)
			if !problemAt(s.Problems, c.rule, marks["value"]) {
				t.Fatalf("no %s at %v %q; got %v", c.rule, marks["value"], marks["value"].Text(s.Src), rulesOf(s.Problems))
			}
		})
	}
}

// TestParseClean parses well-formed files without a problem.
func TestParseClean(t *testing.T) {
	for _, src := range []string{
		"---\nname: x\ndescription: y\n---\n",
		"---\r\nname: x\r\ndescription: |\r\n  a\r\n  b\r\n---\r\nbody\r\n",
		"---\nname: x\ndescription: \"a --- b\"\n---\n",
		"---\nname: x\ndescription: \"a\n  ---\n  b\"\n---\n",
		"---\nname: x\ndescription: y\n---",
		"---\nname: x # comment\n# comment\ndescription: >-\n  folded\n  text\n\n---\n\n# Body\n",
		"---\nname: café😀\ndescription: 'it''s'\nmetadata:\n  a: \"1\"\n---\n",
	} {
		s := loader.Parse("/p/x/SKILL.md", []byte(src))
		checkValueRanges(t, s)
		if len(s.Problems) > 0 || s.Meta == nil {
			t.Errorf("%q: %v", src, rulesOf(s.Problems))
		}
	}
}

// TestParseFlowOnce reports a flow collection once, not again for each
// collection nested in it.
func TestParseFlowOnce(t *testing.T) {
	s := loader.Parse("/p/x/SKILL.md", []byte("---\nmetadata: {a: [b, {c: d}], e: [f]}\ntools: [g]\n---\n"))
	var got []string
	for _, p := range s.Problems {
		got = append(got, p.Range.Text(s.Src))
	}
	if !slices.Equal(got, []string{"{a: [b, {c: d}], e: [f]}", "[g]"}) {
		t.Fatalf("%q", got)
	}
}

func TestParseDuplicateKeyPointsAtTheFirst(t *testing.T) {
	src := "---\nname: x\nname: y\n---\n"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	i := slices.IndexFunc(s.Problems, func(p loader.Problem) bool { return p.Rule == "yaml-duplicate-key" })
	if i < 0 {
		t.Fatal(rulesOf(s.Problems))
	}
	rel := s.Problems[i].Related
	if len(rel) != 1 || rel[0].Path != s.Path || rel[0].Range != (syntax.Range{Start: 4, End: 8}) {
		t.Fatalf("related %+v", rel)
	}
}

// TestParseHostile feeds inputs built to exhaust a parser: each finishes
// with a finding and a range inside the file, never a panic. (No timing is
// asserted; a hang fails the test run.)
func TestParseHostile(t *testing.T) {
	billion := "---\nname: x\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		billion += n + ": &" + n + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ",") + "]\n"
		prev = n
	}
	billion += "---\n"
	deepBlock := "---\n"
	for i := range 100 {
		deepBlock += strings.Repeat("  ", i) + "a:\n"
	}
	deepBlock += "---\n"
	var keys strings.Builder
	keys.WriteString("---\n")
	for i := range 12000 {
		fmt.Fprintf(&keys, "k%d: v\n", i)
	}
	keys.WriteString("---\n")
	for _, c := range []struct {
		name, src, rule, message string
	}{
		{"billion laughs", billion, "yaml-anchor", "anchors and aliases"},
		{"deep block maps", deepBlock, "yaml-syntax", "deeper than 32 levels"},
		{"deep flow lists", "---\na: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n---\n", "yaml-syntax", ""},
		{"deep flow lists, unclosed", "---\na: " + strings.Repeat("[", 50000) + "\n---\n", "yaml-syntax", ""},
		{"deep flow maps", "---\na: " + strings.Repeat("{a: ", 5000) + strings.Repeat("}", 5000) + "\n---\n", "yaml-syntax", ""},
		{"12000 keys", keys.String(), "yaml-syntax", "more than 10000 values"},
		{"frontmatter over 256 KiB", "---\nd: " + strings.Repeat("x", 300<<10) + "\n---\n", "yaml-syntax", "skill-ls reads at most"},
		{"file over 1 MiB", "---\nname: x\n---\n" + strings.Repeat("é", 600<<10), "file-too-large", "skill-ls reads no file over 1048576 bytes"},
		{"NUL bytes", "---\nname: x\x00y\n---\n", "yaml-syntax", ""},
		{"lone CR line ends", "---\rname: x\r---\r", "frontmatter-missing", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := loader.Parse("/p/x/SKILL.md", []byte(c.src))
			checkValueRanges(t, s)
			problems := loader.Validate(s, loader.Targets)
			i := slices.IndexFunc(problems, func(p loader.Problem) bool { return p.Rule == c.rule && strings.Contains(p.Message, c.message) })
			if i < 0 {
				t.Fatalf("no %s saying %q; got %v", c.rule, c.message, rulesOf(problems))
			}
		})
	}
}

// TestParseOverOneMiB: a text over 1 MiB (an editor's buffer) is not
// parsed, as the same file on disk is not read: one finding, at its start,
// for every agent, with its size; the text is kept.
func TestParseOverOneMiB(t *testing.T) {
	head := "---\nname: x\ndescription: y\n---\n"
	src := head + strings.Repeat("é", (loader.MaxFileBytes-len(head))/2) + "😀😀"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	if len(s.Src) != len(src) || s.Meta != nil {
		t.Fatalf("Src holds %d bytes of %d; parsed %v", len(s.Src), len(src), s.Meta != nil)
	}
	problems := loader.Validate(s, loader.Targets)
	if len(problems) != 1 || problems[0].Rule != "file-too-large" || problems[0].Range != (syntax.Range{}) ||
		!strings.Contains(problems[0].Message, fmt.Sprint(len(src))) || len(problems[0].Targets) != len(loader.Targets) {
		t.Fatalf("problems %+v, want one file-too-large for all", problems)
	}
	at := loader.Parse("/p/x/SKILL.md", []byte(head+strings.Repeat("x", loader.MaxFileBytes-len(head))))
	if name, _ := at.Str("name"); name != "x" || len(at.Problems) != 0 {
		t.Errorf("exactly 1 MiB: name %q, problems %v", name, at.Problems)
	}
}

// TestReparse: parsing a new version from the one before says exactly what
// parsing it anew says, whether the edit is in the body (the frontmatter is
// reused) or not.
func TestReparse(t *testing.T) {
	base := "---\nname: x\ndescription: y\n---\n# Body\n"
	for _, c := range []struct{ name, prev, next string }{
		{"append to the body", base, base + "more\n"},
		{"edit in the body", base, strings.Replace(base, "Body", "Bodies", 1)},
		{"invalid byte in the body", base, base + "\xff\n"},
		{"invalid byte fixed", base + "\xff\n", base},
		{"edit in the frontmatter", base, strings.Replace(base, "name: x", "name: xy", 1)},
		{"closing line touched", base, strings.Replace(base, "---\n#", "---x\n#", 1)},
		{"closing line without newline", "---\nname: x\n---", "---\nname: x\n---\n"},
		{"quote closed in the body", "---\nd: \"a\n---\nb\n", "---\nd: \"a\n---\nb\"\n---\nbody\n"},
		{"BOM", "\ufeff" + base, "\ufeff" + base + "x"},
		{"unclosed", "---\nname: x\n", "---\nname: x\nmore\n"},
		{"shorter", base + "more\n", base[:len(base)-3]},
	} {
		t.Run(c.name, func(t *testing.T) {
			prev := loader.Parse("/p/x/SKILL.md", []byte(c.prev))
			got, want := loader.Reparse(prev, []byte(c.next)), loader.Parse("/p/x/SKILL.md", []byte(c.next))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Reparse %+v\nParse   %+v", got, want)
			}
		})
	}
	for _, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		prev := loader.Parse(p, src)
		next := append(append([]byte{}, src...), "\nA new line [x](y.md).\n"...)
		if got, want := loader.Reparse(prev, next), loader.Parse(p, next); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Reparse differs from Parse", p)
		}
	}
}

func TestCollapseSpace(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u0085b", "é — ü", "é  ü", "  lead and trail  ", "one two three"} {
		if got, want := loader.CollapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}
