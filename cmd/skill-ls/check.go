package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// check judges SKILL.md files and reports their findings.
func check(args []string, stdout, stderr io.Writer) int {
	opts, paths, code, done := parseCheckFlags(args, stdout, stderr)
	if done {
		return code
	}
	project, err := opts.projectConfig(paths)
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls: configuration:", escapeText(err.Error()))
		return exitUsage
	}
	defer holdMemoryCeiling(20*time.Millisecond, false)()
	if os.Getenv("GOGC") == "" {
		// One pass over the files: collecting a small run's garbage is
		// time lost (a sixth of checking 598 skills), and the ceiling
		// bounds a large one.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	cfg := checkConfig(opts, project)
	run, err := newCheckRun(paths, cfg, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
		return exitUsage
	}
	if err := run.selectFiles(opts, len(paths) > 0); err != nil {
		// Nothing to report is no success: say why, as for no SKILL.md.
		fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
		return exitUsage
	}
	if run.base, err = opts.openBaseline(cfg.Home); err != nil {
		fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
		return exitUsage
	}
	run.keepDropped = opts.format == "sarif"
	fixed := 0
	if opts.fix {
		fixed = run.fix()
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	var rep *report
	switch opts.format {
	case "json":
		// Written as judged, a chunk of files at a time: a large report is
		// never held whole.
		jw := &jsonWriter{w: out}
		rep, err = run.report(jw.files)
		rep.Summary.Fixed = fixed
		if err == nil {
			err = jw.end(rep.Summary)
		}
	default:
		rep, _ = run.report(nil)
		rep.Summary.Fixed = fixed
	}
	switch opts.format {
	case "json":
	case "sarif":
		err = writeSARIF(out, rep)
	case "github":
		writeGitHub(out, rep)
	default:
		writeText(out, rep, opts.colored(stdout))
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
		return exitFindings
	}
	if run.base != nil && run.base.write {
		if err := run.base.save(); err != nil {
			fmt.Fprintln(stderr, "skill-ls: writing the baseline:", escapeText(err.Error()))
			return exitUsage
		}
		fmt.Fprintf(stderr, "skill-ls: wrote %d %s to %s\n", rep.Summary.Baselined, plural(rep.Summary.Baselined, "finding", "findings"), escapeText(opts.writeBaseline))
	}
	return run.exitCode(rep, opts)
}

// exitCode is check's exit status, with its reason on standard error when
// it is not 0.
func (r *checkRun) exitCode(rep *report, opts checkOptions) int {
	if p := r.ws.Config().Project; p != nil && len(p.Problems) > 0 {
		fmt.Fprintf(r.stderr, "skill-ls: %s: the configuration has %d %s (config-invalid); what is wrong was left at its default\n",
			escapeText(r.displayPath(p.Path)), len(p.Problems), plural(len(p.Problems), "problem", "problems"))
		return exitUsage
	}
	s := rep.Summary
	switch {
	case s.Errors > 0:
		// The report says so.
	case opts.tooManyWarnings(s.Warnings):
		fmt.Fprintf(r.stderr, "skill-ls: %d %s, more than --max-warnings %d\n", s.Warnings, plural(s.Warnings, "warning", "warnings"), opts.maxWarnings)
	case r.failed:
		// Each file that could not be checked was told on its own line.
	default:
		return exitOK
	}
	return exitFindings
}

// selectFiles drops from the files to report those the configuration ignores
// and, unless asked for (--global or a PATH naming them), the global ones;
// --quiet keeps errors only. Dropping every file found is an error.
func (r *checkRun) selectFiles(opts checkOptions, named bool) error {
	r.quiet, r.verbose = opts.quiet, opts.verbose
	ignored, global, globalOther := 0, 0, 0 // global skills, other global files
	r.files = slices.DeleteFunc(r.files, func(p string) bool {
		if r.ws.Ignored(p) {
			ignored++
			return true
		}
		if !named && !opts.global && r.isGlobal(p) {
			if r.ws.World.Entry(p) != nil {
				global++
			} else {
				globalOther++
			}
			return true
		}
		return false
	})
	switch {
	case len(r.files) > 0:
		return nil
	case ignored > 0:
		return fmt.Errorf("every %s found (%d) is ignored by %s", loader.FileName, ignored, r.displayPath(r.ws.Config().Project.Path))
	case global > 0 && globalOther > 0:
		return fmt.Errorf("no %s found in the project; %d global %s and %d %s of the agents' installations are reported with --global",
			loader.FileName, global, plural(global, "skill", "skills"), globalOther, plural(globalOther, "file", "files"))
	case global > 0:
		return fmt.Errorf("no %s found in the project; %d global %s reported with --global", loader.FileName, global, plural(global, "skill is", "skills are"))
	case globalOther > 0:
		return fmt.Errorf("no %s found in the project; %d %s of the agents' installations %s reported with --global", loader.FileName, globalOther, plural(globalOther, "file", "files"), plural(globalOther, "is", "are"))
	}
	return nil
}

// isGlobal reports whether a file is the user's global one or an agent's
// own rather than the project's: a skill only global roots or installed
// plugins bring, or a file of the installations (settings, registries,
// plugin manifests) outside every project.
func (r *checkRun) isGlobal(p string) bool {
	if e := r.ws.World.Entry(p); e != nil {
		return len(e.Roots) > 0 && !slices.ContainsFunc(e.Roots, func(r *skillcore.Root) bool {
			return r.Scope != loader.ScopeGlobal && r.Scope != loader.ScopeInstalled
		})
	}
	_, found := slices.BinarySearch(r.installation, p)
	return found && !slices.ContainsFunc(r.ws.World.Projects, func(d string) bool {
		return strings.HasPrefix(p, d+string(filepath.Separator))
	})
}

// checkConfig is the analysis configuration of a check: the targets and
// rules of the flags over the project's configuration file.
func checkConfig(opts checkOptions, project *skillcore.Config) analysis.Config {
	home, _ := os.UserHomeDir()
	return analysis.Config{Home: home, Targets: opts.targets, Rules: opts.rules, Project: project, Getenv: os.Getenv,
		NoInlineConfig: opts.noInlineConfig, KeepSuppressed: true, // counted in the summary
		// Bodies are checked as they are read and let go: a run over
		// 10,000 skills need not hold them all.
		ReleaseBodies: true}
}

// checkRun is one invocation of check: the workspace every selected file is
// judged in, and the files to report.
type checkRun struct {
	ws      *analysis.Workspace
	files   []string
	failed  bool
	quiet   bool                // report errors only
	verbose bool                // say in the text what loads each file
	fixed   map[string][]string // the fixes --fix applied to each file
	stderr  io.Writer
	lines   map[string]*analysis.Placement
	cwd     string // paths below it are shown relative to it
	// installation lists the files of what the agents installed that are
	// reported (InstallationFiles), sorted.
	installation []string
	base         *baseline // --baseline or --write-baseline, or nil
	// keepDropped keeps the findings left out by comments and the
	// baseline in the report, for SARIF's suppressions.
	keepDropped bool
}

func newCheckRun(paths []string, cfg analysis.Config, stderr io.Writer) (*checkRun, error) {
	r := &checkRun{stderr: stderr}
	r.cwd, _ = os.Getwd()
	r.ws = analysis.NewWorkspace(cfg)
	world := r.ws.World
	world.ReadAhead = true // read what the walk finds while it goes on
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
	manifestDirs := []string{}     // not nil: only manifests inside the PATHs
	var bare [][2]string           // PATHs with no SKILL.md: as given, absolute
	shownAs := map[string]string{} // the manifests named, as given
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if err := notCheckable(p, abs); err != nil {
				return nil, err
			}
		}
		if loader.IsManifest(abs) {
			// A manifest is checked in the packages around it.
			manifestFiles = append(manifestFiles, abs)
			shownAs[abs] = p
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
			inner = filepath.Join(abs, loader.FileName)
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
	// The roots' files and the PATHs' are read in one batch.
	for _, e := range r.ws.World.Scan(selected...) {
		if err := limitOf(e); err != nil {
			return nil, err
		}
		r.fail(e)
	}
	if len(paths) == 0 {
		r.installation = r.ws.InstallationFiles()
		r.files = slices.Concat(r.ws.Paths(), manifestsUnder(world, nil), r.installation)
		slices.Sort(r.files)
		r.files = slices.Compact(r.files)
		if len(r.files) == 0 {
			return nil, fmt.Errorf("no %s or package manifest found in the skill folders of %s or of the home folder", loader.FileName, world.Projects[0])
		}
		return r, nil
	}
	for _, b := range bare {
		if len(manifestsUnder(world, []string{b[1]})) == 0 {
			return nil, fmt.Errorf("%s: no %s or package manifest found there", b[0], loader.FileName)
		}
	}
	selected = append(selected, linkedInto(world, manifestDirs, selected)...)
	seen := map[string]bool{}
	for _, f := range selected {
		if !seen[f] && world.Entry(f) != nil {
			seen[f] = true
			r.files = append(r.files, f)
		}
	}
	r.files = append(r.files, manifestsUnder(world, manifestDirs)...)
	for _, m := range manifestFiles {
		if world.Manifest(m) == nil {
			return nil, unreadManifest(shownAs[m])
		}
		if !slices.Contains(r.files, m) {
			r.files = append(r.files, m)
		}
	}
	slices.Sort(r.files)
	return r, nil
}

// linkedInto lists the skills the roots' scans found inside dirs (the
// folders given as PATH) that the walk of those folders did not: a skill
// folder in .agents/skills that is a link to a folder elsewhere in the
// project. The walk enters each real folder once, by its own path, but
// Copilot CLI and Gemini CLI load the skill through the link, under the
// link's path, and Codex and OpenCode by its real path: both are reported.
func linkedInto(world *skillcore.World, dirs, walked []string) []string {
	known := make(map[string]bool, len(walked))
	for _, p := range walked {
		known[p] = true
	}
	var out []string
	for _, p := range world.Paths() {
		if !known[p] && slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(p, d+string(filepath.Separator)) }) {
			out = append(out, p)
		}
	}
	return out
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
	fmt.Fprintln(r.stderr, "skill-ls:", escapeText(err.Error()))
}
