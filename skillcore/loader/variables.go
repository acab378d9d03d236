package loader

import (
	"bytes"
	"regexp"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// SkillVariable is a ${NAME} an agent replaces in a skill's text before
// the model reads it.
type SkillVariable struct {
	Name  string
	Value VariableValue
	// PluginOnly: replaced only in the skills of a plugin the agent loads;
	// elsewhere it stays as written.
	PluginOnly bool
}

// VariableValue is what a variable is replaced with.
type VariableValue int

const (
	SkillFolder   VariableValue = iota // the skill's own folder
	PluginRoot                         // the root of the plugin holding the skill
	PluginData                         // the plugin's data folder, outside the plugin
	ProjectFolder                      // the project the agent runs in, known only then
	SessionText                        // not a path: the session's id
)

// BaseDirPlaceholder is how many skills write their own folder
// ("{baseDir}/references/x.md"). No agent replaces it, but Claude Code
// opens every skill it loads with "Base directory for this skill:
// <folder>", so the model reads it as that folder.
const BaseDirPlaceholder = "{baseDir}"

// Variable is the variable name as t replaces it, or nil.
func (t *Target) Variable(name string) *SkillVariable {
	for i := range t.Variables {
		if t.Variables[i].Name == name {
			return &t.Variables[i]
		}
	}
	return nil
}

// VariableValueOf is what the variable name stands for with the agents
// that replace it, and whether any does.
func VariableValueOf(name string) (VariableValue, bool) {
	for _, t := range Targets {
		if v := t.Variable(name); v != nil {
			return v.Value, true
		}
	}
	return 0, false
}

// skillVariable matches a ${CLAUDE_...} reference in a skill's text.
var skillVariable = regexp.MustCompile(`\$\{(CLAUDE_[A-Z0-9_]*)\}`)

// VarRef is a ${CLAUDE_...} reference in a file.
type VarRef struct {
	Name  string
	Range syntax.Range
}

// skillVars finds the ${CLAUDE_...} references in a skill's text.
func skillVars(src []byte) []VarRef {
	if !bytes.Contains(src, []byte("${CLAUDE_")) {
		return nil
	}
	var out []VarRef
	for _, loc := range skillVariable.FindAllSubmatchIndex(src, -1) {
		out = append(out, VarRef{Name: string(src[loc[2]:loc[3]]), Range: syntax.Range{Start: loc[0], End: loc[1]}})
	}
	return out
}
