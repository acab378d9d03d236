package main

import (
	"context"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The server's heap ceiling. Reading a large workspace leaves garbage
// behind at the pace of the reads, and the collector's default pace lets
// the heap reach twice what is live: a 10,000-skill workspace peaked at
// 120-130 MiB resident for 45 MiB live. A soft limit keeps the peak near
// serverMemoryCeiling; a workspace whose live heap needs more raises it
// to twice what is live, so that the collector never runs back to back
// (the runtime's limit is soft, and would spend up to half the CPU).
// A GOMEMLIMIT the user sets wins.
const serverMemoryCeiling = 90 << 20

// holdMemoryCeiling sets the ceiling and raises it, every interval until
// ctx ends, to twice the heap the last collection found live.
func holdMemoryCeiling(ctx context.Context, interval time.Duration) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(serverMemoryCeiling)
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(ceilingFor(sample[0].Value.Uint64()))
			}
		}
	}()
}

// ceilingFor is the limit for a live heap of live bytes.
func ceilingFor(live uint64) int64 {
	return max(serverMemoryCeiling, int64(min(live, 1<<40))*2)
}
