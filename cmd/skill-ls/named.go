package main

import (
	"fmt"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// checkedKinds says what check takes, for the one line that refuses a file.
const checkedKinds = "check takes SKILL.md files, package manifests (plugin.json, marketplace.json, gemini-extension.json) and folders"

// isSkillFileName reports whether a file of this name is judged as a skill,
// as discovery names them: SKILL.md, or a case variant (skill.md) that
// meant to be one and is told so by skill-md-case.
func isSkillFileName(name string) bool {
	return name == loader.FileName || loader.IsCaseVariant(name)
}

// notCheckable is why a file named on the command line is not one check
// judges, or nil. shown is the path as the user gave it.
func notCheckable(shown, abs string) error {
	if isSkillFileName(filepath.Base(abs)) || loader.IsManifest(abs) {
		return nil
	}
	return fmt.Errorf("%s: not a %s or a package manifest; %s", shown, loader.FileName, checkedKinds)
}

// unreadManifest is why a file named like a manifest is not checked: no
// agent reads it as one where it lies (a plugin.json deep inside another
// plugin, say).
func unreadManifest(shown string) error {
	return fmt.Errorf("%s: no agent reads this file as a package manifest where it lies; %s", shown, checkedKinds)
}
