//go:build race

package main

// raceEnabled: the race detector slows a check several times over and
// changes what it allocates; the linearity suite runs without it
// (scripts/test.sh runs it on its own).
const raceEnabled = true
