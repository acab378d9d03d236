package skillcore

import (
	"path/filepath"
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

var geminiStyle = catalogStyle{
	head: geminiLead + "<available_skills>\n", sep: "\n", tail: "\n</available_skills>",
	entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "  <skill>\n" +
			"    <name>" + name + "</name>\n" +
			"    <description>" + catalogDescription(t, s) + "</description>\n" +
			"    <location>" + s.Path + "</location>\n" +
			"  </skill>"
	},
}

// geminiLoad is where gemini loads a member: roots of lower precedence
// first; in a root, its SKILL.md first, then folders by descending name.
type geminiLoad struct {
	rank     int
	rootFile bool
	folder   string
}

func (res *resolution) geminiLoadOf(e *Entry) geminiLoad {
	at := res.root[e]
	l := geminiLoad{rank: at.Rank}
	for _, r := range e.Roots {
		if r.Target != res.target || r.Rank != at.Rank || !within(r.Dir, e.Skill.Path) {
			continue
		}
		dir := r.SkillDir(e.Skill.Path)
		rel := filepath.ToSlash(strings.TrimPrefix(e.Skill.Path[len(dir):], string(filepath.Separator)))
		l.folder, _, _ = strings.Cut(rel, "/")
		l.rootFile = !strings.Contains(rel, "/")
		break
	}
	return l
}

// before reports whether gemini loads a before b.
func (a geminiLoad) compare(b geminiLoad) int {
	switch {
	case a.rank != b.rank:
		return b.rank - a.rank
	case a.rootFile != b.rootFile:
		if a.rootFile {
			return -1
		}
		return 1
	}
	return strings.Compare(b.folder, a.folder)
}

// geminiOwnSkills are the skills Gemini CLI 0.61.0 ships, loaded before
// every root: a skill named like one takes its place at the top.
var geminiOwnSkills = []string{"antigravity-support", "skill-creator"}

// geminiSlot is where a winner stands in gemini's catalog: where the first
// skill of its name was loaded.
func (res *resolution) geminiSlot(e *Entry) geminiLoad {
	if i := slices.Index(geminiOwnSkills, identityOf(res.target, e)); i >= 0 {
		return geminiLoad{rank: packageRank << 4, folder: string(rune('z' - i))}
	}
	slot := res.geminiLoadOf(e)
	for _, m := range res.groups[identityOf(res.target, e)] {
		if l := res.geminiLoadOf(m); l.compare(slot) < 0 {
			slot = l
		}
	}
	return slot
}

// geminiOrder orders gemini's catalog by slot.
func (res *resolution) geminiOrder(a, b *Entry) int {
	if c := res.geminiSlot(a).compare(res.geminiSlot(b)); c != 0 {
		return c
	}
	return strings.Compare(a.Skill.Path, b.Skill.Path)
}
