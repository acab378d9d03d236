package analysis

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestSuppressions: what a file's findings are with its suppression
// directives, whether the workspace keeps bodies or releases them.
func TestSuppressions(t *testing.T) {
	const fm = "---\nname: x\ndescription: Does x.\n---\n"
	for _, c := range []struct {
		name string
		src  string
		cfg  Config
		want []string // the rules of the findings, in file order
	}{
		{"none", fm + "See [a](a.md).\n", Config{}, []string{"link-broken"}},
		{"next line", fm + "<!-- skill-ls-disable-next-line link-broken -- written at install -->\nSee [a](a.md).\n", Config{}, nil},
		{"next line only", fm + "<!-- skill-ls-disable-next-line link-broken -- written at install -->\nSee [a](a.md).\n\nSee [b](b.md).\n", Config{}, []string{"link-broken"}},
		{"not the line after next", fm + "<!-- skill-ls-disable-next-line link-broken -- why -->\n\nSee [a](a.md).\n", Config{}, []string{"suppression-unused", "link-broken"}},
		{"another rule", fm + "<!-- skill-ls-disable-next-line link-escapes -- why -->\nSee [a](a.md).\n", Config{}, []string{"suppression-unused", "link-broken"}},
		{"several rules", fm + "<!-- skill-ls-disable-next-line link-escapes, link-broken -- why -->\nSee [a](a.md) and [b](../b.md).\n", Config{}, nil},
		{"without reason", fm + "<!-- skill-ls-disable-next-line link-broken -->\nSee [a](a.md).\n", Config{}, []string{"suppression-without-reason"}},
		{"unknown rule", fm + "<!-- skill-ls-disable-next-line link-broke -- why -->\nSee [a](a.md).\n", Config{}, []string{"suppression-invalid", "link-broken"}},
		{"unknown keyword", fm + "<!-- skill-ls-disable-line link-broken -- why -->\nSee [a](a.md).\n", Config{}, []string{"suppression-invalid", "link-broken"}},
		{"no rule", fm + "<!-- skill-ls-disable -- why -->\nSee [a](a.md).\n", Config{}, []string{"suppression-invalid", "link-broken"}},
		{"own rules", fm + "<!-- skill-ls-disable suppression-unused -- why -->\n", Config{}, []string{"suppression-invalid"}},
		{"disable to the end", fm + "<!-- skill-ls-disable link-broken -- vendored docs -->\nSee [a](a.md).\n\nSee [b](b.md).\n", Config{}, nil},
		{"disable then enable", fm + "<!-- skill-ls-disable link-broken -- vendored docs -->\nSee [a](a.md).\n<!-- skill-ls-enable link-broken -->\nSee [b](b.md).\n", Config{}, []string{"link-broken"}},
		{"enable all", fm + "<!-- skill-ls-disable link-broken -- vendored docs -->\nSee [a](a.md).\n<!-- skill-ls-enable -->\nSee [b](b.md).\n", Config{}, []string{"link-broken"}},
		{"in code", fm + "```markdown\n<!-- skill-ls-disable-next-line link-broken -- why -->\n```\nSee [a](a.md).\n", Config{}, []string{"link-broken"}},
		{"frontmatter next line", "---\nname: x\ndescription: Does x.\n# skill-ls-disable-next-line field-unknown -- read by our own agent\ncolour: red\n---\n", Config{}, nil},
		{"frontmatter in a block scalar", "---\nname: x\ndescription: |\n  Does x.\n  # skill-ls-disable-next-line field-unknown -- why\ncolour: red\n---\n", Config{}, []string{"field-unknown"}},
		{"frontmatter after a block scalar", "---\nname: x\ndescription: |\n  Does x.\n# skill-ls-disable-next-line field-unknown -- read by our own agent\ncolour: red\n---\n", Config{}, nil},
		{"frontmatter in a quoted value after a nested block scalar", "---\nname: x\nmetadata:\n  notes: |\n    text\ndescription: \"Does\n# skill-ls-disable-next-line field-unknown -- why\n  x.\"\ncolour: red\n---\n", Config{}, []string{"field-unknown"}},
		{"frontmatter in a list item's block scalar", "---\nname: x\ndescription: Does x.\nallowed-tools:\n  - |\n    Read\n    # skill-ls-disable-next-line field-unknown -- why\ncolour: red\n---\n", Config{}, []string{"allowed-tools-format", "field-unknown"}},
		{"frontmatter whole file", "---\n# skill-ls-disable not-discovered, link-broken -- an example kept out of the roots\nname: x\ndescription: Does x.\n---\nSee [a](a.md).\n", Config{}, nil},
		{"rule off", fm + "<!-- skill-ls-disable-next-line link-broken -- why -->\nSee [a](a.md).\n", Config{Rules: map[string]string{"link-broken": "off"}}, []string{"suppression-unused"}},
		{"severity of their own", fm + "<!-- skill-ls-disable-next-line link-broken -->\nSee [a](a.md).\n", Config{Rules: map[string]string{"suppression-without-reason": "off"}}, nil},
		{"no inline config", fm + "<!-- skill-ls-disable-next-line link-broke -->\nSee [a](a.md).\n", Config{NoInlineConfig: true}, []string{"link-broken"}},
		{"crlf", strings.ReplaceAll(fm+"<!-- skill-ls-disable-next-line link-broken -- why -->\nSee [a](a.md).\n", "\n", "\r\n"), Config{}, nil},
	} {
		for _, release := range []bool{false, true} {
			cfg := c.cfg
			cfg.ReleaseBodies = release
			rel := "proj/.agents/skills/x/SKILL.md"
			if strings.Contains(c.name, "whole file") {
				rel = "proj/examples/x/SKILL.md" // not-discovered
			}
			tr := newTestTree(t, cfg, treeFile{path: rel, data: c.src})
			p := tr.path(rel)
			batch, _ := tr.ws.FindingsOf([]string{p, tr.path("proj/none/SKILL.md")})
			one := tr.ws.Findings(p)
			if got := rules(batch[0]); !slices.Equal(got, c.want) {
				t.Errorf("%s (release %v): %v, want %v", c.name, release, got, c.want)
			}
			if !reflect.DeepEqual(one, batch[0]) {
				t.Errorf("%s (release %v): one file %v, batch %v", c.name, release, rules(one), rules(batch[0]))
			}
		}
	}
}

