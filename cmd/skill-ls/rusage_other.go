//go:build !unix

package main

import "os"

// peakRSS is 0 where the system has no getrusage (Windows): the bench
// reports no memory figure there.
func peakRSS(ps *os.ProcessState) int64 { return 0 }
