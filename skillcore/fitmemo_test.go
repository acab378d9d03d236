package skillcore

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestFitMemoFitsAsFresh: fits made one after another through one memo,
// as a resolution refits at each keystroke (a description grows, the
// catalog shrinks, the roots change), are the fits made from nothing.
func TestFitMemoFitsAsFresh(t *testing.T) {
	for _, id := range []string{"codex", "claude-code"} {
		tg := *loader.TargetByID(id)
		tg.Fit.Limit = 400 // small: descriptions are cut and skills dropped
		entries := func(n, long int, rootOf func(i int) string) []loader.CatalogEntry {
			out := make([]loader.CatalogEntry, n)
			for i := range out {
				name, root := fmt.Sprintf("s%02d", i), rootOf(i)
				desc := "does thing " + name
				if i == 3 {
					desc += strings.Repeat(" and more", long)
				}
				src := "---\nname: " + name + "\ndescription: " + desc + "\n---\n"
				out[i] = loader.CatalogEntry{Skill: loader.Parse(root+"/"+name+"/SKILL.md", []byte(src)), Scope: loader.ScopeGlobal, Root: root, RootRank: i % 3}
			}
			return out
		}
		cache := func(i int) string { return fmt.Sprintf("/h/.codex/plugins/cache/m/p%02d/1.0.0/skills", i) }
		plain := func(i int) string { return fmt.Sprintf("/h/r%d/skills", i%3) }
		memo := &loader.FitMemo{Texts: map[*loader.Skill]string{}}
		for step, es := range [][]loader.CatalogEntry{
			entries(28, 0, cache), entries(28, 5, cache), entries(28, 50, cache),
			entries(9, 50, cache), entries(28, 50, plain), entries(40, 1, plain), entries(0, 0, plain),
		} {
			got := fitEntries(&tg, es, memo)
			want := fitEntries(&tg, es, nil)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, step %d: through the memo %v, fresh %v", id, step, got, want)
			}
		}
	}
}
