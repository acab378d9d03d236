package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/mcpserver"
	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// mcpBackend answers the MCP server's tools through check's, catalog's and
// explain's own code: a tool says what the command would.
type mcpBackend struct{}

// mcpCheckReport is check's JSON report, each file with the name every
// agent that loads it gives it, and what could not be checked. Omitted
// counts the findings past the call's limit; a file all of whose
// findings were omitted is left out.
type mcpCheckReport struct {
	Files   []mcpFileReport `json:"files"`
	Summary summary         `json:"summary"`
	Omitted int             `json:"omitted"`
	Notes   []string        `json:"notes"`
}

type mcpFileReport struct {
	fileReport
	LoadedAs []loadedAs `json:"loadedAs"`
}

func (mcpBackend) Check(_ context.Context, files []mcpserver.File, targets []string, limit int) (any, error) {
	r, notes, err := mcpRun(files, targets)
	if err != nil {
		return nil, err
	}
	rep, _ := r.report(nil)
	out := mcpCheckReport{Files: make([]mcpFileReport, 0, len(rep.Files)), Summary: rep.Summary, Notes: notes}
	out.Omitted = limitFindings(rep, limit)
	for _, fr := range rep.Files {
		names := []loadedAs{}
		if e := r.ws.World.Entry(fr.Path); e != nil {
			names = agentNames(e)
		}
		out.Files = append(out.Files, mcpFileReport{fr, names})
	}
	return out, nil
}

// limitFindings keeps at most limit findings of the report, the most
// severe first, drops the files left with none of their findings, and
// returns how many it dropped.
func limitFindings(rep *report, limit int) int {
	keep := map[string]int{} // findings kept of each severity
	for _, sev := range []string{"error", "warning", "info"} {
		n := 0
		for _, f := range rep.Files {
			for _, x := range f.Findings {
				if x.Severity == sev {
					n++
				}
			}
		}
		keep[sev] = min(n, limit)
		limit -= keep[sev]
	}
	omitted := 0
	for i := range rep.Files {
		f := &rep.Files[i]
		had := len(f.Findings)
		f.Findings = slices.DeleteFunc(f.Findings, func(x findingReport) bool {
			if keep[x.Severity] > 0 {
				keep[x.Severity]--
				return false
			}
			return true
		})
		omitted += had - len(f.Findings)
		if had > 0 && len(f.Findings) == 0 {
			f.Path = "" // all omitted: dropped below
		}
	}
	rep.Files = slices.DeleteFunc(rep.Files, func(f fileReport) bool { return f.Path == "" })
	return omitted
}

func (mcpBackend) Fix(_ context.Context, files []mcpserver.File) ([]mcpserver.Fixed, error) {
	r, _, err := mcpRun(files, nil)
	if err != nil {
		return nil, err
	}
	var out []mcpserver.Fixed
	for _, p := range r.files {
		if orig, src, titles := r.fixedText(p); !bytes.Equal(orig, src) {
			out = append(out, mcpserver.Fixed{Path: p, Old: orig, New: src, Titles: titles})
		}
	}
	return out, nil
}

// Write is check --fix's atomic write.
func (mcpBackend) Write(path string, src []byte) error { return writeAtomic(path, src) }

// mcpRun is the check run of a tool's files, paths shown absolute (an
// agent opens files by absolute path), and what it could not check.
func mcpRun(files []mcpserver.File, targets []string) (*checkRun, []string, error) {
	opts := checkOptions{maxWarnings: -1}
	if len(targets) > 0 {
		opts.targets = targets
	}
	var notes bytes.Buffer
	var r *checkRun
	if len(files) == 1 && files[0].Text != nil {
		project, err := opts.projectConfig([]string{fsys.ParentDir(files[0].Path)})
		if err != nil {
			return nil, nil, fmt.Errorf("configuration: %w", err)
		}
		cfg := checkConfig(opts, project)
		cfg.ReleaseBodies = false // the text is nowhere on disk to read back
		r, err = newTextRun(files[0].Path, []byte(*files[0].Text), cfg, &notes)
		if err != nil {
			return nil, nil, err
		}
	} else {
		paths := make([]string, len(files))
		for i, f := range files {
			paths[i] = f.Path
		}
		project, err := opts.projectConfig(paths)
		if err != nil {
			return nil, nil, fmt.Errorf("configuration: %w", err)
		}
		if r, err = newCheckRun(paths, checkConfig(opts, project), &notes); err != nil {
			return nil, nil, err
		}
		if err := r.selectFiles(opts, true); err != nil {
			return nil, nil, err
		}
	}
	r.cwd = ""
	return r, noteLines(notes.String()), nil
}

// newTextRun is the check run of one SKILL.md given by its text, at the
// path it has or will have: its project's world is read from disk, and
// the text stands in for the file.
func newTextRun(path string, text []byte, cfg analysis.Config, stderr io.Writer) (*checkRun, error) {
	r := &checkRun{stderr: stderr, ws: analysis.NewWorkspace(cfg)}
	world := r.ws.World
	if p := world.ProjectOf(path); p != "" {
		world.Projects = append(world.Projects, p)
	}
	if top := skillcore.PackageTopOf(path); top != "" {
		world.PackageDirs = append(world.PackageDirs, top)
	}
	for _, e := range r.ws.Scan() {
		if err := limitOf(e); err != nil {
			return nil, err
		}
		r.fail(e)
	}
	r.ws.Set(path, text)
	r.files = []string{path}
	return r, nil
}

