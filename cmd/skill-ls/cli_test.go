package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// TestHelp: every command's help, however asked, goes to standard output
// with exit 0.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, errs := runCmd(args...)
		if code != exitOK || errs != "" || !strings.Contains(out, "Usage:\n  skill-ls [COMMAND]") {
			t.Errorf("%v: exit %d, stderr %q\n%s", args, code, errs, out)
		}
		for _, c := range commands() {
			if !strings.Contains(out, "\n  "+c.name+" ") {
				t.Errorf("%v does not list %s", args, c.name)
			}
		}
	}
	for _, c := range commands() {
		for _, args := range [][]string{{"help", c.name}, {c.name, "--help"}, {c.name, "-h"}} {
			code, out, errs := runCmd(args...)
			if code != exitOK || errs != "" || !strings.HasPrefix(out, "Usage: skill-ls "+c.name) {
				t.Errorf("%v: exit %d, stderr %q\n%s", args, code, errs, out)
			}
		}
	}
	code, out, _ := runCmd("help", "check")
	for _, flag := range []string{"\n  --config string\n", "\n  --no-config\n", "\n  --rule value\n", "\n  --fix\n", "\n  --quiet\n", "\n  --verbose\n",
		"\n  --max-warnings int\n", "\n  --color string\n", "\n  --global\n", "\n  --format string\n", "\n  --target string\n", "Exit status"} {
		if code != exitOK || !strings.Contains(out, flag) {
			t.Errorf("help check lacks %q", flag)
		}
	}
	// The docs write --format; so does help, for every command.
	for _, c := range commands() {
		_, out, _ := runCmd("help", c.name)
		if m := regexp.MustCompile(`(?m)^ +-[a-z]`).FindString(out); m != "" {
			t.Errorf("help %s prints a flag with one dash: %q\n%s", c.name, m, out)
		}
	}
}

// TestBadUsage: each mistake is one line on standard error, nothing on
// standard output, and exit 2.
func TestBadUsage(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	clean := filepath.Join(dir, "proj/.agents/skills/clean")
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--nope"}, "unknown flag --nope"},
		{[]string{"chek"}, `unknown command "chek"; did you mean "check"?`},
		{[]string{"help", "chek"}, `unknown command "chek"; did you mean "check"?`},
		{[]string{"check", "--formt", "json", clean}, "unknown flag --formt; did you mean --format?"},
		{[]string{"check", clean, "--quit"}, "unknown flag --quit; did you mean --quiet?"},
		{[]string{"check", clean, "--format"}, "flag needs an argument: --format"},
		{[]string{"check", "--target", "claude", clean}, `unknown target "claude"; did you mean "claude-code" or "claude-api"?`},
		{[]string{"catalog", "--target", "claude"}, `unknown target "claude"; did you mean "claude-code" or "claude-api"?`},
		{[]string{"check", "--rule", "body-too-long=wrn", clean}, `invalid value "body-too-long=wrn" for flag --rule: unknown severity "wrn"; did you mean "warning"?`},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"check", "--nope", clean}, "unknown flag --nope"},
		{[]string{"check", "--rule", "body-to-long=off", clean}, `unknown rule "body-to-long"; did you mean "body-too-long"?`},
		{[]string{"check", "--rule", "body-too-long=of", clean}, `unknown severity "of"; did you mean "off"?`},
		{[]string{"check", "--rule", "body-too-long", clean}, "is not ID=SEVERITY"},
		{[]string{"check", "--format", "githb", clean}, `did you mean "github"?`},
		{[]string{"check", "--color", "sometimes", clean}, "--color is auto, always or never"},
		{[]string{"check", "--max-warnings", "many", clean}, "invalid value"},
		{[]string{"check", "--max-warnings", "-3", clean}, "--max-warnings must be 0 or more"},
		{[]string{"check", "--config", "x.yaml", "--no-config", clean}, "contradict"},
		{[]string{"check", "--config", filepath.Join(dir, "none.yaml"), clean}, "no such file"},
		{[]string{"catalog", "--target", "zedd"}, `did you mean "zed"?`},
		{[]string{"catalog", "extra"}, `unexpected argument "extra"`},
		{[]string{"catalog", "--project", filepath.Join(dir, "missing")}, "no such file"},
		{[]string{"explain", "a", "b"}, "one rule at a time"},
		{[]string{"explain", "--all", "bom"}, `unexpected argument "bom"`},
		{[]string{"explain", "--format", "markdwn"}, `unknown format "markdwn"; did you mean "markdown"?`},
		{[]string{"explain", "bom2"}, `unknown rule "bom2"`},
		{[]string{"version", "x"}, `unexpected argument "x"`},
		{[]string{"serve", "--port", "1"}, "unknown flag --port"},
		{[]string{"init", "a", "b"}, "at most one folder"},
	} {
		code, out, errs := runCmd(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.err) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q on one line", c.args, code, out, errs, c.err)
		}
	}
}

