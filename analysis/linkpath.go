package analysis

import (
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Rel is the file the link names, relative to the skill's folder, and
// whether that can be known from the skill alone. A path that starts with
// the skill's own folder written as a placeholder ({baseDir}) or as a
// variable an agent replaces with it (${CLAUDE_SKILL_DIR}) is the rest of
// the path; one that holds any other variable (the plugin's root, the
// project the agent runs in, a variable no agent replaces) names a file
// only the agent knows.
func (l Link) Rel() (string, bool) {
	p := l.Target
	if rest, ok := skillFolderPrefix(p); ok {
		p = rest
	}
	if strings.Contains(p, "${") || strings.Contains(p, loader.BaseDirPlaceholder) {
		return "", false
	}
	return p, true
}

// skillFolderPrefix is p after a leading "{baseDir}/" or "${NAME}/" where
// an agent replaces NAME with the skill's folder.
func skillFolderPrefix(p string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, loader.BaseDirPlaceholder+"/"); ok {
		return rest, true
	}
	if !strings.HasPrefix(p, "${") {
		return "", false
	}
	name, rest, ok := strings.Cut(p[2:], "}/")
	if !ok {
		return "", false
	}
	if v, known := loader.VariableValueOf(name); known && v == loader.SkillFolder {
		return rest, true
	}
	return "", false
}
