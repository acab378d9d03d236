package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore"
)

// The flag package speaks of flags with one dash (-format); skill-ls's
// usage, README and errors write two (--format), which the package
// accepts too. These print its usage and its errors the skill-ls way.

// printFlags prints a flag set's flags, sorted, each as --name TYPE and its
// usage on the next line, with its default when that is not the zero one.
func printFlags(fs *flag.FlagSet, w io.Writer) {
	fs.VisitAll(func(f *flag.Flag) {
		typ, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if typ != "" {
			line += " " + typ
		}
		fmt.Fprintf(w, "%s\n    \t%s", line, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if d := f.DefValue; d != "" && d != "false" && d != "0" {
			if typ == "string" {
				d = fmt.Sprintf("%q", d)
			}
			fmt.Fprintf(w, " (default %s)", d)
		}
		fmt.Fprintln(w)
	})
}

// undefinedFlag is the prefix of the flag package's error for a flag it
// does not know.
const undefinedFlag = "flag provided but not defined: -"

// flagError says what was wrong with a command's flags: an unknown flag
// with its closest spellings, and the others naming flags with two dashes.
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if name, ok := strings.CutPrefix(msg, undefinedFlag); ok {
		name = strings.TrimLeft(name, "-")
		out := fmt.Sprintf("unknown flag --%s", name)
		if near := skillcore.Suggest(name, names); len(near) > 0 {
			out += "; did you mean --" + strings.Join(near, " or --") + "?"
		}
		return out
	}
	// "invalid value ... for flag -rule: ...", "flag needs an argument:
	// -format": the flag's name is the only word after " -".
	for _, n := range names {
		if rest, ok := strings.CutSuffix(msg, " -"+n); ok {
			return rest + " --" + n
		}
		if before, after, ok := strings.Cut(msg, " -"+n+": "); ok {
			return before + " --" + n + ": " + after
		}
	}
	return msg
}