// warnTree has a skill with one warning (a link to a missing file) and a
// clean one.
const warnTree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/warn/SKILL.md --
---
name: warn
description: Links to a file that is not there.
---
See [the guide](references/guide.md).
-- proj/.agents/skills/other/SKILL.md --
---
name: other
description: Fine.
---
`

func TestMaxWarningsAndQuiet(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	proj := filepath.Join(dir, "proj")
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{nil, exitOK, ""},
		{[]string{"--max-warnings", "1"}, exitOK, ""},
		{[]string{"--max-warnings", "0"}, exitFindings, "1 warning, more than --max-warnings 0"},
		{[]string{"--quiet"}, exitOK, ""},
		{[]string{"--quiet", "--max-warnings", "0"}, exitFindings, "1 warning, more than --max-warnings 0"},
		{[]string{"--rule", "link-broken=error"}, exitFindings, ""},
		{[]string{"--rule", "link-broken=error", "--quiet"}, exitFindings, ""},
		{[]string{"--rule", "link-broken=off", "--max-warnings", "0"}, exitOK, ""},
		{[]string{"--rule", "link-broken=info", "--max-warnings", "0"}, exitOK, ""},
		{[]string{"--rule", "link-broken=warn", "--max-warnings", "0"}, exitFindings, "1 warning, more than --max-warnings 0"},
	} {
		args := append(append([]string{"check", "--no-config"}, c.args...), proj)
		code, out, errs := runCmd(args...)
		if code != c.code || !strings.Contains(errs, c.err) || (c.err == "" && errs != "") {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q\n%s", c.args, code, errs, c.code, c.err, out)
		}
	}
	_, out, _ := runCmd("check", "--quiet", proj)
	if strings.Contains(out, "warning link-broken") || !strings.Contains(out, "1 warning, 0 infos (1 not shown: --quiet)") {
		t.Errorf("--quiet printed warnings, or did not count them:\n%s", out)
	}
	_, out, _ = runCmd("check", "--quiet", "--format", "json", proj)
	if strings.Contains(out, "link-broken") || !strings.Contains(out, `"warnings":1`) {
		t.Errorf("--quiet --format json printed warnings, or did not count them:\n%s", out)
	}
	_, out, _ = runCmd("check", "--rule", "link-broken=info", proj)
	if !strings.Contains(out, "info link-broken") {
		t.Errorf("--rule did not change the severity:\n%s", out)
	}
}

func TestColor(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	proj := filepath.Join(dir, "proj")
	for _, c := range []struct {
		color, noColor string
		want           bool
	}{
		{"always", "", true},
		{"always", "1", true}, // the flag is explicit
		{"never", "", false},
		{"auto", "", false}, // not a terminal
		{"auto", "1", false},
	} {
		t.Setenv("NO_COLOR", c.noColor)
		_, out, _ := runCmd("check", "--color", c.color, proj)
		if got := strings.Contains(out, "\x1b["); got != c.want {
			t.Errorf("--color %s, NO_COLOR=%q: coloured %v\n%q", c.color, c.noColor, got, out)
		}
	}
	for _, format := range []string{"json", "sarif", "github"} {
		if _, out, _ := runCmd("check", "--color", "always", "--format", format, proj); strings.Contains(out, "\x1b") {
			t.Errorf("%s is coloured", format)
		}
	}
}

// TestProjectConfigFile holds check to the layers: the file, then the
// flags; the file is found upward but not above the repository root.
func TestProjectConfigFile(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	proj := filepath.Join(dir, "proj")
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Above the repository root: not read.
	above := filepath.Join(dir, ".skill-ls.yaml")
	write(above, "rules:\n  link-broken: error\n")
	if code, _, _ := runCmd("check", proj); code != exitOK {
		t.Fatalf("a configuration above the repository root was read")
	}
	write(above, "rules:\n  link-broken: info\n")
	write(filepath.Join(proj, ".skill-ls.yaml"), "rules:\n  link-broken: error\nignore: [\"other/\"]\n")
	skill := filepath.Join(proj, ".agents/skills/warn")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{skill}, exitFindings, "error link-broken"},
		{[]string{proj}, exitFindings, "1 file checked"}, // other/ is ignored
		{[]string{"--rule", "link-broken=warning", skill}, exitOK, "warning link-broken"},
		{[]string{"--no-config", proj}, exitOK, "2 files checked"},
		{[]string{"--config", above, skill}, exitOK, "info link-broken"},
	} {
		code, out, errs := runCmd(append([]string{"check"}, c.args...)...)
		if code != c.code || !strings.Contains(out, c.want) || errs != "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q\n%s", c.args, code, errs, c.code, c.want, out)
		}
	}
	// Found from a PATH deep inside the project.
	t.Chdir(dir)
	if code, out, _ := runCmd("check", filepath.Join("proj", ".agents", "skills", "warn", "SKILL.md")); code != exitFindings {
		t.Errorf("from a file: exit %d\n%s", code, out)
	}
	// Targets pinned by the file, replaced by --target.
	write(filepath.Join(proj, ".skill-ls.yaml"), "targets: [codex]\n")
	if got := loadedBy(t, "check", "--format", "json", skill); !slices.Equal(got, []string{"agentskills", "codex"}) {
		t.Errorf("targets from the file: loaded by %v", got)
	}
	if got := loadedBy(t, "check", "--format", "json", "--target", "zed", skill); !slices.Equal(got, []string{"agentskills", "zed"}) {
		t.Errorf("--target over the file's targets: loaded by %v", got)
	}
}

// loadedBy runs a check in JSON and returns the loadedBy of its first file.
func loadedBy(t *testing.T, args ...string) []string {
	t.Helper()
	_, out, _ := runCmd(args...)
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Files) == 0 {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return rep.Files[0].LoadedBy
}

// TestConfigInvalid: an invalid configuration is reported on the file, with
// the range and the closest spelling, and check exits 2 with one line.
func TestConfigInvalid(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	proj := filepath.Join(dir, "proj")
	cfg := filepath.Join(proj, ".skill-ls.yaml")
	if err := os.WriteFile(cfg, []byte("targets: [zed, claude-cod]\nrule:\n  x: y\nrules:\n  link-broken: error\n  field-unknown: of\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd("check", proj)
	if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "3 problems") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		cfg + `:1:16: error config-invalid: unknown target "claude-cod"; did you mean "claude-code"?`,
		cfg + `:2:1: error config-invalid: unknown key "rule"; did you mean "rules"?`,
		cfg + `:6:18: error config-invalid: unknown severity "of"; did you mean "off"?`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// What was valid still applies.
	if !strings.Contains(out, "error link-broken") {
		t.Errorf("the valid part of the configuration was dropped:\n%s", out)
	}
	if got := loadedBy(t, "check", "--format", "json", filepath.Join(proj, ".agents/skills/warn")); !slices.Equal(got, []string{"agentskills", "zed"}) {
		t.Errorf("the valid targets were dropped: loaded by %v", got)
	}
	_, out, _ = runCmd("check", "--format", "json", proj)
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rep.Files, func(f fileReport) bool { return f.Path == cfg })
	if i < 0 || len(rep.Files[i].Findings) != 3 || rep.Files[i].Findings[0].Range.Start.Offset != 15 || rep.Files[i].Findings[0].Range.End.Offset != 25 {
		t.Errorf("the configuration's findings in JSON: %+v", rep.Files)
	}
}

func TestInit(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCmd("init", dir)
	path := filepath.Join(dir, ".skill-ls.yaml")
	if code != exitOK || errs != "" || !strings.Contains(out, path) {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := skillcore.ParseConfig(path, src, analysis.RuleIDs())
	if len(c.Problems) > 0 || len(c.Targets) > 0 || len(c.Rules) > 0 || len(c.Roots) > 0 || len(c.Ignore) > 0 {
		t.Errorf("the default configuration sets something: %+v", c)
	}
	for _, key := range skillcore.ConfigKeys {
		if !strings.Contains(string(src), "\n"+key+":") {
			t.Errorf("the default configuration lacks %s", key)
		}
	}
	if !strings.Contains(string(src), "# ") {
		t.Error("the default configuration has no comments")
	}
	// Never overwritten, whichever name is there.
	code, _, errs = runCmd("init", dir)
	if code != exitUsage || !strings.Contains(errs, "already exists") {
		t.Errorf("second init: exit %d, %q", code, errs)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, ".skill-ls.yml"), []byte("x"), 0o644)
	if code, _, _ := runCmd("init", other); code != exitUsage {
		t.Errorf("init beside a .skill-ls.yml: exit %d", code)
	}
	if after, _ := os.ReadFile(path); string(after) != string(src) {
		t.Error("init overwrote the file")
	}
	t.Chdir(t.TempDir())
	if code, _, _ := runCmd("init"); code != exitOK {
		t.Errorf("init in the working folder: exit %d", code)
	}
}

// TestInitExamples: the template is used by deleting the "#" before an
// example (or "# ", the hash and a space), one of them or all: each way
// gives a valid configuration that sets what the example shows.
func TestInitExamples(t *testing.T) {
	lines := strings.Split(defaultConfig(), "\n")
	// "# text" is prose; "#key:" and "#  - item" are examples.
	prose := regexp.MustCompile(`^# \S|^#$`)
	var examples []int
	for i, l := range lines {
		if strings.HasPrefix(l, "#") && !prose.MatchString(l) {
			examples = append(examples, i)
		}
	}
	if len(examples) < 5 {
		t.Fatalf("the template has %d examples:\n%s", len(examples), defaultConfig())
	}
	parse := func(what string, uncomment []int, prefix string) {
		t.Helper()
		ls := slices.Clone(lines)
		for _, i := range uncomment {
			ls[i] = strings.TrimPrefix(ls[i], prefix)
		}
		src := strings.Join(ls, "\n")
		c := skillcore.ParseConfig("/p/.skill-ls.yaml", []byte(src), analysis.RuleIDs())
		if len(c.Problems) > 0 {
			t.Errorf("%s: %s\n%s", what, c.Problems[0].Message, src)
		}
		if len(c.Targets)+len(c.Rules)+len(c.Roots)+len(c.Ignore) == 0 {
			t.Errorf("%s sets nothing:\n%s", what, src)
		}
	}
	for _, prefix := range []string{"#", "# "} {
		for _, i := range examples {
			parse(fmt.Sprintf("line %d without %q", i+1, prefix), []int{i}, prefix)
		}
		parse(fmt.Sprintf("every example without %q", prefix), examples, prefix)
	}
}

