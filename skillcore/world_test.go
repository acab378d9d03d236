package skillcore

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/loader/loadertest"

	"golang.org/x/tools/txtar"
)

// writeTree writes files under dir and returns its SKILL.md files.
var writeTree = loadertest.WriteTree

// newTestWorld scans a tree whose home is <dir>/home and whose project is
// <dir>/proj, and loads the tree's other SKILL.md files too.
func newTestWorld(t testing.TB, dir string, skills []string) *World {
	t.Helper()
	return scanTestWorld(t, dir, skills, false)
}

// scanTestWorld is newTestWorld, releasing the bodies when release is set.
func scanTestWorld(t testing.TB, dir string, skills []string, release bool) *World {
	t.Helper()
	w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
	w.ReleaseBodies = release
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	var rest []string
	for _, p := range skills {
		if w.Entry(p) == nil {
			rest = append(rest, p)
		}
	}
	if errs := w.Load(rest); len(errs) > 0 {
		t.Fatal(errs)
	}
	return w
}

// worldRules are the rules that come from the world rather than the file.
var worldRules = []string{"name-duplicate", "name-shadowed", "catalog-budget", "not-discovered"}

// worldLines describes the world's problems with the files of the tree:
// "path rule severity t1,t2 -> other paths", paths relative to dir.
func worldLines(t testing.TB, w *World, dir string, skills []string) []string {
	t.Helper()
	rel := func(p string) string {
		r, err := filepath.Rel(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(r)
	}
	var out []string
	for _, p := range skills {
		for _, pr := range w.Problems(p) {
			if !slices.Contains(worldRules, pr.Rule) {
				continue
			}
			line := fmt.Sprintf("%s %s %s %s", rel(p), pr.Rule, pr.Severity, strings.Join(pr.Targets, ","))
			if len(pr.Related) > 0 {
				line += " ->"
			}
			for _, r := range pr.Related {
				line += " " + rel(r.Path)
				other := w.Entry(r.Path)
				if other == nil {
					t.Errorf("%s points at %s, which the world does not hold", line, r.Path)
				} else if r.Range != loader.NameRange(other.Skill) {
					t.Errorf("%s points at %v, not at the other's name %v", line, r.Range, loader.NameRange(other.Skill))
				}
			}
			if pr.Range != loader.NameRange(w.Entry(p).Skill) && pr.Rule != "not-discovered" {
				t.Errorf("%s is at %v, not at the name %v", line, pr.Range, loader.NameRange(w.Entry(p).Skill))
			}
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
}

// worldScenarios runs f on each archive of testdata/world: its tree and the
// lines of its "want" file, sorted.
func worldScenarios(t *testing.T, f func(t *testing.T, files []txtar.File, want []string)) {
	scenarios(t, "../testdata/world/*.txtar", f)
}

// scenarios runs f on each txtar archive that pattern matches, with its
// files and the sorted lines of its "want" file.
func scenarios(t *testing.T, pattern string, f func(t *testing.T, files []txtar.File, want []string)) {
	archives, err := filepath.Glob(pattern)
	if err != nil || len(archives) == 0 {
		t.Fatal("no scenarios", err)
	}
	for _, a := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(a), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(a)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			var files []txtar.File
			for _, f := range ar.Files {
				if f.Name == "want" {
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						if l = strings.TrimSpace(l); l != "" {
							want = append(want, l)
						}
					}
					continue
				}
				files = append(files, f)
			}
			slices.Sort(want)
			f(t, files, want)
		})
	}
}

