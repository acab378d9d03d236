package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readFixture is a txtar tree of testdata/adopt.
func readFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "adopt", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// editFile rewrites a file of the tree with edit.
func editFile(t *testing.T, path string, edit func(string) string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(edit(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckNoInlineConfig: check honours the suppression comments and
// counts what they hide; --no-inline-config reports it all.
func TestCheckNoInlineConfig(t *testing.T) {
	dir := writeCheckTree(t, readFixture(t, "suppressed.txtar"))
	proj := filepath.Join(dir, "proj")
	code, out, errs := runCmd("check", "--max-warnings", "0", proj)
	if code != exitOK || errs != "" || !strings.Contains(out, "0 errors, 0 warnings, 0 infos, 2 suppressed by comments") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	code, out, _ = runCmd("check", "--no-inline-config", "--max-warnings", "0", proj)
	if code != exitFindings || !strings.Contains(out, "warning field-unknown") || !strings.Contains(out, "warning link-broken") || strings.Contains(out, "suppress") {
		t.Fatalf("--no-inline-config: exit %d: %s", code, out)
	}
}

// TestBaselineAdoption: a project writes a baseline of what it has, then
// fails only on new findings: lines moved or added above a finding keep it
// matched, from any working folder; a new finding, or a second one just
// like a recorded one, is reported and counts for the exit status.
func TestBaselineAdoption(t *testing.T) {
	dir := writeCheckTree(t, readFixture(t, "legacy.txtar"))
	proj := filepath.Join(dir, "proj")
	base := filepath.Join(proj, "skill-ls-baseline.json")
	report := filepath.Join(proj, ".agents/skills/report/SKILL.md")

	if code, out, _ := runCmd("check", proj); code != exitFindings || !strings.Contains(out, "error name-chars") {
		t.Fatalf("before adopting: exit %d: %s", code, out)
	}
	code, out, errs := runCmd("check", "--write-baseline", base, proj)
	if code != exitOK || !strings.Contains(out, "0 errors, 0 warnings, 0 infos, ") || !strings.Contains(errs, "wrote ") {
		t.Fatalf("--write-baseline: exit %d: %s%s", code, out, errs)
	}
	written, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	var f baselineFile
	if err := json.Unmarshal(written, &f); err != nil || f.Version != 1 || len(f.Files[".agents/skills/report/SKILL.md"]) == 0 || !bytes.HasSuffix(written, []byte("]\n  }\n}\n")) {
		t.Fatalf("baseline %v:\n%s", err, written)
	}
	// Written again, it is the same file.
	if runCmd("check", "--write-baseline", base, proj); !bytes.Equal(mustRead(t, base), written) {
		t.Errorf("a second --write-baseline wrote\n%s\nafter\n%s", mustRead(t, base), written)
	}

	clean := func(what string) {
		t.Helper()
		code, out, errs := runCmd("check", "--baseline", base, "--max-warnings", "0", proj)
		if code != exitOK || !strings.Contains(out, "0 errors, 0 warnings, 0 infos, ") || !strings.Contains(out, " in the baseline") {
			t.Fatalf("%s: exit %d: %s%s", what, code, out, errs)
		}
	}
	clean("as written")
	editFile(t, report, func(s string) string {
		s = strings.Replace(s, "name: report\n", "name: report\nlicense: MIT\n", 1)
		return strings.Replace(s, "# Report\n", "# Report\n\nA new paragraph.\n\nAnd another.\n", 1)
	})
	clean("lines added above the findings")
	t.Chdir(dir)
	clean("from another working folder")

	// A new finding, and a second one just like a recorded one.
	editFile(t, report, func(s string) string {
		return s + "\nSee [the template](template.md) and [the old notes](notes.md).\nAlso [the index](index.md).\n"
	})
	code, out, _ = runCmd("check", "--baseline", base, "--max-warnings", "0", proj)
	if code != exitFindings || strings.Count(out, "link-broken") != 3 || !strings.Contains(out, "index.md") {
		t.Fatalf("new findings: exit %d: %s", code, out)
	}
	// A new error fails the check by itself.
	editFile(t, filepath.Join(proj, ".agents/skills/clean/SKILL.md"), func(s string) string {
		return strings.Replace(s, "name: clean", "name: Clean", 1)
	})
	if code, out, _ := runCmd("check", "--baseline", base, proj); code != exitFindings || !strings.Contains(out, "error name-chars") {
		t.Fatalf("new error: exit %d: %s", code, out)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestBaselineMisuse: a baseline that cannot be read is bad usage.
func TestBaselineMisuse(t *testing.T) {
	dir := writeCheckTree(t, readFixture(t, "legacy.txtar"))
	proj := filepath.Join(dir, "proj")
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte(`{"version": 2, "files": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--baseline", filepath.Join(dir, "none.json")}, "no such file"},
		{[]string{"--baseline", other}, "version 2"},
		{[]string{"--baseline", other, "--write-baseline", other}, "one at a time"},
	} {
		code, _, errs := runCmd(append(append([]string{"check"}, c.args...), proj)...)
		if code != exitUsage || !strings.Contains(errs, c.says) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
}

// TestSARIFSuppressions: SARIF keeps the findings left out, marked as a
// comment in the file ("inSource") or the baseline ("external") left them
// out, so that code scanning shows them closed rather than gone.
func TestSARIFSuppressions(t *testing.T) {
	dir := writeCheckTree(t, readFixture(t, "suppressed.txtar"))
	proj := filepath.Join(dir, "proj")
	base := filepath.Join(dir, "baseline.json")
	report := filepath.Join(proj, ".agents/skills/report/SKILL.md")
	if code, _, errs := runCmd("check", "--write-baseline", base, proj); code != exitOK {
		t.Fatalf("--write-baseline: %d %s", code, errs)
	}
	editFile(t, report, func(s string) string { return s + "\nAnd [the notes](notes.md).\nAnd [the index](index.md).\n" })
	if code, _, errs := runCmd("check", "--write-baseline", base, proj); code != exitOK {
		t.Fatalf("--write-baseline: %d %s", code, errs)
	}
	editFile(t, report, func(s string) string { return s + "\nAnd [the log](log.md).\n" })
	code, out, errs := runCmd("check", "--format", "sarif", "--baseline", base, proj)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, r := range log.Runs[0].Results {
		kind := "reported"
		if len(r.Suppressions) == 1 {
			kind = r.Suppressions[0].Kind
		}
		kinds[kind+" "+r.RuleID]++
	}
	want := map[string]int{"inSource field-unknown": 1, "inSource link-broken": 1, "external link-broken": 2, "reported link-broken": 1}
	if !maps.Equal(kinds, want) {
		t.Errorf("results %v, want %v", kinds, want)
	}
}

// TestFixLeavesSuppressed: check --fix leaves alone what a comment
// accepts.
func TestFixLeavesSuppressed(t *testing.T) {
	dir := writeCheckTree(t, `
-- proj/.git/HEAD --
ref: main
-- proj/.claude/skills/report/SKILL.md --
---
name: report
description: Writes the weekly report.
# skill-ls-disable-next-line field-unknown -- our own agent reads this spelling
user-invokable: true
---
`)
	file := filepath.Join(dir, "proj/.claude/skills/report/SKILL.md")
	before := mustRead(t, file)
	code, out, errs := runCmd("check", "--fix", filepath.Join(dir, "proj"))
	if code != exitOK || !strings.Contains(out, "1 suppressed by comments") || strings.Contains(out, "fixed") || !bytes.Equal(mustRead(t, file), before) {
		t.Errorf("exit %d: %s%s\n%s", code, out, errs, mustRead(t, file))
	}
	// Without the comment, the same file is fixed.
	code, out, _ = runCmd("check", "--fix", "--no-inline-config", filepath.Join(dir, "proj"))
	if code != exitOK || !strings.Contains(out, "1 fixed") || !strings.Contains(string(mustRead(t, file)), "user-invocable: true") {
		t.Errorf("--no-inline-config --fix: exit %d: %s", code, out)
	}
}
