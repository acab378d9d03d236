package mcpserver

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// MaxText is the most text a tool takes for one file: the size past which
// skill-ls reads no SKILL.md from disk either.
const MaxText = loader.MaxFileBytes

// maxPaths bounds the paths of one call; a folder among them is walked
// with the walk's own caps.
const maxPaths = 256

// filesInput names files by path, or one file by its text and the path
// it will have; check and fix take it.
type filesInput struct {
	Paths []string `json:"paths,omitempty" jsonschema:"SKILL.md files, package manifests or folders to judge; absolute or relative to the first project root; default: the whole project"`
	Path  string   `json:"path,omitempty" jsonschema:"with text: the path the SKILL.md has or will have"`
	Text  *string  `json:"text,omitempty" jsonschema:"a SKILL.md's whole text, judged as if written at path (at most 1 MiB)"`
}

// files checks the input against the bounds and returns the files it
// names, inside the roots.
func (in filesInput) files(roots Roots) ([]File, error) {
	switch {
	case in.Text != nil && len(in.Paths) > 0:
		return nil, errors.New("give either paths, or text with the path it will have, not both")
	case in.Text != nil:
		if len(*in.Text) > MaxText {
			return nil, fmt.Errorf("text is %d bytes; skill-ls judges no SKILL.md over %d bytes (1 MiB)", len(*in.Text), MaxText)
		}
		if in.Path == "" {
			return nil, errors.New("text needs the path the SKILL.md will have")
		}
		p, err := roots.Inside(in.Path)
		if err != nil {
			return nil, err
		}
		if !analysis.IsSkillFile(p) {
			return nil, fmt.Errorf("%s: text is judged as a file named %s", p, loader.FileName)
		}
		return []File{{Path: p, Text: in.Text}}, nil
	case in.Path != "":
		return nil, errors.New("path goes with text; to judge files on disk, give paths")
	case len(in.Paths) > maxPaths:
		return nil, fmt.Errorf("%d paths; at most %d in one call (a folder counts once, whatever it holds)", len(in.Paths), maxPaths)
	case len(in.Paths) == 0:
		return []File{{Path: roots[0]}}, nil
	}
	out := make([]File, 0, len(in.Paths))
	for _, p := range in.Paths {
		abs, err := roots.Inside(p)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Path: abs})
	}
	return out, nil
}

// CheckInput is what check takes.
type CheckInput struct {
	filesInput
	Targets []string `json:"targets,omitempty" jsonschema:"agents to judge for besides the specification (default: every agent that discovers each file, or the configuration's targets); see explain with no rule for the ids"`
	Limit   *int     `json:"limit,omitempty" jsonschema:"the most findings to report, errors first, then warnings, then infos (default 50, at most 5000); the summary counts them all"`
}

// Finding limits of check: a whole project's findings can run to
// hundreds of kilobytes, past what an agent takes from one tool call.
const (
	defaultLimit = 50
	maxLimit     = 5000
)

// limit is the findings check reports.
func (in CheckInput) limit() (int, error) {
	switch {
	case in.Limit == nil:
		return defaultLimit, nil
	case *in.Limit < 0 || *in.Limit > maxLimit:
		return 0, fmt.Errorf("limit is 0 to %d, not %d", maxLimit, *in.Limit)
	}
	return *in.Limit, nil
}

// ResolveInput is what resolve takes.
type ResolveInput struct {
	Name    string `json:"name,omitempty" jsonschema:"a skill's name, as an agent lists it or as its frontmatter says"`
	Path    string `json:"path,omitempty" jsonschema:"or a SKILL.md's path"`
	Project string `json:"project,omitempty" jsonschema:"the project folder (default: the first project root)"`
}

// CatalogInput is what catalog takes.
type CatalogInput struct {
	Project string `json:"project,omitempty" jsonschema:"the project folder (default: the first project root)"`
	Target  string `json:"target,omitempty" jsonschema:"one agent, whose listing text is included (default: every agent that loads a skill of the project, without the texts)"`
}

// ExplainInput is what explain takes.
type ExplainInput struct {
	Rule string `json:"rule,omitempty" jsonschema:"a rule id from a finding (default: list every rule and target)"`
}

// FixInput is what fix takes.
type FixInput struct {
	filesInput
	Write bool `json:"write,omitempty" jsonschema:"write the fixed files (default false: only return the diff); not with text"`
}

// FixOutput is what fix answers.
type FixOutput struct {
	Diff    string     `json:"diff" jsonschema:"the safe fixes as a unified diff; empty when nothing is to fix"`
	Files   []FixedOut `json:"files" jsonschema:"the files the fixes change"`
	Written bool       `json:"written" jsonschema:"whether the files were written"`
	Outside []string   `json:"outside" jsonschema:"files the fixes would change that lie outside the roots (reached through a link): left alone"`
}

// FixedOut is one file fix changes, and the fixes applied to it.
type FixedOut struct {
	Path  string   `json:"path"`
	Fixes []string `json:"fixes"`
}

// targetsOf checks target ids.
func targetsOf(ids []string) error {
	for _, id := range ids {
		if loader.TargetByID(id) == nil {
			return errors.New(skillcore.UnknownWord("target", id, loader.TargetIDs()))
		}
	}
	return nil
}

// ruleOf checks a rule id ("" lists every rule).
func ruleOf(id string) error {
	if id != "" && analysis.RuleByID(id) == nil {
		return errors.New(skillcore.UnknownWord("rule", id, analysis.RuleIDs()))
	}
	return nil
}

// projectOf is the project a call names, inside the roots, or the first
// root.
func (rs Roots) projectOf(p string) (string, error) {
	if strings.TrimSpace(p) == "" {
		return rs[0], nil
	}
	return rs.Inside(p)
}

// sortedFixes orders fix's files by path.
func sortedFixes(fs []Fixed) []Fixed {
	return slices.SortedFunc(slices.Values(fs), func(a, b Fixed) int { return strings.Compare(a.Path, b.Path) })
}
