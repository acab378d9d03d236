package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// catalog prints the catalog one agent would build for a project, then how
// much of its budget it uses.
func catalog(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("catalog", flag.ContinueOnError)
	fs.SetOutput(stderr)
	target := fs.String("target", "zed", "the agent whose catalog to print ("+strings.Join(skillcore.TargetIDs(), ", ")+")")
	project := fs.String("project", "", "the project directory (default: the project holding the current directory)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return exitUsage
	}
	t := skillcore.TargetByID(*target)
	if t == nil {
		fmt.Fprintf(stderr, "skill-ls: unknown target %q (one of %s)\n", *target, strings.Join(skillcore.TargetIDs(), ", "))
		return exitUsage
	}
	home, _ := os.UserHomeDir()
	dir, err := projectDir(*project, skillcore.Env{Home: home, Getenv: os.Getenv})
	if err == nil {
		err = isDir(dir)
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", err)
		return exitUsage
	}
	ws := analysis.NewWorkspace(analysis.Config{Home: home, Projects: []string{dir}, Targets: []string{t.ID}, Getenv: os.Getenv})
	partial := false
	for _, err := range ws.Scan() {
		fmt.Fprintln(stderr, "skill-ls:", err)
		partial = partial || limitOf(err) != nil
	}
	if partial {
		return exitUsage
	}
	entries := ws.World.Catalog(t, dir)
	fmt.Fprint(stdout, skillcore.RenderCatalog(t, entries))
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, skillcore.BudgetReport(t, entries))
	return exitOK
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
