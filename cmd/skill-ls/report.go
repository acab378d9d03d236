package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// report is what check found, in the shape of its JSON output.
type report struct {
	Files   []fileReport `json:"files"`
	Summary summary      `json:"summary"` // every finding, shown or not
	Hidden  int          `json:"-"`       // findings --quiet left out
}

type fileReport struct {
	Path     string          `json:"path"`
	Name     string          `json:"name"`
	LoadedBy []string        `json:"loadedBy"`
	Packages []packageReport `json:"packages"`
	Fixed    []string        `json:"fixed,omitempty"` // the fixes --fix applied
	Findings []findingReport `json:"findings"`
	// loadedAs is the text report's "loaded by" line for a file reached
	// through packages.
	loadedAs string
	hidden   summary // the findings --quiet left out
	// suppressed and baselined count the findings left out by comments in
	// the file and by the baseline.
	suppressed, baselined int
	// dropped are those findings, kept for SARIF (checkRun.keepDropped).
	dropped []findingReport
}

// packageReport is one plugin through which a skill is loaded.
type packageReport struct {
	Format      string     `json:"format"`
	Manifest    *string    `json:"manifest"` // null: a marketplace entry defines the plugin
	Plugin      string     `json:"plugin"`
	Marketplace *string    `json:"marketplace"`
	LoadedAs    []loadedAs `json:"loadedAs"`
	// OnceInstalled: the plugin lies in the project, and the agents load
	// the skill once the user installs it.
	OnceInstalled bool `json:"onceInstalled"`
}

type loadedAs struct {
	Target string `json:"target"`
	Name   string `json:"name"`
}

type findingReport struct {
	Rule     string          `json:"rule"`
	Severity string          `json:"severity"`
	Message  string          `json:"message"`
	Targets  []string        `json:"targets"`
	Range    span            `json:"range"`
	Related  []relatedReport `json:"related"`
	Fixes    []fixReport     `json:"fixes"`
	// suppression is SARIF's kind of a finding left out: "inSource" by a
	// comment, "external" by the baseline.
	suppression string
}

type relatedReport struct {
	Path    string `json:"path"`
	Range   span   `json:"range"`
	Message string `json:"message"`
}

type fixReport struct {
	Title string `json:"title"`
	Safe  bool   `json:"safe"` // check --fix applies it
}

type span struct {
	Start point `json:"start"`
	End   point `json:"end"`
}

// point is a place in a file: 1-based line, 1-based column in Unicode code
// points, and the 0-based byte offset.
type point struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type summary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	Fixed    int `json:"fixed"` // fixes check --fix applied
	// Suppressed and Baselined are the findings left out, and not counted
	// above: by comments in the files, by --baseline (or --write-baseline).
	Suppressed int `json:"suppressed"`
	Baselined  int `json:"baselined"`
}

// reportChunk is how many files report judges at once: what their findings
// need (texts, line indexes) goes before the next chunk is read.
const reportChunk = 512

// report judges the files, a chunk at a time. With stream set, each
// chunk's file reports are handed to it and let go (the summary counts them
// all); an error from it ends the report.
func (r *checkRun) report(stream func([]fileReport) error) (*report, error) {
	rep := &report{}
	if stream == nil {
		rep.Files = make([]fileReport, 0, len(r.files))
	}
	streamed := 0
	flush := func() error {
		if stream == nil {
			return nil
		}
		streamed += len(rep.Files)
		err := stream(rep.Files)
		rep.Files = rep.Files[:0]
		return err
	}
	for start := 0; start < len(r.files); start += reportChunk {
		r.reportFiles(rep, r.files[start:min(start+reportChunk, len(r.files))])
		if err := flush(); err != nil {
			return rep, err
		}
	}
	r.reportConfig(rep)
	err := flush()
	rep.Summary.Files = streamed + len(rep.Files)
	return rep, err
}

