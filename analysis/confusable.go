package analysis

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skillcore/loader"

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
func (w *Workspace) nameConfusable(e *skillcore.Entry) []loader.Problem {
	s := e.Skill
	name := skillName(s)
	if isASCII(name) || s.Field("name") == nil {
		return nil
	}
	at := nameRange(s)
	var out []loader.Problem
	var scripts []string
	for _, r := range name {
		if unicode.IsLetter(r) {
			if sc := scriptOf(r); !slices.Contains(scripts, sc) {
				scripts = append(scripts, sc)
			}
		}
	}
	if len(scripts) > 1 && slices.Contains(scripts, "Latin") && slices.ContainsFunc(scripts, lookalikeScript) {
		out = append(out, loader.Problem{Rule: "name-confusable", Severity: Warning, Range: at,
			Message: fmt.Sprintf("name %q mixes %s letters: it reads as %q and is not that name", name, strings.Join(scripts, " and "), nameSkeleton(name))})
	}
	for _, l := range w.lookalikes().of(s.Path, name) {
		o := w.World.Entry(l.path)
		if o == nil {
			continue
		}
		out = append(out, loader.Problem{Rule: "name-confusable", Severity: Warning, Range: at,
			Message: fmt.Sprintf("name %q looks like %q, the name of another skill, and is not it", name, l.name),
			Related: []loader.Related{{Path: l.path, Range: nameRange(o.Skill), Message: "the skill it looks like"}}})
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
