package analysis

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/skill-ls/skill-ls/skillcore"
)

// A name that mixes scripts ("pdf" with a Cyrillic "р") reads as another
// skill's name and is not it: a model picking a skill by name, or a person
// approving one, takes the impostor for the original.

// confusables maps letters of other scripts to the Latin letters they look
// like (Unicode's confusables for the letters names use).
var confusables = map[rune]rune{
	'а': 'a', 'в': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j', 'к': 'k', 'ӏ': 'l', 'м': 'm',
	'н': 'h', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'т': 't', 'у': 'y', 'х': 'x', 'ԝ': 'w', 'ь': 'b', 'ɡ': 'g',
	'α': 'a', 'β': 'b', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
	'ı': 'i', 'ℓ': 'l', '‐': '-', '‑': '-', '–': '-', '−': '-',
}

// scriptOf names the script of a letter, for the scripts names mix.
func scriptOf(r rune) string {
	for _, s := range []string{"Latin", "Cyrillic", "Greek", "Armenian", "Cherokee", "Han", "Arabic", "Hebrew"} {
		if unicode.Is(unicode.Scripts[s], r) {
			return s
		}
	}
	return "Other"
}

// nameSkeleton is what a name looks like: NFKC, lower case, confusable
// letters as the Latin ones, deceptive characters dropped.
func nameSkeleton(name string) string {
	if isASCII(name) {
		return strings.ToLower(name) // NFKC leaves it, and none is deceptive or a look-alike
	}
	var b strings.Builder
	for _, r := range strings.ToLower(norm.NFKC.String(name)) {
		if kindOf(r) != kindNone {
			continue
		}
		if l, ok := confusables[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// nameConfusable tells a non-ASCII name that mixes scripts, or that looks
// like another skill's name in the world. ASCII names, nearly all of
// them, cost one look.
func (w *Workspace) nameConfusable(e *skillcore.Entry) []skillcore.Problem {
	s := e.Skill
	name := skillName(s)
	if isASCII(name) || s.Field("name") == nil {
		return nil
	}
	at := nameRange(s)
	var out []skillcore.Problem
	var scripts []string
	for _, r := range name {
		if unicode.IsLetter(r) {
			if sc := scriptOf(r); !slices.Contains(scripts, sc) {
				scripts = append(scripts, sc)
			}
		}
	}
	if len(scripts) > 1 && slices.Contains(scripts, "Latin") && slices.ContainsFunc(scripts, lookalikeScript) {
		out = append(out, skillcore.Problem{Rule: "name-confusable", Severity: Warning, Range: at,
			Message: fmt.Sprintf("name %q mixes %s letters: it reads as %q and is not that name", name, strings.Join(scripts, " and "), nameSkeleton(name))})
	}
	for _, p := range w.lookalikes().byLook[nameSkeleton(name)] {
		o := w.World.Entry(p)
		if o == nil || p == s.Path {
			continue
		}
		if other := skillName(o.Skill); other != name {
			out = append(out, skillcore.Problem{Rule: "name-confusable", Severity: Warning, Range: at,
				Message: fmt.Sprintf("name %q looks like %q, the name of another skill, and is not it", name, other),
				Related: []skillcore.Related{{Path: p, Range: nameRange(o.Skill), Message: "the skill it looks like"}}})
		}
	}
	return out
}

// lookalikeScript is a script whose letters pass for Latin ones.
func lookalikeScript(s string) bool {
	return s == "Cyrillic" || s == "Greek" || s == "Armenian" || s == "Cherokee"
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// lookalikeIndex finds the skills whose names look alike: the paths of the
// world's skills by their names' skeleton, in path order, for the
// skeletons that two different names share. Built once for a set of names
// (skillcore.World.NamesGen), it lets each non-ASCII name cost a look-up
// rather than the skeleton of every other skill's name: a workspace of
// 2,000 such names took 12.9 times as long as one of 500.
type lookalikeIndex struct {
	mu     sync.Mutex // judging runs in parallel; the first to ask builds it
	gen    uint64
	built  bool
	byLook map[string][]string
}

// lookalikes returns the index of the world's names as they are now.
func (w *Workspace) lookalikes() *lookalikeIndex {
	x := &w.confusable
	x.mu.Lock()
	defer x.mu.Unlock()
	if gen := w.World.NamesGen(); !x.built || x.gen != gen {
		x.byLook, x.gen, x.built = lookalikesOf(w.World), gen, true
	}
	return x
}

// lookalikesOf groups the world's paths by their name's skeleton and keeps
// the groups of more than one name.
func lookalikesOf(world *skillcore.World) map[string][]string {
	byLook := map[string][]string{}
	firstName := map[string]string{} // a skeleton's first name
	mixed := map[string]bool{}       // skeletons of two names or more
	for _, p := range world.Paths() {
		name := skillName(world.Entry(p).Skill)
		look := nameSkeleton(name)
		byLook[look] = append(byLook[look], p)
		if first, ok := firstName[look]; !ok {
			firstName[look] = name
		} else if first != name {
			mixed[look] = true
		}
	}
	for look := range byLook {
		if !mixed[look] {
			delete(byLook, look)
		}
	}
	return byLook
}
