package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The heap ceiling of a check and of the server. Reading a large tree
// leaves garbage behind at the pace of the reads, and the collector's
// default pace lets the heap reach twice what is live: a 10,000-skill
// workspace peaked at 120-140 MiB resident. A soft limit of memoryCeiling
// keeps the peak near it. The runtime's limit is soft: a tree whose live
// heap comes near it would have the collector run back to back (a
// 10,000-skill check took 1.24 s instead of 0.74 s when its live heap
// passed 55 MiB), so the limit is raised to half again the live heap as
// soon as a collection finds that above it. A GOMEMLIMIT the user sets
// wins.
const memoryCeiling = 90 << 20

// holdMemoryCeiling sets the ceiling and raises it as the live heap grows,
// looking every interval, until the returned stop is called.
func holdMemoryCeiling(interval time.Duration) (stop func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	debug.SetMemoryLimit(memoryCeiling)
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(interval)
		defer tick.Stop()
		limit := int64(memoryCeiling)
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 {
				continue
			}
			// Setting the limit stops the world: only when it moves.
			if l := ceilingFor(sample[0].Value.Uint64()); l != limit {
				limit = l
				debug.SetMemoryLimit(limit)
			}
		}
	}()
	return func() {
		close(done)
		<-ended
	}
}

// ceilingFor is the limit for a live heap of live bytes.
func ceilingFor(live uint64) int64 {
	live = min(live, 1<<40)
	return max(memoryCeiling, int64(live+live/2))
}
