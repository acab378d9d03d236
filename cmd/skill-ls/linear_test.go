package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// linearSlack bounds the growth of the work from one doubling of the
// workspace to the next. The suite checks n, 2n and 4n skills and compares
// the increments, W(4n)-W(2n) against W(2n)-W(n): fixed costs and offsets
// (a catalog's budget that n skills already overflow) cancel out, so work
// that grows as the workspace does gives 2 and work that grows as its
// square gives 4. The slack over 2 is for sorting (n log n) and the few
// counters that move with the scheduler (buffers a busy worker grows).
const linearSlack = 2.5

// checkWork is what one check did, counted rather than timed, so that a
// busy machine cannot change it.
type checkWork struct {
	allocs, allocBytes uint64 // heap allocations and their bytes
	reads, readBytes   uint64 // read system calls and bytes (Linux)
	out                uint64 // bytes of the JSON report
}

type measure struct {
	name string
	v    float64
}

func (w checkWork) measures() []measure {
	return []measure{{"allocations", float64(w.allocs)}, {"bytes allocated", float64(w.allocBytes)},
		{"read calls", float64(w.reads)}, {"bytes read", float64(w.readBytes)}, {"report bytes", float64(w.out)}}
}

// TestCheckWorkIsLinear: for each workspace shape, doubling the workspace
// at most doubles a check's work. A rule that looks at every other skill
// for each skill (name-confusable did, for non-ASCII names) quadruples it.
func TestCheckWorkIsLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("counted without the race detector (scripts/test.sh runs it so)")
	}
	if testing.Short() {
		t.Skip("writes and checks workspaces of up to 2,000 skills")
	}
	for _, shape := range workspaceShapes {
		t.Run(shape.name, func(t *testing.T) {
			n := shape.n
			if n == 0 {
				n = 100
			}
			w := []checkWork{shapeWork(t, shape, n), shapeWork(t, shape, 2*n), shapeWork(t, shape, 4*n)}
			for i := range w[0].measures() {
				a, b, c := w[0].measures()[i].v, w[1].measures()[i].v, w[2].measures()[i].v
				name := w[0].measures()[i].name
				growth := (c - b) / max(b-a, 1)
				t.Logf("%s: %.0f, %.0f, %.0f at %d, %d, %d skills: the second doubling adds %.2fx what the first did", name, a, b, c, n, 2*n, 4*n, growth)
				if a > 0 && growth > linearSlack {
					t.Errorf("%s: %.0f, %.0f, %.0f at %d, %d, %d skills: the second doubling adds %.2fx what the first did (linear: 2, at most %.1f)", name, a, b, c, n, 2*n, 4*n, growth, linearSlack)
				}
			}
		})
	}
}

// shapeWork writes the shape at n skills and counts a check of it: the
// least of two checks, after one that warms what a process sets up once.
func shapeWork(t *testing.T, shape workspaceShape, n int) checkWork {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "proj")
	shape.write(t, dir, n)
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", filepath.Join(filepath.Dir(dir), "home"))
	t.Setenv("CODEX_HOME", "")
	t.Setenv("ZOT_HOME", "")
	countCheck(t, dir)
	best, w := countCheck(t, dir), countCheck(t, dir)
	best.allocs, best.allocBytes = min(best.allocs, w.allocs), min(best.allocBytes, w.allocBytes)
	best.reads, best.readBytes = min(best.reads, w.reads), min(best.readBytes, w.readBytes)
	return best
}

// countCheck runs check --format json on dir in-process and counts it.
func countCheck(t *testing.T, dir string) checkWork {
	t.Helper()
	var out, errb bytes.Buffer
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	io0 := procIO()
	code := run([]string{"check", "--format", "json", dir}, strings.NewReader(""), &out, &errb)
	io1 := procIO()
	runtime.ReadMemStats(&after)
	if code != exitOK && code != exitFindings {
		t.Fatalf("check %s: exit %d: %s", dir, code, errb.String())
	}
	return checkWork{
		allocs: after.Mallocs - before.Mallocs, allocBytes: after.TotalAlloc - before.TotalAlloc,
		reads: io1["syscr"] - io0["syscr"], readBytes: io1["rchar"] - io0["rchar"],
		out: uint64(out.Len()),
	}
}

// procIO reads the process's I/O counters (Linux's /proc/self/io); empty
// elsewhere, where the read measures are then 0 and not compared.
func procIO() map[string]uint64 {
	out := map[string]uint64{}
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ": ")
		if n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64); ok && err == nil {
			out[k] = n
		}
	}
	return out
}