// TestWorldScenarios runs the archives of testdata/world: each lists, in a
// "want" file, every collision, budget and discovery problem of its tree.
func TestWorldScenarios(t *testing.T) {
	worldScenarios(t, func(t *testing.T, files []txtar.File, want []string) {
		dir := t.TempDir()
		skills := writeTree(t, dir, files)
		w := newTestWorld(t, dir, skills)
		got := worldLines(t, w, dir, skills)
		if !slices.Equal(got, want) {
			t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	})
}

// TestWorldProjectsApart: two projects with a skill of one name each do not
// collide; each collides with the global skill of that name.
func TestWorldProjectsApart(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- a/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: A.
---
-- b/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: B.
---
-- home/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Global.
---
`)).Files)
	w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "a"), filepath.Join(dir, "b")})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, p := range skills[:2] {
		for _, pr := range w.Problems(p) {
			if pr.Rule == "name-duplicate" {
				t.Errorf("%s: %s", p, pr.Message)
			}
			if pr.Rule == "name-shadowed" && (len(pr.Related) != 1 || pr.Related[0].Path != skills[2]) {
				t.Errorf("%s: %+v", p, pr)
			}
		}
	}
	var global []string
	for _, pr := range w.Problems(skills[2]) {
		if pr.Rule == "name-shadowed" && pr.Severity == loader.Warning {
			global = append(global, pr.Related[0].Path)
		}
	}
	slices.Sort(global)
	if !slices.Equal(global, skills[:2]) {
		t.Errorf("the global skill is told it is hidden by %v", global)
	}
}

// budgetWorld is a project of n skills whose name and description take size
// bytes each, the last one (zz-last) taking last bytes.
func budgetWorld(t testing.TB, n, size, last int) (*World, []string) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	for i := range n {
		name := fmt.Sprintf("skill-%03d", i)
		fmt.Fprintf(&b, "-- proj/.agents/skills/%s/SKILL.md --\n---\nname: %s\ndescription: %s\n---\n", name, name, strings.Repeat("d", size-len(name)))
	}
	fmt.Fprintf(&b, "-- proj/.agents/skills/zz-last/SKILL.md --\n---\nname: zz-last\ndescription: %s\n---\n", strings.Repeat("d", last-len("zz-last")))
	skills := writeTree(t, dir, txtar.Parse([]byte(b.String())).Files)
	return newTestWorld(t, dir, skills), skills
}

func budgetProblems(w *World, p string) []loader.Problem {
	var out []loader.Problem
	for _, pr := range w.Problems(p) {
		// Zed's budget: copilot's and codex's are tested on their own.
		if pr.Rule == "catalog-budget" && slices.Contains(pr.Targets, "zed") {
			out = append(out, pr)
		}
	}
	return out
}

// TestCatalogBudget: Zed sums name + description bytes in catalog order and
// drops the skills from the first one that does not fit.
func TestCatalogBudget(t *testing.T) {
	const budget = 50 << 10
	t.Run("fits exactly", func(t *testing.T) {
		w, skills := budgetWorld(t, 50, 1010, budget-50*1010)
		last := budgetProblems(w, skills[len(skills)-1])
		if len(last) != 1 || last[0].Severity != loader.Info || !strings.Contains(last[0].Message, "700 bytes fall in the last 10%") {
			t.Fatalf("%+v", last)
		}
		for _, e := range w.Catalog(loader.TargetByID("zed"), w.Projects[0]) {
			if e.Dropped {
				t.Errorf("%s dropped", e.Skill.Path)
			}
		}
	})
	t.Run("one byte over", func(t *testing.T) {
		w, skills := budgetWorld(t, 50, 1010, budget-50*1010+1)
		last := budgetProblems(w, skills[len(skills)-1])
		if len(last) != 1 || last[0].Severity != loader.Info || !slices.Equal(last[0].Targets, []string{"zed"}) ||
			!strings.Contains(last[0].Message, "used up before this skill's 701 bytes") {
			t.Fatalf("%+v", last)
		}
		// The catalog's one warning: on the longest entry, the first.
		if first := budgetProblems(w, skills[0]); len(first) != 1 || first[0].Severity != loader.Warning || !strings.Contains(first[0].Message, "drops 1 skill;") {
			t.Errorf("first skill: %+v", first)
		}
		if second := budgetProblems(w, skills[1]); len(second) != 0 {
			t.Errorf("second skill: %+v", second)
		}
		cat := w.Catalog(loader.TargetByID("zed"), w.Projects[0])
		if len(cat) != 51 || !cat[50].Dropped || cat[49].Dropped {
			t.Fatalf("catalog of %d", len(cat))
		}
	})
	t.Run("later skills dropped after the first that does not fit", func(t *testing.T) {
		w, skills := budgetWorld(t, 52, 1000, 10)
		var dropped []string
		for _, p := range skills {
			for _, pr := range budgetProblems(w, p) {
				if strings.HasPrefix(pr.Message, "dropped from") {
					dropped = append(dropped, filepath.Base(filepath.Dir(p)))
				}
			}
		}
		if !slices.Equal(dropped, []string{"skill-051", "zz-last"}) {
			t.Fatalf("dropped %v", dropped)
		}
	})
	t.Run("hidden skills take no budget", func(t *testing.T) {
		w, skills := budgetWorld(t, 52, 1000, 10)
		for _, p := range skills[:5] {
			src := strings.Replace(string(w.Entry(p).Skill.Src), "---\nname", "---\ndisable-model-invocation: true\nname", 1)
			w.Set(p, []byte(src))
		}
		for _, p := range skills {
			for _, pr := range budgetProblems(w, p) {
				if pr.Severity == loader.Warning {
					t.Errorf("%s dropped", p)
				}
			}
		}
	})
}

// TestWorldSetReturnsAffected: changing a file returns the other files
// whose collisions or budget standing changed, and only those. (Gemini
// reads .gemini/skills and .agents/skills and keeps one skill of a name;
// Codex would keep both.)
func TestWorldSetReturnsAffected(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.gemini/skills/deploy/SKILL.md --
---
name: deploy
description: Gemini deploy.
---
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Shared deploy.
---
-- proj/.agents/skills/other/SKILL.md --
---
name: other
description: Other.
---
`)).Files)
	gem, agents, other := skills[0], skills[1], skills[2]
	w := newTestWorld(t, dir, skills)
	src := func(p string) string { return string(w.Entry(p).Skill.Src) }
	dup := func(p string) int {
		n := 0
		for _, pr := range w.Problems(p) {
			if pr.Rule == "name-duplicate" {
				n++
			}
		}
		return n
	}
	if dup(gem) != 1 || dup(agents) != 1 || dup(other) != 0 {
		t.Fatal("the scan does not see the duplicate")
	}

	// A keystroke in the body changes nothing another file depends on.
	if got := w.Set(gem, []byte(src(gem)+"Body.\n")); len(got) != 0 {
		t.Errorf("a body edit affects %v", got)
	}
	// A line above the name moves it: the file sharing the name points at
	// it, so it is told (issue 32); the file's own collisions stay.
	edited := strings.Replace(src(gem), "---\nname", "---\n# a comment\nname", 1)
	if got := w.Set(gem, []byte(edited)); !slices.Equal(got, []string{agents}) {
		t.Errorf("moving the name affects %v, want %v", got, []string{agents})
	}
	if dup(gem) != 1 {
		t.Fatal("the edited file lost its collision")
	}
	for _, pr := range w.Problems(agents) {
		if pr.Rule == "name-duplicate" && pr.Related[0].Range != loader.NameRange(w.Entry(gem).Skill) {
			t.Errorf("the other file points at %v, not at the moved name %v", pr.Related[0].Range, loader.NameRange(w.Entry(gem).Skill))
		}
	}

	// Fixing the duplicate name tells the other file.
	renamed := strings.Replace(edited, "name: deploy", "name: deploy-gemini", 1)
	if got := w.Set(gem, []byte(renamed)); !slices.Equal(got, []string{agents}) {
		t.Errorf("renaming affects %v, want %v", got, []string{agents})
	}
	if dup(agents) != 0 || dup(gem) != 0 {
		t.Error("the duplicate outlives the rename")
	}
	// Bringing it back tells it again.
	if got := w.Set(gem, []byte(edited)); !slices.Equal(got, []string{agents}) {
		t.Errorf("renaming back affects %v", got)
	}
	// Removing a file tells the file it collided with.
	if got := w.Remove(gem); !slices.Equal(got, []string{agents}) {
		t.Errorf("removing affects %v", got)
	}
	if dup(agents) != 0 {
		t.Error("the duplicate outlives the removal")
	}
	if got := w.Remove(gem); got != nil {
		t.Errorf("removing twice affects %v", got)
	}
	// Adding it again, with no catalog computed since, tells it too.
	if got := w.Set(gem, []byte(edited)); !slices.Equal(got, []string{agents}) {
		t.Errorf("adding affects %v", got)
	}
	// In a world that has computed no catalog yet, a new file still finds
	// the file it collides with.
	dir2 := t.TempDir()
	agents2 := writeTree(t, dir2, []txtar.File{{Name: "proj/.agents/skills/deploy/SKILL.md", Data: []byte(src(agents))}})[0]
	fresh := newTestWorld(t, dir2, nil)
	if got := fresh.Set(filepath.Join(dir2, "proj/.gemini/skills/deploy/SKILL.md"), []byte(edited)); !slices.Equal(got, []string{agents2}) {
		t.Errorf("adding to a fresh world affects %v", got)
	}
	// A file that stops loading leaves the collision: Gemini reads broken
	// YAML line by line, but skips a skill without a description.
	broken := strings.Replace(edited, "description: Gemini deploy.\n", "", 1)
	if got := w.Set(gem, []byte(broken)); !slices.Equal(got, []string{agents}) {
		t.Errorf("breaking affects %v", got)
	}
}

