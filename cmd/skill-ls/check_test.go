package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/analysis"
)

// checkTree is a project with one broken skill, one clean one and a global
// skill the broken one collides with. Its home is <dir>/home.
const checkTree = `
-- home/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Global deploy.
---
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Déploie 😀 ça
colour: red
---
# Deploy
-- proj/.agents/skills/clean/SKILL.md --
---
name: clean
description: Nothing wrong here.
---
-- proj/.agents/skills/broken/SKILL.md --
---
name: broken
description: Use when: asked
---
`

// writeCheckTree writes an archive under a temp dir, points HOME at its
// home/ and returns the dir.
func writeCheckTree(t *testing.T, archive string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range txtar.Parse([]byte(archive)).Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Setenv("CODEX_HOME", "")
	t.Setenv("ZOT_HOME", "")
	return dir
}

// runCmd runs the command line in-process.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckText(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	code, out, errs := runCmd("check", filepath.Join(dir, "proj"))
	if code != exitFindings || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	deploy := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	broken := filepath.Join(dir, "proj/.agents/skills/broken/SKILL.md")
	for _, want := range []string{
		// path:line:col: severity rule: message (targets); the column counts
		// code points.
		// The spec alone refuses the field: the agents that load the file
		// do not, so it fails no build.
		deploy + `:4:1: warning field-unknown: unknown field "colour"; zed, codex, copilot, gemini, zot, opencode, qwen-code load it anyway (agentskills)`,
		// The unknown field keeps the spec from loading the file, so only
		// the others see the shadowing; codex keeps both skills.
		deploy + ":2:7: info name-shadowed: this project skill hides the global skill \"deploy\" at " + filepath.Join(dir, "home/.agents/skills/deploy/SKILL.md") + " (zed, copilot, gemini, zot, opencode, qwen-code)",
		// Codex and gemini read the broken YAML again (quoting values, or
		// line by line): one finding, an error, naming both sides.
		broken + ":3:22: error yaml-syntax: YAML does not parse: mapping values are not allowed in this context; agentskills, zed, copilot, zot refuse the file; codex, gemini, opencode, qwen-code load it anyway (agentskills, zed, copilot, zot, codex, gemini, opencode, qwen-code)",
		"3 files checked: 1 error, 1 warning, 1 info\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	line := regexp.MustCompile(`^(/[^:]+):(\d+):(\d+): (error|warning|info) ([a-z-]+): .+ \(([a-z-]+(, [a-z-]+)*)\)$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !line.MatchString(l) {
			t.Errorf("line %q is not path:line:col: severity rule: message (targets)", l)
		}
	}
}

func TestCheckExitCodes(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	clean := filepath.Join(dir, "proj/.agents/skills/clean")
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"check", clean}, exitOK, ""},
		{[]string{"check", filepath.Join(clean, "SKILL.md")}, exitOK, ""},
		{[]string{"check", "--format", "json", clean}, exitOK, ""},
		{[]string{"check", "--format", "sarif", clean}, exitOK, ""},
		{[]string{"check", filepath.Join(dir, "proj/.agents/skills/broken")}, exitFindings, ""},
		{[]string{"check", "--target", "zed,codex", clean}, exitOK, ""},
		{[]string{"check", "--format", "xml", clean}, exitUsage, `unknown format "xml"`},
		{[]string{"check", "--target", "vim", clean}, exitUsage, `unknown target "vim"`},
		{[]string{"check", "--nope"}, exitUsage, "unknown flag --nope"},
		{[]string{"check", filepath.Join(dir, "missing")}, exitUsage, "no such file or directory"},
		{[]string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"explain", "no-such-rule"}, exitUsage, `unknown rule "no-such-rule"`},
	} {
		code, _, errs := runCmd(c.args...)
		if code != c.code || !strings.Contains(errs, c.err) || (c.err == "" && errs != "") {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.args, code, errs, c.code, c.err)
		}
	}
}

