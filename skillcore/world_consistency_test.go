package skillcore

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// A world keeps its catalogs up to date change by change (swap, update)
// rather than building them again. Whatever the changes, every catalog it
// holds must be the one a fresh build of the world as it now stands would
// make: a member missing from it, or a member kept that is no longer the
// world's, is a wrong world (a collision group member without a root once
// crashed the language server).
func TestWorldCatalogsStayFresh(t *testing.T) {
	for seed := range uint64(3) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { catalogsStayFresh(t, seed) })
	}
}

// catalogsStayFresh makes random changes to a world with installed plugins
// and colliding names, and checks its catalogs after each.
func catalogsStayFresh(t *testing.T, seed uint64) {
	home, project := fakeMachine(t, "full")
	w := NewWorld(Env{Home: home}, []string{project})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	paths := slices.Clone(w.Paths())
	for _, dir := range []string{
		filepath.Join(project, ".agents", "skills"),
		filepath.Join(project, ".gemini", "skills"),
		filepath.Join(project, ".claude", "skills"),
		filepath.Join(project, ".github", "skills"),
		filepath.Join(home, ".agents", "skills"),
		filepath.Join(home, ".copilot", "skills"),
		filepath.Join(project, "sub", ".agents", "skills"),
	} {
		for _, n := range []string{"review", "x", "123"} {
			paths = append(paths, filepath.Join(dir, n, loader.FileName))
		}
	}
	// Texts that differ the way edits do: in the name only as one agent
	// reads it (a number, quoted or not; broken YAML a line reader reads
	// past), hidden or not, refused or not.
	texts := []string{
		"---\nname: review\ndescription: Review.\n---\n",
		"---\nname: review\ndescription: Review, longer.\n---\n",
		"---\nname: x\ndescription: X.\n---\n",
		"---\nname: 123\ndescription: A number.\n---\n",
		"---\nname: \"123\"\ndescription: A number.\n---\n",
		"---\nname: review\ndescription: Review.\ndisable-model-invocation: true\n---\n",
		"---\nname: review\ndescription: [broken\n---\n",
		"---\nname: x\ndescription: [broken\n---\n",
		"---\nname: review\ndescription: a: b\n---\n",
		"---\nname: x\ndescription: a: b\n---\n",
		"---\ndescription: No name.\n---\n",
		"no frontmatter\n",
	}
	projects := []string{"", project, filepath.Join(project, "sub"), filepath.Join(home, "elsewhere")}
	r := rand.New(rand.NewPCG(seed, 1))
	for step := range 600 {
		var op string
		switch k := r.IntN(10); {
		case k < 6:
			p, text := paths[r.IntN(len(paths))], texts[r.IntN(len(texts))]
			op = fmt.Sprintf("set %s to %q", p, text)
			w.Set(p, []byte(text))
		case k < 8:
			p := paths[r.IntN(len(paths))]
			op = "remove " + p
			w.Remove(p)
		case k < 9:
			t, p := loader.Targets[r.IntN(len(loader.Targets))], projects[r.IntN(len(projects))]
			op = fmt.Sprintf("catalog of %s in %q", t.ID, p)
			w.Catalog(t, p)
		default:
			op = "problems of every file"
			w.ProblemsOf(w.Paths())
		}
		if err := w.staleCatalog(); err != nil {
			t.Fatalf("step %d, after %s: %v", step, op, err)
		}
	}
}

// staleCatalog reports the first catalog of the current world that differs
// from a fresh build of its context.
func (w *World) staleCatalog() error {
	for ctx, res := range w.cache {
		if res.gen != w.gen {
			continue // built again when next read
		}
		fresh := w.build(ctx)
		where := fmt.Sprintf("%s in %q", ctx.target.ID, ctx.project)
		if !slices.Equal(res.members, fresh.members) {
			return fmt.Errorf("%s: members %v, a fresh build has %v", where, pathsOf(res.members), pathsOf(fresh.members))
		}
		if len(res.groups) != len(fresh.groups) {
			return fmt.Errorf("%s: %d names, a fresh build has %d", where, len(res.groups), len(fresh.groups))
		}
		for name, g := range fresh.groups {
			if !slices.Equal(res.groups[name], g) {
				return fmt.Errorf("%s: name %q has %v, a fresh build %v", where, name, pathsOf(res.groups[name]), pathsOf(g))
			}
		}
		for e, r := range fresh.root {
			if res.root[e] != r {
				return fmt.Errorf("%s: %s found under %v, a fresh build %v", where, e.Skill.Path, res.root[e], r)
			}
		}
		if len(res.root) != len(fresh.root) {
			return fmt.Errorf("%s: %d roots of members, a fresh build %d", where, len(res.root), len(fresh.root))
		}
	}
	return nil
}

func pathsOf(es []*Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Skill.Path
	}
	return out
}

// An edit that changes the name only as one agent reads it (Gemini's line
// reader reads the name past YAML that does not parse) moves the file to
// another name in that agent's catalog: the edit after it found the file
// under a name it no longer had, and left a collision group with a member
// without a root (the language server's crash in collisions).
func TestNameSeenByOneAgentOnly(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{project})
	a := filepath.Join(project, ".gemini", "skills", "a", loader.FileName)
	b := filepath.Join(project, ".gemini", "skills", "b", loader.FileName)
	c := filepath.Join(project, ".gemini", "skills", "c", loader.FileName)
	w.Set(a, []byte("---\nname: review\ndescription: Review.\n---\n"))
	w.Set(c, []byte("---\nname: x\ndescription: X.\n---\n"))
	for _, text := range []string{
		"---\nname: x\ndescription: a: b\n---\n",
		"---\nname: review\ndescription: a: b\n---\n", // the same to YAML, review to Gemini
		"---\nname: review\ndescription: Fixed.\n---\n",
		"---\nname: x\ndescription: Fixed.\n---\n",
	} {
		w.Set(b, []byte(text))
		w.ProblemsOf([]string{a, b, c})
		if err := w.staleCatalog(); err != nil {
			t.Fatalf("after %q: %v", text, err)
		}
	}
}