// TestSuppressionMessages: the findings about directives point at what is
// wrong and say how to mend it.
func TestSuppressionMessages(t *testing.T) {
	const fm = "---\nname: x\ndescription: Does x.\n---\n"
	for _, c := range []struct {
		src, at, says string
	}{
		{fm + "<!-- skill-ls-disable-next-line link-broke -- why -->\nSee [a](a.md).\n", "link-broke", `did you mean "link-broken"?`},
		{fm + "<!-- skill-ls-disable-nextline link-broken -- why -->\nSee [a](a.md).\n", "<!--", `did you mean "skill-ls-disable-next-line"?`},
		{fm + "<!-- skill-ls-disable-next-line link-escapes -- why -->\nSee [a](a.md).\n", "link-escapes", "unused suppression"},
		{fm + "<!-- skill-ls-disable-next-line link-broken -->\nSee [a](a.md).\n", "<!--", `write why after " -- "`},
	} {
		tr := newTestTree(t, Config{}, treeFile{path: "proj/.agents/skills/x/SKILL.md", data: c.src})
		fs := slices.DeleteFunc(tr.ws.Findings(tr.path("proj/.agents/skills/x/SKILL.md")), func(f Finding) bool {
			return !strings.HasPrefix(f.Rule, "suppression-")
		})
		if len(fs) != 1 {
			t.Fatalf("%q: %v", c.src, rules(fs))
		}
		if at := strings.Index(c.src, c.at); fs[0].Range.Start != at || !strings.Contains(fs[0].Message, c.says) || len(fs[0].Targets) != 0 {
			t.Errorf("%q: %s at %d %q, want at %d saying %q", c.src, fs[0].Rule, fs[0].Range.Start, fs[0].Message, at, c.says)
		}
	}
}

// TestKeepSuppressed: a checker that counts suppressed findings gets them
// marked.
func TestKeepSuppressed(t *testing.T) {
	src := "---\nname: x\ndescription: Does x.\n---\n<!-- skill-ls-disable-next-line link-broken -- why -->\nSee [a](a.md) and [b](b.md).\n"
	tr := newTestTree(t, Config{KeepSuppressed: true}, treeFile{path: "proj/.agents/skills/x/SKILL.md", data: src})
	fs := tr.ws.Findings(tr.path("proj/.agents/skills/x/SKILL.md"))
	if len(fs) != 2 || !fs[0].Suppressed || !fs[1].Suppressed || fs[0].Rule != "link-broken" {
		t.Errorf("%+v", fs)
	}
}

