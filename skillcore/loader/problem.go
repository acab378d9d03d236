package loader

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Severity orders how badly a problem affects loading.
type Severity int

const (
	Info Severity = iota + 1
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "unknown"
}

// Problem is what a loader says about a file: a rule id, how bad it is, a
// message and where. Targets lists the agents it comes from; an empty list
// on a parse problem means every agent that reads the file.
type Problem struct {
	Rule     string
	Severity Severity
	Message  string
	Range    syntax.Range
	Targets  []string
	// Related points at other skills, for collisions and the catalog budget.
	Related []Related
}

// Related is another file a problem is about.
type Related struct {
	Path    string
	Range   syntax.Range
	Message string
}

// merge folds problems that say the same thing at the same place with the
// same severity for different targets into one naming all of them. (Folding
// an error for one target into a warning for another would tell Loads that
// the second refuses the skill.) A file may have tens of thousands of
// problems (a link per line, all broken), so the ones said already are
// looked up, not searched for.
func Merge(ps []Problem) []Problem {
	out := ps[:0:0]
	if len(ps) > 0 {
		out = make([]Problem, 0, len(ps))
	}
	var index map[problemKey]int
	if len(ps) > SmallMerge {
		index = make(map[problemKey]int, len(ps))
	}
	for _, p := range ps {
		k := problemKey{p.Rule, p.Range, p.Message, p.Severity}
		i := -1
		if index != nil {
			if j, ok := index[k]; ok {
				i = j
			} else {
				index[k] = len(out)
			}
		} else {
			i = slices.IndexFunc(out, func(q Problem) bool { return k == problemKey{q.Rule, q.Range, q.Message, q.Severity} })
		}
		if i < 0 {
			out = append(out, p)
			continue
		}
		q := &out[i]
		for _, t := range p.Targets {
			if !slices.Contains(q.Targets, t) {
				// Clipped: the list may be shared with other problems.
				q.Targets = append(slices.Clip(q.Targets), t)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Problem) int {
		if a.Range.Start != b.Range.Start {
			return a.Range.Start - b.Range.Start
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return out
}

// smallMerge is the count of problems up to which merge compares each with
// those kept, rather than building an index: most files have a handful.
const SmallMerge = 16

// problemKey is what makes two problems the same but for their targets.
type problemKey struct {
	rule     string
	r        syntax.Range
	message  string
	severity Severity
}
