package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// largeCorpus copies the real corpora (folders of public skills and
// packages, files beside them included) under distinct folder names into
// dir until it holds at least n SKILL.md files, so a benchmark meets real
// sizes, links and layouts at the scale of thousands of repositories. It
// returns how many SKILL.md files it holds.
func largeCorpus(dir string, n int, sources []string) (int, error) {
	per := 0
	for _, src := range sources {
		c, err := countSkills(src)
		if err != nil {
			return 0, err
		}
		per += c
	}
	if per == 0 {
		return 0, fmt.Errorf("no SKILL.md under %s", strings.Join(sources, ", "))
	}
	total := 0
	for copyNo := 1; total < n; copyNo++ {
		for _, src := range sources {
			dst := filepath.Join(dir, fmt.Sprintf("%s-%03d", filepath.Base(src), copyNo))
			if err := copyTree(src, dst); err != nil {
				return 0, err
			}
		}
		total += per
	}
	return total, nil
}

func countSkills(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "SKILL.md" {
			n++
		}
		return err
	})
	return n, err
}

// copyTree copies regular files and folders (writable, whatever the
// source's modes); symlinks are copied as links.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, to)
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, 0o644)
		}
		return nil
	})
}

// timePeer runs a peer checker (a command line whose "{}" stands for the
// path) runs times over path and returns its median wall time and largest
// peak RSS. Its exit status is not judged: linters exit non-zero on
// findings.
func timePeer(peer, path string, runs int) (time.Duration, int64, error) {
	args := strings.Fields(strings.ReplaceAll(peer, "{}", path))
	if len(args) == 0 {
		return 0, 0, fmt.Errorf("empty peer command")
	}
	var walls []time.Duration
	var peak int64
	for range runs {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		start := time.Now()
		err := cmd.Run()
		walls = append(walls, time.Since(start))
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			return 0, 0, fmt.Errorf("peer %s: %w", args[0], err)
		}
		peak = max(peak, peakRSS(cmd.ProcessState))
	}
	slices.Sort(walls)
	return walls[len(walls)/2], peak, nil
}

// benchPeer times the peer on path and adds its figures and how many times
// faster check (which took ours) is; the budget is ten times.
func benchPeer(add func(...benchResult), peer, label, path string, ours time.Duration, runs int) error {
	wall, rss, err := timePeer(peer, path, runs)
	if err != nil {
		return err
	}
	add(benchResult{Name: "peer " + label + ": wall", Value: ms(wall), Unit: "ms"},
		benchResult{Name: "peer " + label + ": peak RSS", Value: mib(rss), Unit: "MiB"},
		benchResult{Name: "check " + label + ": times faster than peer", Value: float64(wall) / float64(max(ours, 1)), Unit: "x", Budget: 10, AtLeast: true})
	return nil
}
