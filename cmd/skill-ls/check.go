package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// check judges SKILL.md files and reports their findings.
func check(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	targets := fs.String("target", "", "comma-separated targets to apply (default: those that discover each file)")
	format := fs.String("format", "text", "output format: text, json or sarif")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if !slices.Contains([]string{"text", "json", "sarif"}, *format) {
		fmt.Fprintf(stderr, "skill-ls: unknown format %q (text, json or sarif)\n", *format)
		return exitUsage
	}
	var pinned []string
	if *targets != "" {
		for _, id := range strings.Split(*targets, ",") {
			if skillcore.TargetByID(strings.TrimSpace(id)) == nil {
				fmt.Fprintf(stderr, "skill-ls: unknown target %q (one of %s)\n", id, strings.Join(skillcore.TargetIDs(), ", "))
				return exitUsage
			}
			pinned = append(pinned, strings.TrimSpace(id))
		}
	}
	// A check is one short batch: collect garbage less often, for a few MiB
	// on small trees, but not past a soft limit on large ones, where three
	// times what the run holds would be more than the 100 MiB budget.
	debug.SetGCPercent(200)
	debug.SetMemoryLimit(checkMemoryLimit)
	run, err := newCheckRun(fs.Args(), pinned, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", err)
		return exitUsage
	}
	rep := run.report()
	out := bufio.NewWriterSize(stdout, 64<<10)
	switch *format {
	case "json":
		err = writeJSON(out, rep)
	case "sarif":
		err = writeSARIF(out, rep)
	default:
		writeText(out, rep)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", err)
		return exitFindings
	}
	if rep.Summary.Errors > 0 || run.failed {
		return exitFindings
	}
	return exitOK
}

// checkMemoryLimit is where check's garbage collector stops waiting for the
// heap to triple. A tree so large that what it holds nears the limit is
// checked with the collector running more often (the runtime caps it at
// half the CPU), not refused.
const checkMemoryLimit = 72 << 20

// checkRun is one invocation of check: the workspace every selected file is
// judged in, and the files to report.
type checkRun struct {
	ws     *analysis.Workspace
	files  []string
	failed bool
	stderr io.Writer
	lines  map[string]*lineIndex
	cwd    string // paths below it are shown relative to it
}

func newCheckRun(paths []string, pinned []string, stderr io.Writer) (*checkRun, error) {
	home, _ := os.UserHomeDir()
	r := &checkRun{stderr: stderr}
	r.cwd, _ = os.Getwd()
	// Bodies are checked as they are read and let go: a run over 10,000
	// skills need not hold them all.
	r.ws = analysis.NewWorkspace(analysis.Config{Home: home, Targets: pinned, Getenv: os.Getenv, ReleaseBodies: true})
	world := r.ws.World
	addProject := func(p string) {
		if p != "" && !slices.Contains(world.Projects, p) {
			world.Projects = append(world.Projects, p)
		}
	}
	if len(paths) == 0 {
		p, err := projectDir("", world.Env)
		if err != nil {
			return nil, err
		}
		addProject(p)
	}
	var selected, manifestFiles []string
	manifestDirs := []string{} // not nil: only manifests inside the PATHs
	var bare [][2]string       // PATHs with no SKILL.md: as given, absolute
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, err
		}
		if skillcore.IsManifest(abs) {
			// A manifest is checked in the packages around it.
			manifestFiles = append(manifestFiles, abs)
			world.PackageDirs = append(world.PackageDirs, skillcore.PackageTopOf(abs))
			addProject(world.ProjectOf(abs))
			continue
		}
		files, errs := world.Find(abs)
		for _, e := range errs {
			if err := limitOf(e); err != nil {
				return nil, err
			}
			r.fail(e)
		}
		// The packages around PATH: those inside it, and the plugin or
		// marketplace it lies in.
		inner := abs
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			world.PackageDirs = append(world.PackageDirs, abs)
			manifestDirs = append(manifestDirs, abs)
			inner = filepath.Join(abs, skillcore.FileName)
		}
		if top := skillcore.PackageTopOf(inner); top != "" {
			world.PackageDirs = append(world.PackageDirs, top)
		}
		if len(files) == 0 {
			bare = append(bare, [2]string{p, abs}) // unless it holds manifests
		}
		for _, f := range files {
			selected = append(selected, f)
			addProject(world.ProjectOf(f))
		}
	}
	unreadable := map[string]bool{}
	for _, e := range r.ws.Scan() {
		if err := limitOf(e); err != nil {
			return nil, err
		}
		r.fail(e)
		if pe, ok := e.(*os.PathError); ok {
			unreadable[pe.Path] = true
		}
	}
	if len(paths) == 0 {
		r.files = append(r.ws.Paths(), manifestsUnder(world, nil)...)
		slices.Sort(r.files)
		if len(r.files) == 0 {
			return nil, fmt.Errorf("no %s or package manifest found in the skill folders of %s or of the home folder", skillcore.FileName, world.Projects[0])
		}
		return r, nil
	}
	for _, b := range bare {
		if len(manifestsUnder(world, []string{b[1]})) == 0 {
			return nil, fmt.Errorf("%s: no %s or package manifest found there", b[0], skillcore.FileName)
		}
	}
	var load []string
	seen := map[string]bool{}
	for _, f := range selected {
		if seen[f] || unreadable[f] {
			continue
		}
		seen[f] = true
		if world.Entry(f) == nil {
			load = append(load, f)
		}
	}
	for _, e := range world.Load(load) {
		r.fail(e)
	}
	for f := range seen {
		if world.Entry(f) != nil {
			r.files = append(r.files, f)
		}
	}
	r.files = append(r.files, manifestsUnder(world, manifestDirs)...)
	for _, m := range manifestFiles {
		if !slices.Contains(r.files, m) {
			r.files = append(r.files, m)
		}
	}
	slices.Sort(r.files)
	return r, nil
}

// manifestsUnder lists the package manifests the world read inside dirs
// (nil: all of them).
func manifestsUnder(world *skillcore.World, dirs []string) []string {
	var out []string
	for _, ps := range world.PackageSets() {
		for p := range ps.Manifests {
			if dirs == nil || slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(p, d+string(filepath.Separator)) }) {
				out = append(out, p)
			}
		}
	}
	return out
}

// limitOf is err when it tells of a walk stopped at a cap: a check that
// saw only part of a tree does not pass as if it saw it all.
func limitOf(err error) error {
	var le *skillcore.LimitError
	if errors.As(err, &le) {
		return le
	}
	return nil
}

// fail reports a file that could not be checked, on one line, and goes on.
func (r *checkRun) fail(err error) {
	r.failed = true
	fmt.Fprintln(r.stderr, "skill-ls:", err)
}
