package loadertest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
	"golang.org/x/tools/txtar"
)

// The golden files are rewritten by running the tests that compare them
// with -update, for example
//
//	go test ./skillcore -run Render -update
//
// The flag is registered here unless a test file already did.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files under testdata")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// CatalogFixtures parses dir/skills.txtar: one SKILL.md per file, named by
// its absolute path. Skills under /home/u are global; the one in a folder
// named huge is dropped for the budget.
func CatalogFixtures(t testing.TB, dir string) []loader.CatalogEntry {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join(dir, "skills.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []loader.CatalogEntry
	for _, f := range ar.Files {
		s := loader.Parse(f.Name, f.Data)
		for _, p := range s.Problems {
			t.Fatalf("fixture %s: %s: %s", f.Name, p.Rule, p.Message)
		}
		e := loader.CatalogEntry{Skill: s, Scope: loader.ScopeProject}
		if strings.HasPrefix(f.Name, "/home/u/") {
			e.Scope = loader.ScopeGlobal
		}
		e.Dropped = s.DirName() == "huge"
		out = append(out, e)
	}
	return out
}

// CatalogFixture is the fixture skill in the folder named dir.
func CatalogFixture(t testing.TB, entries []loader.CatalogEntry, dir string) loader.CatalogEntry {
	t.Helper()
	for _, e := range entries {
		if e.Skill.DirName() == dir {
			return e
		}
	}
	t.Fatalf("no fixture skill in a folder named %s", dir)
	return loader.CatalogEntry{}
}

// Golden compares got with the golden file dir/name, or rewrites it under
// -update.
func Golden(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}
