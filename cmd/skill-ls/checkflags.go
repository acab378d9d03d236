package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// checkOptions are check's flags.
type checkOptions struct {
	targets     []string // nil: not given
	format      string
	config      string
	noConfig    bool
	rules       map[string]string // --rule ID=SEVERITY
	fix         bool
	quiet       bool
	verbose     bool
	global      bool
	maxWarnings int // -1: no limit
	color       string
	// noInlineConfig ignores the suppression comments in the files.
	noInlineConfig bool
	baseline       string // --baseline FILE: drop the findings it records
	writeBaseline  string // --write-baseline FILE: record every finding
}

var formats = []string{"text", "json", "sarif", "github"}

// checkHelp follows check's flags in its usage.
const checkHelp = `
PATH is a skill folder, a SKILL.md, a package manifest or any folder; without
PATH the current project is checked. Each file is judged with the roots of
its project and of the home folder, as the agents see it.

The project configuration, .skill-ls.yaml, is found from the first PATH (or
the current folder) upward, not above the repository root. Later wins, key
by key: the defaults, the file, the flags.

Comments in a SKILL.md suppress findings (skill-ls explain lists how);
--no-inline-config ignores them. To adopt skill-ls in a repository with
findings, write a baseline once (--write-baseline FILE, committed) and check
with --baseline FILE: only findings it does not record are reported and
counted for the exit status. Findings are matched by file, rule, message
and the text of their line, not their line number, so moving lines keeps
them matched.

Exit status: 0 clean; 1 errors found, or more warnings than --max-warnings;
2 bad usage, an invalid configuration, a PATH that does not exist or holds
no SKILL.md, or a walk cap reached.
`

// parseCheckFlags reads check's flags and returns its PATHs.
func parseCheckFlags(args []string, stdout, stderr io.Writer) (o checkOptions, paths []string, code int, done bool) {
	fs := newFlags("check")
	targets := fs.String("target", "", "comma-separated targets to judge for (default: every agent that discovers each file): "+strings.Join(loader.TargetIDs(), ", "))
	fs.StringVar(&o.format, "format", "text", "output format: "+strings.Join(formats, ", "))
	fs.StringVar(&o.config, "config", "", "the project configuration file to use (default: .skill-ls.yaml found upward)")
	fs.BoolVar(&o.noConfig, "no-config", false, "use no project configuration file")
	o.rules = map[string]string{}
	fs.Func("rule", "set a rule's severity, ID=error|warning|info|off (warn for warning too; repeatable)", func(v string) error {
		id, word, ok := strings.Cut(v, "=")
		sev, known := skillcore.SeverityOf(word)
		switch {
		case !ok:
			return fmt.Errorf("%q is not ID=SEVERITY", v)
		case analysis.RuleByID(id) == nil:
			return fmt.Errorf("%s", skillcore.UnknownWord("rule", id, analysis.RuleIDs()))
		case !known:
			return fmt.Errorf("%s", skillcore.UnknownSeverity(word))
		}
		o.rules[id] = sev
		return nil
	})
	fs.BoolVar(&o.fix, "fix", false, "apply the safe fixes (BOM, quoting, allowed-tools, key typos) and report what remains")
	fs.BoolVar(&o.quiet, "quiet", false, "show errors only; the warnings hidden still count for --max-warnings")
	fs.BoolVar(&o.verbose, "verbose", false, "also say in the text output which agents load each file, and under which name (JSON always says)")
	fs.IntVar(&o.maxWarnings, "max-warnings", -1, "exit 1 when there are more warnings than this (-1: no limit)")
	fs.StringVar(&o.color, "color", "auto", "colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	fs.BoolVar(&o.global, "global", false, "also report the global skills (under the home folder) when checking without PATH")
	fs.BoolVar(&o.noInlineConfig, "no-inline-config", false, "ignore the suppression comments (skill-ls-disable...) in the files: for CI judging skills it does not trust")
	fs.StringVar(&o.baseline, "baseline", "", "report only the findings FILE (written by --write-baseline) does not record")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record every finding in FILE, to adopt skill-ls and fail later only on new ones; the report then counts them as in the baseline")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return o, nil, code, true
	}
	bad := func(format string, a ...any) (checkOptions, []string, int, bool) {
		fmt.Fprintf(stderr, "skill-ls check: %s (see skill-ls help check)\n", escapeText(fmt.Sprintf(format, a...)))
		return o, nil, exitUsage, true
	}
	if !slices.Contains(formats, o.format) {
		return bad("%s", skillcore.UnknownWord("format", o.format, formats))
	}
	if !slices.Contains([]string{"auto", "always", "never"}, o.color) {
		return bad("--color is auto, always or never, not %q", o.color)
	}
	if o.maxWarnings < -1 {
		return bad("--max-warnings must be 0 or more (or -1 for no limit)")
	}
	if o.quiet && o.verbose {
		return bad("--quiet and --verbose contradict each other")
	}
	if o.baseline != "" && o.writeBaseline != "" {
		return bad("--baseline and --write-baseline go one at a time (--write-baseline FILE rewrites FILE)")
	}
	if o.config != "" && o.noConfig {
		return bad("--config and --no-config contradict each other")
	}
	if *targets != "" {
		o.targets = []string{}
		for _, id := range strings.Split(*targets, ",") {
			id = strings.TrimSpace(id)
			if loader.TargetByID(id) == nil {
				return bad("%s", skillcore.UnknownWord("target", id, loader.TargetIDs()))
			}
			o.targets = append(o.targets, id)
		}
	}
	return o, fs.Args(), exitOK, false
}

// projectConfig is the configuration file check uses: the one named, or
// the one found from the first PATH (or the working folder) upward.
func (o checkOptions) projectConfig(paths []string) (*skillcore.Config, error) {
	if o.noConfig {
		return nil, nil
	}
	path := o.config
	if path == "" {
		start, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if len(paths) > 0 {
			start, _ = filepath.Abs(paths[0])
			if st, err := os.Stat(start); err == nil && !st.IsDir() {
				start = filepath.Dir(start)
			}
		}
		if path = skillcore.FindConfig(start); path == "" {
			return nil, nil
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return skillcore.LoadConfig(abs, analysis.RuleIDs())
}

// colored decides whether the text output is coloured.
func (o checkOptions) colored(stdout io.Writer) bool {
	switch o.color {
	case "always":
		return true
	case "never":
		return false
	}
	return os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
}

// tooManyWarnings tells whether the warnings exceed --max-warnings.
func (o checkOptions) tooManyWarnings(n int) bool { return o.maxWarnings >= 0 && n > o.maxWarnings }
