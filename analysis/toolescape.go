package analysis

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// allowed-tools grants a skill's tools without asking. A pattern that names
// files past the skill's folder ("Read(~/.ssh/**)", "Bash(cat ../../x)")
// grants more than the skill ships: link-escapes, as for a link.

// toolPatternRE is one "Tool(pattern)" of an allowed-tools value.
var toolPatternRE = regexp.MustCompile(`([A-Za-z]+)\(([^()]*)\)`)

// pathTools take a path pattern.
var pathTools = map[string]bool{"Read": true, "Write": true, "Edit": true, "MultiEdit": true, "Glob": true, "Grep": true, "NotebookEdit": true, "LS": true}

// allowedToolsEscapes tells each allowed-tools pattern that reaches past
// the skill's folder.
func allowedToolsEscapes(s *loader.Skill) []loader.Problem {
	f := s.Field("allowed-tools")
	if f == nil || f.Value == nil {
		return nil
	}
	values := f.Value.Items // a list, or the one string
	if len(values) == 0 {
		values = append(values[:0:0], f.Value)
	}
	var out []loader.Problem
	for _, v := range values {
		r := v.Range
		if r.Start < 0 || r.End > len(s.Src) || r.Start >= r.End {
			continue
		}
		written := s.Src[r.Start:r.End]
		for _, m := range toolPatternRE.FindAllSubmatchIndex(written, -1) {
			tool, arg := string(written[m[2]:m[3]]), string(written[m[4]:m[5]])
			if why := escapingPattern(tool, arg); why != "" {
				out = append(out, loader.Problem{Rule: "link-escapes", Severity: Warning, Targets: []string{specTarget},
					Range:   Range{Start: r.Start + m[0], End: r.Start + m[1]},
					Message: fmt.Sprintf("allowed-tools grants %s(%s) without asking, %s: more than the skill's folder", tool, arg, why)})
			}
		}
	}
	return out
}

// escapingPattern says how a tool's pattern reaches past the skill's
// folder, or "".
func escapingPattern(tool, arg string) string {
	words := []string{arg}
	if !pathTools[tool] {
		if tool != "Bash" {
			return ""
		}
		words = strings.Fields(arg)
	}
	for _, w := range words {
		w = strings.Trim(w, `"'`)
		switch {
		case w == ".." || strings.HasPrefix(w, "../") || strings.Contains(w, "/../") || strings.HasSuffix(w, "/.."):
			return "above the skill's folder"
		case w == "~" || strings.HasPrefix(w, "~/"):
			return "in the home folder"
		case pathTools[tool] && (w == "/" || w == "/**" || w == "//**" || strings.HasPrefix(w, "//") || strings.HasPrefix(w, "/")):
			return "anywhere it names from the root"
		}
	}
	return ""
}
