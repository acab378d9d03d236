package loader

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

func (s *Skill) hidden() bool {
	f := s.Field("disable-model-invocation")
	return f != nil && f.Value.IsScalar() && (f.Value.Text == "true" || f.Value.Text == "yes" || f.Value.Text == "on" || f.Value.Text == "1")
}

// Hidden reports whether the skill keeps itself out of the model's catalog.
func (s *Skill) Hidden() bool { return s.hidden() }

// hides reports whether the skill keeps itself out of the target's catalog:
// its hidden flag is true, in a spelling the target accepts.
func (t *Target) Hides(s *Skill) bool {
	if t.Unlisted != nil && t.Unlisted(t.Meta(s)) {
		return true
	}
	if t.HiddenFlag == "" {
		return false
	}
	f := t.Meta(s).Field(t.HiddenFlag)
	if f == nil || !f.Value.IsScalar() {
		return false
	}
	if f.Value.Kind == syntax.KindBool {
		return strings.EqualFold(f.Value.Text, "true")
	}
	return t.BoolWords[strings.ToLower(f.Value.Text)]
}

// Identify is the name the target knows a skill by, "" when it has none.
func (t *Target) Identify(s *Skill) string {
	var name string
	switch t.Name.Identity {
	case DirName:
		name = s.DirName()
	case NameOrDir:
		name, _ = t.Str(s, "name")
		if strings.TrimSpace(name) == "" {
			name = s.DirName()
		}
	default:
		name, _ = t.Str(s, "name")
	}
	if t.Name.Trim {
		name = strings.TrimSpace(name)
	}
	if t.Name.CollapseSpace {
		name = CollapseSpace(name)
	}
	if t.Name.Dashes {
		name = strings.Join(strings.Fields(name), "-")
	}
	if t.Name.Sanitize != "" {
		name = strings.Map(func(r rune) rune {
			if strings.ContainsRune(t.Name.Sanitize, r) {
				return '-'
			}
			return r
		}, name)
	}
	if t.Name.FoldCase {
		name = strings.ToLower(name)
	}
	return name
}