func TestGitHubFormat(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	t.Chdir(dir)
	code, out, _ := runCmd("check", "--format", "github", "proj")
	if code != exitFindings {
		t.Fatalf("exit %d", code)
	}
	cmd := regexp.MustCompile(`^::(error|warning|notice) file=([^,:]+),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+,title=([a-z-]+)::[^\n\r]+$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines {
		if !cmd.MatchString(l) {
			t.Errorf("not a workflow command: %q", l)
		}
	}
	if !slices.Contains(lines, "::error file=proj/.agents/skills/broken/SKILL.md,line=3,col=22,endLine=3,endColumn=23,title=yaml-syntax::YAML does not parse: mapping values are not allowed in this context; agentskills, zed, copilot, zot refuse the file; codex, gemini, opencode, qwen-code load it anyway (agentskills, zed, copilot, zot, codex, gemini, opencode, qwen-code)") {
		t.Errorf("no yaml-syntax annotation:\n%s", out)
	}
	if got := ghProperty("a,b:c%d\ne"); got != "a%2Cb%3Ac%25d%0Ae" {
		t.Errorf("ghProperty = %q", got)
	}
	if got := ghData("a,b:c%d\r\ne"); got != "a,b:c%25d%0D%0Ae" {
		t.Errorf("ghData = %q", got)
	}
}

// TestHostileNames: a folder name cannot forge a line or colour the
// terminal, JSON stays valid, and SARIF and GitHub say it in their own
// escapes.
func TestHostileNames(t *testing.T) {
	dir := writeCheckTree(t, "-- proj/.git/HEAD --\nref: main\n")
	name := "evil\nfake.md:1:1: error x: forged\x1b[31m\r # ?%é"
	skill := filepath.Join(dir, "proj", ".agents", "skills", name)
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte("---\nname: x\ndescription: y\n---\n"), 0o644); err != nil {
		t.Skip("the file system refuses the name:", err)
	}
	t.Chdir(filepath.Join(dir, "proj"))
	_, out, errs := runCmd("check", "--color", "never")
	if strings.ContainsAny(out+errs, "\x1b\r\x00") {
		t.Errorf("control characters printed: %q %q", out, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, `.agents/skills/evil\nfake.md:1:1: error x: forged\x1b[31m\r # ?%é/SKILL.md:`) {
			t.Errorf("line not escaped: %q", l)
		}
	}
	_, out, _ = runCmd("check", "--format", "json")
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Files) != 1 || rep.Files[0].Path != filepath.Join(".agents", "skills", name, "SKILL.md") {
		t.Errorf("JSON: %v %+v", err, rep.Files)
	}
	_, out, _ = runCmd("check", "--format", "sarif")
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	want := ".agents/skills/evil%0Afake.md%3A1%3A1%3A%20error%20x%3A%20forged%1B%5B31m%0D%20%23%20%3F%25%C3%A9/SKILL.md"
	if loc.URI != want || loc.URIBaseID != "%SRCROOT%" {
		t.Errorf("SARIF location %+v, want %q under %%SRCROOT%%", loc, want)
	}
	_, out, _ = runCmd("check", "--format", "github")
	if strings.Count(out, "\n") != len(log.Runs[0].Results) || strings.ContainsAny(out, "\x1b\r\x00") {
		t.Errorf("GitHub commands forged: %q", out)
	}
}

