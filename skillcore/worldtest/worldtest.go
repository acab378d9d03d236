// Package worldtest holds what the tests of several agents' folders share
// of the world: a tree written to disk and scanned as the checker does.
package worldtest

import (
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader/loadertest"
	"golang.org/x/tools/txtar"
)

// Scan writes files under dir, a tree whose home is <dir>/home and whose
// project is <dir>/proj, and scans it, loading its other SKILL.md files
// too.
func Scan(t testing.TB, dir string, files []txtar.File) *skillcore.World {
	t.Helper()
	w := skillcore.NewWorld(skillcore.Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
	if errs := w.Scan(loadertest.WriteTree(t, dir, files)...); len(errs) > 0 {
		t.Fatal(errs)
	}
	return w
}
