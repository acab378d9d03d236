package main

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// judged is skill-ls's world for one layout, scanned once for every agent.
type judged struct {
	ws *analysis.Workspace
	l  *layout
}

func judge(l *layout) *judged {
	ws := analysis.NewWorkspace(analysis.Config{Home: l.home, Projects: []string{l.cwd}, Getenv: func(string) string { return "" }})
	ws.Scan()
	return &judged{ws: ws, l: l}
}

// answer is what skill-ls says the agent lists, shaped as the agent's
// listing is.
func (j *judged) answer(a agent) answer {
	t := loader.TargetByID(a.id())
	lst := a.listing()
	var out answer
	for _, ld := range j.ws.World.Loads(t, j.l.cwd) {
		if !lst.Duplicates && !ld.Winner || !lst.Hidden && ld.Hidden {
			continue
		}
		if !j.given(a, ld.CatalogEntry) {
			continue
		}
		s := seen{Key: ld.Skill.Path, Name: ld.DisplayName(t), Description: listedDescription(t, ld.CatalogEntry)}
		if t.Catalog == loader.CatalogQwen {
			s = qwenRendered(skillcore.RenderEntry(t, ld.CatalogEntry)) // qwen.go
		} else if lst.ByName {
			// Matched by the name the listing line shows.
			s.Name, _, _ = strings.Cut(strings.TrimPrefix(skillcore.RenderEntry(t, ld.CatalogEntry), "- "), ": ")
			s.Key = s.Name
		}
		out.Loaded = append(out.Loaded, s)
	}
	return out
}

// listedDescription is the description as the agent's listing shows it:
// the catalog entry's text after "name: " for agents whose listing is
// their catalog, else the description as the agent reads it.
func listedDescription(t *loader.Target, e loader.CatalogEntry) string {
	if t.Catalog == loader.CatalogClaude {
		_, desc, _ := strings.Cut(strings.TrimPrefix(skillcore.RenderEntry(t, e), "- "), ": ")
		return desc
	}
	return t.Describe(e.Skill)
}

// why is skill-ls's reason for not loading a file for a target: its errors
// for that target.
func (j *judged) why(t *loader.Target, path string) string {
	e := j.ws.World.Entry(path)
	if e == nil {
		return "not found by skill-ls"
	}
	var reasons []string
	for _, p := range j.ws.World.Problems(path) {
		if p.Severity == loader.Error && (len(p.Targets) == 0 || contains(p.Targets, t.ID)) {
			reasons = append(reasons, p.Rule+": "+p.Message)
		}
	}
	if len(reasons) == 0 {
		if !contains(e.LoadedBy(), t.ID) {
			return "not discovered by " + t.ID
		}
		return "loaded, but not listed (hidden or shadowed)"
	}
	return strings.Join(reasons, "; ")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// given reports whether the agent's run is given the entry's skill: a
// plugin lying in the project is loaded only once installed, or given to
// claude with --plugin-dir; a probe's run installs none.
func (j *judged) given(a agent, e loader.CatalogEntry) bool {
	return e.Scope != loader.ScopePackage || a.id() == "claude-code" && slices.Contains(j.l.probe.args, "--plugin-dir")
}
