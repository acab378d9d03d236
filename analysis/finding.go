package analysis

import (
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Range is a span of byte offsets in one file.
type Range = syntax.Range

// Severity of a finding.
type Severity = loader.Severity

// Severities, re-exported so callers need not import skillcore.
const (
	Error   = loader.Error
	Warning = loader.Warning
	Info    = loader.Info
)

// Finding is one thing to tell the author: a rule broken at a place, for
// some agents, with the other files involved. Workspace.Fixes tells the
// fixes on offer.
type Finding struct {
	Rule     string
	Severity Severity
	Message  string // names the targets it comes from
	Range    Range
	Targets  []string
	Related  []Related
	// Suppressed marks a finding a directive in the file covers; only a
	// workspace made with Config.KeepSuppressed returns those.
	Suppressed bool
}

// Related is another place a finding is about, often another file.
type Related = loader.Related

// Fix is a named change that resolves a finding.
type Fix struct {
	Title     string
	Edits     []Edit
	Preferred bool // the one clearly right fix
	// Safe marks an edit inside the file that cannot change which skill
	// is meant, which a checker applies unasked (check --fix).
	Safe bool
	// Open, when set, is a file to show rather than an edit to make.
	Open string
}

// Edit replaces Range of the file with NewText.
type Edit struct {
	Range   Range
	NewText string
}
