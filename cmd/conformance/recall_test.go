package main

import (
	"os"
	"path/filepath"
	"testing"
)

// An answer is recalled for the same key laid in another folder whose path
// is as long, with its paths moved there; a longer path, a changed file, a
// failed run or -fresh asks again.
func TestRecall(t *testing.T) {
	m, err := newMemory(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	lay := func(body string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	runs := 0
	ask := func(m *memory, dir string, ok bool) answer {
		return recall(m, []string{"agent", digest(dir)}, []string{dir}, func() (answer, bool) {
			runs++
			return answer{Loaded: []seen{{Key: filepath.Join(dir, "SKILL.md"), Name: "x"}}}, ok
		})
	}
	check := func(what string, got answer, dir string, wantRuns int) {
		t.Helper()
		if runs != wantRuns {
			t.Errorf("%s: the agent ran %d times, want %d", what, runs, wantRuns)
		}
		if len(got.Loaded) != 1 || got.Loaded[0].Key != filepath.Join(dir, "SKILL.md") {
			t.Errorf("%s: got %+v, want the SKILL.md of %s", what, got.Loaded, dir)
		}
	}
	a, b := lay("one"), lay("one")
	check("first", ask(m, a, true), a, 1)
	check("same files elsewhere", ask(m, b, true), b, 1)
	longer := filepath.Join(t.TempDir(), "deeper")
	if err := os.CopyFS(longer, os.DirFS(a)); err != nil {
		t.Fatal(err)
	}
	check("same files at a longer path", ask(m, longer, true), longer, 2)
	c := lay("two")
	check("changed file", ask(m, c, false), c, 3)
	check("after a failure", ask(m, c, true), c, 4)
	check("fresh", ask(nil, a, true), a, 5)
	if digest(filepath.Join(a, "absent")) != "" {
		t.Error("an unreadable tree has a digest: its answers would be recalled")
	}
}

// A key may hold empty parts (a probe without env, args or installs):
// what is asked with it is still remembered.
func TestRecallEmptyKeyParts(t *testing.T) {
	m, err := newMemory(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for range 2 {
		recall(m, []string{"agent", "", ""}, nil, func() (answer, bool) { runs++; return answer{}, true })
	}
	if runs != 1 {
		t.Errorf("the agent ran %d times, want 1", runs)
	}
}
