package skillcore

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

// QuoteRetry is how an agent reads frontmatter again after its YAML reader
// failed: the value of each "key: value" line that looks like it broke the
// YAML is quoted, and the text read once more. Codex (codex-rs core-skills
// loader, its frontmatter repair) and Claude Code (the frontmatter parser's
// fallback) both do this, each with its own idea of a suspect value.
type QuoteRetry struct {
	// Single quotes with '…' (doubling '), else "…" with \ and " escaped.
	Single bool
	// Any are characters anywhere in a value that call for quoting; ": "
	// always does.
	Any string
	// Start are characters that call for quoting at a value's start.
	Start string
	// Tabs: leading tabs become two spaces each.
	Tabs bool
	// All: every value is taken as written, up to the line's end (a line
	// parser, as Gemini CLI falls back to).
	All bool
}

// retryKeyLine is a top-level "key: value" line.
var retryKeyLine = regexp.MustCompile(`^([A-Za-z_-]+):[ \t]+(\S.*?)[ \t]*$`)

// repair returns the frontmatter text with each suspect value quoted.
func (q *QuoteRetry) repair(text []byte) []byte {
	lines := bytes.SplitAfter(text, []byte("\n"))
	var out bytes.Buffer
	for _, raw := range lines {
		line := string(raw)
		eol := ""
		for _, e := range []string{"\r\n", "\n"} {
			if strings.HasSuffix(line, e) {
				line, eol = strings.TrimSuffix(line, e), e
				break
			}
		}
		if q.Tabs {
			n := len(line) - len(strings.TrimLeft(line, "\t"))
			line = strings.Repeat("  ", n) + line[n:]
		}
		if m := retryKeyLine.FindStringSubmatch(line); m != nil && q.suspect(m[2]) {
			line = m[1] + ": " + q.quote(m[2])
		}
		out.WriteString(line + eol)
	}
	return out.Bytes()
}

func (q *QuoteRetry) suspect(v string) bool {
	if strings.HasPrefix(v, `"`) || strings.HasPrefix(v, `'`) {
		return false
	}
	if q.All {
		return true
	}
	return strings.Contains(v, ": ") || strings.ContainsAny(v, q.Any) ||
		q.Start != "" && strings.ContainsAny(v[:1], q.Start)
}

func (q *QuoteRetry) quote(v string) string {
	if q.Single {
		return "'" + strings.ReplaceAll(v, "'", "''") + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// retried reads the frontmatter again as each target's retry does, after
// the YAML failed, keeping the mappings that now parse.
func (s *Skill) retried(src []byte, content Range) {
	for _, t := range Targets {
		q := t.Reading.Retry
		if q == nil || s.Recovered[q] != nil {
			continue
		}
		text := q.repair(src[content.Start:content.End])
		meta, problems := parseYAML(text, Range{0, len(text)})
		if meta == nil || meta.Kind != KindMap || hasError(problems) {
			continue
		}
		if s.Recovered == nil {
			s.Recovered = map[*QuoteRetry]*Value{}
		}
		s.Recovered[q] = meta
	}
}

func hasError(ps []Problem) bool {
	for _, p := range ps {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// meta is the frontmatter mapping as the target reads it: the skill's, or
// the one its retry recovered from YAML that failed; nil when it reads none.
func (t *Target) meta(s *Skill) *Value {
	if v := t.view(s); v != nil {
		return v.Meta
	}
	if s.Meta != nil || t.Reading.Retry == nil {
		return s.Meta
	}
	return s.Recovered[t.Reading.Retry]
}

// anyParseProblem are the parse problems an agent that reads every file
// reads past (claude-code).
var anyParseProblem = []string{"not-utf8", "bom", "frontmatter-missing", "frontmatter-unclosed",
	"frontmatter-not-mapping", "yaml-syntax", "yaml-duplicate-key"}

// tolerates reports whether the target still loads a file with the parse
// problem p. A target with its own reading decides on the files it read
// (not those skill-ls did not read: skill.md, a folder, over 1 MiB): it
// reads past every problem but the one it refuses the file for.
func (t *Target) tolerates(p Problem, s *Skill) bool {
	rule := p.Rule
	if v := t.view(s); v != nil && rule != "file-too-large" {
		return !v.refusesFor(p)
	}
	if slices.Contains(t.Reading.Tolerates, rule) {
		return true
	}
	return rule == "yaml-syntax" && s.Meta == nil && t.meta(s) != nil
}
