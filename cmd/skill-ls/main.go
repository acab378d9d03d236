// Command skill-ls is a language server and command-line checker for Agent
// Skills (SKILL.md files). With no arguments, or with "serve" or "--stdio",
// it runs the language server on stdio; "check", "catalog", "explain",
// "init" and "version" are the command-line faces of the same core.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
)

// Exit codes of the command line.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	// Sampling the heap costs a large check a few percent, and only
	// serve --memprofile reads the samples.
	if !slices.ContainsFunc(os.Args[1:], func(a string) bool { return strings.Contains(a, "memprofile") }) {
		runtime.MemProfileRate = 0
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help":
			usage(stdout)
			return exitOK
		case "-version", "--version":
			return printVersion(nil, stdout, stderr)
		}
	}
	name, rest := "serve", args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, rest = args[0], args[1:]
	}
	c := commandByName(name)
	if c == nil {
		fmt.Fprintf(stderr, "skill-ls: %s\n", escapeText(unknownCommand(name)))
		return exitUsage
	}
	return c.run(rest, stdin, stdout, stderr)
}
