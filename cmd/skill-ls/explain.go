package main

import (
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// rulesFormats are the outputs of explain for rules: text for a terminal,
// markdown for documentation (docs/rules.md, the README's list).
var rulesFormats = []string{"text", "markdown"}

// explain prints a rule's documentation and an example, every rule's with
// --all, or the list of rules; with --targets, every target
// (explain_targets.go).
func explain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explain")
	targets := fs.Bool("targets", false, "list the targets (agents) alone")
	all := fs.Bool("all", false, "explain every rule, with its example")
	format := fs.String("format", "text", "output format: text or markdown; of --targets, text or json")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if *targets {
		if *all {
			fmt.Fprintln(stderr, "skill-ls explain: --all is for rules, not --targets (see skill-ls help explain)")
			return exitUsage
		}
		if code, done := noArgs(fs, stderr); done {
			return code
		}
		return explainTargets(*format, stdout, stderr)
	}
	if code, done := checkRulesFormat(*format, stderr); done {
		return code
	}
	markdown := *format == "markdown"
	switch {
	case *all:
		if code, done := noArgs(fs, stderr); done {
			return code
		}
		explainAll(markdown, stdout)
		return exitOK
	case fs.NArg() == 0:
		explainList(markdown, stdout)
		return exitOK
	case fs.NArg() > 1:
		fmt.Fprintln(stderr, "skill-ls explain: one rule at a time, or --all (see skill-ls help explain)")
		return exitUsage
	}
	r := analysis.RuleByID(fs.Arg(0))
	if r == nil {
		fmt.Fprintf(stderr, "skill-ls explain: %s; run skill-ls explain for the list\n", escapeText(skillcore.UnknownWord("rule", fs.Arg(0), analysis.RuleIDs())))
		return exitUsage
	}
	if markdown {
		writeRuleMarkdown(stdout, r)
	} else {
		writeRuleText(stdout, r)
	}
	return exitOK
}

// checkRulesFormat refuses a format rules are not written in; json is
// only for --targets, which the editors read.
func checkRulesFormat(format string, stderr io.Writer) (int, bool) {
	for _, f := range rulesFormats {
		if f == format {
			return exitOK, false
		}
	}
	if format == "json" {
		fmt.Fprintln(stderr, "skill-ls explain: --format json is for --targets; rules are text or markdown (see skill-ls help explain)")
	} else {
		fmt.Fprintf(stderr, "skill-ls explain: %s (see skill-ls help explain)\n", escapeText(skillcore.UnknownWord("format", format, rulesFormats)))
	}
	return exitUsage, true
}

// explainList lists the rules, one a line; as text, the targets follow.
func explainList(markdown bool, w io.Writer) {
	if markdown {
		writeRuleListMarkdown(w)
		return
	}
	width := 0
	for _, r := range analysis.Rules {
		width = max(width, len(r.ID))
	}
	for _, r := range analysis.Rules {
		fmt.Fprintf(w, "%-*s %s\n", width, r.ID, r.Summary)
	}
	fmt.Fprint(w, suppressionHelp)
	fmt.Fprintln(w, "\nTargets, and what their facts were verified against:")
	writeTargetsText(w)
}

// explainAll explains every rule, in table order.
func explainAll(markdown bool, w io.Writer) {
	if markdown {
		writeRulesDocMarkdown(w)
		return
	}
	for i := range analysis.Rules {
		if i > 0 {
			fmt.Fprintln(w)
		}
		writeRuleText(w, &analysis.Rules[i])
	}
}

// writeRuleText writes a rule's summary, documentation and example, the
// example indented.
func writeRuleText(w io.Writer, r *analysis.Rule) {
	fmt.Fprintf(w, "%s: %s\n\n%s\n\nExample:\n\n", r.ID, r.Summary, r.Doc)
	for _, line := range splitLines(r.Example) {
		fmt.Fprintf(w, "    %s\n", line)
	}
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
