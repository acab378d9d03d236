package gemini_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Gemini CLI 0.61.0, as observed (testdata/conformance/notes/gemini.md):
// the name and description it lists, or that it drops the file.
func TestReadGemini(t *testing.T) {
	gemini := loader.TargetByID("gemini")
	const drop = "\x00drop"
	tests := []struct {
		name, src, wantName, wantDesc string
	}{
		{"plain", "---\nname: a\ndescription: d\n---\nbody\n", "a", "d"},
		{"crlf", "---\r\nname: a\r\ndescription: crlf desc\r\n---\r\n", "a", "crlf desc"},
		{"bom", "\uFEFF---\nname: a\ndescription: d\n---\n", drop, ""},
		{"open space", "--- \nname: a\ndescription: d\n---\n", drop, ""},
		{"open four", "----\nname: a\ndescription: d\n---\n", drop, ""},
		{"close four", "---\nname: a\ndescription: d\n----\n", "a", "d"},
		{"close text", "---\nname: a\ndescription: d\n---xyz\n", "a", "d"},
		{"close eof", "---\nname: a\ndescription: d\n---", "a", "d"},
		{"unclosed", "---\nname: a\ndescription: d\n", drop, ""},
		{"empty", "---\n---\n", drop, ""},
		{"dashes in block", "---\nname: a\ndescription: |\n  first\n---\n  second\n---\n", "a", "first\n"},
		{"dashes in quotes", "---\nname: a\ndescription: \"first\n---\n  second\"\n---\n", "a", `"first`},
		{"literal", "---\nname: a\ndescription: |\n  line one\n  line two\n---\n", "a", "line one\nline two\n"},
		{"folded", "---\nname: a\ndescription: >\n  line one\n  line two\n---\n", "a", "line one line two\n"},
		{"empty name", "---\nname: \"\"\ndescription: d\n---\n", "", "d"},
		{"blank name", "---\nname: \"   \"\ndescription: d\n---\n", "   ", "d"},
		{"null name", "---\nname:\ndescription: d\n---\n", "", "d"},
		{"null description", "---\nname: a\ndescription:\n---\n", "a", ""},
		{"blank description", "---\nname: a\ndescription: \"   \"\n---\n", "a", "   "},
		{"no name", "---\ndescription: d\n---\n", drop, ""},
		{"no description", "---\nname: a\n---\n", drop, ""},
		{"capital key", "---\nName: a\ndescription: d\n---\n", drop, ""},
		{"list", "---\n- a\n---\n", drop, ""},
		{"int name", "---\nname: 1.50\ndescription: d\n---\n", "1.50", "d"},
		{"hex name", "---\nname: 0x1F\ndescription: d\n---\n", "0x1F", "d"},
		{"flow list name", "---\nname: [a, b]\ndescription: d\n---\n", "[a, b]", "d"},
		{"map name", "---\nname: {a: b}\ndescription: d\n---\n", "{a- b}", "d"},
		{"block list name", "---\nname:\n  - a\ndescription: d\n---\n", "", "d"},
		{"block list description", "---\nname: a\ndescription:\n  - x\n  - y\n---\n", "a", "- x - y"},
		{"colon", "---\nname: a\ndescription: Use when: x\n---\n", "a", "Use when: x"},
		{"quoted name kept", "---\nname: \"q\"\ndescription: Use when: x\n---\n", "-q-", "Use when: x"},
		{"quoted description kept", "---\nname: 123\ndescription: \"Quoted: yes\"\n---\n", "123", `"Quoted: yes"`},
		{"single quotes", "---\nname: 'q'\ndescription: 'Use it' when: x\n---\n", "'q'", "'Use it' when: x"},
		{"continuation", "---\nname: a\ndescription: Use when: x\n  and more: y\n\tand tab\nnot-indented: z\n---\n", "a", "Use when: x and more: y and tab"},
		{"block on fallback", "---\nname: a\ndescription: |\n  line1\n  line2\nbad: x: y\n---\n", "a", "| line1 line2"},
		{"comment kept", "---\nname: a # c\ndescription: Use when: x # c\n---\n", "a # c", "Use when: x # c"},
		{"nested name", "---\nname: a\ndescription: Use when: x\nmetadata:\n  name: overridden\n---\n", "overridden", "Use when: x"},
		{"name eaten", "---\nname: a\ndescription: Use when: x\n  name: inner\n---\n", "a", "Use when: x name: inner"},
		{"duplicate key", "---\nname: first\nname: last\ndescription: d\n---\n", "last", "d"},
		{"tab indent", "---\nname: a\ndescription: d\nmetadata:\n\tk: v\n---\n", "a", "d"},
		{"no space", "---\nname:nospace\ndescription:nospace desc\n---\n", "nospace", "nospace desc"},
		{"flow", "---\n{name: a, description: flow desc}\n---\n", "a", "flow desc"},
		{"flow junk", "---\n{name: a, description: d} junk\n---\n", drop, ""},
		{"anchor", "---\nname: &n a\ndescription: *n\n---\n", "a", "a"},
		{"merge", "---\nbase: &b\n  name: a\n  description: merged\n<<: *b\n---\n", "a", "merged"},
		{"str tag", "---\nname: !!str 123\ndescription: !!str true\n---\n", "123", "true"},
		{"unknown tag", "---\nname: a\ndescription: !custom tagged\n---\n", "a", "!custom tagged"},
		{"indented", "---\n  name: a\n  description: d\n---\n", "a", "d"},
		{"invalid utf-8", "---\nname: a\ndescription: bad \xff\xfe byte\n---\n", "a", "bad \uFFFD\uFFFD byte"},
		{"untrimmed yaml", "---\nname: \"  My Skill Ü  \"\ndescription: \"  padded  \"\n---\n", "  My Skill Ü  ", "  padded  "},
		{"sanitized", "---\nname: 'a:b\\c/d<e>f*g?h\"i|j'\ndescription: d\n---\n", "a-b-c-d-e-f-g-h-i-j", "d"},
		{"unicode space", "---\nname:\u00a0a\u3000\ndescription: x: y\n---\n", "a", "x: y"},
		{"line separator", "---\nname: a\u2028b\ndescription: x: y\n---\n", drop, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := loader.Parse("/p/.gemini/skills/x/SKILL.md", []byte(tc.src))
			ps := loader.Validate(s, []*loader.Target{gemini})
			if tc.wantName == drop {
				if loader.Loads(ps, "gemini") {
					t.Fatalf("loads %q %q; gemini drops it", gemini.Identify(s), gemini.Describe(s))
				}
				return
			}
			if !loader.Loads(ps, "gemini") {
				t.Fatalf("refused: %v", ps)
			}
			if got := gemini.Identify(s); got != tc.wantName {
				t.Errorf("name %q, want %q", got, tc.wantName)
			}
			if got := gemini.Describe(s); got != tc.wantDesc {
				t.Errorf("description %q, want %q", got, tc.wantDesc)
			}
		})
	}
}

