//go:build race

package lsp

// raceEnabled: the race detector makes the memory test's thousand
// documents a minute's work; under it the test opens fewer, and
// scripts/test.sh runs it at full size without it.
const raceEnabled = true
