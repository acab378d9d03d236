package analysis

// LocalFindings are the findings of the SKILL.md at path that its own text
// and the disk beside it give, with no other skill needed: parsing, the
// frontmatter's fields for the targets that read it here, the body's links
// and hostile text, and its suppression comments. What the world adds
// (collisions, the catalog budget, what packages make of the file) is left
// out, so a workspace that holds only the files an editor opened, judged
// by their paths (Config.PathOnly), gives nothing a full scan takes back.
// It reports false for a file that is not a skill the workspace holds (a
// manifest, the project configuration): those wait for the world.
func (w *Workspace) LocalFindings(path string) ([]Finding, bool) {
	e := w.World.Entry(path)
	if e == nil || IsManifestFile(path) {
		return nil, false
	}
	if w.Ignored(path) {
		return []Finding{}, true
	}
	// The file's own problems (e.Problems) and its name's confusables
	// among the files held, which here are only the ones opened.
	b := w.body(e.Skill)
	front := w.agentVerdict(e, w.frontProblems(e, e.Problems))
	return w.findings(front, readers(e, bodyProblems(e.Skill, b)), w.directives(e.Skill, b)), true
}
