package main

import (
	"runtime"
	"testing"
)

// TestCeilingFor: the ceiling holds until half again the live heap passes
// it, then follows the live heap, so the collector never runs back to back.
func TestCeilingFor(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int64
	}{
		{0, memoryCeiling},
		{40 << 20, memoryCeiling},
		{60 << 20, memoryCeiling},
		{80 << 20, 120 << 20},
		{1 << 41, 3 << 39},
	} {
		if got := ceilingFor(tc.live); got != tc.want {
			t.Errorf("ceilingFor(%d MiB) = %d MiB, want %d MiB", tc.live>>20, got>>20, tc.want>>20)
		}
	}
}

// TestIdleGiveBack: once nothing is allocated for quietTime, a heap
// holding far more than its live bytes is collected and given back; while
// allocating, it is left alone.
func TestIdleGiveBack(t *testing.T) {
	var g idleGiveBack
	g.tick(quietTime)
	junk := make([][]byte, 0, 64)
	for range 64 {
		junk = append(junk, make([]byte, 1<<20))
	}
	junk = nil
	runtime.GC() // garbage freed, not yet given back
	g.tick(quietTime)
	if g.freed != 0 {
		t.Fatal("gave back while allocating")
	}
	g.tick(quietTime)
	if g.freed != 1 {
		t.Fatalf("gave back %d times once quiet, want 1", g.freed)
	}
	g.tick(quietTime)
	if g.freed != 1 {
		t.Fatalf("gave back %d times with nothing to give, want 1", g.freed)
	}
	_ = junk
}
