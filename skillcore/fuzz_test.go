package skillcore

import (
	"os"
	"reflect"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// fuzzSeeds are small files in the shapes the parser meets: real
// frontmatter, each YAML style, line ends, and the hostile cases.
var fuzzSeeds = []string{
	"---\nname: my-skill\ndescription: Does things.\n---\n# Body\n",
	"---\r\nname: x\r\ndescription: |\r\n  a\r\n  b\r\n---\r\nbody\r\n",
	"\ufeff---\nname: x\n---\n",
	"---\nname: x\ndescription: \"a\n---\nb\"\n---\nbody",
	"---\nname: x\ndescription: 'it''s\n  ---\n  b'\n---\n",
	"---\nname: x\ndescription: Use\n  'tis\n---\nit's\n---\n",
	"---\nmetadata: {a: [b, \"c]\"], d: 'e'}\nallowed-tools: [Read, Grep]\n---\n",
	"---\nmetadata:\n  a: 1\n  b:\n    - c\n    - &x d\n  e: *x\n---\n",
	"---\nd: >-\n  folded\n  text\n\n# c\nname: é😀 # c\n---\n",
	"---\nname: x\ndescription: Use when: y\n---\n",
	"---\na: &a [x,x]\nb: &b [*a,*a]\nc: [*b,*b]\n---\n",
	"---\n- a\n---\n",
	"---\n? k\n: v\n...\nx: y\n---\n",
	"---\nname: !!str 123\nn: ~\ne:\n---\n",
	"---\nname: x\xff\n---\n",
	"---",
	"",
	"---\n---\n",
	"# no frontmatter\n",
	"---\n\"key\": 'v'\n'k2': \"v\\\"2\"\n---\n",
	"---\nk: \"\\\n  v\"\n---\n",
	"---\n!\r- 000 ",
	"---\nname: x\rd: y\u2028e: z\u0085f: 1\n---\n",
}

func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	// A few real skills, when the corpus is here.
	if _, err := os.Stat("../../shared/corpus"); err == nil {
		for i, p := range corpusFiles(f) {
			if i%40 != 0 {
				continue
			}
			if src, err := os.ReadFile(p); err == nil && len(src) < 16<<10 {
				f.Add(src)
			}
		}
	}
}

// FuzzSplitFrontmatter: the split never panics, and its ranges lie in the
// file, in order, with delimiters that are exactly "---".
func FuzzSplitFrontmatter(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkFrontmatterRanges(t, src, 0, syntax.SplitFrontmatter(src, 0))
		if len(src) >= 3 {
			checkFrontmatterRanges(t, src, 3, syntax.SplitFrontmatter(src, 3))
		}
	})
}

// FuzzParse: Parse and Validate never panic; every key and value lies in
// the frontmatter's content, in order; every problem lies in the file.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSimple(t, src)
		s := loader.Parse("/p/.agents/skills/x/SKILL.md", src)
		checkValueRanges(t, s)
		// Parsing an edit of an earlier version says the same as parsing anew.
		if r := loader.Reparse(loader.Parse(s.Path, src[:len(src)/2]), src); !reflect.DeepEqual(r, s) {
			t.Fatalf("Reparse:\n%+v\nParse:\n%+v", r, s)
		}
		checkFrontmatterRanges(t, src[:min(len(src), loader.MaxFileBytes)], bomLen(s), s.Frontmatter)
		for _, p := range loader.Validate(s, loader.Targets) {
			if p.Range.Start < 0 || p.Range.Start > p.Range.End || p.Range.End > len(src) {
				t.Fatalf("%s at %v outside the %d-byte file", p.Rule, p.Range, len(src))
			}
			if len(p.Targets) == 0 || p.Message == "" || p.Severity < loader.Info || p.Severity > loader.Error {
				t.Fatalf("incomplete problem %+v", p)
			}
		}
	})
}

func bomLen(s *loader.Skill) int {
	if s.BOM {
		return 3
	}
	return 0
}

// FuzzSimpleYAML aims at the edge of the fast path: one-line values of
// every kind, top-level and nested, must read as yaml.v3 reads them.
func FuzzSimpleYAML(f *testing.F) {
	for _, v := range []string{"plain text", "'it''s'", `"quoted"`, "Ünï 😀", "a: b", "x # c", "yes", "True", "1.0", "- a", "[a]", "&a x", "*a", "!t x", "%x", "@x", "`x`", "a\u2028b", "a\u0085b", "é\x00", "", " ", "'a' b", `"a" b`, "a\tb", "1.0.0", "0.1.0", "1.2", "1..2", "1.2.", "10.20.30.40", "1.2.3e5", "[a, b]", "[a,b ]", "[ a ]", "[a-b, c_d/e.f]", "[Yes, no]", "[a,,b]", "a\n  b", "a\n  b\n    c 1", "a\n  #b", "a\n\n  b", "a\n  b:", "a\n  ü b", "a\n\tb", "2026-03-13", "2026-02-30", "2026-3-13", "2026-03-13T10:00:00Z", "0000-01-01", "/hub:board", "/a b", "/", "//x", "[Vector Search, RAG]", "[a  b , c]", "[a b,]", "[a true]", "[true b]", "[crewai>=1.2.0, torch]", "[a<b, c+d, e@f]", "[a=]"} {
		f.Add("name", v, false)
		f.Add("meta-data.x", v, true)
	}
	f.Fuzz(func(t *testing.T, key, value string, nested bool) {
		src := "---\n" + key + ": " + value + "\ndescription: x\n---\n"
		if nested {
			src = "---\nmetadata:\n  " + key + ": " + value + "\n  b: c\nname: x\n---\n"
		}
		checkSimple(t, []byte(src))
	})
}

// FuzzSimpleYAMLBlock aims at the fast path's block scalars: whatever
// lines follow the header, the fast path reads them as yaml.v3 does or
// leaves them to it.
func FuzzSimpleYAMLBlock(f *testing.F) {
	for _, h := range []string{">", ">-", "|", "|-", "> ", ">+", "|2"} {
		f.Add(h, "  a\n  b\n")
		f.Add(h, "    x: y\n    [z]\n")
		f.Add(h, "  a\n\n  b\n")
		f.Add(h, "  a\n\n\n  b\n\n")
		f.Add(h, "  a\n  \n \n  b\n   \n")
		f.Add(h, "  a\n   b\n")
		f.Add(h, "  é😀 \"q\" 'r' #s\n")
	}
	f.Fuzz(func(t *testing.T, header, body string) {
		checkSimple(t, []byte("---\ndescription: "+header+"\n"+body+"name: x\n---\n"))
	})
}

// FuzzSimpleYAMLList aims at the fast path's block lists under a key:
// whatever lines follow it, the fast path reads them as yaml.v3 does or
// leaves them to it.
func FuzzSimpleYAMLList(f *testing.F) {
	for _, b := range []string{"  - a\n  - b\n", "  - 'q'\n  -  b c\n", "    - a\n    - b\n", "  - a\n    - b\n", "  - a\n  # c\n\n  - b\n",
		"  -\n", "  - a: b\n", "  - [a, b]\n", "  - true\n  - 1.0.0\n  - 2026-01-02\n", "  - a\n  b: c\n", "  - a\n   more\n", "  - \"x\"  \n"} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkSimple(t, []byte("---\nname: x\ntags:\n"+body+"description: y\n---\n"))
	})
}