// TestWorldSetReturnsBudget: a longer description moves the count of every
// later skill of Zed's catalog, but only the files whose budget findings
// change are returned: the rest would be told the same again.
func TestWorldSetReturnsBudget(t *testing.T) {
	w, skills := budgetWorld(t, 49, 1000, 10)
	before := map[string]string{}
	// Every agent's budget: Codex's findings on other skills move too.
	all := func(p string) string {
		var out []loader.Problem
		for _, pr := range w.Problems(p) {
			if pr.Rule == "catalog-budget" {
				out = append(out, pr)
			}
		}
		return fmt.Sprint(out)
	}
	for _, p := range skills {
		before[p] = all(p)
	}
	first := skills[0]
	longer := strings.Replace(string(w.Entry(first).Skill.Src), "description: ", "description: "+strings.Repeat("x", 1500), 1)
	got := w.Set(first, []byte(longer))
	changed := 0
	for _, p := range skills[1:] {
		moved := all(p) != before[p]
		if moved {
			changed++
		}
		if moved != slices.Contains(got, p) {
			t.Errorf("%s: findings changed %v, returned %v", filepath.Base(filepath.Dir(p)), moved, slices.Contains(got, p))
		}
	}
	if changed == 0 {
		t.Fatal("the longer description changed no other file's standing; the test needs a fuller catalog")
	}
}

