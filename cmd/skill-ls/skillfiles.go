package main

import (
	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// reportSkillFiles adds the other files of the skill folders among files
// (scripts, references) that have findings, each read once: what an agent
// reads or runs beside SKILL.md is judged too (hidden characters,
// secrets, download-and-run commands, shebangs, file modes). Folders are
// listed and their files judged a skill at a time, in parallel.
func (r *checkRun) reportSkillFiles(rep *report, files []string) {
	type judged struct {
		path     string
		findings []analysis.Finding
		src      []byte
	}
	found := make([][]judged, len(files))
	skillcore.ForEach(len(files), func(i int) {
		if r.ws.World.Entry(files[i]) == nil {
			return
		}
		for _, p := range r.ws.SkillFiles(files[i]) {
			if r.ws.Ignored(p) {
				continue
			}
			if fs, src := r.ws.FileFindings(p); len(fs) > 0 {
				found[i] = append(found[i], judged{p, fs, src})
			}
		}
	})
	for i, js := range found {
		for _, j := range js {
			r.lines[j.path] = analysis.NewPlacement(j.src).Index()
			fr := fileReport{Path: r.displayPath(j.path), LoadedBy: nonNil(r.ws.World.Entry(files[i]).LoadedBy()), Packages: []packageReport{}, Findings: []findingReport{}}
			for _, f := range j.findings {
				if r.quiet && f.Severity != analysis.Error {
					fr.hidden.count(f.Severity.String())
					continue
				}
				fr.Findings = append(fr.Findings, r.findingReport(j.path, f))
			}
			rep.add(fr)
		}
	}
}
