package opencode

import (
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Target is OpenCode (opencode-ai 1.18.33), probed
// (testdata/conformance/notes/opencode.md, probes/opencode).
//
//   - roots: .opencode/skill(s), .agents/skills and .claude/skills up to
//     the git root, then the home's and $XDG_CONFIG_HOME/opencode's; any
//     depth, links followed
//   - YAML: readOpenCode (reader.go): gray-matter and js-yaml,
//     then a repair of "key: a: b" lines
//   - name: a string, any string; a skill without a description loads but
//     is not listed
//   - collisions: a race, the roots started last usually win
//   - catalog: catalog.go, locale-sorted; no budget, no packages
var Target = &loader.Target{
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
	Roots: []loader.RootSpec{
		loader.Above(".opencode/skills", loader.UpToGit), loader.Above(".opencode/skill", loader.UpToGit),
		loader.Above(".agents/skills", loader.UpToGit), loader.Above(".claude/skills", loader.UpToGit),
		loader.Home(".opencode/skills"), loader.Home(".opencode/skill"),
		{Base: loader.BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skills", Scope: loader.ScopeGlobal},
		{Base: loader.BaseEnv, Env: "XDG_CONFIG_HOME", Under: ".config", Path: "opencode/skill", Scope: loader.ScopeGlobal},
		loader.Home(".agents/skills"), loader.Home(".claude/skills"),
	},
	Scan: loader.Scan{Recursive: true, MaxDepth: 1 << 16, RootFile: true, FollowSymlinks: true},
	// The name is checked by readOpenCode: a string, blank or not.
	Name:        loader.NameRule{Identity: loader.DeclaredName},
	Description: loader.DescriptionRule{TypeFatal: true},
	// Own is readOpenCode, set in reader.go.
	Fences:   loader.Fences{OpenSpaces: true, CloseSpaces: true},
	Catalog:  loader.CatalogOpenCode,
	Unlisted: func(meta *syntax.Value) bool { return meta.Field("description") == nil },
	Verified: loader.Verified{Package: "opencode-ai", Version: "1.18.33"},
}

// Set at init, as its reader reaches the Targets table through parseYAML.
func init() { Target.Reading.Own = readOpenCode }
