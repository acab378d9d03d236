// Command skill-ls is a language server and command-line checker for Agent
// Skills (SKILL.md files). With no arguments, or with "serve" or "--stdio",
// it runs the language server on stdio; "check", "catalog", "explain" and
// "version" are the command-line faces of the same core.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes of the command line.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd, rest := "serve", args
	if len(args) > 0 && args[0] != "--stdio" && (len(args[0]) == 0 || args[0][0] != '-') {
		cmd, rest = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(rest, stdin, stdout, stderr)
	case "check":
		return check(rest, stdout, stderr)
	case "catalog":
		return catalog(rest, stdout, stderr)
	case "explain":
		return explain(rest, stdout, stderr)
	case "bench":
		return bench(rest, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "skill-ls", version)
		return exitOK
	case "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "skill-ls: unknown command %q\n%s", cmd, usage)
	return exitUsage
}

const usage = `usage:
  skill-ls [serve] [--stdio] [--log-file PATH] [--cpuprofile FILE]   run the language server on stdio
  skill-ls check [--target t1,t2] [--format text|json|sarif] [PATH...]
  skill-ls catalog [--target zed] [--project DIR]
  skill-ls explain RULE
  skill-ls version
  skill-ls bench [--sizes 100,1000,10000] [--corpus DIR] [--json FILE]
`
