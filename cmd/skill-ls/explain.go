package main

import (
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/analysis"
)

// explain prints a rule's documentation and an example, or every rule.
func explain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: skill-ls explain RULE")
		for _, r := range analysis.Rules {
			fmt.Fprintf(stderr, "  %-24s %s\n", r.ID, r.Summary)
		}
		return exitUsage
	}
	r := analysis.RuleByID(args[0])
	if r == nil {
		fmt.Fprintf(stderr, "skill-ls: unknown rule %q; run skill-ls explain for the list\n", args[0])
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s: %s\n\n%s\n\nExample:\n\n", r.ID, r.Summary, r.Doc)
	for _, line := range splitLines(r.Example) {
		fmt.Fprintf(stdout, "    %s\n", line)
	}
	return exitOK
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
