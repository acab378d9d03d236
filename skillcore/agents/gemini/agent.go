package gemini

import "github.com/skill-ls/skill-ls/skillcore/loader"

// Target is Gemini CLI (@google/gemini-cli 0.61.0), from its source
// (packages/core/src/skills/skillLoader.ts) and probed
// (testdata/conformance/notes/gemini.md, probes/gemini).
//
//   - roots: .agents/skills and .gemini/skills of the project, then of the
//     home; later roots win
//   - scan: one level down, dot-folders and node_modules skipped, links
//     followed, a SKILL.md in the root loads; the first folder by name
//     wins a shared name within a root
//   - YAML: readGemini (reader.go): js-yaml, then a line reader
//   - name and description: a line of each needed (skipped silently
//     without); :\/<>*?"| in a name turned into "-"; empty values load
//   - catalog: raw XML in its own order (catalog.go); no budget
//   - packages: gemini-extension, below
//   - installed plugins: geminiInstalled (installed.go), from
//     ~/.gemini/extensions
var Target = &loader.Target{
	// Gemini CLI 0.61.0 (packages/core/src/skills/skillLoader.ts,
	// probed): name and description are required and skills without
	// them are skipped silently; js-yaml, and on a YAML error a line
	// parser that takes each "key: value" as written; :\/<>*?"| in a
	// name become "-"; dot-folders are skipped and a SKILL.md directly
	// in a root loads; names compare case-sensitively, the later root
	// winning.
	ID:    "gemini",
	Title: "Gemini CLI",
	// Later roots win: workspace over user, .agents over .gemini.
	Roots: []loader.RootSpec{
		loader.Project(".agents/skills"), loader.Project(".gemini/skills"),
		loader.Home(".agents/skills"), loader.Home(".gemini/skills"),
	},
	// Project roots are read only in a folder the user trusts
	// (~/.gemini/trustedFolders.json, GEMINI_CLI_TRUST_WORKSPACE):
	// skill-ls cannot know that, and takes the project as trusted.
	// Only the working folder's roots, none of its parents'.
	Scan: loader.Scan{SkipHidden: true, RootFile: true, FollowSymlinks: true, SkipNames: []string{"node_modules"},
		FirstFolderWins: true},
	// A name or description line is all it needs (reader.go):
	// empty and blank values load.
	Name:        loader.NameRule{Identity: loader.DeclaredName, Sanitize: `:\/<>*?"|`, Empty: true},
	Description: loader.DescriptionRule{},
	Fields:      loader.WithSpec(nil),
	Reading:     loader.Reading{ScalarText: true}, // Own: reader.go
	Fences:      loader.Fences{CloseSpaces: true},
	Catalog:     loader.CatalogXMLRaw,
	Plugins:     loader.PluginNaming{Sanitize: `:\/<>*?"|`},
	Verified:    loader.Verified{Package: "@google/gemini-cli", Version: "0.61.0"},
}

// Set at init, as readGemini reaches the Targets table through parseYAML.
func init() { Target.Reading.Own = readGemini }

// Extension is Gemini CLI's extension format.
var Extension = &loader.PluginFormat{
	ID:        "gemini-extension",
	Title:     "Gemini extension",
	Manifests: []string{"gemini-extension.json"},
	OwnName:   true,
	Readers:   []loader.FormatReader{{Target: "gemini", Order: 1}},
	Schema: loader.ManifestSchema{
		Fields: loader.WithMeta(map[string]loader.JSONType{
			"contextFileName": loader.TString | loader.TArray, "mcpServers": loader.TObject, "excludeTools": loader.TArray,
			"settings": loader.TArray, "themes": loader.TArray, "plan": loader.TObject, "migratedTo": loader.TString,
		}),
		Required: []string{"name", "version"},
		BadType:  loader.Error,
		Unknown:  loader.Warning,
	},
	Skills: loader.SkillsLayout{Dir: "skills", Depth: 1, DirIsSkill: true, Requires: []string{"name", "description"}},
}
