package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Kinds of difference between an agent and skill-ls.
const (
	onlyAgent   = "agent-loads"   // the agent loads a skill skill-ls says it does not
	onlySkillLS = "agent-refuses" // skill-ls says the agent loads a skill it does not
	nameDiff    = "name"
	descDiff    = "description"
	catalogDiff = "catalog" // the catalog text differs (catalog.go)
)

// difference is one disagreement, with both sides' words.
type difference struct {
	Agent  string `json:"agent"`
	Layout string `json:"layout"`
	Kind   string `json:"kind"`
	Key    string `json:"key"`
	Agents string `json:"agentSays"`
	Ours   string `json:"skillLsSays"`
}

func (d difference) String() string {
	return fmt.Sprintf("%s %s %s %s\n    agent:    %s\n    skill-ls: %s", d.Agent, d.Layout, d.Kind, d.Key, oneLine(d.Agents), oneLine(d.Ours))
}

// tally counts one agent's agreement.
type tally struct {
	Layouts, Agree      int // layouts, and those with no difference
	Skills, SkillsAgree int // skills either side loads, and those both load or refuse alike
	Names, NamesAgree   int // skills both load, and those listed under the same name
	Descs, DescsAgree   int
	// Catalogs are layouts whose catalog text was compared, and those
	// where it is the same byte for byte.
	Catalogs, CatalogsAgree int
	Errors                  int
}

// compare holds one layout's answers from the agent and from skill-ls
// against each other.
func compare(a agent, l *layout, got, want answer, j *judged, tl *tally) []difference {
	t := loader.TargetByID(a.id())
	var out []difference
	add := func(kind, key, agentSays, ours string) {
		rel := l.rel(key)
		out = append(out, difference{Agent: a.id(), Layout: l.owner(rel) + "@" + l.root, Kind: kind, Key: rel, Agents: agentSays, Ours: ours})
	}
	theirs := index(got.Loaded)
	ours := index(want.Loaded)
	keys := map[string]bool{}
	for k := range theirs {
		keys[k] = true
	}
	for k := range ours {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		g, inAgent := theirs[k]
		w, inOurs := ours[k]
		tl.Skills++
		switch {
		case inAgent && !inOurs:
			add(onlyAgent, k, fmt.Sprintf("loads %q: %q", g.Name, g.Description), ourReason(a, j, t, k))
			continue
		case !inAgent && inOurs:
			add(onlySkillLS, k, refusedWhy(got, k), fmt.Sprintf("loads %q: %q", w.Name, w.Description))
			continue
		}
		tl.SkillsAgree++
		tl.Names++
		if g.Name == w.Name {
			tl.NamesAgree++
		} else {
			add(nameDiff, k, g.Name, w.Name)
		}
		if g.Description == nameOnly {
			continue // the agent's listing shows no description (catalog.go)
		}
		tl.Descs++
		if g.Description == w.Description {
			tl.DescsAgree++
		} else {
			add(descDiff, k, g.Description, w.Description)
		}
	}
	if got.Catalog != nil {
		tl.Catalogs++
		if g, w, ok := compareCatalogs(*got.Catalog, j.catalog(a, got.Budget)); ok {
			tl.CatalogsAgree++
		} else {
			add(catalogDiff, "catalog", g, w)
		}
	}
	tl.Layouts++
	if len(out) == 0 {
		tl.Agree++
	}
	return out
}

// index maps a listing by key; a key listed twice keeps both entries apart.
func index(list []seen) map[string]seen {
	out := map[string]seen{}
	for _, s := range list {
		k := s.Key
		for n := 2; ; n++ {
			if _, dup := out[k]; !dup {
				break
			}
			k = fmt.Sprintf("%s #%d", s.Key, n)
		}
		out[k] = s
	}
	return out
}

func ourReason(a agent, j *judged, t *loader.Target, key string) string {
	if a.listing().ByName {
		return "not listed"
	}
	return j.why(t, strings.SplitN(key, " #", 2)[0])
}

func refusedWhy(got answer, key string) string {
	for _, r := range got.Refused {
		if r.Path == key || r.Path+"/SKILL.md" == key || strings.HasPrefix(key, r.Path) {
			return "refuses: " + r.Reason
		}
	}
	return "does not list it"
}

// rel shortens a path of the layout for the report.
func (l *layout) rel(p string) string {
	p = strings.Replace(p, l.project+"/", "", 1)
	return strings.Replace(p, l.home+"/", "~/", 1)
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", `\n`)
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
