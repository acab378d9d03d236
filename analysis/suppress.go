package analysis

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// suppressionRules are the rules about the suppression directives
// themselves, documented with every other rule (Rules). A directive never
// suppresses them (that way lies a comment that silences the warning about
// itself); .skill-ls.yaml and --rule set their severity as any rule's.
var suppressionRules = []Rule{
	{"suppression-without-reason", "a suppression comment without a reason", "Write why after \" -- \": a reviewer, or the next author, sees why the finding is accepted. The suppression still applies, so that a missing reason costs one warning, not the findings it was meant to silence back again.", "<!-- skill-ls-disable-next-line link-broken -->\nSee [the guide](guide.md)."},
	{"suppression-invalid", "a suppression comment skill-ls cannot read", "The keyword is one of skill-ls-disable-next-line, skill-ls-disable and skill-ls-enable, followed by the rule ids it is about (comma-separated) and \" -- reason\". A rule id skill-ls does not know (the closest one is suggested), a disable naming no rule, or one naming a suppression-* rule, which no comment silences, is told here and ignored.", "<!-- skill-ls-disable-next-line link-broke -- generated at install -->"},
	{"suppression-unused", "a suppression comment that suppresses nothing", "No finding of the rule sits where the comment covers (the next line, or the lines up to skill-ls-enable or the end of the file): the problem was fixed, or the comment is in the wrong place. Remove it so it cannot hide a new finding later.", "<!-- skill-ls-disable-next-line link-broken -- vendored -->\nSee [the guide](guide.md) (which exists)."},
}

func init() {
	// Kept beside their directives rather than in rules.go, so the rule
	// table other rules are added to stays that file's concern.
	Rules = append(Rules, suppressionRules...)
}

// suppressible reports whether a directive may name rule: any rule of the
// table but the directives' own.
func suppressible(rule string) bool {
	return knownRule(rule) && !strings.HasPrefix(rule, "suppression-")
}

// knownRule reports whether id is a rule of the table, in one lookup: a
// file may name thousands.
func knownRule(id string) bool { return ruleSet()[id] }

// ruleSet is the table's ids, made on first use (after every init has
// added its rules).
var ruleSet = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, len(Rules))
	for _, r := range Rules {
		set[r.ID] = true
	}
	return set
})

// suppression is a file's directives laid over its lines, ready to take
// its findings.
type suppression struct {
	directives []directive
	// byRule holds each rule's regions: a finding is looked up among its
	// rule's alone, by offset, so that a hostile file of thousands of
	// comments and findings costs n log n, not n².
	byRule   map[string]*ruleRegions
	examined int // regions looked at by covers, for tests of its cost
}

// ruleRegions are one rule's regions, each list in file order and without
// overlaps but for one comment naming a rule twice.
type ruleRegions struct {
	next []region // disable-next-line: a line each
	from []region // disable ... enable
}

// region is the span of the file where a rule is suppressed, and the
// directive rule that asks for it.
type region struct {
	span  Range // offsets from Start to End, both included; End -1: to the end
	owner *directiveRule
}

// newSuppression lays the directives over the file: a disable-next-line
// covers the line after it; a disable, the lines from its own up to the
// skill-ls-enable of its rule or the end of the file; the first disable of
// a rule in the frontmatter, from the file's first line, where findings
// about the whole file (such as not-discovered) sit and no comment can
// come before.
func newSuppression(ds []directive) *suppression {
	// The directives are the file's, shared by each judging: their uses
	// are counted on a copy.
	s := &suppression{directives: slices.Clone(ds), byRule: map[string]*ruleRegions{}}
	for i := range s.directives {
		s.directives[i].rules = slices.Clone(s.directives[i].rules)
	}
	regionsOf := func(id string) *ruleRegions {
		rr := s.byRule[id]
		if rr == nil {
			rr = &ruleRegions{}
			s.byRule[id] = rr
		}
		return rr
	}
	open := map[string]bool{} // the rules with a disable not yet enabled
	for i := range s.directives {
		d := &s.directives[i]
		for j := range d.rules {
			r := &d.rules[j]
			r.valid = suppressible(r.id)
		}
		switch d.kind {
		case disableNextLine:
			for j := range d.rules {
				if r := &d.rules[j]; r.valid {
					rr := regionsOf(r.id)
					rr.next = append(rr.next, region{span: d.next, owner: r})
				}
			}
		case disableFrom:
			for j := range d.rules {
				r := &d.rules[j]
				if !r.valid || open[r.id] {
					continue
				}
				rr := regionsOf(r.id)
				start := d.line.Start
				if d.inFrontmatter && len(rr.from) == 0 {
					start = 0
				}
				open[r.id] = true
				rr.from = append(rr.from, region{span: Range{Start: start, End: -1}, owner: r})
			}
		case enableFrom:
			for id := range open {
				if len(d.rules) == 0 || slices.ContainsFunc(d.rules, func(r directiveRule) bool { return r.id == id }) {
					rr := s.byRule[id]
					rr.from[len(rr.from)-1].span.End = d.line.Start - 1
					delete(open, id)
				}
			}
			for j := range d.rules {
				d.rules[j].used = true // an enable is not told as unused
			}
		}
	}
	return s
}

