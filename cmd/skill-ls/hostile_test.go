package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// A checked tree is untrusted: these tests hold check to a finding or a
// one-line reason for what is not a readable SKILL.md, never a hang, a read
// without end or a silent pass.

// hostileTree is a project whose skill folders hold a good skill and
// SKILL.md files that are no regular file of at most 1 MiB, or misnamed.
// It returns the project and the rule each skill folder must get.
func hostileTree(t *testing.T) (proj string, want map[string]string) {
	t.Helper()
	dir := writeCheckTree(t, `
-- proj/.agents/skills/good/SKILL.md --
---
name: good
description: Does good things.
---
-- proj/.agents/skills/lower/skill.md --
---
name: lower
description: Misnamed.
---
`)
	proj = filepath.Join(dir, "proj")
	skills := filepath.Join(proj, ".agents", "skills")
	at := func(skill string) string {
		p := filepath.Join(skills, skill, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := syscall.Mkfifo(at("fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(at("fifo"), at("to-fifo")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", at("zero")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(at("folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	sparse, err := os.Create(at("sparse"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sparse.Truncate(2 << 30); err != nil {
		t.Fatal(err)
	}
	sparse.Close()
	want = map[string]string{
		"good": "", "lower": "skill-md-case", "fifo": "file-not-regular", "to-fifo": "file-not-regular",
		"zero": "file-not-regular", "folder": "file-not-regular", "sparse": "file-too-large",
	}
	if _, err := os.Stat("/proc/self/pagemap"); err == nil {
		if err := os.Symlink("/proc/self/pagemap", at("pagemap")); err != nil {
			t.Fatal(err)
		}
		want["pagemap"] = "file-not-regular"
	}
	return proj, want
}

// checkRules runs check with JSON output and returns its exit code and the
// rules of each file's findings by skill folder.
func checkRules(t *testing.T, args ...string) (int, map[string][]string) {
	t.Helper()
	code, out, errs := runCmd(append([]string{"check", "--format", "json"}, args...)...)
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, stderr %q, output not JSON: %v", code, errs, err)
	}
	got := map[string][]string{}
	for _, f := range rep.Files {
		skill := filepath.Base(filepath.Dir(f.Path))
		got[skill] = []string{}
		for _, x := range f.Findings {
			got[skill] = append(got[skill], x.Rule)
		}
	}
	return code, got
}

// TestCheckNotRegular: each SKILL.md that is not a regular file of at most
// 1 MiB gets its finding, both when a folder is named and when check scans
// the project's skill folders itself; the good skill is checked alongside.
func TestCheckNotRegular(t *testing.T) {
	proj, want := hostileTree(t)
	for _, args := range [][]string{{proj}, {}} {
		if len(args) == 0 {
			t.Chdir(proj)
		}
		code, got := checkRules(t, args...)
		if code != exitFindings {
			t.Errorf("%v: exit %d", args, code)
		}
		for skill, rule := range want {
			rules, ok := got[skill]
			switch {
			case !ok:
				t.Errorf("%v: %s not checked", args, skill)
			case rule == "" && len(rules) != 0:
				t.Errorf("%v: %s: %v", args, skill, rules)
			case rule != "" && (len(rules) != 1 || rules[0] != rule):
				t.Errorf("%v: %s: %v, want only %s", args, skill, rules, rule)
			}
		}
	}
}

// TestCheckLinkedPath: a folder named through a symlink, with or without a
// trailing slash, is checked; a symlink loop inside it ends.
func TestCheckLinkedPath(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "proj"), link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../..", filepath.Join(dir, "proj", ".agents", "skills", "loop")); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{link, link + "/"} {
		code, out, errs := runCmd("check", arg)
		if code != exitFindings || !strings.Contains(out, "3 files checked") || errs != "" {
			t.Errorf("%s: exit %d, stderr %q:\n%s", arg, code, errs, out)
		}
	}
}

// TestCheckNothingFound: a path that does not exist, or holds no SKILL.md,
// is a one-line reason and exit 2; a folder holding a skill.md is checked
// and told it is misnamed.
func TestCheckNothingFound(t *testing.T) {
	dir := writeCheckTree(t, "-- notes/readme.md --\n-- misnamed/Skill.md --\n---\nname: misnamed\n---\n")
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, err string
	}{
		{"missing", "no such file or directory"},
		{"empty", "no SKILL.md or package manifest found"},
		{"notes", "no SKILL.md or package manifest found"},
	} {
		p := filepath.Join(dir, c.path)
		code, out, errs := runCmd("check", p)
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, p) || !strings.Contains(errs, c.err) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.path, code, out, errs)
		}
	}
	if code, got := checkRules(t, filepath.Join(dir, "misnamed")); code != exitFindings || !slices.Contains(got["misnamed"], "skill-md-case") {
		t.Errorf("misnamed: exit %d, %v", code, got)
	}
	code, _, errs := runCmd("catalog", "--project", filepath.Join(dir, "missing"))
	if code != exitUsage || !strings.Contains(errs, "no such file or directory") {
		t.Errorf("catalog --project missing: exit %d, stderr %q", code, errs)
	}
}

// TestCheckDepthCap: a tree deeper than the walk goes is exit 2 with which
// cap and where, not a pass over what was seen.
func TestCheckDepthCap(t *testing.T) {
	dir := writeCheckTree(t, "-- top/a/SKILL.md --\n---\nname: a\ndescription: x\n---\n")
	deep := filepath.Join(dir, "top", strings.Repeat("d/", 70))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd("check", filepath.Join(dir, "top"))
	if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "64 folders deep") || !strings.Contains(errs, filepath.Join(dir, "top", "d")) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
