package loader

import (
	"slices"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// hasError reports whether any of ps is an error.
func HasError(ps []Problem) bool {
	for _, p := range ps {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// meta is the frontmatter mapping as the target reads it: its own
// reading's, else the skill's; nil when it reads none.
func (t *Target) Meta(s *Skill) *syntax.Value {
	if v := t.View(s); v != nil {
		return v.Meta
	}
	return s.Meta
}

// tolerates reports whether the target still loads a file with the parse
// problem p. A target with its own reading decides on the files it read
// (not those skill-ls did not read: skill.md, a folder, over 1 MiB): it
// reads past every problem but the one it refuses the file for.
func (t *Target) tolerates(p Problem, s *Skill) bool {
	rule := p.Rule
	if v := t.View(s); v != nil && rule != "file-too-large" {
		return !v.refusesFor(p)
	}
	return slices.Contains(t.Reading.Tolerates, rule)
}
