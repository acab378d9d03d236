package loader

import "github.com/skill-ls/skill-ls/skillcore/syntax"

// AgentView is a SKILL.md as one agent reads it, where skill-ls's strict
// parse cannot stand for that agent (its own fences, YAML reader, fallback
// parser): the mapping it sees, where its body starts, and why it refuses
// the file, if it does.
type AgentView struct {
	// Meta is the mapping the agent reads; nil when it reads none.
	Meta *syntax.Value
	// Body is the text the agent takes as the body, for a description
	// made from it.
	Body syntax.Range
	// Refuse, when set, is why the agent does not load the file: a
	// problem with a rule id, a message and a range (its Targets and
	// Severity are filled in).
	Refuse *Problem
}

// refusesFor reports whether the view refuses the file for the parse
// problem p: the same rule at the same place.
func (v *AgentView) refusesFor(p Problem) bool {
	return v.Refuse != nil && v.Refuse.Rule == p.Rule && v.Refuse.Range == p.Range
}

// AgentReader reads a parsed skill as one agent does. It must be cheap when
// the strict parse already is the agent's reading (most files), and may
// return AgentView{Meta: s.Meta, Body: s.Body()} then.
type AgentReader func(s *Skill) AgentView

// readViews reads the file as every target with a reader of its own does.
// Done once per parse, so the views are only read afterwards.
func (s *Skill) readViews() {
	n := 0
	for _, t := range Targets {
		if t.Reading.Own != nil {
			n++
		}
	}
	s.views = make([]targetView, 0, n)
	for _, t := range Targets {
		if t.Reading.Own != nil {
			s.views = append(s.views, targetView{t, t.Reading.Own(s)})
		}
	}
}

// targetView is one target's own reading of a skill. A skill keeps its few
// in a slice: a map of them was a tenth of what a large world held.
type targetView struct {
	target *Target
	view   AgentView
}

// view is the target's own reading of s, or nil when it has none.
func (t *Target) View(s *Skill) *AgentView {
	if t.Reading.Own == nil {
		return nil
	}
	for i := range s.views {
		if s.views[i].target == t {
			return &s.views[i].view
		}
	}
	// A copy of the target (a catalog at another budget) reads as it does.
	byID := TargetByID(t.ID)
	for i := range s.views {
		if s.views[i].target == byID {
			return &s.views[i].view
		}
	}
	return nil
}

// body is the text the target takes as the skill's body.
func (t *Target) Body(s *Skill) syntax.Range {
	if v := t.View(s); v != nil {
		return v.Body
	}
	return s.Body()
}