// covers reports whether a finding of rule at off is suppressed, marking
// the directives that do it used.
func (s *suppression) covers(rule string, off int) bool {
	rr := s.byRule[rule]
	if rr == nil {
		return false
	}
	a, b := s.coverIn(rr.next, off), s.coverIn(rr.from, off)
	return a || b
}

// coverIn marks used the regions of list, in file order without
// overlaps, that hold off: the last one starting at or before it, and
// those of the same start (one comment naming the rule twice).
func (s *suppression) coverIn(list []region, off int) bool {
	i, _ := slices.BinarySearchFunc(list, off+1, func(r region, t int) int { return r.span.Start - t })
	hit := false
	for j := i - 1; j >= 0 && list[j].span.Start == list[i-1].span.Start; j-- {
		s.examined++
		if r := &list[j]; r.span.End < 0 || off <= r.span.End {
			r.owner.used, hit = true, true
		}
	}
	return hit
}

// problems are the findings about the directives, after covers has seen
// every finding of the file: unreadable ones, missing reasons, unused ones.
func (s *suppression) problems() problemList {
	var out problemList
	suggested := 0 // unknown ids given the closest spelling: each costs a search
	for _, d := range s.directives {
		if d.kind == "" {
			out.add("suppression-invalid", Warning, d.at, unknownKeyword(d.word))
			continue
		}
		if d.kind != enableFrom && len(d.rules) == 0 {
			out.add("suppression-invalid", Warning, d.at, fmt.Sprintf("skill-ls-%s names no rule; write the rule ids it is about, comma-separated", d.kind))
			continue
		}
		for _, r := range d.rules {
			switch {
			case !knownRule(r.id) && suggested < maxSuggested:
				suggested++
				out.add("suppression-invalid", Warning, r.at, skillcore.UnknownWord("rule", r.id, suppressibleIDs())+"; this part of the comment is ignored")
			case !knownRule(r.id):
				out.add("suppression-invalid", Warning, r.at, fmt.Sprintf("unknown rule %q; this part of the comment is ignored", r.id))
			case !r.valid:
				out.add("suppression-invalid", Warning, r.at, fmt.Sprintf("%s cannot be suppressed by a comment; set its severity in .skill-ls.yaml", r.id))
			case !r.used:
				out.add("suppression-unused", Info, r.at, fmt.Sprintf("unused suppression: no %s finding where this comment covers", r.id))
			}
		}
		if d.kind != enableFrom && (d.reason == "" || d.reason == reasonPlaceholder) {
			out.add("suppression-without-reason", Warning, d.at, fmt.Sprintf("skill-ls-%s without a reason; write why after \" -- \"", d.kind))
		}
	}
	return out
}

// problemList collects problems.
type problemList []loader.Problem

func (l *problemList) add(rule string, sev Severity, r Range, msg string) {
	*l = append(*l, loader.Problem{Rule: rule, Severity: sev, Range: r, Message: msg})
}

// unknownKeyword says a skill-ls- comment's keyword is none of the three.
func unknownKeyword(word string) string {
	known := make([]string, len(directiveKinds))
	for i, k := range directiveKinds {
		known[i] = directivePrefix + k
	}
	return skillcore.UnknownWord("suppression keyword", directivePrefix+word, known) + "; the comment is ignored"
}

// maxSuggested bounds the unknown rule ids of one file that are given the
// closest spelling: a hostile file of thousands of them is told of each,
// without a search for each.
const maxSuggested = 64

// suppressibleIDs are the rule ids a directive may name.
func suppressibleIDs() []string {
	return slices.DeleteFunc(RuleIDs(), func(id string) bool { return !suppressible(id) })
}

// suppress drops from findings those the directives cover and adds the
// findings about the directives (through sev, which applies the user's
// severities). It returns findings when there are no directives. The
// findings dropped are returned too, for a checker that counts them.
func suppress(findings []Finding, ds []directive, sev func(loader.Problem) (Finding, bool)) (kept, dropped []Finding) {
	if len(ds) == 0 {
		return findings, nil
	}
	s := newSuppression(ds)
	kept = findings[:0:0]
	for _, f := range findings {
		if s.covers(f.Rule, f.Range.Start) {
			dropped = append(dropped, f)
		} else {
			kept = append(kept, f)
		}
	}
	for _, p := range s.problems() {
		if f, on := sev(p); on {
			kept = append(kept, f)
		}
	}
	return kept, dropped
}
