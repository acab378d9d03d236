package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// targetsFormats are the outputs of explain --targets: json is what the
// editor integrations read (the VS Code extension's Show Catalog) and
// what the tests hold their static lists to.
var targetsFormats = []string{"text", "json"}

// targetInfo is one target as explain --targets --format json writes it.
type targetInfo struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Verified string `json:"verified"`
	// UploadOnly: the agent scans no folder (claude-api).
	UploadOnly bool `json:"uploadOnly"`
	// ProjectRoots are the folders, relative to a project, the agent
	// scans for skills: editors take their first element as a root marker.
	ProjectRoots []string `json:"projectRoots"`
}

// targetInfos lists every target, in skillcore's order.
func targetInfos() []targetInfo {
	out := make([]targetInfo, 0, len(loader.Targets))
	for _, t := range loader.Targets {
		roots := []string{}
		for _, r := range t.Roots {
			if r.Base == loader.BaseProject {
				roots = append(roots, r.Path)
			}
		}
		out = append(out, targetInfo{ID: t.ID, Title: t.Title, Verified: t.Verified.String(),
			UploadOnly: t.UploadOnly, ProjectRoots: roots})
	}
	return out
}

// explainTargets prints every target, as text or as JSON.
func explainTargets(format string, stdout, stderr io.Writer) int {
	switch format {
	case "text":
		writeTargetsText(stdout)
		return exitOK
	case "json":
		// Strings and bools only: marshalling cannot fail.
		b, _ := json.MarshalIndent(struct {
			Targets []targetInfo `json:"targets"`
		}{targetInfos()}, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return exitOK
	}
	fmt.Fprintf(stderr, "skill-ls explain: %s (see skill-ls help explain)\n", escapeText(skillcore.UnknownWord("format", format, targetsFormats)))
	return exitUsage
}

// writeTargetsText lists the targets and what their facts were verified
// against, one a line.
func writeTargetsText(w io.Writer) {
	for _, t := range loader.Targets {
		fmt.Fprintf(w, "%-24s %s\n", t.ID, t.Verified)
	}
}
