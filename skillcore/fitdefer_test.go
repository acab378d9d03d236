package skillcore

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestDeferredFitsTellEveryChange adds, removes and edits skills at random
// in catalogs past Claude Code's and Codex's budgets, in a world that
// defers their fits. After every change, read as a server reads (the
// findings of every file), the world says what one fitted at once says,
// and every file whose findings changed was either returned by the change
// or told to OnFit.
func TestDeferredFitsTellEveryChange(t *testing.T) {
	dir := t.TempDir()
	w := newTestWorld(t, dir, nil)
	w.DeferFits = true
	var heard []string
	w.OnFit = func(paths []string) { heard = append(heard, paths...) }
	src := map[string]string{}
	skill := func(name string, size int) string {
		return fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n", name, strings.Repeat("d", size))
	}
	newPath := func(i int) string {
		root := []string{".claude/skills", ".agents/skills"}[i%2]
		return filepath.Join(dir, "proj", root, fmt.Sprintf("s%03d", i), loader.FileName)
	}
	for i := range 240 {
		p := newPath(i)
		src[p] = skill(fmt.Sprintf("s%03d", i), 150+i%100)
		w.Set(p, []byte(src[p]))
	}
	findings := func(w *World) map[string]string {
		out := map[string]string{}
		for p := range src {
			out[p] = fmt.Sprint(w.Problems(p))
		}
		return out
	}
	before := findings(w)
	rng := rand.New(rand.NewPCG(7, 1))
	next, told := 240, 0
	for step := range lengthOf(80, 12) {
		var got []string // and self, the file changed
		var self string
		switch op := rng.IntN(3); {
		case op == 0: // a new skill
			p := newPath(next)
			src[p] = skill(fmt.Sprintf("s%03d", next), 50+rng.IntN(300))
			next++
			got, self = w.Set(p, []byte(src[p])), p
		case op == 1 && len(src) > 0: // one gone
			p := slices.Sorted(maps.Keys(src))[rng.IntN(len(src))]
			delete(src, p)
			delete(before, p)
			got, self = w.Remove(p), p
		default: // a description grown or cut
			p := slices.Sorted(maps.Keys(src))[rng.IntN(len(src))]
			src[p] = skill(filepath.Base(filepath.Dir(p)), 20+rng.IntN(400))
			got, self = w.Set(p, []byte(src[p])), p
		}
		heard = nil
		now := findings(w)
		fresh := newTestWorld(t, t.TempDir(), nil)
		fresh.Env, fresh.Projects = w.Env, w.Projects
		for p, text := range src {
			fresh.Set(p, []byte(text))
		}
		want := findings(fresh)
		for p := range src {
			if now[p] != want[p] {
				t.Fatalf("step %d: %s: deferred %s, at once %s", step, p, now[p], want[p])
			}
			if b, ok := before[p]; ok && p != self && b != now[p] && !slices.Contains(got, p) && !slices.Contains(heard, p) {
				t.Fatalf("step %d: %s changed but was neither returned nor told:\nwas %s\nnow %s", step, p, b, now[p])
			}
		}
		if len(heard) > 0 {
			told++
		}
		before = now
	}
	if told == 0 {
		t.Fatal("no deferred fit told of a change: the catalogs are not near their budgets")
	}
}
