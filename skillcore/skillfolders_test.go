package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Find keeps the listings of skill folders and of the folders in them,
// whole, and of no other folder.
func TestListingOfSkillFolders(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{
		"repo/README.md",
		"repo/docs/guide.md",
		"repo/skills/deploy/SKILL.md",
		"repo/skills/deploy/scripts/run.sh",
		"repo/skills/deploy/references/deep/notes.md",
		"repo/skills/deploy/nested/SKILL.md",
	} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWorld(Env{}, nil)
	w.Find(filepath.Join(dir, "repo"))
	names := func(rel string) ([]string, bool) {
		entries, ok := w.Listing(filepath.Join(dir, rel))
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out, ok
	}
	for _, tc := range []struct {
		rel  string
		want []string // nil: not kept
	}{
		{"repo/skills/deploy", []string{"SKILL.md", "nested", "references", "scripts"}},
		{"repo/skills/deploy/scripts", []string{"run.sh"}},
		{"repo/skills/deploy/references/deep", []string{"notes.md"}},
		{"repo/skills/deploy/nested", []string{"SKILL.md"}},
		{"repo", nil},
		{"repo/docs", nil},
		{"repo/skills", nil},
	} {
		got, ok := names(tc.rel)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("Listing(%s) = %v, %v; want %v", tc.rel, got, ok, tc.want)
		}
	}
}