// reportConfig adds the project configuration file when it has findings.
func (r *checkRun) reportConfig(rep *report) {
	p := r.ws.Config().Project
	if p == nil {
		return
	}
	fs := r.ws.Findings(p.Path)
	if len(fs) == 0 {
		return
	}
	r.lines = map[string]*analysis.Placement{p.Path: analysis.NewPlacement(p.Src).Index()}
	fr := fileReport{Path: r.displayPath(p.Path), LoadedBy: []string{}, Findings: []findingReport{}}
	counts := r.baselineCounts([]string{p.Path})[0]
	for _, f := range fs {
		if !r.dropped(&fr, counts, p.Path, f) {
			fr.Findings = append(fr.Findings, r.findingReport(p.Path, f))
		}
	}
	rep.add(fr)
}

// add appends a file's report and counts its findings, and those --quiet
// hid from it.
func (rep *report) add(fr fileReport) {
	for _, f := range fr.Findings {
		rep.Summary.count(f.Severity)
	}
	rep.Summary.Errors += fr.hidden.Errors
	rep.Summary.Warnings += fr.hidden.Warnings
	rep.Summary.Infos += fr.hidden.Infos
	rep.Hidden += fr.hidden.Errors + fr.hidden.Warnings + fr.hidden.Infos
	rep.Summary.Suppressed += fr.suppressed
	rep.Summary.Baselined += fr.baselined
	rep.Files = append(rep.Files, fr)
}

// count adds a finding of severity sev.
func (s *summary) count(sev string) {
	switch sev {
	case "error":
		s.Errors++
	case "warning":
		s.Warnings++
	default:
		s.Infos++
	}
}

// reportFiles judges files and adds them to rep.
func (r *checkRun) reportFiles(rep *report, files []string) {
	findings, places := r.ws.FindingsOf(files)
	// Index the lines of every file a finding points into (the others
	// related, as far as the places pointed to), then describe each file,
	// both a file at a time in parallel.
	r.lines = make(map[string]*analysis.Placement, len(files))
	for i, p := range files {
		r.lines[p] = places[i]
	}
	for _, fs := range findings {
		for _, f := range fs {
			for _, rel := range f.Related {
				if pl := r.lines[rel.Path]; pl.Len() < rel.Range.End {
					r.lines[rel.Path] = analysis.NewPlacement(r.ws.SourceTo(rel.Path, rel.Range.End))
				}
			}
		}
	}
	paths := slices.Sorted(maps.Keys(r.lines))
	skillcore.ForEach(len(paths), func(i int) { r.lines[paths[i]].Index() })
	reports := make([]*fileReport, len(files))
	counts := r.baselineCounts(files)
	skillcore.ForEach(len(files), func(i int) {
		path := files[i]
		fr := r.describeFile(path)
		if fr == nil {
			return
		}
		fr.Findings = slices.Grow(fr.Findings, len(findings[i]))
		for _, f := range findings[i] {
			if r.dropped(fr, counts[i], path, f) {
				continue
			}
			if r.quiet && f.Severity != analysis.Error {
				// Hidden from the output, still counted: --max-warnings
				// gates on what was found, not on what was shown.
				fr.hidden.count(f.Severity.String())
				continue
			}
			fr.Findings = append(fr.Findings, r.findingReport(path, f))
		}
		reports[i] = fr
	})
	for _, fr := range reports {
		if fr != nil {
			rep.add(*fr)
		}
	}
	r.reportSkillFiles(rep, files)
}

// describeFile is what the report says of a file besides its findings:
// its name, the agents that load it, and through which packages.
func (r *checkRun) describeFile(path string) *fileReport {
	fr := &fileReport{Path: r.displayPath(path), LoadedBy: []string{}, Packages: []packageReport{}, Fixed: r.fixed[path], Findings: []findingReport{}}
	if analysis.IsManifestFile(path) {
		m := r.ws.World.Manifest(path)
		if m == nil {
			return r.installationFile(fr, path)
		}
		fr.Name, _ = m.Root.Get("name").Str()
		return fr
	}
	e := r.ws.World.Entry(path)
	if e == nil {
		return r.installationFile(fr, path)
	}
	fr.Name, _ = e.Skill.Str("name")
	fr.LoadedBy = nonNil(e.LoadedBy())
	for _, u := range e.PackageUses() {
		pr := packageReport{Format: u.Format.ID, Plugin: u.Plugin, LoadedAs: []loadedAs{}, OnceInstalled: u.OnceInstalled}
		if u.Manifest != "" {
			m := u.Where()
			pr.Manifest = &m
		}
		if u.Marketplace != "" {
			m := r.relativeTo(u.Top, u.Marketplace)
			pr.Marketplace = &m
		}
		for _, in := range u.LoadedAs {
			if in.Loads {
				pr.LoadedAs = append(pr.LoadedAs, loadedAs{Target: in.Target.ID, Name: in.Name})
			}
		}
		fr.Packages = append(fr.Packages, pr)
	}
	if r.verbose {
		fr.loadedAs = r.loadedLine(e, fr.LoadedBy)
	}
	return fr
}

