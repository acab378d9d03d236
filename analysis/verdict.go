package analysis

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// specTarget is the open specification, judged on every file: the
// portable contract, but no agent.
const specTarget = "agentskills"

// agentVerdict makes what fails a build an agent's verdict: a violation of
// the specification alone, which no agent reading the file refuses, is a
// warning naming the agents that load the file anyway, unless the project
// asks for the specification (agentskills among its targets); in a file no
// agent loads, only a field outside the specification is. It returns
// problems itself when nothing changes.
func (w *Workspace) agentVerdict(e *skillcore.Entry, problems []loader.Problem) []loader.Problem {
	if e == nil || slices.Contains(w.config.Targets, specTarget) {
		return problems
	}
	// A file no agent reads has the specification as its only judge, but
	// a field outside it is an error only where an agent refuses the file
	// or the project asks for the specification: here no agent loads the
	// file, so none reads the field either (a warning).
	unplaced := len(e.Targets) < 2
	var anyway string
	out := problems
	for i, p := range problems {
		if p.Severity != Error || !specOnly(p.Targets) || unplaced && p.Rule != "field-unknown" {
			continue
		}
		if anyway == "" {
			anyway = loadAnyway(e)
			out = slices.Clone(problems) // the world's own are shared
		}
		out[i].Severity = Warning
		if p.Rule == "field-unknown" && readByLoader(e, p.Range) {
			// An agent's own field, read where the file loads: intended,
			// only not portable.
			out[i].Severity = Info
			out[i].Message = "not portable: " + out[i].Message
		}
		out[i].Message += "; " + anyway
	}
	return out
}

// readByLoader reports whether an agent that loads e (the specification
// aside) reads the field whose key is at r.
func readByLoader(e *skillcore.Entry, r Range) bool {
	if e.Skill.Meta == nil {
		return false
	}
	i := slices.IndexFunc(e.Skill.Meta.Fields, func(f syntax.Field) bool { return f.KeyRange == r })
	if i < 0 {
		return false
	}
	key := e.Skill.Meta.Fields[i].Key
	return slices.ContainsFunc(e.LoadedBy(), func(id string) bool {
		t := loader.TargetByID(id)
		return id != specTarget && t != nil && t.Knows(key)
	})
}

// specOnly reports whether targets name the specification and no agent.
func specOnly(targets []string) bool {
	return len(targets) > 0 && !slices.ContainsFunc(targets, func(id string) bool { return id != specTarget })
}

// loadAnyway says which agents load the file all the same.
func loadAnyway(e *skillcore.Entry) string {
	var agents []string
	for _, id := range e.LoadedBy() {
		if id != specTarget {
			agents = append(agents, id)
		}
	}
	switch len(agents) {
	case 0:
		return "no agent loads the file from here"
	case 1:
		return agents[0] + " loads it anyway"
	}
	return strings.Join(agents, ", ") + " load it anyway"
}
