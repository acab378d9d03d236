package lsp

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// Opening one more unsaved skill costs the server what that file changes,
// however many are open: not a new resolution of every catalog the file
// joins, nor a look at every open buffer on disk. Measured as the
// allocations of an open and a close among n and 2n open skills, before
// the first scan (nothing is published, so nothing else runs meanwhile);
// the skills sit in a global root, so every one joins the catalogs.
func TestOpenCostsWhatTheFileChanges(t *testing.T) {
	allocs := func(n int) float64 {
		h := start(t, "", setup{noInitialized: true})
		body := strings.Repeat("Read the report and summarize it in three lines.\n", 40)
		for i := range n {
			h.open(fmt.Sprintf("home/.claude/skills/s%d/SKILL.md", i), fmt.Sprintf("---\nname: s%d\ndescription: Does thing %d.\n---\n%s", i, i, body), 1)
		}
		h.roundTrip()
		const rel = "home/.claude/skills/extra/SKILL.md"
		text := "---\nname: extra\ndescription: Does one more thing.\n---\n" + body
		// AllocsPerRun counts the whole process: what else runs meanwhile
		// (the race detector's, the runtime's, a loaded machine's late
		// timers) only adds, so the least of a few measures is the open's.
		least := math.Inf(1)
		for range 3 {
			least = min(least, testing.AllocsPerRun(10, func() {
				h.open(rel, text, 1)
				h.closeDoc(rel)
				h.roundTrip()
			}))
		}
		h.close() // its server is gone before the next one is measured
		return least
	}
	small, large := allocs(100), allocs(200)
	t.Logf("allocations per open and close: %.0f among 100 open skills, %.0f among 200", small, large)
	if large > small*1.1 {
		t.Errorf("an open among 200 skills allocates %.0f times, among 100 %.0f: it grows with the skills open", large, small)
	}
}
