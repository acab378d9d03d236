package main

import (
	"os"

	"golang.org/x/term"
)

// isTerminal reports whether a stream of the process is a terminal (not a
// pipe, a file or /dev/null).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}
