package loader

import (
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// skillcore reads YAML and JSON through package syntax, sharing the key
// strings of the fields any target knows and reporting what does not parse
// as an error for every agent that reads the file.

// fieldNames are the fields any target knows, by name.
var FieldNames = sync.OnceValue(func() syntax.Keys {
	out := syntax.Keys{}
	for _, f := range knownFields() {
		out[f] = f
	}
	return out
})

// parseYAML is syntax.ParseYAML with the known fields' names shared.
func ParseYAML(src []byte, content syntax.Range) (*syntax.Value, []Problem) {
	v, errs := syntax.ParseYAML(src, content, FieldNames())
	return v, syntaxProblems(errs)
}

// parseJSON is syntax.ParseJSON with the known fields' names shared.
func ParseJSON(src []byte) (*syntax.JSONValue, *syntax.JSONError) {
	return syntax.ParseJSON(src, FieldNames())
}

// syntaxProblems are errors of syntax as problems: errors, for every agent.
func syntaxProblems(errs []syntax.Error) []Problem {
	if errs == nil {
		return nil
	}
	ps := make([]Problem, len(errs))
	for i, e := range errs {
		ps[i] = Problem{Rule: e.Rule, Severity: Error, Range: e.Range, Message: e.Message}
	}
	return ps
}

// KnownFields lists every field some target knows, sorted.
func KnownFields() []string { return slices.Clone(knownFields()) }

var knownFields = sync.OnceValue(func() []string {
	set := map[string]bool{"name": true, "description": true}
	for _, t := range Targets {
		for k := range t.Fields {
			set[k] = true
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
})