func TestProjectOf(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, txtar.Parse([]byte(`
-- home/.agents/skills/g/SKILL.md --
x
-- proj/.git/HEAD --
x
-- proj/.agents/skills/cloned/.git/HEAD --
x
-- proj/.agents/skills/cloned/SKILL.md --
x
-- proj/docs/deep/SKILL.md --
x
-- proj/sub/.claude/skills/s/SKILL.md --
x
-- proj/sub/.claude/skills/s/.git/HEAD --
x
-- lone/x/SKILL.md --
x
-- proj/sub2/.git --
gitdir: elsewhere
-- proj/sub2/x/y/SKILL.md --
x
-- home/notes/SKILL.md --
x
-- proj/.skills/t/deep/SKILL.md --
x
`)).Files)
	env := Env{Home: filepath.Join(dir, "home")}
	w := NewWorld(env, nil)
	// A world that found the files by walking the tree knows their projects
	// from the walk: it must agree with the lookups on disk.
	walked := NewWorld(env, nil)
	if _, errs := walked.Find(dir); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct{ path, want string }{
		{"home/.agents/skills/g/SKILL.md", ""},
		{"proj/.agents/skills/cloned/SKILL.md", "proj"},
		{"proj/docs/deep/SKILL.md", "proj"},
		{"proj/sub/.claude/skills/s/SKILL.md", "proj/sub"},
		{"proj/.agents/skills/not-yet/SKILL.md", "proj"},
		{"lone/x/SKILL.md", ""},
		{"proj/sub2/x/y/SKILL.md", "proj/sub2"},
		{"home/notes/SKILL.md", ""},
		{"proj/.skills/t/deep/SKILL.md", "proj"},
	} {
		want := ""
		if c.want != "" {
			want = filepath.Join(dir, c.want)
		}
		p := filepath.Join(dir, c.path)
		if got := env.ProjectOf(p); got != want && !(c.want == "" && !strings.HasPrefix(got, dir)) {
			t.Errorf("ProjectOf(%s) = %q, want %q", c.path, got, want)
		}
		if got, again := w.ProjectOf(p), w.ProjectOf(p); got != env.ProjectOf(p) || again != got {
			t.Errorf("World.ProjectOf(%s) = %q, %q; Env says %q", c.path, got, again, env.ProjectOf(p))
		}
		if got := walked.ProjectOf(p); got != env.ProjectOf(p) {
			t.Errorf("after Find, ProjectOf(%s) = %q; Env says %q", c.path, got, env.ProjectOf(p))
		}
	}
	// A walked world answers from what its walk listed, not the disk: a
	// marker gone since the walk is still seen the first time it is asked.
	fresh := NewWorld(env, nil)
	if _, errs := fresh.Find(dir); len(errs) > 0 {
		t.Fatal(errs)
	}
	if err := os.Remove(filepath.Join(dir, "proj/sub2/.git")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "proj/sub2/x/y/SKILL.md")
	if got, onDisk := fresh.ProjectOf(p), env.ProjectOf(p); got != filepath.Join(dir, "proj/sub2") || onDisk != filepath.Join(dir, "proj") {
		t.Errorf("ProjectOf(%s) after its marker went: walked world %q (want proj/sub2), disk %q (want proj)", p, got, onDisk)
	}
}

