package loader

import "github.com/skill-ls/skill-ls/skillcore/syntax"

// openCodeTarget is OpenCode (opencode-ai 1.18.33), probed
// (testdata/conformance/notes/opencode.md, probes/opencode).
//
//   - roots: .opencode/skill(s), .agents/skills and .claude/skills up to
//     the git root, then the home's and $XDG_CONFIG_HOME/opencode's; any
//     depth, links followed
//   - YAML: readOpenCode (opencode_reader.go): gray-matter and js-yaml,
//     then a repair of "key: a: b" lines
//   - name: a string, any string; a skill without a description loads but
//     is not listed
//   - collisions: a race, the roots started last usually win
//   - catalog: opencode_catalog.go, locale-sorted; no budget, no packages
var openCodeTarget = &Target{
	// OpenCode 1.18.33 (probed; testdata/conformance/probes/opencode,
	// notes/opencode.md): gray-matter and js-yaml, and a repair of
	// "key: a: b" lines (readOpenCode). A name that is a string, any
	// string, and a description that is a string or absent, else the
	// skill is dropped silently; a skill without a description loads
	// but is not listed. Roots are searched at any depth for SKILL.md,
	// links followed, dot-folders read under .claude and .agents (but
	// skipped under .opencode: not modelled). Not modelled either:
	// the project roots of every folder up to the git root.
	ID:    "opencode",
	Title: "OpenCode",
	// Every file is parsed at once and the last parse to finish wins
	// a shared name: a race. The roots started last (.opencode, then
	// .agents and .claude; the project's over the home's) usually win.
	Roots: []RootSpec{
		above(".opencode/skills", UpToGit), above(".opencode/skill", UpToGit),
		above(".agents/skills", UpToGit), above(".claude/skills", UpToGit),
		home(".opencode/skills"), home(".opencode/skill"),
		{Base: BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skills", Scope: ScopeGlobal},
		{Base: BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skill", Scope: ScopeGlobal},
		home(".agents/skills"), home(".claude/skills"),
	},
	Scan: Scan{Recursive: true, MaxDepth: 1 << 16, RootFile: true, FollowSymlinks: true},
	// The name is checked by readOpenCode: a string, blank or not.
	Name:        NameRule{Identity: DeclaredName},
	Description: DescriptionRule{TypeFatal: true},
	// Own is readOpenCode, set in opencode_reader.go.
	Fences:   Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:  CatalogOpenCode,
	Unlisted: func(meta *syntax.Value) bool { return meta.Field("description") == nil },
	Verified: Verified{Package: "opencode-ai", Version: "1.18.33"},
}

// Set at init, as its reader reaches the Targets table through parseYAML.
func init() { openCodeTarget.Reading.Own = readOpenCode }
