package skillcore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestBudgetRandomEdits grows and shrinks descriptions at random in a
// catalog around the edge of Zed's budget, and after every edit holds the
// world, counted incrementally, to one that counts from scratch: the same
// findings for every file, the same catalog, and every file whose budget
// finding changed among the files Set returned.
func TestBudgetRandomEdits(t *testing.T) {
	seeds, steps := uint64(lengthOf(4, 1)), lengthOf(150, 40)
	for seed := uint64(1); seed <= seeds; seed++ {
		w, skills := budgetWorld(t, 60, 900, 400)
		src := map[string]string{}
		for _, p := range skills {
			src[p] = string(w.Entry(p).Skill.Src)
			w.Problems(p)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for step := range steps {
			p := skills[rng.IntN(len(skills))]
			before := map[string]string{}
			for _, q := range skills {
				before[q] = fmt.Sprint(budgetProblems(w, q))
			}
			delta := rng.IntN(600) - 300
			text := src[p]
			if delta > 0 {
				text = strings.Replace(text, "description: ", "description: "+strings.Repeat("e", delta), 1)
			} else if i := strings.Index(text, "description: "); i >= 0 {
				line := text[i:]
				line = line[:strings.IndexByte(line, '\n')]
				cut := min(-delta, len(line)-len("description: ")-1)
				text = strings.Replace(text, line, line[:len(line)-cut], 1)
			}
			src[p] = text
			got := w.Set(p, []byte(text))

			fresh := newTestWorld(t, t.TempDir(), nil)
			fresh.Env, fresh.Projects = w.Env, w.Projects
			for _, q := range skills {
				fresh.Set(q, []byte(src[q]))
			}
			for _, q := range skills {
				now := fmt.Sprint(budgetProblems(w, q))
				if want := fmt.Sprint(budgetProblems(fresh, q)); now != want {
					t.Fatalf("seed %d step %d: %s: incremental %s, fresh %s", seed, step, q, now, want)
				}
				if q != p && now != before[q] && !slices.Contains(got, q) {
					t.Fatalf("seed %d step %d: %s changed but was not returned", seed, step, q)
				}
			}
			zed := loader.TargetByID("zed")
			a, b := w.Catalog(zed, w.Projects[0]), fresh.Catalog(zed, fresh.Projects[0])
			if len(a) != len(b) {
				t.Fatalf("seed %d step %d: catalog of %d, fresh %d", seed, step, len(a), len(b))
			}
			for i := range a {
				if a[i].Skill.Path != b[i].Skill.Path || a[i].Dropped != b[i].Dropped || a[i].Used != b[i].Used {
					t.Fatalf("seed %d step %d: entry %d: %+v, fresh %+v", seed, step, i, a[i], b[i])
				}
			}
		}
	}
}

// lengthOf is how long a random-edit test runs: full, or under the race
// detector or -short the shorter length (see raceEnabled).
func lengthOf(full, short int) int {
	if raceEnabled || testing.Short() {
		return short
	}
	return full
}
