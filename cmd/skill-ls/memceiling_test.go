package main

import "testing"

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
