package analysis

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// The rules of this file show an author what a model reads in a skill that
// a reviewer does not see: deceptive characters, hidden text, secrets,
// commands that download and run code. They run on the bytes already read,
// each in one pass, and name the agents that load the skill (readers).

// hostileProblems checks the whole of a SKILL.md.
func hostileProblems(s *loader.Skill, b *Body) []loader.Problem {
	src := s.Src
	var out []loader.Problem
	for _, h := range scanHidden(src, 0, len(src)) {
		out = append(out, hiddenCharProblem(h, where(s, h.Range.Start)))
	}
	out = append(out, hiddenTextProblems(src, s.Body(), b)...)
	out = append(out, textProblems(src, s.Body().Start, len(src))...)
	out = append(out, allowedToolsEscapes(s)...)
	return out
}

// textProblems are the secrets and download-and-run commands in
// src[from:to], the rules that read a SKILL.md's body and a skill's other
// text files alike.
func textProblems(src []byte, from, to int) []loader.Problem {
	var out []loader.Problem
	for _, f := range scanSecrets(src, from, to) {
		out = append(out, loader.Problem{Rule: "secret", Severity: Warning, Range: f.Range,
			Message: fmt.Sprintf("%s in plain text: everyone who installs the skill gets it and the model reads it; revoke it and read it from the environment", f.What)})
	}
	for _, r := range scanRemoteExec(src, from, to) {
		out = append(out, loader.Problem{Rule: "remote-exec", Severity: Warning, Range: r,
			Message: fmt.Sprintf("%q downloads code and runs it unread: what runs is whatever the server sends that day; ship the script in the skill, or download, check and pin it", clip(string(src[r.Start:r.End]), 60))})
	}
	return out
}

// hiddenCharProblem is the finding for a run of deceptive characters:
// unusual spaces are advice, invisible characters a warning.
func hiddenCharProblem(h hiddenRun, where string) loader.Problem {
	if h.Kind == kindSpace {
		return loader.Problem{Rule: "unusual-space", Severity: Info, Range: h.Range, Message: h.describe(where)}
	}
	return loader.Problem{Rule: "hidden-chars", Severity: Warning, Range: h.Range, Message: h.describe(where)}
}

// where names the part of a SKILL.md that off falls in.
func where(s *loader.Skill, off int) string {
	for _, key := range []string{"name", "description"} {
		if f := s.Field(key); f != nil && f.Value != nil && f.Value.Range.Contains(off) {
			return "the " + key
		}
	}
	if off >= s.Body().Start {
		return "the body"
	}
	return "the frontmatter"
}

// hiddenTextProblems tells the comments and unused link reference
// definitions of a body: information, or a warning when they speak to
// the model.
func hiddenTextProblems(src []byte, body Range, b *Body) []loader.Problem {
	var out []loader.Problem
	add := func(h HiddenText, what string) {
		text := src[h.Range.Start:h.Range.End]
		sev, msg := Info, fmt.Sprintf("%s: the model reads it, rendered Markdown hides it", what)
		if words := instruction(text); words != "" {
			sev, msg = Warning, fmt.Sprintf("%s addresses the model (%q): the model reads it, rendered Markdown hides it from whoever reviews the skill", what, clip(words, 40))
		}
		out = append(out, loader.Problem{Rule: "hidden-text", Severity: sev, Range: h.Range, Message: msg})
	}
	for _, h := range b.Hidden {
		if c := src[h.Range.Start:h.Range.End]; h.Comment && !emptyComment(c) && !directiveComment(c) {
			add(h, "an HTML comment")
		}
	}
	for _, h := range unusedDefs(src, body, b) {
		add(h, "a link reference definition no link uses")
	}
	sortProblems(out)
	return out
}

// emptyComment is "<!-- -->" with nothing but spaces inside.
func emptyComment(c []byte) bool {
	for _, x := range c {
		if x != '<' && x != '!' && x != '-' && x != '>' && x != ' ' && x != '\t' && x != '\n' && x != '\r' {
			return false
		}
	}
	return true
}

// directiveComment is a comment that holds a skill-ls suppression
// directive: written for skill-ls, told by the suppression rules.
func directiveComment(c []byte) bool {
	inner := bytes.TrimLeft(bytes.TrimPrefix(c, []byte("<!--")), " \t")
	return bytes.HasPrefix(inner, []byte(directivePrefix))
}

// sortProblems orders problems by where they start.
func sortProblems(ps []loader.Problem) {
	slices.SortStableFunc(ps, func(a, b loader.Problem) int { return a.Range.Start - b.Range.Start })
}

// readers names the agents that load e on the problems that name none:
// the hostile rules are about what every reader of the file reads.
func readers(e *skillcore.Entry, problems []loader.Problem) []loader.Problem {
	var by []string
	for i := range problems {
		if problems[i].Targets == nil && hostileRule(problems[i].Rule) {
			if by == nil {
				by = append([]string{}, e.LoadedBy()...)
			}
			problems[i].Targets = by
		}
	}
	return problems
}

// hostileRule reports the rules of this file.
func hostileRule(id string) bool {
	switch id {
	case "hidden-chars", "unusual-space", "hidden-text", "secret", "remote-exec", "name-confusable", "file-mode":
		return true
	}
	return false
}
