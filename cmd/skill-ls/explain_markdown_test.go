package main

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/skill-ls/skill-ls/analysis"
)

func TestMarkdownText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{"<root>/<skill>/SKILL.md", `\<root\>/\<skill\>/SKILL.md`},
		{"anchors (&a) and aliases (*a)", `anchors (\&a) and aliases (\*a)`},
		{"effort: low|high", `effort: low\|high`},
		{"${CLAUDE_SKILL_DIR}/ and ~/x", `${CLAUDE_SKILL_DIR}/ and \~/x`},
		{"${CLAUDE_...} _a_ b_", `${CLAUDE\_...} \_a\_ b\_`},
		{"[a, b] or {a: b}", `\[a, b\] or {a: b}`},
		{"a back\\slash", `a back\\slash`},
		{"see `scripts/run_it.py` <here>", "see `scripts/run_it.py` \\<here\\>"},
		{"a lone ` tick_", "a lone ` tick\\_"},
		{"# not a heading", `\# not a heading`},
		{"- not a list", `\- not a list`},
		{"12. not a list", `12\. not a list`},
		{"12 items. fine", "12 items. fine"},
		{"", ""},
	} {
		if got := markdownText(c.in); got != c.want {
			t.Errorf("markdownText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMarkdownTextRendersAsWritten renders every rule's summary and
// documentation, escaped, with GitHub's flavour of Markdown: the text read
// back is the text written, code spans the only markup.
func TestMarkdownTextRendersAsWritten(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	texts := []string{"<root>/<skill>", "(*a) and *b*", "~one~ ~~two~~", "a | b", "1. x", "&amp; &lt;", "_a_ and a_b_c and __d__ and x_ _y"}
	for _, r := range analysis.Rules {
		texts = append(texts, r.Summary, r.Doc)
	}
	codeTag := regexp.MustCompile(`</?code>`)
	for _, text := range texts {
		var out bytes.Buffer
		if err := md.Convert([]byte(markdownText(text)), &out); err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSuffix(strings.TrimPrefix(out.String(), "<p>"), "</p>\n")
		got = html.UnescapeString(codeTag.ReplaceAllString(got, "`"))
		if got != text {
			t.Errorf("%q renders as\n\t%s\nread back\n\t%q", text, out.String(), got)
		}
	}
}

func TestCodeFence(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"---\nname: x\n---", "```"},
		{"see `a`", "```"},
		{"```go\nx\n```", "````"},
		{"a`````b", "``````"},
	} {
		if got := codeFence(c.code); got != c.want {
			t.Errorf("codeFence(%q) = %q, want %q", c.code, got, c.want)
		}
	}
}

func TestExplainAll(t *testing.T) {
	code, text, errs := runCmd("explain", "--all")
	if code != exitOK || errs != "" {
		t.Fatalf("explain --all: exit %d, stderr %q", code, errs)
	}
	code, md, errs := runCmd("explain", "--all", "--format", "markdown")
	if code != exitOK || errs != "" {
		t.Fatalf("explain --all --format markdown: exit %d, stderr %q", code, errs)
	}
	// Every rule, as explain RULE prints it, in table order.
	textAt, mdAt := 0, 0
	for _, r := range analysis.Rules {
		_, one, _ := runCmd("explain", r.ID)
		i := strings.Index(text[textAt:], one)
		if i < 0 {
			t.Fatalf("explain --all lacks, after the rules before it, %s:\n%s", r.ID, one)
		}
		textAt += i + len(one)
		_, oneMD, _ := runCmd("explain", r.ID, "--format", "markdown")
		if !strings.HasPrefix(oneMD, "## "+r.ID+"\n\nFinds: ") || !strings.Contains(oneMD, "\nExample:\n\n```") {
			t.Errorf("explain %s --format markdown:\n%s", r.ID, oneMD)
		}
		i = strings.Index(md[mdAt:], "\n"+oneMD)
		if i < 0 {
			t.Fatalf("explain --all --format markdown lacks, after the rules before it, %s:\n%s", r.ID, oneMD)
		}
		mdAt += i + len(oneMD)
	}
	if textAt != len(text) || mdAt+1 != len(md) {
		t.Errorf("explain --all goes on after the last rule: %q, %q", text[textAt:], md[mdAt:])
	}
}

func TestExplainListMarkdown(t *testing.T) {
	code, out, errs := runCmd("explain", "--format", "markdown")
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(analysis.Rules) {
		t.Fatalf("%d lines for %d rules:\n%s", len(lines), len(analysis.Rules), out)
	}
	for i, r := range analysis.Rules {
		if want := "- `" + r.ID + "`: " + markdownText(r.Summary); lines[i] != want {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], want)
		}
	}
}

// ruleDoc is a text of the repository written by an explain command,
// whole or in part.
type ruleDoc struct {
	file    string // relative to the repository
	args    []string
	command string // how to regenerate it
	// region finds the generated part; nil: the whole file.
	region *regexp.Regexp
}

// ruleDocs are the texts written from the rule table.
var ruleDocs = []ruleDoc{
	{
		file:    "docs/rules.md",
		args:    []string{"explain", "--all", "--format", "markdown"},
		command: "go run ./cmd/skill-ls explain --all --format markdown > docs/rules.md",
	},
	{
		file:    "README.md",
		args:    []string{"explain", "--format", "markdown"},
		command: updateCommand,
		// The list of rules is the Rules section's run of "- `" lines.
		region: regexp.MustCompile("\n## Rules\n(?:[^#\n][^\n]*\n|\n)*?\n((?:- `[^\n]*\n)+)"),
	},
}

// TestRuleDocs holds docs/rules.md and the README's list of rules to the
// rule table, so a rule added in analysis/rules.go cannot go undocumented:
// regenerate them with the command the failure names (-update rewrites
// both).
func TestRuleDocs(t *testing.T) {
	for _, d := range ruleDocs {
		path := filepath.Join("..", "..", filepath.FromSlash(d.file))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		start, end := 0, len(src)
		if d.region != nil {
			m := d.region.FindSubmatchIndex(src)
			if m == nil {
				t.Fatalf("%s: no list of rules in its Rules section", d.file)
			}
			start, end = m[2], m[3]
		}
		code, want, errs := runCmd(d.args...)
		if code != exitOK || errs != "" {
			t.Fatalf("skill-ls %s: exit %d, stderr %q", strings.Join(d.args, " "), code, errs)
		}
		if string(src[start:end]) == want {
			continue
		}
		if !*update {
			t.Errorf("%s differs from what skill-ls %s prints now (%s); regenerate it:\n\t%s%s",
				d.file, strings.Join(d.args, " "), firstDifference(string(src[start:end]), want, 1+bytes.Count(src[:start], []byte("\n"))), d.command, orAll(d.command))
			continue
		}
		out := append(append(append([]byte{}, src[:start]...), want...), src[end:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: rewritten", d.file)
	}
}

// updateCommand rewrites every text written from the rule table.
const updateCommand = "go test ./cmd/skill-ls -run TestRuleDocs -update"

// orAll points at updateCommand, unless command is it.
func orAll(command string) string {
	if command == updateCommand {
		return ""
	}
	return "\n(" + updateCommand + " rewrites every text written from the rules)"
}

// firstDifference says where two texts first differ: the line (got's first
// being line first of its file), and what it has and should have.
func firstDifference(got, want string, first int) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("its line %d is %q, want %q", first+i, g[i], w[i])
		}
	}
	return fmt.Sprintf("it has %d lines, want %d", len(g), len(w))
}