// TestCheckWarningsExitZero: warnings and infos alone do not fail a check.
func TestCheckWarningsExitZero(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.agents/skills/warn/SKILL.md --
---
name: warn
description: Links to nothing.
---
See [x](references/none.md).
`)
	code, out, _ := runCmd("check", filepath.Join(dir, "proj"))
	if code != exitOK || !strings.Contains(out, "1 file checked: 0 errors, 1 warning, 0 infos") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// TestCheckJSONShape holds the JSON report to SPEC section 9, key for key.
func TestCheckJSONShape(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	code, out, _ := runCmd("check", "--format", "json", filepath.Join(dir, "proj"))
	if code != exitFindings {
		t.Fatalf("exit %d", code)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	keys := func(what string, v any, want ...string) map[string]any {
		t.Helper()
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s is %T, not an object", what, v)
		}
		var got []string
		for k := range m {
			got = append(got, k)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s has keys %v, want %v", what, got, want)
		}
		return m
	}
	point := func(what string, v any) (line, col, off float64) {
		m := keys(what, v, "line", "column", "offset")
		return m["line"].(float64), m["column"].(float64), m["offset"].(float64)
	}
	keys("report", rep, "files", "summary")
	sum := keys("summary", rep["summary"], "files", "errors", "warnings", "infos", "fixed", "suppressed", "baselined")
	files := rep["files"].([]any)
	if len(files) != 3 || sum["files"].(float64) != 3 {
		t.Fatalf("%d files, summary %v", len(files), sum)
	}
	counts := map[string]float64{}
	var deploy map[string]any
	for _, f := range files {
		fm := keys("file", f, "path", "name", "loadedBy", "packages", "findings")
		if strings.HasSuffix(fm["path"].(string), "/deploy/SKILL.md") {
			deploy = fm
		}
		for _, x := range fm["findings"].([]any) {
			xm := keys("finding", x, "rule", "severity", "message", "targets", "range", "related", "fixes")
			counts[xm["severity"].(string)+"s"]++
			if analysis.RuleByID(xm["rule"].(string)) == nil {
				t.Errorf("unknown rule %v", xm["rule"])
			}
			r := keys("range", xm["range"], "start", "end")
			point("start", r["start"])
			point("end", r["end"])
			for _, rel := range xm["related"].([]any) {
				rm := keys("related", rel, "path", "range", "message")
				rr := keys("related range", rm["range"], "start", "end")
				point("related start", rr["start"])
			}
			for _, fix := range xm["fixes"].([]any) {
				keys("fix", fix, "title", "safe")
			}
		}
	}
	if counts["errors"] != sum["errors"] || counts["warnings"] != sum["warnings"] || counts["infos"] != sum["infos"] {
		t.Errorf("summary %v, findings count %v", sum, counts)
	}
	if deploy["name"] != "deploy" || len(deploy["loadedBy"].([]any)) != 7 {
		t.Errorf("deploy: name %v, loadedBy %v", deploy["name"], deploy["loadedBy"])
	}
	// The unknown key on line 4 after "Déploie 😀 ça": 1-based line and
	// column (in code points), 0-based byte offset.
	for _, x := range deploy["findings"].([]any) {
		xm := x.(map[string]any)
		switch xm["rule"] {
		case "field-unknown":
			r := xm["range"].(map[string]any)
			if l, c, o := point("start", r["start"]); l != 4 || c != 1 || o != 48 {
				t.Errorf("field-unknown starts at %v:%v@%v, want 4:1@48", l, c, o)
			}
			if l, c, o := point("end", r["end"]); l != 4 || c != 7 || o != 54 {
				t.Errorf("field-unknown ends at %v:%v@%v, want 4:7@54", l, c, o)
			}
			if fixes := xm["fixes"].([]any); len(fixes) != 1 || fixes[0].(map[string]any)["title"] != "Remove colour" {
				t.Errorf("fixes %v", fixes)
			}
			if !slices.Equal(xm["targets"].([]any), []any{"agentskills"}) || xm["severity"] != "warning" {
				t.Errorf("targets %v, severity %v", xm["targets"], xm["severity"])
			}
		case "name-shadowed":
			rel := xm["related"].([]any)
			if len(rel) != 1 {
				t.Fatalf("related %v", rel)
			}
			rm := rel[0].(map[string]any)
			if rm["path"] != filepath.Join(dir, "home/.agents/skills/deploy/SKILL.md") {
				t.Errorf("related path %v", rm["path"])
			}
			if l, c, o := point("related start", rm["range"].(map[string]any)["start"]); l != 2 || c != 7 || o != 10 {
				t.Errorf("related starts at %v:%v@%v", l, c, o)
			}
		}
	}
}

// TestCheckColumnsAfterMultiByte: columns count code points, offsets bytes.
func TestCheckColumnsAfterMultiByte(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.agents/skills/x/SKILL.md --
---
name: x
description: "é😀" x: y
---
`)
	_, out, _ := runCmd("check", "--format", "json", filepath.Join(dir, "proj"))
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	f := rep.Files[0].Findings[0]
	// The second colon of `description: "é😀" x: y`: column 20 in code
	// points, byte 35 (12 for the lines before, 13 + 8 + 2 on the line).
	want := span{Start: point{Line: 3, Column: 20, Offset: 35}, End: point{Line: 3, Column: 21, Offset: 36}}
	if f.Rule != "yaml-syntax" || f.Range != want {
		t.Fatalf("%+v", f)
	}
}

