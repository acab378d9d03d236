package analysis

import (
	"github.com/skill-ls/skill-ls/skillcore"
)

// Package manifests (plugin.json, marketplace.json, gemini-extension.json)
// are files of the workspace too: their findings say what each agent
// refuses, skips or ignores in them.

// IsManifestFile reports whether path names a package manifest.
func IsManifestFile(path string) bool { return skillcore.IsManifest(path) }

// SetManifest lays an editor's text over a manifest (nil: the disk's
// again) and returns the SKILL.md files whose findings may change.
func (w *Workspace) SetManifest(path string, src []byte) []string {
	return w.World.SetManifest(path, src)
}

// ManifestFindings is everything skill-ls tells the author about the
// manifest at path, with the user's severity overrides applied.
func (w *Workspace) ManifestFindings(path string) []Finding {
	m := w.World.Manifest(path)
	if m == nil {
		return []Finding{}
	}
	return w.findings(m.Problems, nil)
}

// ManifestSource is the manifest's text as the workspace reads it, or nil.
func (w *Workspace) ManifestSource(path string) []byte {
	if m := w.World.Manifest(path); m != nil {
		return m.Src
	}
	return nil
}