// TestWorldClonedSkill: a skill that is its own git repository still
// belongs to the project whose root holds it, and collides there (for
// Gemini, which reads both roots and keeps one skill of a name).
func TestWorldClonedSkill(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.agents/skills/deploy/.git/HEAD --
x
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Cloned.
---
-- proj/.gemini/skills/deploy/SKILL.md --
---
name: deploy
description: Gemini.
---
`)).Files)
	w := newTestWorld(t, dir, skills)
	if e := w.Entry(skills[0]); e.Project != filepath.Join(dir, "proj") {
		t.Fatalf("project %q", e.Project)
	}
	if got := worldLines(t, w, dir, skills); len(got) != 2 {
		t.Fatalf("%v", got)
	}
}

// TestWorldRootsAndLoadedBy: which targets discover a file and which load
// it, from its path and its problems.
func TestWorldRootsAndLoadedBy(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.claude/skills/deploy/SKILL.md --
---
name: deploy
description: Deploy.
---
-- proj/.claude/skills/other/SKILL.md --
---
name: Wrong
description: Deploy.
---
-- proj/.claude/skills/typed/SKILL.md --
---
name: typed
description: Copilot refuses a user-invocable that is not a boolean.
user-invocable: "no"
---
`)).Files)
	w := newTestWorld(t, dir, skills)
	if got := w.Entry(skills[0]).DiscoveredBy(); !slices.Equal(got, []string{"claude-code", "copilot", "cursor", "zot", "opencode"}) {
		t.Errorf("discovered by %v", got)
	}
	// Copilot does not match the folder: a name unlike it loads.
	if got := w.Entry(skills[1]).LoadedBy(); !slices.Equal(got, []string{"claude-code", "copilot", "cursor", "zot", "opencode"}) {
		t.Errorf("loaded by %v", got)
	}
	if got := w.Entry(skills[2]).LoadedBy(); !slices.Equal(got, []string{"claude-code", "cursor", "zot", "opencode"}) {
		t.Errorf("typed field: loaded by %v", got)
	}
	w.Pinned = []*loader.Target{loader.TargetByID("zed")}
	w.Set(skills[0], w.Entry(skills[0]).Skill.Src)
	if got := targetIDs(w.Entry(skills[0]).Targets); !slices.Equal(got, []string{"agentskills", "zed"}) {
		t.Errorf("pinned targets %v", got)
	}
}

