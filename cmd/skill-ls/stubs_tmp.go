package main

import (
	"fmt"
	"io"
)

func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "skill-ls: the language server is not built yet")
	return exitUsage
}
