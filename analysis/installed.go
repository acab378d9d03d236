package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// The files in which agents keep installed plugins (settings, registries,
// enablement files, the plugins' own manifests) get the problems skill-ls
// met reading them, like any file it diagnoses.

// installedConfigFindings are the problems of the file at path among the
// installed plugins' files; ok is false for a file that is none of them.
func (w *Workspace) installedConfigFindings(path string) (fs []Finding, ok bool) {
	path = fsys.CleanPath(path)
	in := w.World.Installation()
	var ps []loader.Problem
	for _, p := range in.Problems {
		if p.Path == path {
			ps = append(ps, p.Problem)
		}
	}
	if len(ps) == 0 && !slices.Contains(in.Watch, path) {
		return nil, false
	}
	return w.findings(ps, nil, nil), true
}

// InstallationFiles lists the files of what the agents installed that a
// check reports: those skill-ls met problems in (settings, registries,
// manifests, wherever they are), and the manifests of the plugins the
// agents load. Sorted, once each.
func (w *Workspace) InstallationFiles() []string {
	in := w.World.Installation()
	var out []string
	for _, p := range in.Problems {
		out = append(out, p.Path)
	}
	for _, p := range in.Plugins {
		if p.Manifest != "" && p.Loads() {
			out = append(out, p.Manifest)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// installedSource is the text of a file of the installations, for placing
// its findings; nil when it cannot be read.
func installedSource(path string) []byte {
	src, err := fsys.ReadFile(path, nil)
	if err != nil {
		return nil
	}
	return src
}

// ReadOnly reports whether the file at path belongs to a plugin an agent
// installed under the home folder: the agent's copy, which no edit,
// rename or fix of skill-ls ever touches.
func (w *Workspace) ReadOnly(path string) bool { return w.World.IsInstalled(path) }

// installedText says, for a hover, which installed plugins ship a skill of
// the same name (and how each agent names it, or why it is not loaded),
// and that a plugin's own file is read-only.
func installedText(b *strings.Builder, world *skillcore.World, e *skillcore.Entry) {
	if world.IsInstalled(e.Skill.Path) {
		b.WriteString("This file belongs to a plugin an agent installed: skill-ls does not edit it.\n\n")
	}
	if also := world.AlsoInstalled(e.Skill.Path); len(also) > 0 {
		b.WriteString("Also installed:\n")
		for _, a := range also {
			fmt.Fprintf(b, "- %s\n", a)
		}
		b.WriteString("\n")
	}
}
