//go:build unix

package main

import (
	"os"
	"syscall"
)

// peakRSS is the peak resident memory of a finished child process, in
// bytes (getrusage's ru_maxrss, which Linux counts in KiB), or 0 when the
// system does not tell.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) * 1024
	}
	return 0
}
