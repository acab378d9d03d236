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
// its own so that it is timed as check is, start-up included. With
// --floor-files, the other files of each skill folder are read too, as
// check reads them (skillcore.FloorFiles): the floor of the same files.
func floor(dir string, files bool, stdout, stderr io.Writer) int {
	read := skillcore.Floor
	if files {
		read = skillcore.FloorFiles
	}
	r, errs := read(dir)
	fmt.Fprintf(stdout, "%d %s files, %d bytes", r.Files, loader.FileName, r.Bytes)
	if files {
		fmt.Fprintf(stdout, "; %d other files, %d bytes", r.OtherFiles, r.OtherBytes)
	}
	fmt.Fprintln(stdout)
	if len(errs) > 0 {
		fmt.Fprintf(stderr, "skill-ls: %d %s not walked or read, as: %s\n", len(errs), plural(len(errs), "entry", "entries"), escapeText(errs[0].Error()))
	}
	return exitOK
}

// timeTree times check of dir, its floor and the peer (when not "") in
// turns, and adds check's and the peer's time as ratios to the floor.
func timeTree(add func(...benchResult), exe, home, label, dir, peer string, runs int, wallBudget, rssBudget float64) error {
	procs := []benchProc{checkProc(exe, home, dir), floorProc(exe, dir, false), floorProc(exe, dir, true)}
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
	check, fl, all := times[0], times[1], times[2]
	add(benchResult{Name: "check " + label + ": wall", Value: ms(check.wall), Unit: "ms", Budget: wallBudget},
		benchResult{Name: "check " + label + ": peak RSS", Value: mib(check.rss), Unit: "MiB", Budget: rssBudget},
		benchResult{Name: "floor " + label + ": wall (SKILL.md files)", Value: ms(fl.wall), Unit: "ms"},
		benchResult{Name: "floor " + label + ": wall (the same files)", Value: ms(all.wall), Unit: "ms"},
		benchResult{Name: "check " + label + ": times the SKILL.md floor", Value: ratio(check.wall, fl.wall), Unit: "x"},
		benchResult{Name: "check " + label + ": times the same files' floor", Value: ratio(check.wall, all.wall), Unit: "x", Budget: 1.5})
	if peer == "" {
		return nil
	}
	p := times[3]
	add(benchResult{Name: "peer " + label + ": wall", Value: ms(p.wall), Unit: "ms"},
		benchResult{Name: "peer " + label + ": peak RSS", Value: mib(p.rss), Unit: "MiB"},
		benchResult{Name: "peer " + label + ": times the same files' floor", Value: ratio(p.wall, all.wall), Unit: "x"},
		benchResult{Name: "check " + label + ": times faster than peer", Value: ratio(p.wall, check.wall), Unit: "x", Budget: 15, AtLeast: true})
	return nil
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(max(b, 1)) }
