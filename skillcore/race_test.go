//go:build race

package skillcore

// raceEnabled: the race detector makes the random-edit tests, which
// rebuild a world at every step, several times slower; under it they take
// fewer steps (the concurrency it looks for is the same at any length),
// and scripts/test.sh runs them at full length without it.
const raceEnabled = true
