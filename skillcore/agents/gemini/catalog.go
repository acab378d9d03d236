package gemini

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Gemini CLI 0.61.0 (@google/gemini-cli): the catalog in the system prompt,
// byte for byte. packages/core/src/prompts/snippets.ts renderAgentSkills
// (bundle chunk-JDPZ4CE3.js), the form for current models, observed with
// `gemini --yolo -p hi` against a stand-in Gemini API, as the conformance
// suite's catalog comparison does (testdata/conformance/notes/gemini.md §7):
//
//	# Available Agent Skills
//
//	You have access to ... with the skill's name.
//
//	<available_skills>
//	  <skill>
//	    <name>NAME</name>
//	    <description>DESCRIPTION</description>
//	    <location>/abs/path/SKILL.md</location>
//	  </skill>
//	</available_skills>
//
// Nothing is escaped, the description keeps its line breaks, and there is
// no budget. The order is the skill manager's map order: roots as loaded
// (~/.gemini, ~/.agents, the project's .gemini, then .agents: the reverse
// of their precedence), within a root the glob's (a SKILL.md in the root,
// then folders in descending name order); a skill that overrides another
// of its name takes that one's place. Gemini's own skills come first; the
// suite leaves them out.

const geminiLead = "# Available Agent Skills\n\n" +
	"You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.\n\n"

var geminiStyle = loader.CatalogStyle{
	Head: geminiLead + "<available_skills>\n", Sep: "\n", Tail: "\n</available_skills>",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + name + "</name>\n" +
			"    <description>" + loader.CatalogDescription(t, s) + "</description>\n" +
			"    <location>" + s.Path + "</location>\n" +
			"  </skill>"
	},
}

// geminiCompare reports whether gemini loads a before b: roots of lower
// precedence first; in a root, its SKILL.md first, then folders by
// descending name; then by path.
func geminiCompare(a, b loader.Place) int {
	switch {
	case a.Rank != b.Rank:
		return b.Rank - a.Rank
	case a.RootFile != b.RootFile:
		if a.RootFile {
			return -1
		}
		return 1
	}
	if c := strings.Compare(b.Folder, a.Folder); c != 0 {
		return c
	}
	return strings.Compare(a.Path, b.Path)
}

// geminiOwnSkills are the skills Gemini CLI 0.61.0 ships, loaded before
// every root: a skill named like one takes its place at the top.
var geminiOwnSkills = []string{"antigravity-support", "skill-creator"}

// geminiSlot is where a winner stands in gemini's catalog: where the first
// skill of its name was loaded.
func geminiSlot(p loader.Place, group []loader.Place) loader.Place {
	if i := slices.Index(geminiOwnSkills, p.Name); i >= 0 {
		return loader.Place{Path: p.Path, Rank: loader.PackageRank << 4, Folder: string(rune('z' - i))}
	}
	slot := p
	for _, m := range group {
		m.Path = p.Path
		if geminiCompare(m, slot) < 0 {
			slot = m
		}
	}
	return slot
}

// geminiLister is gemini's own catalog code.
var geminiLister = &loader.Lister{Style: &geminiStyle, Key: geminiSlot, Compare: geminiCompare}

func init() { Target.Lister = geminiLister }