func targetIDs(ts []*loader.Target) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

// TestWorldSetDescriptionSize: typing in a description changes only its
// size for the catalogs: the budget is counted again, in place, and the
// files whose standing moved are returned — whether the catalog was
// computed before or not.
func TestWorldSetDescriptionSize(t *testing.T) {
	for _, warm := range []bool{true, false} {
		w, skills := budgetWorld(t, 50, 1010, 700) // fits exactly
		if warm {
			for _, p := range skills {
				w.Problems(p)
			}
		}
		first, last := skills[0], skills[len(skills)-1]
		src := string(w.Entry(first).Skill.Src)
		same := strings.Replace(src, "description: d", "description: e", 1)
		if got := w.Set(first, []byte(same)); len(got) != 0 {
			t.Errorf("warm=%v: same size affects %v", warm, got)
		}
		longer := strings.Replace(src, "description: ", "description: x", 1)
		got := w.Set(first, []byte(longer))
		if !slices.Contains(got, last) {
			t.Errorf("warm=%v: one byte more affects %v, not the skill it drops", warm, got)
		}
		if p := budgetProblems(w, last); len(p) != 1 || p[0].Severity != loader.Info || !strings.HasPrefix(p[0].Message, "dropped from") {
			t.Errorf("warm=%v: the last skill is not dropped: %+v", warm, p)
		}
		if got := w.Set(first, []byte(src)); !slices.Contains(got, last) {
			t.Errorf("warm=%v: one byte less affects %v, not the skill it lets back", warm, got)
		}
		if p := budgetProblems(w, last); len(p) != 1 || p[0].Severity != loader.Info {
			t.Errorf("warm=%v: the last skill is still dropped: %+v", warm, p)
		}
	}
}

// TestWorldRandomEdits applies random edits — renames into collisions,
// descriptions that move Zed's budget, files that stop loading or hide,
// removals — one at a time. After each, every file whose problems changed
// must be among the files Set or Remove returned; at the end, every file's
// problems equal those of a world that read the final files afresh.
func TestWorldRandomEdits(t *testing.T) {
	for seed := range uint64(lengthOf(6, 1)) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { randomEdits(t, seed) })
	}
}

