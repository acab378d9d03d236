package main

import (
	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// reportSkillFiles adds the other files of the skill folders among files
// (scripts, references) that have findings, each read once: what an agent
// reads or runs beside SKILL.md is judged too (hidden characters,
// secrets, download-and-run commands, shebangs, file modes).
func (r *checkRun) reportSkillFiles(rep *report, files []string) {
	var paths []string
	loadedBy := map[string][]string{}
	for _, f := range files {
		e := r.ws.World.Entry(f)
		if e == nil {
			continue
		}
		for _, p := range analysis.SkillFiles(f) {
			if !r.ws.Ignored(p) {
				paths = append(paths, p)
				loadedBy[p] = nonNil(e.LoadedBy())
			}
		}
	}
	found := make([][]analysis.Finding, len(paths))
	srcs := make([][]byte, len(paths))
	skillcore.ForEach(len(paths), func(i int) { found[i], srcs[i] = r.ws.FileFindings(paths[i]) })
	for i, p := range paths {
		if len(found[i]) == 0 {
			continue
		}
		r.lines[p] = analysis.NewPlacement(srcs[i]).Index()
		fr := fileReport{Path: r.displayPath(p), LoadedBy: loadedBy[p], Packages: []packageReport{}, Findings: []findingReport{}}
		for _, f := range found[i] {
			if r.quiet && f.Severity != analysis.Error {
				fr.hidden.count(f.Severity.String())
				continue
			}
			fr.Findings = append(fr.Findings, r.findingReport(p, f))
		}
		rep.add(fr)
	}
}