// loadedLine is what the verbose text report says loads a skill: the
// agents that find it in their skill folders, then each package route
// with the name it gets there.
func (r *checkRun) loadedLine(e *skillcore.Entry, loadedBy []string) string {
	var parts, byPackage []string
	for _, u := range e.PackageUses() {
		if d := r.shownUse(u).Describe(); d != "" {
			parts = append(parts, d)
		}
		for _, in := range u.LoadedAs {
			if in.Loads {
				byPackage = append(byPackage, in.Target.ID)
			}
		}
	}
	plain := slices.DeleteFunc(slices.Clone(loadedBy), func(id string) bool { return slices.Contains(byPackage, id) })
	if len(plain) > 0 {
		parts = append([]string{strings.Join(plain, ", ")}, parts...)
	}
	return strings.Join(parts, "; ")
}

// shownUse is u with its manifest (or marketplace) named as the report
// names files, relative to the working folder when below it, else
// absolute: Where names it relative to u.Top, and an empty Top leaves it
// as it is.
func (r *checkRun) shownUse(u skillcore.PackageUse) skillcore.PackageUse {
	u.Top = ""
	if p := cmp.Or(u.Manifest, u.Marketplace); r.displayPath(p) != p {
		u.Top = r.cwd
	}
	return u
}

// installationFile is fr for a file of the agents' installations (a
// settings file, or a manifest no package search reads), nil for another.
func (r *checkRun) installationFile(fr *fileReport, path string) *fileReport {
	if _, found := slices.BinarySearch(r.installation, path); found {
		return fr
	}
	return nil
}

// relativeTo shows p relative to dir, with forward slashes.
func (r *checkRun) relativeTo(dir, p string) string {
	if rel, err := filepath.Rel(dir, p); err == nil {
		return filepath.ToSlash(rel)
	}
	return p
}

func (r *checkRun) findingReport(path string, f analysis.Finding) findingReport {
	fixes := r.ws.Fixes(path, f)
	paths := make([]string, 0, len(f.Related)+len(fixes))
	for _, rel := range f.Related {
		paths = append(paths, rel.Path)
	}
	for _, fix := range fixes {
		paths = append(paths, fix.Open)
	}
	shown := r.displayText(paths)
	fr := findingReport{Rule: f.Rule, Severity: f.Severity.String(), Message: shown(f.Message),
		Targets: nonNil(f.Targets), Range: r.index(path).span(f.Range), Related: []relatedReport{}, Fixes: []fixReport{}}
	for _, rel := range f.Related {
		fr.Related = append(fr.Related, relatedReport{Path: r.displayPath(rel.Path), Range: r.index(rel.Path).span(rel.Range), Message: rel.Message})
	}
	for _, fix := range fixes {
		fr.Fixes = append(fr.Fixes, fixReport{Title: shown(fix.Title), Safe: fix.Safe})
	}
	return fr
}

