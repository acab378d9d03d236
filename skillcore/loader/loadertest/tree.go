package loadertest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
	"golang.org/x/tools/txtar"
)

// WriteTree writes files under dir and returns the SKILL.md files among
// them.
func WriteTree(t testing.TB, dir string, files []txtar.File) []string {
	t.Helper()
	var skills []string
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if filepath.Base(p) == loader.FileName {
			skills = append(skills, p)
		}
	}
	return skills
}
