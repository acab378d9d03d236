package claudecode_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Claude Code 2.1.328's reading of files, as observed (testdata/conformance/
// probes/claude-code and the notes beside them) and, for the YAML typing,
// as Bun 1.4.4's Bun.YAML.parse and String() answer.
func TestReadClaude(t *testing.T) {
	cc := loader.TargetByID("claude-code")
	tests := []struct {
		name, dir, src string
		desc           string // the listing's text
		shown          string // the name shown beside the folder, "" none
		refused        bool
		unlisted       bool
	}{
		{name: "plain", src: "---\nname: x\ndescription: plain\n---\nbody\n", desc: "plain", shown: "x"},
		{name: "close mid-line", src: "---\ndescription: a --- b\n---\nbody\n", desc: "a"},
		{name: "close indented", src: "---\ndescription: d indented\n  ---\nbody\n", desc: "d indented"},
		{name: "close with text", src: "---\ndescription: d\n---text\nbody\n", desc: "d"},
		{name: "close four dashes", src: "---\ndescription: d\n----\nbody\n", desc: "d"},
		{name: "close inside quotes", src: "---\ndescription: \"first\n---\nsecond\"\n---\nbody\n", desc: "second\""},
		{name: "unclosed", src: "---\ndescription: d\nbody\n", desc: "---"},
		{name: "unclosed, a rule later", src: "---\ndescription: d\nbody\n---\nafter rule\n", desc: "after rule"},
		{name: "dots do not close", src: "---\ndescription: d\n...\nbody\n", desc: "---"},
		{name: "four dashes open", src: "----\ndescription: d\n----\nbody\n", desc: "----"},
		{name: "text after open", src: "--- yaml\ndescription: d\n---\nbody\n", desc: "--- yaml"},
		{name: "blank line first", src: "\n---\ndescription: d\n---\nbody\n", desc: "---"},
		{name: "bom", src: "\uFEFF---\ndescription: BOM desc\n---\nbody\n", desc: "BOM desc"},
		{name: "crlf", src: "---\r\ndescription: CRLF desc\r\n---\r\nbody\r\n", desc: "CRLF desc"},
		{name: "no frontmatter", src: "# No FM heading\ntext\n", desc: "No FM heading"},
		{name: "empty", src: "", desc: "Skill"},
		{name: "duplicate key", src: "---\ndescription: first\ndescription: second\n---\n", desc: "second"},
		{name: "anchor", src: "---\na: &a Anchored desc\ndescription: *a\n---\n", desc: "Anchored desc"},
		{name: "merge key", src: "---\nbase: &b\n  description: merged\n<<: *b\n---\n", desc: "merged"},
		{name: "merge key does not override", src: "---\ndescription: own\nbase: &b\n  description: merged\n<<: *b\n---\n", desc: "own"},
		{name: "1e3", src: "---\ndescription: 1e3\n---\n", desc: "1000"},
		{name: "hex", src: "---\ndescription: 0x1F\n---\n", desc: "31"},
		{name: "leading zero", src: "---\ndescription: 012\n---\n", desc: "12"},
		{name: "float", src: "---\ndescription: 1.50\n---\n", desc: "1.5"},
		{name: "minus zero", src: "---\ndescription: -0\n---\n", desc: "0"},
		{name: "inf", src: "---\ndescription: .inf\n---\n", desc: "Infinity"},
		{name: "big int", src: "---\ndescription: 123456789012345678901234567890\n---\n", desc: "1.2345678901234568e+29"},
		{name: "binary is text", src: "---\ndescription: 0b101\n---\n", desc: "0b101"},
		{name: "underscores are text", src: "---\ndescription: 1_000\n---\n", desc: "1_000"},
		{name: "yes is text", src: "---\ndescription: yes\n---\n", desc: "yes"},
		{name: "date is text", src: "---\ndescription: 2024-01-01\n---\n", desc: "2024-01-01"},
		{name: "quoted number", src: "---\ndescription: '012'\n---\n", desc: "012"},
		{name: "str tag", src: "---\ndescription: !!str 123\n---\n", desc: "123"},
		{name: "own tag", src: "---\ndescription: !foo 1e3\n---\n", desc: "1e3"},
		{name: "name number", src: "---\nname: 1.50\ndescription: d\n---\n", desc: "d", shown: "1.5"},
		{name: "name bool", src: "---\nname: True\ndescription: d\n---\n", desc: "d", shown: "true"},
		{name: "colon quoted", src: "---\nname: true\ndescription: Use when: x\n---\n", desc: "Use when: x", shown: "true"},
		{name: "quote at start only", src: "---\ndescription: 'Use it' when: x\n---\n", desc: "'Use it' when: x"},
		{name: "quote kept", src: "---\ndescription: \"Use when: x\" trailing\n---\n", desc: "\"Use when: x\" trailing"},
		{name: "percent", src: "---\ndescription: \"%d\" ok\n---\n", desc: "\"%d\" ok"},
		{name: "undefined alias", src: "---\ndescription: *undefined_alias\n---\n", desc: "*undefined_alias"},
		{name: "tab indent", src: "---\nmetadata:\n\tk: v\ndescription: tabbed\n---\n", desc: "tabbed"},
		{name: "broken drops all", src: "---\ndescription: ends with colon:\nname: n\n---\nfrom body\n", desc: "from body"},
		{name: "flow mapping and more", src: "---\n{name: n, description: d} junk\n---\nbody\n", desc: "body"},
		{name: "flow mapping", src: "---\n{name: n, description: d} # c\n---\nbody\n", desc: "d", shown: "n"},
		{name: "list frontmatter", src: "---\n- a\n---\nlist body\n", desc: "list body"},
		{name: "invalid utf-8", src: "---\ndescription: bad \xff\xfe byte\n---\n", desc: "bad \uFFFD\uFFFD byte"},
		{name: "truncated sequence", src: "---\ndescription: caf\xc3 \xe2\x82\n---\n", desc: "caf\uFFFD \uFFFD"},
		{name: "paths", src: "---\ndescription: d\npaths: src/**\n---\n", desc: "d", unlisted: true},
		{name: "paths everywhere", src: "---\ndescription: d\npaths: [\"**\", \"**/**\"]\n---\n", desc: "d"},
		{name: "paths list", src: "---\ndescription: d\npaths:\n  - \"*.go\"\n---\n", desc: "d", unlisted: true},
		{name: "folder with <", dir: "bad<dir", src: "---\ndescription: d\n---\n", desc: "d", refused: true},
		{name: "folder with tab", dir: "tab\tonly", src: "---\ndescription: d\n---\n", desc: "d", refused: true},
		{name: "folder with two spaces", dir: "my  spaced folder", src: "---\ndescription: d\n---\n", desc: "d", refused: true},
		{name: "folder with one space", dir: "my space", src: "---\ndescription: d\n---\n", desc: "d"},
		{name: "folder with colon", dir: "a:b", src: "---\ndescription: d\n---\n", desc: "d"},
		{name: "folder unicode", dir: "uni-é", src: "---\ndescription: d\n---\n", desc: "d"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.dir
			if dir == "" {
				dir = "skill"
			}
			s := loader.Parse("/p/.claude/skills/"+dir+"/SKILL.md", []byte(tc.src))
			if got := claudecode.ClaudeListing(cc, s); got != tc.desc {
				t.Errorf("listing text = %q, want %q", got, tc.desc)
			}
			if got := claudecode.ClaudeShownName(cc, s); got != tc.shown {
				t.Errorf("shown name = %q, want %q", got, tc.shown)
			}
			if got := !loader.Loads(loader.Validate(s, []*loader.Target{cc}), cc.ID); got != tc.refused {
				t.Errorf("refused = %v, want %v: %v", got, tc.refused, loader.Validate(s, []*loader.Target{cc}))
			}
			if got := cc.Hides(s); got != tc.unlisted {
				t.Errorf("unlisted = %v, want %v", got, tc.unlisted)
			}
		})
	}
}