// displayText shows a message or a fix's title with the files it names
// (paths, absolute) named as the report names files: a message says
// "(/abs/x/SKILL.md)" where the report's paths are relative to the
// working folder. One replacer serves a finding's message and its fixes'
// titles: a finding of one place may name hundreds of other files
// (a name hundreds of skills share), and replacing each path in turn
// made a new message per path.
func (r *checkRun) displayText(paths []string) func(string) string {
	// Longest first: no path is cut by one it begins with.
	paths = slices.SortedFunc(slices.Values(paths), func(a, b string) int { return len(b) - len(a) })
	paths = slices.Compact(paths)
	var pairs []string
	for _, p := range paths {
		if shown := r.displayPath(p); p != "" && shown != p && filepath.IsAbs(p) {
			pairs = append(pairs, p, shown)
		}
	}
	if len(pairs) == 0 {
		return func(text string) string { return text }
	}
	rep := strings.NewReplacer(pairs...)
	return rep.Replace
}

// index returns the placement of a file, made by report.
func (r *checkRun) index(path string) lineIndex { return lineIndex{r.lines[path]} }

// lineIndex converts byte offsets in one file to lines and columns.
type lineIndex struct{ *analysis.Placement }

func (x lineIndex) span(r analysis.Range) span {
	return span{Start: x.point(r.Start), End: x.point(r.End)}
}

// point converts a byte offset to a line and a code-point column.
func (x lineIndex) point(off int) point {
	off = max(0, min(off, x.Len()))
	line, col := x.Position(off)
	return point{Line: line + 1, Column: col + 1, Offset: off}
}

// displayPath shows a path relative to the working directory when it is
// below it.
func (r *checkRun) displayPath(p string) string {
	if r.cwd == "" {
		return p
	}
	// A clean absolute path is shown relative only below the working
	// folder: no Rel needed to tell.
	if filepath.IsAbs(p) && fsys.CleanPath(p) == p {
		if prefix := strings.TrimSuffix(r.cwd, string(filepath.Separator)) + string(filepath.Separator); strings.HasPrefix(p, prefix) && len(p) > len(prefix) {
			return p[len(prefix):]
		}
		return p
	}
	if rel, err := filepath.Rel(r.cwd, p); err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel
	}
	return p
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// writeText prints a line a finding, path:line:col: severity rule: message
// (targets), then a summary line; paths and messages are escaped.
func writeText(w io.Writer, rep *report, color bool) {
	paint := func(sev string) string { return sev }
	if color {
		paint = colorSeverity
	}
	for _, f := range rep.Files {
		path := escapeText(f.Path)
		if f.loadedAs != "" {
			fmt.Fprintf(w, "%s: loaded by %s\n", path, escapeText(f.loadedAs))
		}
		for _, title := range f.Fixed {
			fmt.Fprintf(w, "%s: fixed: %s\n", path, escapeText(title))
		}
		for _, x := range f.Findings {
			fmt.Fprintf(w, "%s:%d:%d: %s %s: %s", path, x.Range.Start.Line, x.Range.Start.Column, paint(x.Severity), x.Rule, escapeText(x.Message))
			if len(x.Targets) > 0 {
				fmt.Fprintf(w, " (%s)", joinComma(x.Targets))
			}
			fmt.Fprintln(w)
		}
	}
	s := rep.Summary
	fmt.Fprintf(w, "%d %s checked: %d %s, %d %s, %d %s", s.Files, plural(s.Files, "file", "files"),
		s.Errors, plural(s.Errors, "error", "errors"), s.Warnings, plural(s.Warnings, "warning", "warnings"), s.Infos, plural(s.Infos, "info", "infos"))
	if s.Fixed > 0 {
		fmt.Fprintf(w, ", %d fixed", s.Fixed)
	}
	if s.Suppressed > 0 {
		fmt.Fprintf(w, ", %d suppressed by comments", s.Suppressed)
	}
	if s.Baselined > 0 {
		fmt.Fprintf(w, ", %d in the baseline", s.Baselined)
	}
	if rep.Hidden > 0 {
		fmt.Fprintf(w, " (%d not shown: --quiet)", rep.Hidden)
	}
	fmt.Fprintln(w)
}

// colorSeverity paints a severity word with ANSI colours.
func colorSeverity(sev string) string {
	code := "34" // info: blue
	switch sev {
	case "error":
		code = "1;31"
	case "warning":
		code = "33"
	}
	return "\x1b[" + code + "m" + sev + "\x1b[0m"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