func randomEdits(t *testing.T, seed uint64) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(seed, 2))
	names := []string{"deploy", "review", "Deploy", "release", "x"}
	var paths []string
	for i := range 80 {
		root := []string{"proj/.agents/skills", "proj/.codex/skills", "proj/.claude/skills", "proj/.gemini/skills", "home/.agents/skills", "home/.claude/skills"}[i%6]
		if i >= 12 {
			root = "proj/.agents/skills" // enough for Zed's budget
		}
		paths = append(paths, filepath.Join(dir, root, fmt.Sprintf("s%02d", i), loader.FileName))
	}
	content := map[string]string{}
	edit := func(p string) string {
		name := fmt.Sprintf("s%02d", slices.Index(paths, p))
		if rng.IntN(5) == 0 {
			name = names[rng.IntN(len(names))]
		}
		src := fmt.Sprintf("---\nname: %s\ndescription: %s\n", name, strings.Repeat("d", 960+rng.IntN(55)))
		switch rng.IntN(10) {
		case 0:
			src += "disable-model-invocation: true\n"
		case 1:
			src += "colour: red\n" // the spec refuses it
		}
		return src + "---\n" + strings.Repeat("body\n", rng.IntN(3))
	}
	var files []txtar.File
	for _, p := range paths {
		content[p] = edit(p)
		rel, _ := filepath.Rel(dir, p)
		files = append(files, txtar.File{Name: rel, Data: []byte(content[p])})
	}
	writeTree(t, dir, files)
	w := newTestWorld(t, dir, nil)
	all := func(w *World) map[string][]loader.Problem {
		out := map[string][]loader.Problem{}
		for _, p := range paths {
			out[p] = w.Problems(p)
		}
		return out
	}
	for step := range 300 {
		before := all(w)
		p := paths[rng.IntN(len(paths))]
		var affected []string
		if _, ok := content[p]; ok && rng.IntN(10) == 0 {
			delete(content, p)
			affected = w.Remove(p)
		} else {
			content[p] = edit(p)
			affected = w.Set(p, []byte(content[p]))
		}
		after := all(w)
		for _, q := range paths {
			if q != p && !reflect.DeepEqual(before[q], after[q]) && !slices.Contains(affected, q) {
				t.Fatalf("step %d: editing %s changed %s, which Set did not return (%v)\nbefore %+v\nafter  %+v",
					step, filepath.Base(filepath.Dir(p)), filepath.Base(filepath.Dir(q)), affected, before[q], after[q])
			}
		}
	}
	// A world that reads the final files afresh says the same.
	fresh := NewWorld(w.Env, w.Projects)
	for _, p := range paths {
		if src, ok := content[p]; ok {
			fresh.Set(p, []byte(src))
		}
	}
	want := all(fresh)
	budget := 0
	for _, ps := range want {
		for _, p := range ps {
			if p.Rule == "catalog-budget" {
				budget++
			}
		}
	}
	if budget == 0 {
		t.Error("the scenario no longer reaches Zed's budget")
	}
	for p, got := range all(w) {
		if !reflect.DeepEqual(got, want[p]) {
			t.Errorf("%s:\n edited %+v\n fresh  %+v", p, got, want[p])
		}
	}
}

// BenchmarkWorld10k scans a project of 10,000 skills and times a keystroke
// in one of them: in the body, in the description (Zed's budget moves), in
// the name (a collision group and the catalog change).
func BenchmarkWorld10k(b *testing.B) {
	dir := b.TempDir()
	for i := range 10000 {
		p := filepath.Join(dir, "proj", ".agents", "skills", fmt.Sprintf("s%05d", i), loader.FileName)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(fmt.Sprintf("---\nname: s%05d\ndescription: Skill number %d does things.\n---\n# Body\n", i, i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	scan := func(b *testing.B) *World {
		w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
		if errs := w.Scan(); len(errs) > 0 {
			b.Fatal(errs)
		}
		for _, p := range w.Paths() {
			w.Problems(p)
		}
		return w
	}
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			scan(b)
		}
	})
	w := scan(b)
	p := w.Paths()[5000]
	for _, c := range []struct {
		name string
		text func(i int) string
	}{
		{"body", func(i int) string {
			return fmt.Sprintf("---\nname: s05000\ndescription: Skill number 5000 does things.\n---\n# Body %d\n", i)
		}},
		{"description", func(i int) string {
			return "---\nname: s05000\ndescription: Skill changed" + strings.Repeat("!", i) + ".\n---\n# Body\n"
		}},
		{"name", func(i int) string {
			return fmt.Sprintf("---\nname: s05000-%d\ndescription: Skill number 5000 does things.\n---\n# Body\n", i)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				w.Set(p, []byte(c.text(i%7)))
				w.Problems(p)
				i++
			}
		})
	}
}

