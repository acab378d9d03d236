package analysis

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// A hover's first line is a summary that stands alone: Emacs's ElDoc (and
// other clients that show a hover in the echo area or a status line) shows
// that line as the cursor rests on a key, and the full hover only when
// asked. It says who refuses the file and why, else who loads it, then how
// long the value is and whether the name collides.

// hoverSummary is the one-line summary of the hover on field f of e.
func hoverSummary(e *skillcore.Entry, f *syntax.Field, findings []Finding, collisions int) string {
	var parts []string
	loaded := e.LoadedBy()
	if refused, rule := refusals(e, findings); len(refused) > 0 {
		head := "⛔ refused by " + agentList(refused)
		if rule != "" {
			head += " (`" + rule + "`)"
		}
		parts = append(parts, head)
		if len(loaded) > 0 {
			parts = append(parts, loadedPhrase(e, loaded))
		}
	} else if len(loaded) > 0 {
		parts = append(parts, loadedPhrase(e, loaded))
	} else {
		parts = append(parts, "not loaded by any agent here")
	}
	if f.Value.Kind == syntax.KindString {
		parts = append(parts, fmt.Sprintf("%d chars", utf8.RuneCountInString(f.Value.Text)))
	}
	switch {
	case collisions == 1:
		parts = append(parts, "1 name collision")
	case collisions > 1:
		parts = append(parts, fmt.Sprintf("%d name collisions", collisions))
	}
	return fmt.Sprintf("`%s` %s: %s", skillName(e.Skill), f.Key, strings.Join(parts, " · "))
}

// refusals lists the agents that read e but refuse it, with the rule of
// the first error that makes the first of them refuse it.
func refusals(e *skillcore.Entry, findings []Finding) (ids []string, rule string) {
	for _, t := range e.Targets {
		if loader.Loads(e.Problems, t.ID) {
			continue
		}
		ids = append(ids, t.ID)
		if rule != "" {
			continue
		}
		for _, f := range findings {
			if f.Severity == Error && contains(f.Targets, t.ID) {
				rule = f.Rule
				break
			}
		}
	}
	return ids, rule
}

func agentList(ids []string) string { return strings.Join(ids, ", ") }

// loadedPhrase says that the agents loaded load e, "once installed" when
// each of them loads it only through a plugin lying in the project.
func loadedPhrase(e *skillcore.Entry, loaded []string) string {
	if onceInstalled(e, loaded) {
		return "loaded by " + agentList(loaded) + " once installed"
	}
	return "loaded by " + agentList(loaded)
}

// onceInstalled reports whether every agent of loaded finds e only in a
// plugin of the project, which no agent loads until it is installed.
func onceInstalled(e *skillcore.Entry, loaded []string) bool {
	for _, id := range loaded {
		if slices.ContainsFunc(e.Roots, func(r *skillcore.Root) bool {
			return r.Target.ID == id && (r.Package == nil || r.Installed != nil)
		}) {
			return false
		}
	}
	return len(loaded) > 0
}

// packaged reports whether an agent loads e through a package, under a
// name of the package's making that the summary does not give.
func packaged(e *skillcore.Entry) bool {
	for _, u := range e.PackageUses() {
		if u.Describe() != "" {
			return true
		}
	}
	return false
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:]
}
