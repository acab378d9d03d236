package gemini_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/loader"
	"github.com/skill-ls/skill-ls/skillcore/worldtest"

	"golang.org/x/tools/txtar"
)

// TestGeminiCatalogOrder: gemini lists skills as its map holds them: roots
// from the lowest precedence, a root's folders in descending name order,
// and a skill that overrides another takes that one's place.
func TestGeminiCatalogOrder(t *testing.T) {
	dir := t.TempDir()
	var files []txtar.File
	for _, p := range []string{
		"home/.gemini/skills/g1", "home/.agents/skills/a1",
		"proj/.gemini/skills/b", "proj/.gemini/skills/x", "proj/.gemini/skills/shared",
		"proj/.agents/skills/alpha", "proj/.agents/skills/shared",
	} {
		name := filepath.Base(p)
		files = append(files, txtar.File{Name: p + "/SKILL.md", Data: fmt.Appendf(nil, "---\nname: %s\ndescription: from %s\n---\n", name, p)})
	}
	w := worldtest.Scan(t, dir, files)
	tg := loader.TargetByID("gemini")
	var got []string
	for _, e := range w.Catalog(tg, w.Projects[0]) {
		rel, _ := filepath.Rel(dir, e.Skill.Path)
		got = append(got, filepath.ToSlash(filepath.Dir(rel)))
	}
	want := []string{"home/.gemini/skills/g1", "home/.agents/skills/a1",
		"proj/.gemini/skills/x", "proj/.agents/skills/shared", "proj/.gemini/skills/b", "proj/.agents/skills/alpha"}
	if !slices.Equal(got, want) {
		t.Errorf("order\n got %v\nwant %v", got, want)
	}
	text := skillcore.RenderCatalog(tg, w.Catalog(tg, w.Projects[0]))
	if !strings.HasPrefix(text, "# Available Agent Skills\n\nYou have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.\n\n<available_skills>\n  <skill>\n    <name>g1</name>\n") ||
		!strings.HasSuffix(text, "</location>\n  </skill>\n</available_skills>") {
		t.Errorf("text: %q", text)
	}
}
