package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestConformance runs the whole suite against the installed agents. It
// takes minutes and needs the agents (scripts/agents.sh): it runs only
// when SKILL_LS_CONFORMANCE is set, as scripts/test.sh does.
func TestConformance(t *testing.T) {
	if os.Getenv("SKILL_LS_CONFORMANCE") == "" {
		t.Skip("the agents are not asked: set SKILL_LS_CONFORMANCE=1 after scripts/agents.sh (scripts/test.sh does)")
	}
	var out, errs bytes.Buffer
	code := run([]string{"-probes", "../../testdata/conformance/probes", "-known", "../../testdata/conformance/known.txt", "-out", t.TempDir()}, &out, &errs)
	t.Log(out.String())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
}

func TestParseProbe(t *testing.T) {
	pr, err := parseProbe("p", []byte("what it probes\nroots: .agents/skills\nlink: a -> b\ncwd: sub\nexpect: codex loads a\n-- a/SKILL.md --\nx\\no-eol\n-- @/top.txt --\ny\n"))
	if err != nil {
		t.Fatal(err)
	}
	if pr.doc != "what it probes" || len(pr.roots) != 1 || pr.roots[0] != ".agents/skills" || pr.cwd != "sub" {
		t.Fatalf("headers: %+v", pr)
	}
	if len(pr.links) != 1 || pr.links[0] != [2]string{"a", "b"} {
		t.Fatalf("links: %v", pr.links)
	}
	if string(pr.files[0].Data) != "x" {
		t.Fatalf("no-eol: %q", pr.files[0].Data)
	}
	if pr.sharable() {
		t.Fatal("a probe with a link, a cwd and a project file shares no project")
	}
	if _, err := parseProbe("p", []byte("x\nlink: nonsense\n")); err == nil {
		t.Fatal("a link without -> is an error")
	}
}

func TestBatch(t *testing.T) {
	mk := func(name string, folders ...string) *probe {
		pr := &probe{name: name, roots: defaultRoots}
		for _, f := range folders {
			pr.files = append(pr.files, fileAt(f+"/SKILL.md"))
		}
		return pr
	}
	alone := mk("alone", "x")
	alone.alone = true
	out := batch([]*probe{mk("a", "s1", "s2"), mk("b", "s1"), mk("c", "s3"), alone}, 40)
	if len(out) != 3 {
		t.Fatalf("want alone + two batches (s1 twice), got %d", len(out))
	}
	l := &layout{probe: out[1], root: ".agents/skills"}
	if got := l.owner(".agents/skills/s3/SKILL.md"); got != "c" {
		t.Fatalf("owner of s3: %q", got)
	}
}

