package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// catalog prints the catalog an agent would build for a project on
// standard output, and how much of its budget it uses on standard error.
// Without --target it prints one headed section for each agent that loads
// a skill of the project.
func catalog(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("catalog")
	target := fs.String("target", "", "the agent whose catalog to print (default: every agent that loads a skill of the project): "+strings.Join(loader.TargetIDs(), ", "))
	project := fs.String("project", "", "the project folder (default: the project holding the current folder)")
	format := fs.String("format", "text", "output format: text (each agent's catalog text; the budget on standard error) or json (each agent's entries and budget, as the MCP catalog tool answers)")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if code, done := noArgs(fs, stderr); done {
		return code
	}
	if !slices.Contains(catalogFormats, *format) {
		fmt.Fprintf(stderr, "skill-ls catalog: %s\n", escapeText(skillcore.UnknownWord("format", *format, catalogFormats)))
		return exitUsage
	}
	var pinned []string
	if *target != "" {
		if loader.TargetByID(*target) == nil {
			fmt.Fprintf(stderr, "skill-ls catalog: %s\n", escapeText(skillcore.UnknownWord("target", *target, loader.TargetIDs())))
			return exitUsage
		}
		pinned = []string{*target}
	}
	home, _ := os.UserHomeDir()
	dir, err := projectDir(*project, skillcore.Env{Home: home, Getenv: os.Getenv})
	if err == nil {
		err = isDir(dir)
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls catalog:", escapeText(err.Error()))
		return exitUsage
	}
	ws, errs := catalogWorkspace(dir, pinned)
	partial := false
	for _, err := range errs {
		fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
		partial = partial || limitOf(err) != nil
	}
	if partial {
		return exitUsage
	}
	if *format == "json" {
		return writeCatalogJSON(ws.World, dir, errs, stdout, stderr)
	}
	targets := catalogTargets(ws.World, dir)
	if len(targets) == 0 {
		// An empty listing is no answer: say so, as check does for a
		// folder without SKILL.md.
		fmt.Fprintf(stderr, "skill-ls catalog: no agent loads a skill of %s\n", escapeText(dir))
		return exitUsage
	}
	for i, t := range targets {
		entries := ws.World.Catalog(t, dir)
		if len(pinned) == 0 {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "==> %s <==\n", t.ID)
		}
		// The agent's text is exact, without a last newline; the
		// terminal's prompt should not follow it on its line.
		text := skillcore.RenderCatalog(t, entries)
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		fmt.Fprint(stdout, text)
		fmt.Fprint(stderr, skillcore.BudgetReport(t, entries)) // headed by the target
	}
	return exitOK
}

// catalogFormats are catalog's outputs.
var catalogFormats = []string{"text", "json"}

// writeCatalogJSON writes the project's catalogs as the MCP catalog tool
// answers them, with every agent's text, and the scan's notes.
func writeCatalogJSON(w *skillcore.World, dir string, errs []error, stdout, stderr io.Writer) int {
	notes := []string{}
	for _, err := range errs {
		notes = append(notes, err.Error())
	}
	rep, err := catalogReport(w, dir, notes, true)
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls catalog:", escapeText(err.Error()))
		return exitUsage
	}
	// Catalog text is XML and Markdown: left readable, not \u003c-escaped.
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		fmt.Fprintln(stderr, "skill-ls catalog:", escapeText(err.Error()))
		return exitUsage
	}
	return exitOK
}

// catalogWorkspace is the world of the project in dir, scanned, with the
// roots and targets its configuration adds, as in check and the editor
// (its problems are check's to report); pinned, when set, narrows the
// targets.
func catalogWorkspace(dir string, pinned []string) (*analysis.Workspace, []error) {
	home, _ := os.UserHomeDir()
	var cfg *skillcore.Config
	if path := skillcore.FindConfig(dir); path != "" {
		cfg, _ = skillcore.LoadConfig(path, analysis.RuleIDs())
	}
	ws := analysis.NewWorkspace(analysis.Config{Home: home, Projects: []string{dir}, Targets: pinned, Project: cfg, Getenv: os.Getenv})
	return ws, ws.Scan()
}

// catalogTargets are the agents whose catalogs are shown: those pinned,
// else those that load a skill of the project.
func catalogTargets(w *skillcore.World, dir string) []*loader.Target {
	if len(w.Pinned) > 0 {
		return w.Pinned
	}
	return loadingTargets(w, dir)
}

// loadingTargets are the agents that load a skill of the project, in table
// order: from its skill folders or through the packages (plugins,
// extensions) it holds. Global and installed skills are not the project's.
func loadingTargets(w *skillcore.World, dir string) []*loader.Target {
	var out []*loader.Target
	for _, t := range loader.Targets {
		if slices.ContainsFunc(w.Catalog(t, dir), ofProject) {
			out = append(out, t)
		}
	}
	return out
}

// ofProject reports whether a catalog entry comes from the project itself.
func ofProject(e loader.CatalogEntry) bool {
	return e.Scope == loader.ScopeProject || e.Scope == loader.ScopePackage
}

// projectDir is the named project, or the one holding the working directory.
func projectDir(named string, env skillcore.Env) (string, error) {
	if named != "" {
		return filepath.Abs(named)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if p := env.ProjectOf(filepath.Join(cwd, "x")); p != "" {
		return p, nil
	}
	return cwd, nil
}

// isDir is nil when dir is a folder (or a symlink to one), else why not.
func isDir(dir string) error {
	st, err := os.Stat(dir)
	if err == nil && !st.IsDir() {
		err = fmt.Errorf("%s: not a folder", dir)
	}
	return err
}
