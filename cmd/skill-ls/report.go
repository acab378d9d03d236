package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/analysis"
)

// report is what check found, in the shape of its JSON output.
type report struct {
	Files   []fileReport `json:"files"`
	Summary summary      `json:"summary"`
}

type fileReport struct {
	Path     string          `json:"path"`
	Name     string          `json:"name"`
	LoadedBy []string        `json:"loadedBy"`
	Findings []findingReport `json:"findings"`
}

type findingReport struct {
	Rule     string          `json:"rule"`
	Severity string          `json:"severity"`
	Message  string          `json:"message"`
	Targets  []string        `json:"targets"`
	Range    span            `json:"range"`
	Related  []relatedReport `json:"related"`
	Fixes    []fixReport     `json:"fixes"`
}

type relatedReport struct {
	Path    string `json:"path"`
	Range   span   `json:"range"`
	Message string `json:"message"`
}

type fixReport struct {
	Title string `json:"title"`
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
}

func (r *checkRun) report() *report {
	rep := &report{Files: []fileReport{}}
	for _, path := range r.files {
		e := r.ws.World.Entry(path)
		if e == nil {
			continue
		}
		name, _ := e.Skill.Str("name")
		fr := fileReport{Path: displayPath(path), Name: name, LoadedBy: nonNil(e.LoadedBy()), Findings: []findingReport{}}
		for _, f := range r.ws.Findings(path) {
			fr.Findings = append(fr.Findings, r.findingReport(e.Skill.Src, f))
			switch f.Severity {
			case analysis.Error:
				rep.Summary.Errors++
			case analysis.Warning:
				rep.Summary.Warnings++
			default:
				rep.Summary.Infos++
			}
		}
		rep.Files = append(rep.Files, fr)
	}
	rep.Summary.Files = len(rep.Files)
	return rep
}

func (r *checkRun) findingReport(src []byte, f analysis.Finding) findingReport {
	fr := findingReport{Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message,
		Targets: nonNil(f.Targets), Range: spanOf(src, f.Range), Related: []relatedReport{}, Fixes: []fixReport{}}
	for _, rel := range f.Related {
		fr.Related = append(fr.Related, relatedReport{Path: displayPath(rel.Path), Range: spanOf(r.ws.Source(rel.Path), rel.Range), Message: rel.Message})
	}
	for _, fix := range f.Fixes {
		fr.Fixes = append(fr.Fixes, fixReport{Title: fix.Title})
	}
	return fr
}

func spanOf(src []byte, r analysis.Range) span {
	return span{Start: pointOf(src, r.Start), End: pointOf(src, r.End)}
}

// pointOf converts a byte offset to a line and a code-point column.
func pointOf(src []byte, off int) point {
	off = max(0, min(off, len(src)))
	line, ls := 1, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			ls = i + 1
		}
	}
	return point{Line: line, Column: utf8.RuneCount(src[ls:off]) + 1, Offset: off}
}

// displayPath shows a path relative to the working directory when it is
// below it.
func displayPath(p string) string {
	if cwd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(cwd, p); err == nil && !filepath.IsAbs(rel) && len(rel) > 0 && rel[0] != '.' {
			return rel
		}
	}
	return p
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func writeText(w io.Writer, rep *report) {
	for _, f := range rep.Files {
		for _, x := range f.Findings {
			fmt.Fprintf(w, "%s:%d:%d: %s %s: %s", f.Path, x.Range.Start.Line, x.Range.Start.Column, x.Severity, x.Rule, x.Message)
			if len(x.Targets) > 0 {
				fmt.Fprintf(w, " (%s)", joinComma(x.Targets))
			}
			fmt.Fprintln(w)
		}
	}
	s := rep.Summary
	fmt.Fprintf(w, "%d %s checked: %d %s, %d %s, %d %s\n", s.Files, plural(s.Files, "file", "files"),
		s.Errors, plural(s.Errors, "error", "errors"), s.Warnings, plural(s.Warnings, "warning", "warnings"), s.Infos, plural(s.Infos, "info", "infos"))
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
