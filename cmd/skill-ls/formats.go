package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// jsonWriter prints the report as one JSON object, a file to a line, the
// files as they are judged: each batch is encoded in parallel, a run of
// files into each buffer, and written in order.
type jsonWriter struct {
	w      io.Writer
	opened bool     // the object and its list of files are open
	wrote  bool     // a file is written
	runs   [][]byte // the buffers of the last batch, used again
}

func (j *jsonWriter) files(files []fileReport) error {
	const run = 64
	n := (len(files) + run - 1) / run
	for len(j.runs) < n {
		j.runs = append(j.runs, make([]byte, 0, run<<10))
	}
	runs := j.runs[:n]
	skillcore.ForEach(len(runs), func(i int) {
		part := files[i*run : min((i+1)*run, len(files))]
		b := runs[i][:0]
		for k := range part {
			if i > 0 || k > 0 || j.wrote {
				b = append(b, ',')
			}
			b = part[k].appendJSON(append(b, "\n  "...))
		}
		runs[i] = b
	})
	if err := j.open(); err != nil {
		return err
	}
	for _, b := range runs {
		if _, err := j.w.Write(b); err != nil {
			return err
		}
	}
	j.wrote = j.wrote || len(files) > 0
	return nil
}

func (j *jsonWriter) open() error {
	if j.opened {
		return nil
	}
	j.opened = true
	_, err := io.WriteString(j.w, `{"files": [`)
	return err
}

// end closes the list of files and prints the summary.
func (j *jsonWriter) end(s summary) error {
	if err := j.open(); err != nil {
		return err
	}
	var out []byte
	if j.wrote {
		out = append(out, '\n')
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	out = append(append(append(out, "],\n\"summary\": "...), b...), "}\n"...)
	_, err = j.w.Write(out)
	return err
}

// SARIF 2.1.0, for code-scanning upload.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                   `json:"columnKind"`
	Results            []sarifResult            `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string          `json:"id"`
	ShortDescription sarifMessage    `json:"shortDescription"`
	FullDescription  sarifMessage    `json:"fullDescription"`
	Properties       *sarifRuleProps `json:"properties,omitempty"`
}

// sarifRuleProps carry what code scanning ranks security rules by.
type sarifRuleProps struct {
	SecuritySeverity string   `json:"security-severity"`
	Tags             []string `json:"tags"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	// Suppressions marks a finding a comment in the file ("inSource") or
	// the baseline ("external") left out: code scanning shows it closed.
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifSuppression struct {
	Kind string `json:"kind"`
}

type sarifLocation struct {
	ID               int                   `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// srcRoot names the folder check ran in, which relative URIs are under.
const srcRoot = "%SRCROOT%"

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

func writeSARIF(w io.Writer, rep *report) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "skill-ls", Version: version,
			InformationURI: "https://agentskills.io/specification"}},
		ColumnKind: "unicodeCodePoints",
		Results:    []sarifResult{},
	}
	if cwd, err := os.Getwd(); err == nil {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: fileURI(cwd) + "/"}}
	}
	for _, r := range analysis.Rules {
		rule := sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Summary}, FullDescription: sarifMessage{r.Doc}}
		if sev := analysis.SecuritySeverity(r.ID); sev != "" {
			rule.Properties = &sarifRuleProps{SecuritySeverity: sev, Tags: []string{"security"}}
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule)
	}
	for _, f := range rep.Files {
		for _, x := range slices.Concat(f.Findings, f.dropped) {
			msg := x.Message
			if len(x.Targets) > 0 {
				msg += " (" + joinComma(x.Targets) + ")"
			}
			res := sarifResult{RuleID: x.Rule, Level: sarifLevel(x.Severity),
				Message:   sarifMessage{msg},
				Locations: []sarifLocation{location(f.Path, x.Range, nil)}}
			if x.suppression != "" {
				res.Suppressions = []sarifSuppression{{Kind: x.suppression}}
			}
			for i, rel := range x.Related {
				l := location(rel.Path, rel.Range, &sarifMessage{rel.Message})
				l.ID = i + 1
				res.RelatedLocations = append(res.RelatedLocations, l)
			}
			run.Results = append(run.Results, res)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

func location(path string, s span, msg *sarifMessage) sarifLocation {
	return sarifLocation{Message: msg, PhysicalLocation: sarifPhysicalLocation{
		ArtifactLocation: artifact(path),
		Region:           sarifRegion{StartLine: s.Start.Line, StartColumn: s.Start.Column, EndLine: s.End.Line, EndColumn: s.End.Column}}}
}

func sarifLevel(sev string) string {
	switch sev {
	case "error":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

// artifact locates a file as SARIF wants: a path shown relative to the
// working folder is a relative URI under %SRCROOT%; any other a file URI.
func artifact(path string) sarifArtifact {
	if !filepath.IsAbs(path) {
		return sarifArtifact{URI: escapeURIPath(filepath.ToSlash(path)), URIBaseID: srcRoot}
	}
	return sarifArtifact{URI: fileURI(path)}
}

// fileURI is the file URI of an absolute path.
func fileURI(path string) string { return "file://" + escapeURIPath(filepath.ToSlash(path)) }

// escapeURIPath percent-encodes a path for an RFC 3986 URI: every byte but
// the unreserved characters, "/" and the sub-delimiters that mean nothing in
// a path (":" too is encoded, so a relative path never reads as a scheme).
func escapeURIPath(p string) string {
	const keep = "-._~/!$&'()*+,;=@"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// writeGitHub prints a GitHub Actions workflow command a finding, which the
// runner shows as an annotation on the file.
func writeGitHub(w io.Writer, rep *report) {
	for _, f := range rep.Files {
		file := ghProperty(escapeText(filepath.ToSlash(f.Path)))
		for _, x := range f.Findings {
			level := "notice"
			if x.Severity == "error" || x.Severity == "warning" {
				level = x.Severity
			}
			msg := x.Message
			if len(x.Targets) > 0 {
				msg += " (" + joinComma(x.Targets) + ")"
			}
			fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n", level, file,
				x.Range.Start.Line, x.Range.Start.Column, x.Range.End.Line, x.Range.End.Column, ghProperty(x.Rule), ghData(escapeText(msg)))
		}
	}
}

// ghData escapes a workflow command's message: "%", CR and LF.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value: as ghData, and
// ":" and "," too.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
