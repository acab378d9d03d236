package main

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// benchProc is a process the bench times: a command line, its
// environment added to ours, and which exit statuses mean it ran.
type benchProc struct {
	args []string
	env  []string
	// findings is the exit status that still means a run (check's on
	// findings); -1 takes any status (a peer's linter exits non-zero on
	// findings in its own way).
	findings int
}

// procTime is a process's median wall time and largest peak RSS, with
// every run's wall time in the order run.
type procTime struct {
	wall  time.Duration
	rss   int64
	walls []time.Duration
	// cpus are each run's CPU time, user and system: a busy machine
	// makes a run wait for a core, which the wall time counts and this
	// does not.
	cpus []time.Duration
}

// timeAlternated runs each process in turn, runs rounds of them, and
// returns each one's median wall time and largest peak RSS. Taking turns,
// a slow spell of the shared machine slows them all alike, so their
// ratios hold better than their times.
func timeAlternated(procs []benchProc, runs int) ([]procTime, error) {
	walls := make([][]time.Duration, len(procs))
	out := make([]procTime, len(procs))
	for range max(runs, 1) {
		for i, p := range procs {
			cmd := exec.Command(p.args[0], p.args[1:]...)
			cmd.Env = append(os.Environ(), p.env...)
			// Nil: the null device, as hyperfine gives its commands. An
			// io.Discard would be a pipe the bench copies from, and a
			// process writing a report of megabytes (check) would wait on
			// the bench's copying, which the floor, writing a line, never
			// does: a cost of the bench, not of the process timed.
			cmd.Stdout, cmd.Stderr = nil, nil
			start := time.Now()
			err := cmd.Run()
			walls[i] = append(walls[i], time.Since(start))
			if ee, ok := err.(*exec.ExitError); err != nil && (!ok || p.findings >= 0 && ee.ExitCode() != p.findings) {
				return nil, fmt.Errorf("%s: %w", strings.Join(p.args, " "), err)
			}
			out[i].rss = max(out[i].rss, peakRSS(cmd.ProcessState))
			out[i].cpus = append(out[i].cpus, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		}
	}
	for i, ws := range walls {
		out[i].walls = ws
		out[i].wall = median(ws)
	}
	return out, nil
}

// checkProc is "check --format json path" with HOME at home.
func checkProc(exe, home, path string) benchProc {
	return benchProc{args: []string{exe, "check", "--format", "json", path}, env: []string{"HOME=" + home}, findings: exitFindings}
}

// floorProc is the floor of a check of path (bench --floor), of the
// SKILL.md files or, with files, of every file check reads.
func floorProc(exe, path string, files bool) benchProc {
	if files {
		return benchProc{args: []string{exe, "bench", "--floor-files", "--floor", path}}
	}
	return benchProc{args: []string{exe, "bench", "--floor", path}}
}

// peerProc is a peer checker's command line, "{}" standing for the path.
func peerProc(peer, path string) (benchProc, error) {
	args := strings.Fields(strings.ReplaceAll(peer, "{}", path))
	if len(args) == 0 {
		return benchProc{}, fmt.Errorf("empty peer command")
	}
	return benchProc{args: args, findings: -1}, nil
}

// median is the middle of ds (the upper one of an even count).
func median[T time.Duration | float64](ds []T) T {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