func TestCheckSARIF(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	_, out, _ := runCmd("check", "--format", "sarif", filepath.Join(dir, "proj"))
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				RelatedLocations []struct{ ID int }
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].ColumnKind != "unicodeCodePoints" || log.Runs[0].Tool.Driver.Name != "skill-ls" {
		t.Fatalf("%+v", log)
	}
	if n := len(log.Runs[0].Tool.Driver.Rules); n != len(analysis.Rules) {
		t.Errorf("%d rules, want %d", n, len(analysis.Rules))
	}
	levels := map[string]int{}
	for _, r := range log.Runs[0].Results {
		levels[r.Level]++
		if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine < 1 || r.Locations[0].PhysicalLocation.Region.StartColumn < 1 {
			t.Errorf("%+v", r)
		}
		if r.RuleID == "name-shadowed" && (len(r.RelatedLocations) != 1 || r.RelatedLocations[0].ID != 1) {
			t.Errorf("related %+v", r.RelatedLocations)
		}
	}
	if levels["error"] != 1 || levels["note"] != 1 || levels["warning"] != 1 {
		t.Errorf("levels %v", levels)
	}
}

// TestCheckUnreadable: what cannot be read is one line on stderr, a folder
// named SKILL.md a finding; the rest is checked and the exit code says
// something went wrong.
func TestCheckUnreadable(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(proj, "docs", "SKILL.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(proj, ".agents", "skills", "clean", "SKILL.md.tmp")); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(proj, "other", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(dangling), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", dangling); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd("check", proj)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if code != exitFindings || len(lines) != 1 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	for _, want := range []string{dangling + ": no such file"} {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "skill-ls: ") && strings.Contains(l, want) }) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "4 files checked") || !strings.Contains(out, filepath.Join(proj, "docs", "SKILL.md")+":1:1: error file-not-regular: SKILL.md is a folder") {
		t.Errorf("the readable files were not checked, or the folder not told:\n%s", out)
	}
}

// TestCheckWithoutPath checks the project holding the working directory,
// and the global skills with --global.
func TestCheckWithoutPath(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	t.Chdir(filepath.Join(dir, "proj", ".agents"))
	code, out, _ := runCmd("check", "--global")
	if code != exitFindings || !strings.Contains(out, "4 files checked") || !strings.Contains(out, "home/.agents/skills/deploy") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCmd("check")
	if code != exitFindings || !strings.Contains(out, "3 files checked") || strings.Contains(out, "home/.agents/skills/deploy/SKILL.md:") {
		t.Fatalf("without --global: exit %d:\n%s", code, out)
	}
	// Paths below the working directory are shown relative to it.
	if !strings.Contains(out, "\nskills/deploy/SKILL.md:") && !strings.HasPrefix(out, "skills/deploy/SKILL.md:") {
		t.Errorf("no relative path:\n%s", out)
	}
}

