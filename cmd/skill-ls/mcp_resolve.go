package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// mcpResolved is what the resolve tool answers: each SKILL.md the name or
// path names, and how every agent that loads it stands with it.
type mcpResolved struct {
	Project string         `json:"project"`
	Skills  []mcpSkillUses `json:"skills"`
	Notes   []string       `json:"notes"`
}

type mcpSkillUses struct {
	Path   string        `json:"path"`
	Name   string        `json:"name"` // the frontmatter's
	Agents []mcpAgentUse `json:"agents"`
	// Unloaded, for a skill no agent loads, are the findings that say
	// why: not in a skill folder, or refused.
	Unloaded []mcpFinding `json:"unloaded,omitempty"`
}

// mcpAgentUse is one agent's view of a skill.
type mcpAgentUse struct {
	Target string `json:"target"`
	Name   string `json:"name"` // the name the agent gives it
	Scope  string `json:"scope"`
	// Kept: no skill found before it takes its name. Listed: it is in
	// the catalog the model sees; Hidden: it keeps itself out of it;
	// Dropped: the catalog's budget left it out.
	Kept    bool `json:"kept"`
	Listed  bool `json:"listed"`
	Hidden  bool `json:"hidden"`
	Dropped bool `json:"dropped"`
	// Collisions are the other skills of the same name: hidden by this
	// one, or hiding it (the collision rules' findings).
	Collisions []mcpFinding `json:"collisions"`
	// Entry is the agent's catalog holding this skill alone, as the
	// model reads it.
	Entry string `json:"entry"`
}

// mcpFinding is a finding about a skill: another of its name, or why
// it does not load.
type mcpFinding struct {
	Path    string `json:"path"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// collisionRules are the rules that say two skills of one name meet.
var collisionRules = []string{"name-duplicate", "name-shadowed"}

func (mcpBackend) Resolve(_ context.Context, project, name, path string) (any, error) {
	ws, notes, err := mcpWorld(project, nil)
	if err != nil {
		return nil, err
	}
	if path != "" && ws.World.Entry(path) == nil {
		// A SKILL.md outside every root: judged as check would, alone.
		if _, err := ws.Load(path); err != nil {
			return nil, err
		}
	}
	out := mcpResolved{Project: project, Skills: []mcpSkillUses{}, Notes: notes}
	at := map[string]int{} // path -> index in out.Skills
	for _, t := range loader.Targets {
		loads := ws.World.Loads(t, project)
		if !slices.ContainsFunc(loads, func(l skillcore.Load) bool { return matches(t, l, name, path) }) {
			continue
		}
		catalog := ws.World.Catalog(t, project)
		for _, l := range loads {
			if !matches(t, l, name, path) {
				continue
			}
			i, ok := at[l.Skill.Path]
			if !ok {
				fm, _ := l.Skill.Str("name")
				i, at[l.Skill.Path] = len(out.Skills), len(out.Skills)
				out.Skills = append(out.Skills, mcpSkillUses{Path: l.Skill.Path, Name: fm, Agents: []mcpAgentUse{}})
			}
			use := mcpAgentUse{Target: t.ID, Name: agentName(t, l.Name, l.Skill), Scope: l.Scope.String(), Kept: l.Winner, Hidden: l.Hidden, Collisions: []mcpFinding{}}
			if k := slices.IndexFunc(catalog, func(c loader.CatalogEntry) bool { return c.Skill.Path == l.Skill.Path }); k >= 0 {
				use.Dropped, use.Listed = catalog[k].Dropped, !catalog[k].Dropped
				use.Entry = skillcore.RenderCatalog(t, catalog[k:k+1])
			}
			for _, f := range ws.Findings(l.Skill.Path) {
				if slices.Contains(collisionRules, f.Rule) && slices.Contains(f.Targets, t.ID) {
					for _, rel := range f.Related {
						use.Collisions = append(use.Collisions, mcpFinding{Path: rel.Path, Rule: f.Rule, Message: f.Message})
					}
				}
			}
			out.Skills[i].Agents = append(out.Skills[i].Agents, use)
		}
	}
	out.Skills = append(out.Skills, unloaded(ws, name, path, at)...)
	if len(out.Skills) == 0 {
		return nil, fmt.Errorf("no skill %s in %s or the home folder", cmp.Or(quoted(name), path), project)
	}
	return out, nil
}

// unloaded are the skills asked for that no agent loads (not in a skill
// folder, or refused by every agent that finds them), each with the
// findings that say why.
func unloaded(ws *analysis.Workspace, name, path string, loaded map[string]int) []mcpSkillUses {
	out := []mcpSkillUses{}
	for _, p := range ws.Paths() {
		e := ws.World.Entry(p)
		if _, ok := loaded[p]; ok || e == nil {
			continue
		}
		fm, _ := e.Skill.Str("name")
		if p != path && (path != "" || fm != name) {
			continue
		}
		why := []mcpFinding{}
		for _, f := range ws.Findings(p) {
			if f.Severity == analysis.Error || f.Rule == "not-discovered" {
				why = append(why, mcpFinding{Path: p, Rule: f.Rule, Message: f.Message})
			}
		}
		out = append(out, mcpSkillUses{Path: p, Name: fm, Agents: []mcpAgentUse{}, Unloaded: why})
	}
	return out
}

// agentName is the name an agent gives a skill it loads: the installed
// name a plugin gives it, else the name the agent knows the skill by.
func agentName(t *loader.Target, installed string, s *loader.Skill) string {
	return cmp.Or(installed, t.Identify(s))
}

// matches reports whether a skill the agent loads is the one asked for:
// by path, or by a name the agent gives it or its frontmatter says
// (agents that fold case compare without it).
func matches(t *loader.Target, l skillcore.Load, name, path string) bool {
	if path != "" {
		return l.Skill.Path == path
	}
	fm, _ := l.Skill.Str("name")
	for _, n := range []string{agentName(t, l.Name, l.Skill), fm} {
		if n == name || t.Name.FoldCase && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

func quoted(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf("%q", s)
}
