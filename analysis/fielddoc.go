package analysis

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// fieldDocs says what each frontmatter field does, for completion and hover.
var fieldDocs = map[string]string{
	"name":                     "The skill's identifier: lowercase letters, digits and hyphens, at most 64, equal to its directory name.",
	"description":              "What the skill does and when to use it. The model reads it in the catalog to decide when to load the skill; at most 1024 characters (Zed: bytes).",
	"license":                  "The license of the skill, as an SPDX id or the name of a bundled license file.",
	"compatibility":            "Environment requirements (products, system packages, network access), at most 500 characters.",
	"metadata":                 "A map of string keys to string values for extra properties (author, version, ...). Codex reads `short-description` here.",
	"allowed-tools":            "Tools the skill may use without asking, as one space-separated string (experimental in the spec).",
	"when_to_use":              "Claude Code: when to use the skill; appended to the description in the listing (cut at 1536 characters together).",
	"argument-hint":            "A hint shown for the slash command's arguments, e.g. `[issue-number]`.",
	"arguments":                "Claude Code: named arguments the skill takes.",
	"disable-model-invocation": "`true` keeps the skill out of the model's catalog: only the user can invoke it as a slash command.",
	"user-invocable":           "`false` hides the skill from the slash-command menu; the model can still load it.",
	"disallowed-tools":         "Claude Code: tools the skill must not use.",
	"model":                    "Claude Code: the model to run the skill with.",
	"effort":                   "Claude Code: reasoning effort: low, medium, high, xhigh or max.",
	"context":                  "Claude Code: `fork` runs the skill in a forked sub-agent context.",
	"agent":                    "Claude Code: the sub-agent type to run the skill in.",
	"background":               "Claude Code: run the skill in the background.",
	"hooks":                    "Claude Code: hooks that run while the skill is active.",
	"paths":                    "Claude Code: file patterns that make the skill relevant.",
	"shell":                    "Claude Code: the shell for the skill's commands: bash or powershell.",
	"permissions":              "zot: per-tool permission patterns (informational).",
}

// FieldDoc is the Markdown documentation of a field: what it does, which
// agents honour it and which reject it.
func FieldDoc(key string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", key)
	if d := fieldDocs[key]; d != "" {
		b.WriteString(" — " + d)
	}
	var honour, reject []string
	for _, t := range loader.Targets {
		switch {
		case t.Knows(key):
			honour = append(honour, t.ID)
		case t.RejectUnknown:
			reject = append(reject, t.ID)
		}
	}
	if len(honour) > 0 {
		fmt.Fprintf(&b, "\n\nHonoured by: %s.", strings.Join(honour, ", "))
	}
	if len(reject) > 0 {
		fmt.Fprintf(&b, "\n\nRejected by: %s (unknown field).", strings.Join(reject, ", "))
	}
	return b.String()
}

// fieldValues are the values completion offers for a field.
func fieldValues(key, dirName string) []string {
	switch key {
	case "name":
		return []string{dirName}
	case "license":
		return spdxIDs
	case "allowed-tools", "disallowed-tools":
		return toolNames
	}
	for _, t := range loader.Targets {
		if spec, ok := t.Fields[key]; ok {
			if len(spec.Enum) > 0 {
				return spec.Enum
			}
			if spec.Type == loader.BoolType {
				return []string{"true", "false"}
			}
		}
	}
	return nil
}

var spdxIDs = []string{"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "MPL-2.0",
	"GPL-2.0-only", "GPL-3.0-only", "LGPL-3.0-only", "AGPL-3.0-only", "Unlicense", "CC0-1.0", "CC-BY-4.0", "Proprietary"}

var toolNames = []string{"Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "Bash", "WebFetch",
	"WebSearch", "Task", "TodoWrite", "NotebookEdit", "Skill", "AskUserQuestion"}