// The strict parse is Claude Code's reading of an ordinary file: the view
// is that parse's mapping, not a copy.
func TestReadClaudeFast(t *testing.T) {
	s := loader.Parse("/p/.claude/skills/x/SKILL.md", []byte("---\nname: x\ndescription: A skill.\nallowed-tools:\n  - Read\n---\n# x\n"))
	if v := loader.TargetByID("claude-code").View(s); v == nil || v.Meta != s.Meta {
		t.Fatalf("view = %+v, want the strict mapping", v)
	}
}

func TestBunNumberText(t *testing.T) {
	for in, want := range map[string]string{
		"1e3": "1000", "0x1F": "31", "+0x1F": "31", "-0x1F": "-31", "0o17": "15", "012": "12", "-012": "-12",
		"1.50": "1.5", ".5": "0.5", "1.": "1", "-0": "0", ".inf": "Infinity", "-.inf": "-Infinity", ".NaN": "NaN",
		"1e21": "1e+21", "1e20": "100000000000000000000", "1e-7": "1e-7", "0.000001": "0.000001",
		"123e-20": "1.23e-18", "123456789012345678901": "123456789012345680000", "1e400": "Infinity",
		"0xFFFFFFFFFFFFFFFF": "18446744073709552000", "9007199254740993": "9007199254740992",
	} {
		f, ok := claudecode.BunNumber(in)
		if !ok {
			t.Errorf("%s: not a number", in)
			continue
		}
		if got := claudecode.BunNumberText(f); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	for _, in := range []string{"0b101", "1_000", "0X1F", "0O17", "0xFFFFFFFFFFFFFFFFF", "+.nan", "1e", "0x", "Infinity", "--1", "1..2"} {
		if f, ok := claudecode.BunNumber(in); ok {
			t.Errorf("%s = %v, want text", in, f)
		}
	}
	if claudecode.BunNumberText(math.Copysign(0, -1)) != "0" {
		t.Error("-0 is 0")
	}
}

func TestClaudeBadName(t *testing.T) {
	for name, bad := range map[string]bool{
		"ok": false, "my space": false, ".hidden": false, "UpperDir": false, "a:b": false, "naïve": false,
		"": true, "bad<dir": true, "a>b": true, "x\x01": true, "tab\tx": true, "a  b": true, " a": true, "a ": true,
		":a": true, "a:": true, "a: b": true, "a :b": true, "a\u00a0b": true, "a\u200bb": true,
		strings.Repeat("n", 256): false, strings.Repeat("n", 257): true,
	} {
		if got := claudecode.ClaudeBadName(name) != ""; got != bad {
			t.Errorf("%q: bad = %v, want %v", name, got, bad)
		}
	}
}

// Within a root Claude Code goes by name.localeCompare of the folders.
func TestClaudeScanOrder(t *testing.T) {
	for _, pair := range [][2]string{{"_x", "-d"}, {"-d", "0n"}, {"a", "B"}, {"B", "é"}, {"name-bool", "name-bool-desc-colon"}, {".dotdir", "ctxfork"}, {"uinv", "UpperDir"}} {
		a, b := "/r/"+pair[0]+"/SKILL.md", "/r/"+pair[1]+"/SKILL.md"
		if claudecode.ClaudeScanOrder(a, b) >= 0 || claudecode.ClaudeScanOrder(b, a) <= 0 {
			t.Errorf("%s should come before %s", pair[0], pair[1])
		}
	}
}

// Two folders of a root reaching one file load once: the first by name.
func TestClaudeOneLinkPerFile(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "real"), 0o755))
	must(os.WriteFile(filepath.Join(root, "real", loader.FileName), []byte("---\ndescription: d\n---\n"), 0o644))
	must(os.Symlink("real", filepath.Join(root, "alias")))
	must(os.MkdirAll(filepath.Join(root, "other"), 0o755))
	must(os.WriteFile(filepath.Join(root, "other", loader.FileName), []byte("---\ndescription: o\n---\n"), 0o644))
	found, err := skillcore.Discover(skillcore.Root{Dir: root, Target: loader.TargetByID("claude-code"), Reach: &skillcore.Reach{}})
	must(err)
	want := []string{filepath.Join(root, "alias", loader.FileName), filepath.Join(root, "other", loader.FileName)}
	if !slices.Equal(found, want) {
		t.Errorf("found %v, want %v", found, want)
	}
}

// A plugin's skill is listed only with a description or a when_to_use.
func TestClaudePackageUnlisted(t *testing.T) {
	cc := loader.TargetByID("claude-code")
	for src, unlisted := range map[string]bool{
		"---\nname: baz\n---\nbody\n":           true,
		"---\ndescription: \"  \"\n---\nbody\n": true,
		"---\ndescription: d\n---\n":            false,
		"---\nwhen_to_use: w\n---\n":            false,
		"---\ndescription: 12\n---\n":           false,
	} {
		s := loader.Parse("/p/plug/skills/x/SKILL.md", []byte(src))
		if got := cc.PackageUnlisted(cc.Meta(s)); got != unlisted {
			t.Errorf("%q: unlisted = %v, want %v", src, got, unlisted)
		}
	}
}