// TestProblemsOfMatchesProblems: the parallel batch says what the one-file
// call says, after a scan and after edits that leave catalogs stale, over
// collisions across scopes and a budget overflow.
func TestProblemsOfMatchesProblems(t *testing.T) {
	w, skills := budgetWorld(t, 60, 1010, 500)
	dir := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(skills[0])))))
	more := writeTree(t, dir, txtar.Parse([]byte(`-- home/.agents/skills/skill-001/SKILL.md --
---
name: skill-001
description: Global twin.
---
-- proj/.claude/skills/skill-002/SKILL.md --
---
name: skill-002
description: Claude twin.
---
`)).Files)
	if errs := w.Load(more); len(errs) > 0 {
		t.Fatal(errs)
	}
	skills = append(skills, more...)
	check := func(when string) {
		t.Helper()
		batch := w.ProblemsOf(append(slices.Clone(skills), filepath.Join(dir, "nowhere", loader.FileName)))
		for i, p := range skills {
			if one := w.Problems(p); !reflect.DeepEqual(one, batch[i]) {
				t.Errorf("%s: %s:\n one   %v\n batch %v", when, p, one, batch[i])
			}
		}
		if batch[len(batch)-1] != nil {
			t.Errorf("%s: a file the world does not hold: %v", when, batch[len(batch)-1])
		}
		rules := map[string]bool{}
		for _, ps := range batch {
			for _, p := range ps {
				rules[p.Rule] = true
			}
		}
		for _, r := range []string{"name-shadowed", "catalog-budget"} {
			if !rules[r] {
				t.Errorf("%s: no %s in the batch: the world tests too little", when, r)
			}
		}
	}
	check("after the scan")
	w.Set(skills[3], []byte("---\nname: skill-001\ndescription: Now a twin too.\n---\n"))
	w.Set(skills[10], []byte("---\nname: skill-010\ndescription: "+strings.Repeat("x", 3000)+"\n---\n"))
	check("after edits")
}

// TestWorldCodexKeepsAll: codex loads and lists every skill of a shared
// name, across its roots and within one; Copilot, searching .agents/skills
// as deep, keeps one.
func TestWorldCodexKeepsAll(t *testing.T) {
	dir := t.TempDir()
	skills := writeTree(t, dir, txtar.Parse([]byte(`
-- proj/.git/HEAD --
ref: main
-- proj/.codex/skills/deploy/SKILL.md --
---
name: deploy
description: Codex deploy.
---
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Shared deploy.
---
-- proj/.agents/skills/group/deploy/SKILL.md --
---
name: deploy
description: Nested deploy.
---
`)).Files)
	w := newTestWorld(t, dir, skills)
	proj := filepath.Join(dir, "proj")
	codex := loader.TargetByID("codex")
	loads := w.Loads(codex, proj)
	if len(loads) != 3 {
		t.Fatalf("codex loads %d skills, want 3", len(loads))
	}
	for _, l := range loads {
		if !l.Winner {
			t.Errorf("codex: %s loses its name", l.Skill.Path)
		}
	}
	if got := w.Catalog(codex, proj); len(got) != 3 {
		t.Errorf("codex lists %d skills, want 3", len(got))
	}
	for _, p := range skills {
		for _, pr := range w.Problems(p) {
			if (pr.Rule == "name-duplicate" || pr.Rule == "name-shadowed") && slices.Contains(pr.Targets, "codex") {
				t.Errorf("%s: %s for codex", p, pr.Rule)
			}
		}
	}
	copilot := w.Loads(loader.TargetByID("copilot"), proj)
	winners := 0
	for _, l := range copilot {
		if l.Winner {
			winners++
		}
	}
	if len(copilot) != 2 || winners != 1 {
		t.Errorf("copilot: %d of %d skills win the name deploy, want 1 of 2", winners, len(copilot))
	}
}
