package main

import (
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// explain prints a rule's documentation and an example, or every rule;
// with --targets, every target (explain_targets.go).
func explain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explain")
	targets := fs.Bool("targets", false, "list the targets (agents) alone")
	format := fs.String("format", "text", "output format of --targets: text or json")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if *targets {
		if code, done := noArgs(fs, stderr); done {
			return code
		}
		return explainTargets(*format, stdout, stderr)
	}
	if *format != "text" {
		fmt.Fprintln(stderr, "skill-ls explain: --format is for --targets (see skill-ls help explain)")
		return exitUsage
	}
	switch fs.NArg() {
	case 0:
		width := 0
		for _, r := range analysis.Rules {
			width = max(width, len(r.ID))
		}
		for _, r := range analysis.Rules {
			fmt.Fprintf(stdout, "%-*s %s\n", width, r.ID, r.Summary)
		}
		fmt.Fprint(stdout, suppressionHelp)
		fmt.Fprintln(stdout, "\nTargets, and what their facts were verified against:")
		writeTargetsText(stdout)
		return exitOK
	case 1:
	default:
		fmt.Fprintln(stderr, "skill-ls explain: one rule at a time (see skill-ls help explain)")
		return exitUsage
	}
	r := analysis.RuleByID(fs.Arg(0))
	if r == nil {
		fmt.Fprintf(stderr, "skill-ls explain: %s; run skill-ls explain for the list\n", escapeText(skillcore.UnknownWord("rule", fs.Arg(0), analysis.RuleIDs())))
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

// suppressionHelp tells, after the list of rules, how to silence one.
const suppressionHelp = `
A finding is suppressed by a comment on the line above it, with a reason:
    <!-- skill-ls-disable-next-line RULE[, RULE] -- reason -->   (body)
    # skill-ls-disable-next-line RULE[, RULE] -- reason          (frontmatter)
skill-ls-disable RULE -- reason covers the lines from there (in the
frontmatter, from the file's first line) to skill-ls-enable RULE or the end
of the file. check --no-inline-config ignores them; check --baseline FILE
leaves out the findings a baseline records (see skill-ls help check).
`