// TestSuppressFix: the editor's action writes the comment that silences
// the finding, in the form of that part of the file, with a placeholder
// reason that still asks for one; the directives' own findings get none.
func TestSuppressFix(t *testing.T) {
	const fm = "---\nname: x\ndescription: Does x.\n---\n"
	for _, c := range []struct {
		name, rel, src, rule, want string
	}{
		{"body", "proj/.agents/skills/x/SKILL.md", fm + "- item\n  - See [a](a.md).\n", "link-broken",
			fm + "- item\n  <!-- skill-ls-disable-next-line link-broken -- reason -->\n  - See [a](a.md).\n"},
		{"frontmatter", "proj/.agents/skills/x/SKILL.md", "---\r\nname: x\r\ndescription: Does x.\r\ncolour: red\r\n---\r\n", "field-unknown",
			"---\r\nname: x\r\ndescription: Does x.\r\n# skill-ls-disable-next-line field-unknown -- reason\r\ncolour: red\r\n---\r\n"},
		{"the first line", "proj/examples/x/SKILL.md", fm, "not-discovered",
			"---\n# skill-ls-disable not-discovered -- reason\nname: x\ndescription: Does x.\n---\n"},
		{"their own", "proj/.agents/skills/x/SKILL.md", fm + "<!-- skill-ls-disable-next-line link-broken -- why -->\nSee the guide.\n", "suppression-unused", ""},
	} {
		tr := newTestTree(t, Config{}, treeFile{path: c.rel, data: c.src})
		p := tr.path(c.rel)
		var fix *Fix
		for _, a := range tr.ws.Actions(p, func(f Finding) bool { return f.Rule == c.rule }) {
			if strings.HasPrefix(a.Fix.Title, "Suppress "+c.rule) {
				fix = &a.Fix
			}
		}
		if c.want == "" {
			if fix != nil {
				t.Errorf("%s: offered %q", c.name, fix.Title)
			}
			continue
		}
		if fix == nil || fix.Safe || fix.Preferred {
			t.Fatalf("%s: no suppression action, or a safe or preferred one: %+v", c.name, fix)
		}
		got := string(applyEdits(t, []byte(c.src), fix.Edits))
		if got != c.want {
			t.Errorf("%s: wrote\n%q\nwant\n%q", c.name, got, c.want)
		}
		after := newTestTree(t, Config{}, treeFile{path: c.rel, data: got})
		if fs := rules(after.ws.Findings(after.path(c.rel))); !slices.Equal(fs, []string{"suppression-without-reason"}) {
			t.Errorf("%s: after the action: %v", c.name, fs)
		}
	}
}

// TestSuppressionCostLinear: a hostile file of thousands of comments, each
// above a finding, costs each finding a look at one region, not at every
// comment: twice the comments, twice the work.
func TestSuppressionCostLinear(t *testing.T) {
	work := func(n int) int {
		var b strings.Builder
		b.WriteString("---\nname: x\ndescription: Does x.\n# skill-ls-disable link-escapes -- the whole file\n---\n")
		for range n {
			b.WriteString("<!-- skill-ls-disable-next-line link-broken, name-chars -- why -->\nSee [a](a.md).\n```\ncode\n```\n")
		}
		src := b.String()
		s := loader.Parse("/p/x/SKILL.md", []byte(src))
		ds := scanDirectives(s, nil)
		if len(ds) != n+1 {
			t.Fatalf("%d directives for %d comments", len(ds), n+1)
		}
		sup := newSuppression(ds)
		for i, off := 0, 0; i < n; i++ {
			off += strings.Index(src[off:], "[a]")
			if !sup.covers("link-broken", off) || !sup.covers("link-escapes", off) {
				t.Fatalf("finding %d not covered", i)
			}
			off++
		}
		return sup.examined
	}
	if small, large := work(1000), work(2000); large > 2*small+2 {
		t.Errorf("%d regions looked at for 1000 findings, %d for 2000", small, large)
	}
}

// TestHoverIgnoresSuppressions: a comment silences a finding, not the
// agent that refuses the file; the hover still says it is refused.
func TestHoverIgnoresSuppressions(t *testing.T) {
	src := "---\n# skill-ls-disable-next-line name-chars, name-dir-mismatch -- renamed next release\nname: Wrong_Name\ndescription: Does x.\n---\n"
	tr := newTestTree(t, Config{}, treeFile{path: "proj/.agents/skills/x/SKILL.md", data: src})
	p := tr.path("proj/.agents/skills/x/SKILL.md")
	if fs := tr.ws.Findings(p); len(fs) != 0 {
		t.Fatalf("findings %v", rules(fs))
	}
	h := tr.ws.Hover(p, strings.Index(src, "Wrong_Name"))
	if h == nil || !strings.Contains(h.Markdown, "⛔ refused by agentskills, zed") {
		t.Errorf("hover %+v", h)
	}
}

// TestUnknownRulesBounded: every unknown rule id is told, the first ones
// of a file with the closest spelling, the rest without a search each.
func TestUnknownRulesBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: x\ndescription: Does x.\n---\n")
	for range maxSuggested + 3 {
		b.WriteString("<!-- skill-ls-disable-next-line link-broke -- why -->\n\n")
	}
	sup := newSuppression(scanDirectives(loader.Parse("/p/x/SKILL.md", []byte(b.String())), nil))
	ps := sup.problems()
	if len(ps) != maxSuggested+3 {
		t.Fatalf("%d problems", len(ps))
	}
	for i, p := range ps {
		if near := strings.Contains(p.Message, `did you mean "link-broken"?`); near != (i < maxSuggested) || !strings.Contains(p.Message, `unknown rule "link-broke"`) {
			t.Errorf("%d: %q", i, p.Message)
		}
	}
}