// The strict parse stands for gemini's reading where they agree: the view
// shares its mapping.
func TestReadGeminiShares(t *testing.T) {
	s := loader.Parse("/p/.gemini/skills/x/SKILL.md", []byte("---\nname: a\ndescription: d\nmetadata:\n  k: v\n---\nbody\n"))
	if v := loader.TargetByID("gemini").View(s); v == nil || v.Meta != s.Meta || v.Body != s.Body() {
		t.Fatalf("view %+v", v)
	}
}

// Gemini finds a root's SKILL.md and its folders' (none in node_modules or
// a dot-folder); of those sharing a name the folder whose name sorts first
// wins, over the root's own file too; an empty name is a name.
func TestGeminiScan(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	root := filepath.Join(proj, ".gemini", "skills")
	write := func(rel, name string) {
		p := filepath.Join(root, rel, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\nname: "+name+"\ndescription: "+rel+"\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("", "dup")
	write("a-b", "dup")
	write("a", "dup")
	write("b", "dup")
	write("node_modules", "nm")
	write(".hidden", "hid")
	write("e1", `""`)
	write("e2", `""`)
	gemini := loader.TargetByID("gemini")
	w := skillcore.NewWorld(skillcore.Env{Home: filepath.Join(dir, "home")}, []string{proj})
	w.Scan()
	var got []string
	for _, ld := range w.Loads(gemini, proj) {
		if ld.Winner {
			got = append(got, gemini.Identify(ld.Skill)+"="+gemini.Describe(ld.Skill))
		}
	}
	if want := []string{"=e1", "dup=a"}; strings.Join(got, ",") != strings.Join(want, ",") && !sameSet(got, want) {
		t.Fatalf("winners %q, want %q", got, want)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		if seen[x]--; seen[x] < 0 {
			return false
		}
	}
	return true
}