// TestCheckRelativePaths: from the project, files under a hidden folder
// are shown relative too; files outside it keep their absolute path.
func TestCheckRelativePaths(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	t.Chdir(filepath.Join(dir, "proj"))
	_, out, _ := runCmd("check", ".")
	if !strings.HasPrefix(out, ".agents/skills/broken/SKILL.md:3:22: error yaml-syntax") {
		t.Errorf("not relative:\n%s", out)
	}
	if !strings.Contains(out, " at "+filepath.Join(dir, "home/.agents/skills/deploy/SKILL.md")) {
		t.Errorf("the global file is not absolute:\n%s", out)
	}
}

// TestCheckTargetPinned applies only the named targets (and the spec).
func TestCheckTargetPinned(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	_, out, _ := runCmd("check", "--format", "json", "--target", "zed", filepath.Join(dir, "proj/.agents/skills/deploy"))
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Files[0].Findings {
		for _, tg := range f.Targets {
			if tg != "agentskills" && tg != "zed" {
				t.Errorf("%s for %s", f.Rule, tg)
			}
		}
	}
}

func TestExplain(t *testing.T) {
	for _, r := range analysis.Rules {
		code, out, errs := runCmd("explain", r.ID)
		if code != exitOK || errs != "" || !strings.HasPrefix(out, r.ID+": "+r.Summary+"\n\n"+r.Doc) || !strings.Contains(out, "\nExample:\n\n    ") {
			t.Errorf("explain %s: exit %d\n%s", r.ID, code, out)
		}
	}
	code, out, _ := runCmd("explain")
	if code != exitOK {
		t.Errorf("explain alone: exit %d", code)
	}
	for _, r := range analysis.Rules {
		if !strings.Contains(out, r.ID) {
			t.Errorf("the rule list lacks %s", r.ID)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, _ := runCmd(args...)
		lines := strings.Split(out, "\n")
		if code != exitOK || len(lines) != 4 || lines[0] != "skill-ls "+version || !strings.HasPrefix(lines[1], "commit ") || lines[2] != runtime.Version() {
			t.Fatalf("%v: exit %d, %q", args, code, out)
		}
	}
}

// TestCheckCorpus checks the 598 public skills: valid JSON, every file
// reported, every finding of a known rule inside its file, at the line and
// column its offset has there.
func TestCheckCorpus(t *testing.T) {
	corpus := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("corpus absent:", err)
	}
	t.Setenv("HOME", t.TempDir())
	code, out, errs := runCmd("check", "--format", "json", corpus)
	if code != exitFindings || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rep report
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 598 || rep.Summary.Files != 598 {
		t.Fatalf("%d files", len(rep.Files))
	}
	counts := map[string]int{}
	for _, f := range rep.Files {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range f.Findings {
			counts[x.Rule]++
			if analysis.RuleByID(x.Rule) == nil {
				t.Errorf("%s: unknown rule %s", f.Path, x.Rule)
			}
			if x.Range.Start.Offset > x.Range.End.Offset || x.Range.End.Offset > len(src) || x.Range.Start.Line < 1 || x.Range.Start.Column < 1 {
				t.Errorf("%s: %s at %+v", f.Path, x.Rule, x.Range)
				continue
			}
			for _, p := range []point{x.Range.Start, x.Range.End} {
				before := src[:p.Offset]
				line, col := bytes.Count(before, []byte("\n"))+1, utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])+1
				if p.Line != line || p.Column != col {
					t.Errorf("%s: %s at %d:%d, the file has offset %d at %d:%d", f.Path, x.Rule, p.Line, p.Column, p.Offset, line, col)
				}
			}
		}
	}
	t.Logf("findings per rule: %v", counts)
}

// BenchmarkCheckCorpus is the whole check of the public corpus in-process
// (the process figure comes from hyperfine on the built binary).
func BenchmarkCheckCorpus(b *testing.B) {
	corpus := filepath.Join("..", "..", "..", "shared", "corpus")
	if dir := os.Getenv("SKILL_LS_BENCH_CORPUS"); dir != "" {
		corpus = dir // a larger tree, for profiles
	}
	if _, err := os.Stat(corpus); err != nil {
		b.Skip("corpus absent:", err)
	}
	b.Setenv("HOME", b.TempDir())
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"check", "--format", "json", corpus}, nil, io.Discard, io.Discard); code != exitFindings {
			b.Fatalf("exit %d", code)
		}
	}
}