// noteLines are check's messages on standard error, one a line, without
// the program's name.
func noteLines(s string) []string {
	out := []string{}
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		if line = strings.TrimPrefix(line, "skill-ls: "); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// agentNames lists each agent that loads the skill and the name it knows
// it by: a plugin's skill by its installed name.
func agentNames(e *skillcore.Entry) []loadedAs {
	out := []loadedAs{}
	for _, id := range e.LoadedBy() {
		if t := loader.TargetByID(id); t != nil {
			out = append(out, loadedAs{Target: id, Name: agentName(t, e.InstalledName(t), e.Skill)})
		}
	}
	return out
}

// mcpCatalog is what the catalog tool answers, and what skill-ls catalog
// --format json writes: per agent, its listing as the model sees it and
// how it stands against the agent's budget.
type mcpCatalog struct {
	Project string            `json:"project"`
	Agents  []mcpAgentCatalog `json:"agents"`
	Notes   []string          `json:"notes"`
}

type mcpAgentCatalog struct {
	Target string `json:"target"`
	Text   string `json:"text,omitempty"` // what the agent shows the model, byte for byte; for one target asked for (the tool), always (the command)
	Bytes  int    `json:"bytes"`          // the length of that text

	Budget string           `json:"budget"` // skill-ls catalog's report on standard error
	Skills []mcpCatalogLine `json:"skills"`
}

type mcpCatalogLine struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Scope string `json:"scope"`
	// Description is the description as the agent reads it, before its
	// catalog shortens it; Entry is the skill's text in the catalog, as
	// the agent shows it (cut where the agent cuts; as it would read if
	// it fit, for a dropped one).
	Description string `json:"description"`
	Entry       string `json:"entry"`
	Dropped     bool   `json:"dropped"` // left out for the budget
}

func (mcpBackend) Catalog(_ context.Context, project, target string) (any, error) {
	var pinned []string
	if target != "" {
		pinned = []string{target}
	}
	ws, notes, err := mcpWorld(project, pinned)
	if err != nil {
		return nil, err
	}
	return catalogReport(ws.World, project, notes, target != "")
}

// catalogReport is the catalogs of the agents catalog shows for project
// (catalogTargets), each agent's text included when withText.
func catalogReport(w *skillcore.World, project string, notes []string, withText bool) (mcpCatalog, error) {
	targets := catalogTargets(w, project)
	if len(targets) == 0 {
		return mcpCatalog{}, fmt.Errorf("no agent loads a skill of %s", project)
	}
	out := mcpCatalog{Project: project, Agents: []mcpAgentCatalog{}, Notes: notes}
	for _, t := range targets {
		entries := w.Catalog(t, project)
		text := skillcore.RenderCatalog(t, entries)
		ac := mcpAgentCatalog{Target: t.ID, Bytes: len(text), Budget: skillcore.BudgetReport(t, entries), Skills: []mcpCatalogLine{}}
		if withText {
			ac.Text = text
		}
		for _, ce := range entries {
			if ce.Skill == nil {
				continue
			}
			ac.Skills = append(ac.Skills, mcpCatalogLine{Name: agentName(t, ce.Name, ce.Skill), Path: ce.ShownPath(), Scope: ce.Scope.String(),
				Description: t.Describe(ce.Skill), Entry: skillcore.RenderEntry(t, ce), Dropped: ce.Dropped})
		}
		out.Agents = append(out.Agents, ac)
	}
	return out, nil
}

// mcpWorld is catalog's world of the project, and what its walk could not
// read; a walk stopped at a cap is an error, as in catalog.
func mcpWorld(project string, pinned []string) (*analysis.Workspace, []string, error) {
	ws, errs := catalogWorkspace(project, pinned)
	notes := []string{}
	for _, err := range errs {
		if le := limitOf(err); le != nil {
			return nil, nil, le
		}
		notes = append(notes, err.Error())
	}
	return ws, notes, nil
}

// mcpRule is a rule as the explain tool answers it.
type mcpRule struct {
	ID      string `json:"id"`
	Summary string `json:"summary"`
	Doc     string `json:"doc,omitempty"`
	Example string `json:"example,omitempty"`
}

func (mcpBackend) Explain(_ context.Context, id string) (any, error) {
	if id != "" {
		r := analysis.RuleByID(id)
		if r == nil {
			return nil, errors.New(skillcore.UnknownWord("rule", id, analysis.RuleIDs()))
		}
		return mcpRule{ID: r.ID, Summary: r.Summary, Doc: r.Doc, Example: r.Example}, nil
	}
	rules := make([]mcpRule, len(analysis.Rules))
	for i, r := range analysis.Rules {
		rules[i] = mcpRule{ID: r.ID, Summary: r.Summary}
	}
	return struct {
		Rules   []mcpRule    `json:"rules"`
		Targets []targetInfo `json:"targets"`
	}{rules, targetInfos()}, nil
}
