package analysis

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// specTarget is the open specification, judged on every file: the
// portable contract, but no agent.
const specTarget = "agentskills"

// agentVerdict makes what fails a build an agent's verdict: a violation of
// the specification alone, which no agent reading the file refuses, is a
// warning naming the agents that load the file anyway, unless the project
// asks for the specification (agentskills among its targets). It returns
// problems itself when nothing changes.
func (w *Workspace) agentVerdict(e *skillcore.Entry, problems []loader.Problem) []loader.Problem {
	// A file no agent reads has the specification as its only judge.
	if e == nil || len(e.Targets) < 2 || slices.Contains(w.config.Targets, specTarget) {
		return problems
	}
	var anyway string
	out := problems
	for i, p := range problems {
		if p.Severity != Error || !specOnly(p.Targets) {
			continue
		}
		if anyway == "" {
			anyway = loadAnyway(e)
			out = slices.Clone(problems) // the world's own are shared
		}
		out[i].Severity = Warning
		out[i].Message += "; " + anyway
	}
	return out
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
