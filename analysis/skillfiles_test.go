package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A skill folder the world's walk listed is not listed again: SkillFiles
// gives what the walk saw, and lists the disk only for a folder no walk
// entered.
func TestSkillFilesFromTheWalk(t *testing.T) {
	dir := t.TempDir()
	skill := filepath.Join(dir, "skills", "demo", "SKILL.md")
	script := filepath.Join(dir, "skills", "demo", "scripts", "run.sh")
	nested := filepath.Join(dir, "skills", "demo", "inner", "SKILL.md")
	for _, p := range []string{skill, script, nested, filepath.Join(dir, "skills", "demo", ".hidden", "x.md")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	walked := NewWorkspace(Config{Home: t.TempDir()})
	walked.World.Find(dir)
	unwalked := NewWorkspace(Config{Home: t.TempDir()})
	want := []string{script} // not SKILL.md, a nested skill's folder or a hidden one
	if got := unwalked.SkillFiles(skill); !slices.Equal(got, want) {
		t.Fatalf("listed from disk: %v, want %v", got, want)
	}
	if err := os.Remove(script); err != nil {
		t.Fatal(err)
	}
	if got := walked.SkillFiles(skill); !slices.Equal(got, want) {
		t.Errorf("after a walk: %v, want %v as the walk listed it", got, want)
	}
	if got := unwalked.SkillFiles(skill); len(got) != 0 {
		t.Errorf("without a walk: %v, want the disk's nothing", got)
	}
}
