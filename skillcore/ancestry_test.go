package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestRootsAbove: a project root an agent also reads above the folder it
// runs in repeats in each folder up to the repository's top, nearer first,
// ranked after the folder's own and before the next root; outside a
// repository UpToGit stops at the folder and UpToGitOrHome at the home.
func TestRootsAbove(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "home", "repo")
	cwd := filepath.Join(repo, "a", "b")
	loose := filepath.Join(dir, "home", "loose", "c")
	for _, d := range []string{filepath.Join(repo, ".git"), cwd, loose} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := Env{Home: filepath.Join(dir, "home")}
	dirs := func(tg *loader.Target, project string) (out []string) {
		for _, r := range env.Roots(tg, project) {
			if r.Scope == loader.ScopeProject {
				rel, _ := filepath.Rel(dir, r.Dir)
				out = append(out, rel)
			}
		}
		return out
	}
	claude := loader.TargetByID("claude-code")
	want := []string{"home/repo/a/b/.claude/skills", "home/repo/a/.claude/skills", "home/repo/.claude/skills"}
	if got := dirs(claude, cwd); !slices.Equal(got, want) {
		t.Errorf("claude-code in a repository: %v, want %v", got, want)
	}
	if got := dirs(claude, loose); !slices.Equal(got, []string{"home/loose/c/.claude/skills", "home/loose/.claude/skills"}) {
		t.Errorf("claude-code outside a repository stops below the home: %v", got)
	}
	codex := loader.TargetByID("codex")
	if got := dirs(codex, loose); !slices.Equal(got, []string{"home/loose/c/.codex/skills", "home/loose/c/.agents/skills"}) {
		t.Errorf("codex outside a repository reads its folder alone: %v", got)
	}
	if got := dirs(loader.TargetByID("gemini"), cwd); len(got) != 2 {
		t.Errorf("gemini reads its own folder's roots alone: %v", got)
	}
	var ranks []int
	for _, r := range env.Roots(loader.TargetByID("copilot"), cwd) {
		ranks = append(ranks, r.Rank)
		if r.Inherited != (r.Rank%loader.RankStride > 0) {
			t.Errorf("%s: inherited %v at rank %d", r.Dir, r.Inherited, r.Rank)
		}
	}
	if !slices.IsSorted(ranks) {
		t.Errorf("copilot's roots out of order: %v", ranks)
	}
}
