package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore"
)

// maxBodyLines is the spec's advice for a SKILL.md body.
const maxBodyLines = 500

// Findings is everything skill-ls tells the author about the file at path,
// with the user's severity overrides applied, in file order. Files the
// workspace does not hold get none.
func (w *Workspace) Findings(path string) []Finding {
	e := w.World.Entry(path)
	if e == nil {
		return []Finding{}
	}
	return w.findings(e.Skill, w.World.Problems(path), w.body(e.Skill))
}

// FindingsOf is Findings for each of paths, the work on each file's own
// body and links done in parallel, for a checker that reports many files.
func (w *Workspace) FindingsOf(paths []string) [][]Finding {
	out := make([][]Finding, len(paths))
	problems := make([][]skillcore.Problem, len(paths))
	for i, p := range paths {
		problems[i] = w.World.Problems(p)
	}
	skillcore.ForEach(len(paths), func(i int) {
		if e := w.World.Entry(paths[i]); e != nil {
			out[i] = w.findings(e.Skill, problems[i], ScanBody(e.Skill))
		} else {
			out[i] = []Finding{}
		}
	})
	return out
}

// findings adds the body's problems to the file's and turns them into
// findings. It reads the workspace's settings only.
func (w *Workspace) findings(s *skillcore.Skill, problems []skillcore.Problem, body *Body) []Finding {
	problems = append(problems, bodyProblems(s, body)...)
	out := make([]Finding, 0, len(problems))
	for _, p := range problems {
		sev, on := w.severity(p.Rule, p.Severity)
		if !on {
			continue
		}
		out = append(out, Finding{
			Rule: p.Rule, Severity: sev, Message: p.Message, Range: p.Range,
			Targets: p.Targets, Related: p.Related,
			Fixes: fixesFor(s, p),
		})
	}
	sortFindings(out)
	return out
}

// Describe is the finding's message followed by the targets it comes from,
// as editors and the text report show it.
func (f Finding) Describe() string {
	if len(f.Targets) == 0 {
		return f.Message
	}
	return f.Message + " (" + strings.Join(f.Targets, ", ") + ")"
}

// bodyProblems checks the Markdown body: its length and its relative links.
func bodyProblems(s *skillcore.Skill, b *Body) []skillcore.Problem {
	var out []skillcore.Problem
	spec := []string{"agentskills"}
	if b.Lines > maxBodyLines {
		r := s.Body()
		out = append(out, skillcore.Problem{Rule: "body-too-long", Severity: Info, Targets: spec,
			Range:   Range{Start: r.Start, End: r.Start},
			Message: fmt.Sprintf("the body is %d lines; the spec advises at most %d, with details moved to files the skill references", b.Lines, maxBodyLines)})
	}
	dir := s.Dir()
	inside := dir
	if !strings.HasSuffix(inside, string(filepath.Separator)) {
		inside += string(filepath.Separator)
	}
	exists := map[string]bool{} // a file linked twice is looked up once
	for _, l := range b.Links {
		target := filepath.Join(dir, filepath.FromSlash(l.Target))
		if target != dir && !strings.HasPrefix(target, inside) {
			out = append(out, skillcore.Problem{Rule: "link-escapes", Severity: Warning, Range: l.Range, Targets: spec,
				Message: fmt.Sprintf("%s leaves the skill's directory; agents resolve paths against the skill folder and may not allow reading outside it", l.Target)})
			continue
		}
		ok, seen := exists[target]
		if !seen {
			_, err := os.Stat(target)
			ok = err == nil
			exists[target] = ok
		}
		if !ok {
			out = append(out, skillcore.Problem{Rule: "link-broken", Severity: Warning, Range: l.Range, Targets: spec,
				Message: fmt.Sprintf("%s does not exist in the skill's directory", l.Target)})
		}
	}
	return out
}
