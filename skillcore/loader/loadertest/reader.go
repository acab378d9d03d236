// Package loadertest holds what the tests of several agents' readers share:
// a table of files and what the agent makes of each.
package loadertest

import (
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// ReaderCase is one file and what the agent makes of it: whether it loads
// the skill, and under which name and description. An alias of a struct
// literal type, so tables of cases stay one line each.
type ReaderCase = struct {
	Name, Src  string
	Loads      bool
	Name2, Des string
}

// CheckReader holds the target's reader to each case, judged alongside the
// specification's target as a workspace would.
func CheckReader(t *testing.T, target string, cases []ReaderCase) {
	t.Helper()
	tg := loader.TargetByID(target)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			s := loader.Parse("/p/.x/skills/x/SKILL.md", []byte(c.Src))
			ps := loader.Validate(s, []*loader.Target{loader.Targets[0], tg})
			if got := loader.Loads(ps, target); got != c.Loads {
				t.Fatalf("loads %v, want %v: %v", got, c.Loads, ps)
			}
			if !c.Loads {
				return
			}
			if got := tg.Identify(s); got != c.Name2 {
				t.Errorf("name %q, want %q", got, c.Name2)
			}
			if got := tg.Describe(s); got != c.Des {
				t.Errorf("description %q, want %q", got, c.Des)
			}
		})
	}
}