func TestParseClaudeListing(t *testing.T) {
	// The listing ends at a blank line; a folder named like one of the
	// agent's own skills does not make that skill the layout's.
	text := "- mine: first line\nsecond line\n- other (Other): d\n- dataviz: built in\nnot ours\n- plug:mine: from a plugin\n" +
		"- init: Initialize a new CLAUDE.md file with codebase documentation\n\nToday's date is 2026-11-27."
	got := parseClaudeListing(text, map[string]bool{"mine": true, "other": true, "init": true})
	want := []seen{
		{Key: "mine", Name: "mine", Description: "first line\nsecond line"},
		{Key: "other (Other)", Name: "other (Other)", Description: "d"},
		{Key: "plug:mine", Name: "plug:mine", Description: "from a plugin"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestParseGemini(t *testing.T) {
	l := &layout{project: "/p", home: "/h"}
	out := []byte("Discovered Agent Skills:\n\nfoo [Enabled]\n  Description: line one\nline two\n  Location:    /p/.agents/skills/foo/SKILL.md\n\nbuilt [Enabled] [Built-in]\n  Description: x\n  Location:    /usr/lib/built/SKILL.md\n")
	got := parseGemini(l, out)
	if len(got) != 1 || got[0].Name != "foo" || got[0].Description != "line one\nline two" || got[0].Key != "/p/.agents/skills/foo/SKILL.md" {
		t.Fatalf("got %+v", got)
	}
	// Names are printed raw: "a\nb", "foo\n" and "" run over lines.
	out = []byte("Discovered Agent Skills:\n\na\nb [Enabled]\n  Description: d\n  Location:    /p/x/SKILL.md\n\nfoo\n [Disabled]\n  Description: d\n  Location:    /p/y/SKILL.md\n\n [Enabled]\n  Description: \n  Location:    /p/z/SKILL.md\n\n")
	got = parseGemini(l, out)
	if len(got) != 3 || got[0].Name != "a\nb" || got[1].Name != "foo\n" || got[2].Name != "" || got[2].Description != "" {
		t.Fatalf("got %+v", got)
	}
}

func TestCopilotRefusals(t *testing.T) {
	l := &layout{project: "/p"}
	got := copilotRefusals(l, []byte("✖ The following skills failed to load:\n  • .agents/skills/a/SKILL.md: Skill name must be a string\n"))
	if len(got) != 1 || got[0].Path != filepath.Join("/p", ".agents/skills/a/SKILL.md") || !strings.Contains(got[0].Reason, "must be a string") {
		t.Fatalf("got %+v", got)
	}
}

func TestKnown(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "known.txt")
	os.WriteFile(p, []byte("# comment\ncodex disc-parent-* agent-loads * -- roots between the git root and the folder codex runs in\n"), 0o644)
	kn, err := loadKnown(p)
	if err != nil || len(kn) != 1 {
		t.Fatalf("%v %v", kn, err)
	}
	if matchKnown(kn, difference{Agent: "codex", Layout: "disc-parent-dirs@.agents/skills", Kind: onlyAgent, Key: "x"}) != 0 {
		t.Fatal("pattern does not match")
	}
	if matchKnown(kn, difference{Agent: "gemini", Layout: "disc-parent-dirs@.agents/skills", Kind: onlyAgent, Key: "x"}) != -1 {
		t.Fatal("other agent matched")
	}
}

func fileAt(name string) txtar.File { return txtar.File{Name: name} }

func TestCopilotUserCatalog(t *testing.T) {
	builtins := []string{"customize-cloud-agent", "discover-resources", "github-pr-media"}
	entry := func(name, loc string) string {
		return "<skill>\n  <name>" + name + "</name>\n  <description>d</description>\n  <location>" + loc + "</location>\n</skill>\n"
	}
	for _, tc := range []struct{ raw, want string }{
		{copilotCatHead + entry("a", "project") + entry("customize-cloud-agent", "builtin") + copilotCatTail,
			copilotCatHead + entry("a", "project") + copilotCatTail},
		{copilotCatHead + entry("customize-cloud-agent", "builtin") + entry("github-pr-media", "builtin") + copilotCatTail, ""},
		{copilotCatHead + entry("a", "project") + copilotCatMore + "b, customize-cloud-agent, github-pr-media\n" + copilotCatTail,
			copilotCatHead + entry("a", "project") + copilotCatMore + "b\n" + copilotCatTail},
		{copilotCatHead + copilotCatMore + "a, b... and 5 more\n" + copilotCatTail,
			copilotCatHead + copilotCatMore + "a, b... and 3 more\n" + copilotCatTail},
	} {
		if got := copilotUserCatalog(tc.raw, builtins); got != tc.want {
			t.Errorf("copilotUserCatalog(%q)\n got %q\nwant %q", tc.raw, got, tc.want)
		}
	}
}

func TestGeminiUserCatalog(t *testing.T) {
	head := "# Available Agent Skills\n\nlead\n\n<available_skills>\n"
	entry := func(name, desc, loc string) string {
		return "  <skill>\n    <name>" + name + "</name>\n    <description>" + desc + "</description>\n    <location>" + loc + "</location>\n  </skill>"
	}
	inside := func(p string) bool { return strings.HasPrefix(p, "/proj/") }
	raw := head + entry("skill-creator", "x", "/pkg/builtin/skill-creator/SKILL.md") + "\n" +
		entry("a", "odd </skill> text\n", "/proj/a/SKILL.md") + "\n</available_skills>"
	want := head + entry("a", "odd </skill> text\n", "/proj/a/SKILL.md") + "\n</available_skills>"
	if got := geminiUserCatalog(raw, inside); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := geminiUserCatalog(head+entry("skill-creator", "x", "/pkg/x/SKILL.md")+"\n</available_skills>", inside); got != "" {
		t.Errorf("only built-ins: got %q", got)
	}
}
