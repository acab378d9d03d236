package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore"
)

// command is one verb of the command line.
type command struct {
	name     string
	synopsis string // the usage line after "skill-ls"
	summary  string
	run      func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	details  string // printed after the flags in its usage
}

// commands lists every verb, in the order help shows them.
func commands() []command {
	return []command{
		{"serve", "serve [--stdio] [--log-file FILE]", "run the language server on standard input and output (the default)", serve, ""},
		{"check", "check [flags] [PATH...]", "judge SKILL.md files and package manifests as the agents will", noStdin(check), checkHelp},
		{"catalog", "catalog [--target T] [--project DIR] [--format text|json]", "print the catalog an agent builds from a project's skills", noStdin(catalog), ""},
		{"explain", "explain [--format text|markdown] [RULE | --all] | explain --targets [--format text|json]", "document a rule or every rule, or list the rules and targets", noStdin(explain), ""},
		{"mcp", "mcp [--root DIR...]", "serve the checker's tools to an agent over the Model Context Protocol on standard input and output", mcpCommand, mcpHelp},
		{"init", "init [DIR]", "write a commented .skill-ls.yaml with the defaults", noStdin(initConfig), ""},
		{"version", "version", "print the version, commit and Go version", noStdin(printVersion), ""},
		{"help", "help [COMMAND]", "print the usage of skill-ls or of one command", noStdin(help), ""},
		{"bench", "bench [flags]", "time check and the server on generated and real workspaces", noStdin(bench), ""},
	}
}

// noStdin adapts a command that reads no standard input.
func noStdin(f func(args []string, stdout, stderr io.Writer) int) func([]string, io.Reader, io.Writer, io.Writer) int {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int { return f(args, stdout, stderr) }
}

// commandNames are the verbs, in help's order.
func commandNames() []string {
	var out []string
	for _, c := range commands() {
		out = append(out, c.name)
	}
	return out
}

// unknownCommand says a word is no command, with the closest ones.
func unknownCommand(name string) string {
	if len(skillcore.Suggest(name, commandNames())) > 0 {
		return skillcore.UnknownWord("command", name, commandNames())
	}
	return fmt.Sprintf("unknown command %q; run skill-ls help for the list", name)
}

func commandByName(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return &c
		}
	}
	return nil
}

// usage is the top-level help.
func usage(w io.Writer) {
	fmt.Fprint(w, `skill-ls is a language server and checker for Agent Skills (SKILL.md files).

Usage:
  skill-ls [COMMAND] [flags]

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Flags:
  -h, --help     print this help
  --version      print the version

With no command skill-ls serves LSP on standard input: an editor starts it.
Run "skill-ls help COMMAND" or "skill-ls COMMAND --help" for a command's flags.
`)
}

// help prints the usage of skill-ls, or of the command named.
func help(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("help")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	switch fs.NArg() {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
		if c := commandByName(fs.Arg(0)); c != nil {
			return c.run([]string{"--help"}, nil, stdout, stderr)
		}
		fmt.Fprintf(stderr, "skill-ls: %s\n", escapeText(unknownCommand(fs.Arg(0))))
	default:
		fmt.Fprintln(stderr, "skill-ls: help takes at most one command")
	}
	return exitUsage
}

// newFlags makes the flag set of a command; its usage goes where parse
// says.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses a command's flags, before and after its operands
// (`check DIR --format json`, as other checkers take them); after "--"
// everything is an operand. Asked for help, it prints the command's usage
// on stdout; on a bad flag, one line on stderr. done is true when the
// command is to stop with code.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, done bool) {
	err := parseInterspersed(fs, args)
	switch {
	case err == nil:
		return exitOK, false
	case errors.Is(err, flag.ErrHelp):
		commandUsage(fs, stdout)
		return exitOK, true
	}
	fmt.Fprintf(stderr, "skill-ls %s: %s (see skill-ls help %s)\n", fs.Name(), escapeText(flagError(fs, err)), fs.Name())
	return exitUsage, true
}

// parseInterspersed is fs.Parse with operands and flags in any order; the
// operands are left in fs.Args, in the order given.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			operands = append(operands, rest...)
			break
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
	// Parsing "--" alone leaves the flags as set and the operands as Args.
	return fs.Parse(append([]string{"--"}, operands...))
}

// commandUsage prints a command's synopsis, summary and flags.
func commandUsage(fs *flag.FlagSet, w io.Writer) {
	c := commandByName(fs.Name())
	if c != nil {
		fmt.Fprintf(w, "Usage: skill-ls %s\n\n%s.\n", c.synopsis, strings.ToUpper(c.summary[:1])+c.summary[1:])
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nFlags:\n")
		printFlags(fs, w)
	}
	if c != nil {
		fmt.Fprint(w, c.details)
	}
}

// noArgs is for commands that take no operands.
func noArgs(fs *flag.FlagSet, stderr io.Writer) (int, bool) {
	if fs.NArg() == 0 {
		return exitOK, false
	}
	fmt.Fprintf(stderr, "skill-ls %s: unexpected argument %q (see skill-ls help %s)\n", fs.Name(), escapeText(fs.Arg(0)), fs.Name())
	return exitUsage, true
}
