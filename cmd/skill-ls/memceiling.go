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
// looking every interval, until the returned stop is called. With
// giveBack (a server), memory the heap no longer needs is given back to
// the system once the process has gone quiet (see idleGiveBack).
func holdMemoryCeiling(interval time.Duration, giveBack bool) (stop func()) {
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
		var quiet idleGiveBack
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			if giveBack {
				quiet.tick(interval)
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

// idleGiveBack gives the heap's spare memory back to the system once the
// process has allocated next to nothing for a while. The runtime keeps
// what a burst of work freed (an editor opening and closing 1,200 unsaved
// documents of 100 KB: 20 MiB resident before, 196 at the peak) until a
// collection finds it garbage and its scavenger returns it, a few pages at
// a time; a server gone quiet allocates nothing, so no collection comes
// and 100-160 MiB stayed resident 10 s after the last close. Asked only
// when quiet (so never between keystrokes) and only when the heap holds
// much more than its live bytes, debug.FreeOSMemory collects and returns
// it at once.
type idleGiveBack struct {
	samples  []metrics.Sample
	quietFor time.Duration
	lastAll  uint64
	freed    int // times given back, for tests
}

// Quiet: less than quietBytes allocated in each interval for quietTime.
// Spare: the heap held above the live heap, past which it is worth a
// collection.
const (
	quietBytes = 256 << 10
	quietTime  = 2 * time.Second
	spareBytes = 24 << 20
)

func (g *idleGiveBack) tick(interval time.Duration) {
	if g.samples == nil {
		g.samples = []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/live:bytes"},
			{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	}
	metrics.Read(g.samples)
	for _, s := range g.samples {
		if s.Value.Kind() != metrics.KindUint64 {
			return
		}
	}
	all, live := g.samples[0].Value.Uint64(), g.samples[1].Value.Uint64()
	held := g.samples[2].Value.Uint64() + g.samples[3].Value.Uint64() + g.samples[4].Value.Uint64()
	if all-g.lastAll < quietBytes {
		g.quietFor += interval
	} else {
		g.quietFor = 0
	}
	g.lastAll = all
	if g.quietFor >= quietTime && held > live+spareBytes {
		debug.FreeOSMemory()
		g.freed++
		metrics.Read(g.samples[:1])
		g.lastAll, g.quietFor = g.samples[0].Value.Uint64(), 0
	}
}
