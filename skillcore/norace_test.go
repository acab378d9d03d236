//go:build !race

package skillcore

const raceEnabled = false
