package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixTree has one skill for each safe fix, one with a fix that is not safe,
// and one with two fixes where the first uncovers the second.
const fixTree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/colon/SKILL.md --
---
name: colon
description: Use when: deploying
---
-- proj/.agents/skills/tools/SKILL.md --
---
name: tools
description: Lists its tools.
allowed-tools:
  - Read
  - Grep
---
-- proj/.agents/skills/typo/SKILL.md --
---
name: typo
description: Misspells a key.
user-invokable: true
---
-- proj/.agents/skills/unsafe/SKILL.md --
---
name: not-the-folder
description: Only the editor renames it.
---
`

func TestFix(t *testing.T) {
	dir := writeCheckTree(t, fixTree)
	proj := filepath.Join(dir, "proj")
	skills := filepath.Join(proj, ".agents/skills")
	// A BOM hides the frontmatter; once gone, a colon breaks the YAML.
	bom := filepath.Join(skills, "bom", "SKILL.md")
	os.MkdirAll(filepath.Dir(bom), 0o755)
	if err := os.WriteFile(bom, []byte("\ufeff---\nname: bom\ndescription: Fixes: two\n---\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, proj)
	code, out, errs := runCmd("check", "--fix", "--format", "json", proj)
	// What remains is the spec's alone, which the agents load: warnings.
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Summary.Fixed != 5 {
		t.Errorf("fixed %d, want 5:\n%s", rep.Summary.Fixed, out)
	}
	// What remains is the unsafe fix, offered and not applied.
	remaining := map[string]bool{}
	for _, f := range rep.Files {
		for _, x := range f.Findings {
			remaining[x.Rule] = true
			for _, fix := range x.Fixes {
				if fix.Safe {
					t.Errorf("%s: a safe fix was left: %s %s", f.Path, x.Rule, fix.Title)
				}
			}
		}
	}
	if !remaining["name-dir-mismatch"] {
		t.Errorf("the unsafe fix was applied: %v", remaining)
	}
	after := snapshot(t, proj)
	for path, want := range map[string]string{
		"colon":  "---\nname: colon\ndescription: \"Use when: deploying\"\n---\n",
		"tools":  "---\nname: tools\ndescription: Lists its tools.\nallowed-tools: Read Grep\n---\n",
		"typo":   "---\nname: typo\ndescription: Misspells a key.\nuser-invocable: true\n---\n",
		"bom":    "---\nname: bom\ndescription: \"Fixes: two\"\n---\n",
		"unsafe": before[".agents/skills/unsafe/SKILL.md"].text,
	} {
		if got := after[".agents/skills/"+path+"/SKILL.md"].text; got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	// Modes are kept, and no temporary file is left.
	if m := after[".agents/skills/bom/SKILL.md"].mode; m != 0o640 {
		t.Errorf("mode %o, want 640", m)
	}
	if len(after) != len(before) {
		t.Errorf("files left behind: %v", mapsKeys(after))
	}
	// A second --fix changes nothing and fixes nothing.
	code, out, _ = runCmd("check", "--fix", proj)
	if code != exitOK || !strings.Contains(out, "0 errors") || strings.Contains(out, "fixed") {
		t.Errorf("second --fix: exit %d\n%s", code, out)
	}
	if again := snapshot(t, proj); !equalSnapshots(again, after) {
		t.Error("a second --fix changed files")
	}
}

// TestFixText reports what was fixed and what remains.
func TestFixText(t *testing.T) {
	dir := writeCheckTree(t, fixTree)
	code, out, _ := runCmd("check", "--fix", filepath.Join(dir, "proj/.agents/skills/typo"), filepath.Join(dir, "proj/.agents/skills/unsafe"))
	if code != exitOK {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"typo/SKILL.md: fixed: Rename user-invokable to user-invocable\n", "unsafe/SKILL.md:2:7: warning name-dir-mismatch", ", 1 fixed\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestFixSymlink writes the file a symlinked SKILL.md points to, and keeps
// the link.
func TestFixSymlink(t *testing.T) {
	dir := writeCheckTree(t, fixTree)
	real := filepath.Join(dir, "elsewhere.md")
	link := filepath.Join(dir, "proj/.agents/skills/typo/SKILL.md")
	os.Rename(link, real)
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	runCmd("check", "--fix", filepath.Join(dir, "proj/.agents/skills/typo"))
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(real); !bytes.Contains(b, []byte("user-invocable: true")) {
		t.Errorf("the target was not fixed: %q", b)
	}
}

// TestFixCorpus runs --fix over a copy of the real skills, as found and
// with the safe fixes' mistakes put in: every fixed file re-checks clean of
// the rules fixed, and a second --fix changes nothing.
func TestFixCorpus(t *testing.T) {
	corpus := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("corpus absent:", err)
	}
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "home"))
	for _, to := range []string{"real", "broken"} {
		if err := copyTree(corpus, filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
	breakSkills(t, filepath.Join(dir, "broken"))
	for _, tree := range []string{"real", "broken"} {
		t.Run(tree, func(t *testing.T) {
			root := filepath.Join(dir, tree)
			fixable := fixableRules(t, root)
			if len(fixable) == 0 {
				t.Fatal("nothing to fix")
			}
			_, out, _ := runCmd("check", "--no-config", "--fix", "--format", "json", root)
			var rep report
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			fixed := 0
			for _, f := range rep.Files {
				fixed += len(f.Fixed)
				for _, x := range f.Findings {
					if slices.Contains(fixable[f.Path], x.Rule) && slices.ContainsFunc(x.Fixes, func(f fixReport) bool { return f.Safe }) {
						t.Errorf("%s: %s still has a safe fix after --fix", f.Path, x.Rule)
					}
				}
			}
			if fixed != rep.Summary.Fixed || fixed == 0 {
				t.Errorf("fixed %d, summary %d", fixed, rep.Summary.Fixed)
			}
			t.Logf("%d fixes in %d files", fixed, len(fixable))
			once := snapshot(t, root)
			_, out, _ = runCmd("check", "--no-config", "--fix", "--format", "json", root)
			if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Summary.Fixed != 0 {
				t.Errorf("second --fix fixed %d (%v)", rep.Summary.Fixed, err)
			}
			if !equalSnapshots(snapshot(t, root), once) {
				t.Error("a second --fix changed files")
			}
		})
	}
}

// fixableRules maps each file with a safe fix to the rules it fixes.
func fixableRules(t *testing.T, root string) map[string][]string {
	_, out, _ := runCmd("check", "--no-config", "--format", "json", root)
	var rep report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, f := range rep.Files {
		for _, x := range f.Findings {
			if slices.ContainsFunc(x.Fixes, func(f fixReport) bool { return f.Safe }) {
				got[f.Path] = append(got[f.Path], x.Rule)
			}
		}
	}
	return got
}

// breakSkills puts one mistake a safe fix repairs in each real skill, in
// turn: a BOM, a misspelt key, a colon in a new value.
func breakSkills(t *testing.T, root string) {
	i := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "SKILL.md" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil || !bytes.HasPrefix(b, []byte("---\n")) {
			return err
		}
		switch i % 3 {
		case 0:
			b = append([]byte("\ufeff"), b...)
		case 1:
			if !bytes.Contains(b, []byte("\nuser-invocable:")) {
				b = append([]byte("---\nuser-invokable: false\n"), b[4:]...)
			}
		case 2:
			if !bytes.Contains(b, []byte("\ncompatibility:")) {
				b = append([]byte("---\ncompatibility: Needs: git\n"), b[4:]...)
			}
		}
		i++
		os.Chmod(p, 0o644)
		return os.WriteFile(p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

type snapFile struct {
	text string
	mode fs.FileMode
}

// snapshot records every file under root, by path relative to it.
func snapshot(t *testing.T, root string) map[string]snapFile {
	t.Helper()
	out := map[string]snapFile{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = snapFile{string(b), info.Mode().Perm()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalSnapshots(a, b map[string]snapFile) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func mapsKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
