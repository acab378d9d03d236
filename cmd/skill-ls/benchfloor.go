package main

import (
	"fmt"
	"io"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// floor is "bench --floor DIR": the least a check of DIR must do, walk the
// tree and read every SKILL.md whole (skillcore.Floor), as a process of
// its own so that it is timed as check is, start-up included.
func floor(dir string, stdout, stderr io.Writer) int {
	read, errs := skillcore.Floor(dir)
	fmt.Fprintf(stdout, "%d %s files, %d bytes\n", read.Files, loader.FileName, read.Bytes)
	if len(errs) > 0 {
		fmt.Fprintf(stderr, "skill-ls: %d %s not walked or read, as: %s\n", len(errs), plural(len(errs), "entry", "entries"), escapeText(errs[0].Error()))
	}
	return exitOK
}

// timeTree times check of dir, its floor and the peer (when not "") in
// turns, and adds check's and the peer's time as ratios to the floor.
func timeTree(add func(...benchResult), exe, home, label, dir, peer string, runs int, wallBudget, rssBudget float64) error {
	procs := []benchProc{checkProc(exe, home, dir), floorProc(exe, dir)}
	if peer != "" {
		p, err := peerProc(peer, dir)
		if err != nil {
			return err
		}
		procs = append(procs, p)
	}
	times, err := timeAlternated(procs, runs)
	if err != nil {
		return err
	}
	check, fl := times[0], times[1]
	add(benchResult{Name: "check " + label + ": wall", Value: ms(check.wall), Unit: "ms", Budget: wallBudget},
		benchResult{Name: "check " + label + ": peak RSS", Value: mib(check.rss), Unit: "MiB", Budget: rssBudget},
		benchResult{Name: "floor " + label + ": wall (walk and read)", Value: ms(fl.wall), Unit: "ms"},
		benchResult{Name: "check " + label + ": times the floor", Value: ratio(check.wall, fl.wall), Unit: "x", Budget: 1.5})
	if peer == "" {
		return nil
	}
	p := times[2]
	add(benchResult{Name: "peer " + label + ": wall", Value: ms(p.wall), Unit: "ms"},
		benchResult{Name: "peer " + label + ": peak RSS", Value: mib(p.rss), Unit: "MiB"},
		benchResult{Name: "peer " + label + ": times the floor", Value: ratio(p.wall, fl.wall), Unit: "x"},
		benchResult{Name: "check " + label + ": times faster than peer", Value: ratio(p.wall, check.wall), Unit: "x", Budget: 10, AtLeast: true})
	return nil
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(max(b, 1)) }
