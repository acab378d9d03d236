package analysis

import (
	"fmt"
	"slices"
	"strings"
)

// One problem at one place is one finding (SPEC 4): the agents judge a
// file apart, and where some refuse what others load (a YAML error that
// Codex reads past), or each tells the same place its own way (two
// catalogs over their budgets at one description), the author is told
// once, at the severity of the strictest, naming the agents of each side.

// maxFolded is how many messages a folded finding says in full.
const maxFolded = 5

// placeKey is one rule at one place.
type placeKey struct {
	rule  string
	start int
	end   int
}

// oneFindingPerPlace folds the findings of one rule at one place into the
// first of them, in place; fs keeps its order otherwise.
func oneFindingPerPlace(fs []Finding) []Finding {
	if len(fs) < 2 {
		return fs
	}
	var at map[placeKey][]int
	for i, f := range fs {
		k := placeKey{f.Rule, f.Range.Start, f.Range.End}
		if at == nil {
			at = map[placeKey][]int{}
		}
		at[k] = append(at[k], i)
	}
	if len(at) == len(fs) {
		return fs
	}
	out := fs[:0:0]
	for i, f := range fs {
		group := at[placeKey{f.Rule, f.Range.Start, f.Range.End}]
		if group[0] != i {
			continue // folded into the first
		}
		if len(group) == 1 {
			out = append(out, f)
			continue
		}
		same := make([]Finding, len(group))
		for j, k := range group {
			same[j] = fs[k]
		}
		out = append(out, fold(same))
	}
	return out
}

// fold is one finding for fs, one rule at one place: the strictest
// severity, every target (the strictest's first), each other place once.
// Its message is the one they share, followed, where some agents refuse
// what others load, by who does which; or each message once, headed by
// the agents it comes from (and whether they refuse or load the file).
func fold(fs []Finding) Finding {
	slices.SortStableFunc(fs, func(a, b Finding) int { return int(b.Severity) - int(a.Severity) })
	out := fs[0]
	out.Targets, out.Related = nil, nil
	var messages []string
	by := map[string][]string{}
	related := map[Related]bool{}
	for _, f := range fs {
		for _, t := range f.Targets {
			if !slices.Contains(out.Targets, t) {
				out.Targets = append(out.Targets, t)
			}
		}
		for _, r := range f.Related {
			if !related[r] {
				related[r] = true
				out.Related = append(out.Related, r)
			}
		}
		if _, ok := by[f.Message]; !ok {
			messages = append(messages, f.Message)
		}
		by[f.Message] = append(by[f.Message], f.Targets...)
		out.Suppressed = out.Suppressed && f.Suppressed
	}
	mixed := out.Severity == Error && fs[len(fs)-1].Severity < Error
	refusing := func(f Finding) bool { return f.Severity == Error }
	if len(messages) == 1 {
		out.Message = messages[0]
		if mixed {
			var refuse, load []string
			for _, f := range fs {
				if refusing(f) {
					refuse = append(refuse, f.Targets...)
				} else {
					load = append(load, f.Targets...)
				}
			}
			out.Message += "; " + agentsDo(refuse, "refuses the file", "refuse the file") + "; " + agentsDo(load, "loads it anyway", "load it anyway")
		}
	} else {
		parts := make([]string, len(messages))
		for i, m := range messages {
			head := agentsDo(by[m], "", "")
			if mixed {
				j := slices.IndexFunc(fs, func(f Finding) bool { return f.Message == m })
				if refusing(fs[j]) {
					head = agentsDo(by[m], "refuses the file", "refuse the file")
				} else {
					head = agentsDo(by[m], "loads it anyway", "load it anyway")
				}
			}
			parts[i] = strings.TrimSpace(head) + ": " + m
		}
		if len(parts) > maxFolded {
			// A name hundreds of skills share: the places are all
			// related; the message says the first few.
			parts = append(parts[:maxFolded], fmt.Sprintf("and %d more, at the related places", len(parts)-maxFolded))
		}
		out.Message = strings.Join(parts, "; ")
	}
	if out.Related == nil {
		out.Related = []Related{}
	}
	return out
}

// agentsDo says that the agents ids do something: "x refuses", "x, y
// refuse".
func agentsDo(ids []string, one, many string) string {
	var seen []string
	for _, id := range ids {
		if !slices.Contains(seen, id) {
			seen = append(seen, id)
		}
	}
	ids = seen
	if len(ids) == 1 {
		return ids[0] + " " + one
	}
	return strings.Join(ids, ", ") + " " + many
}