// TestSARIFOutsideWorkingFolder: a file outside the working folder is an
// absolute file URI.
func TestSARIFOutsideWorkingFolder(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	t.Chdir(t.TempDir())
	_, out, _ := runCmd("check", "--format", "sarif", filepath.Join(dir, "proj/.agents/skills/broken"))
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if want := "file://" + filepath.ToSlash(filepath.Join(dir, "proj/.agents/skills/broken/SKILL.md")); loc.URI != want || loc.URIBaseID != "" {
		t.Errorf("location %+v, want %s", loc, want)
	}
	if base := log.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("%%SRCROOT%% is %q", base)
	}
}

func TestEscapeText(t *testing.T) {
	for in, want := range map[string]string{
		"plain/path é😀":   "plain/path é😀",
		"a\nb\rc\td":      `a\nb\rc\td`,
		"\x1b[31mred\x00": `\x1b[31mred\x00`,
		"\u0085\u2028":    `\u0085\u2028`,
		"bad \xff byte":   "bad \xff byte",
	} {
		if got := escapeText(in); got != want {
			t.Errorf("escapeText(%q) = %q, want %q", in, got, want)
		}
	}
}

// catalogTree is a project skill that codex and zed load, and a global
// one.
const catalogTree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Deploys the app.
---
-- home/.claude/skills/personal/SKILL.md --
---
name: personal
description: Only Claude Code reads it.
---
`

func TestCatalog(t *testing.T) {
	dir := writeCheckTree(t, catalogTree)
	proj := filepath.Join(dir, "proj")
	code, out, errs := runCmd("catalog", "--project", proj)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, errs)
	}
	heads := regexp.MustCompile(`(?m)^==> ([a-z-]+) <==$`).FindAllStringSubmatch(out, -1)
	var got []string
	for _, h := range heads {
		got = append(got, h[1])
	}
	if !slices.Contains(got, "zed") || !slices.Contains(got, "codex") || slices.Contains(got, "claude-code") {
		t.Errorf("sections %v: want the targets loading a project skill", got)
	}
	if strings.Contains(out, "budget") || !strings.Contains(errs, "budget") || !strings.Contains(errs, "zed: ") {
		t.Errorf("the budget is not alone on standard error:\nstdout %s\nstderr %s", out, errs)
	}
	if strings.Contains(errs, "zed: zed: ") {
		t.Errorf("the target is named twice on standard error:\n%s", errs)
	}
	code, out, errs = runCmd("catalog", "--project", proj, "--target", "zed")
	if code != exitOK || strings.Contains(out, "==>") || !strings.Contains(out, "deploy") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--target zed: exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("--target zed: the catalog does not end its last line: %q", out)
	}
}

// TestCatalogOfPackages: the skills a plugin repository brings through
// its manifests count as the project's, each agent reading them gets its
// section, and a project nothing loads from is an error.
func TestCatalogOfPackages(t *testing.T) {
	dir := writeCheckTree(t, "-- empty/.git/HEAD --\nref: main\n")
	repo, _ := filepath.Abs("../../testdata/packages/obra+superpowers")
	code, out, errs := runCmd("catalog", "--project", repo)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, errs)
	}
	var got []string
	for _, h := range regexp.MustCompile(`(?m)^==> ([a-z-]+) <==$`).FindAllStringSubmatch(out, -1) {
		got = append(got, h[1])
	}
	if want := []string{"codex", "claude-code", "copilot", "gemini", "cursor"}; !slices.Equal(got, want) {
		t.Errorf("sections %v, want %v", got, want)
	}
	if !strings.Contains(out, "superpowers:brainstorming") || !strings.HasSuffix(out, "\n") {
		t.Errorf("catalog:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
		if id, rest, _ := strings.Cut(line, ": "); slices.Contains(got, id) && strings.HasPrefix(rest, id+": ") {
			t.Errorf("the target is named twice: %q", line)
		}
	}
	code, out, errs = runCmd("catalog", "--project", filepath.Join(dir, "empty"))
	if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "no agent loads a skill of") {
		t.Errorf("empty project: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestServeNotOnATerminal: the language server says nothing on standard
// error when an editor (a pipe) runs it.
func TestServeNotOnATerminal(t *testing.T) {
	_, _, errs := runCmd()
	if errs != "" {
		t.Errorf("stderr %q", errs)
	}
}

// TestNothingLeftToReport: a check whose files are all ignored, or all
// global without --global, says so and exits 2.
func TestNothingLeftToReport(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	if err := os.WriteFile(filepath.Join(proj, ".skill-ls.yaml"), []byte("ignore: [\".agents/\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd("check", proj)
	if code != exitUsage || out != "" || !strings.Contains(errs, "every SKILL.md found (3) is ignored by") {
		t.Errorf("all ignored: exit %d, %q, %q", code, out, errs)
	}
	os.RemoveAll(filepath.Join(proj, ".agents"))
	t.Chdir(proj)
	code, out, errs = runCmd("check")
	if code != exitUsage || out != "" || !strings.Contains(errs, "1 global skill is reported with --global") {
		t.Errorf("only global skills: exit %d, %q, %q", code, out, errs)
	}
	if code, _, _ := runCmd("check", "--global"); code != exitOK {
		t.Errorf("--global: exit %d", code)
	}
}

// TestConfigRoots: extra roots in the file, relative to it, make the
// skills there discovered.
func TestConfigRoots(t *testing.T) {
	dir := writeCheckTree(t, "-- proj/.git/HEAD --\nref: main\n-- proj/vendor/skills/x/SKILL.md --\n---\nname: x\ndescription: Vendored.\n---\n")
	proj := filepath.Join(dir, "proj")
	skill := filepath.Join(proj, "vendor/skills/x")
	if _, out, _ := runCmd("check", skill); !strings.Contains(out, "not-discovered") {
		t.Fatalf("without roots the skill is found by no agent:\n%s", out)
	}
	if err := os.WriteFile(filepath.Join(proj, ".skill-ls.yaml"), []byte("roots: [vendor/skills]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd("check", skill); code != exitOK || strings.Contains(out, "not-discovered") {
		t.Errorf("roots from the file: exit %d\n%s", code, out)
	}
}

// TestFlagsAfterOperands: flags may follow PATH, as other checkers take
// them; after "--" a word that looks like a flag is a PATH.
func TestFlagsAfterOperands(t *testing.T) {
	dir := writeCheckTree(t, warnTree)
	proj := filepath.Join(dir, "proj")
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"check", proj, "--format", "json"}, exitOK, `"summary"`},
		{[]string{"check", "--no-config", proj, "--max-warnings", "0"}, exitFindings, "1 warning"},
		{[]string{"check", proj, "--rule", "link-broken=error", "--quiet"}, exitFindings, "error link-broken"},
		{[]string{"check", proj, "--", "--format"}, exitUsage, ""},
	} {
		code, out, errs := runCmd(c.args...)
		if code != c.code || !strings.Contains(out+errs, c.out) {
			t.Errorf("%v: exit %d, want %d; output lacks %q:\n%s%s", c.args, code, c.code, c.out, out, errs)
		}
	}
	if _, _, errs := runCmd("check", proj, "--", "--format"); !strings.Contains(errs, "--format") {
		t.Errorf("after --, --format was taken as a flag: %q", errs)
	}
}

// TestConfigSyntaxLine: a YAML error in .skill-ls.yaml is reported on the
// line that broke it, not on the line where its block began.
func TestConfigSyntaxLine(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	cfg := "targets: []\n\nroots: []\n\n# A rule's severity.\nrules: {}\n  body-too-long: off\n"
	if err := os.WriteFile(filepath.Join(proj, ".skill-ls.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(proj)
	code, out, _ := runCmd("check")
	if code != exitUsage || !strings.Contains(out, ".skill-ls.yaml:7:3: error config-invalid: YAML does not parse") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestRelatedPathsShownLikeFiles: a message naming another file names it
// as the report names files, relative to the working folder below it.
func TestRelatedPathsShownLikeFiles(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	t.Chdir(proj)
	for _, format := range []string{"text", "json", "github"} {
		_, out, _ := runCmd("check", "--global", "--format", format)
		if !strings.Contains(out, "deploy") || strings.Contains(out, proj+string(filepath.Separator)) {
			t.Errorf("--format %s names a file below the working folder by its absolute path:\n%s", format, out)
		}
	}
	_, out, _ := runCmd("check", "--global")
	if !strings.Contains(out, `hidden by the project skill "deploy" at .agents/skills/deploy/SKILL.md`) {
		t.Errorf("the global skill's finding does not name the project's relative to the working folder:\n%s", out)
	}
}
