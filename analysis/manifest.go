package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Package manifests (plugin.json, marketplace.json, gemini-extension.json)
// are files of the workspace too: their findings say what each agent
// refuses, skips or ignores in them.

// IsManifestFile reports whether path names a package manifest.
func IsManifestFile(path string) bool { return loader.IsManifest(path) }

// SetManifest lays an editor's text over a manifest (nil: the disk's
// again) and returns the SKILL.md files whose findings may change.
func (w *Workspace) SetManifest(path string, src []byte) []string {
	return w.World.SetManifest(path, src)
}

// ManifestFindings is everything skill-ls tells the author about the
// manifest at path, with the user's severity overrides applied.
func (w *Workspace) ManifestFindings(path string) []Finding {
	m := w.World.Manifest(path)
	if m == nil && !w.Ignored(path) {
		// One no package search reads (an installed plugin's root
		// plugin.json that is not JSON) has what reading the installed
		// plugins met in it.
		if fs, ok := w.installedConfigFindings(path); ok {
			return fs
		}
	}
	if m == nil || w.Ignored(path) {
		return []Finding{}
	}
	return w.findings(m.Problems, nil, nil)
}

// ManifestSource is the manifest's text as the workspace reads it, or nil.
func (w *Workspace) ManifestSource(path string) []byte {
	if m := w.World.Manifest(path); m != nil {
		return m.Src
	}
	if _, ok := w.installedConfigFindings(path); ok {
		return installedSource(path)
	}
	return nil
}

// maxRefLines bounds the skills a hover lists.
const maxRefLines = 15

// manifestRefAt is the reference under offset, or nil.
func (w *Workspace) manifestRefAt(path string, offset int) *skillcore.ManifestRef {
	for _, r := range w.World.ManifestRefs(path) {
		if r.Range.Contains(offset) {
			return &r
		}
	}
	return nil
}

// manifestHover lists the skills a skills path or a source brings, with
// the name each agent installs them under.
func (w *Workspace) manifestHover(path string, offset int) *Hover {
	r := w.manifestRefAt(path, offset)
	if r == nil {
		return w.manifestKeyHover(path, offset)
	}
	var b strings.Builder
	switch {
	case r.Target == "":
		fmt.Fprintf(&b, "`%s` names nothing the agents load.", r.Text)
	case len(r.Skills) == 0:
		fmt.Fprintf(&b, "`%s` (%s) brings no skill any agent loads.", r.Text, r.Target)
	default:
		fmt.Fprintf(&b, "`%s` brings %d %s:\n\n", r.Text, len(r.Skills), plural(len(r.Skills), "skill", "skills"))
		for i, s := range r.Skills {
			if i == maxRefLines {
				fmt.Fprintf(&b, "- … and %d more\n", len(r.Skills)-i)
				break
			}
			rel, _ := filepath.Rel(r.Target, s.Path)
			var as []string
			for _, n := range s.Names {
				if n.Loads {
					as = append(as, n.Target.ID+" as `"+n.Name+"`")
				} else {
					as = append(as, n.Target.ID+" refuses it")
				}
			}
			fmt.Fprintf(&b, "- `%s`: %s\n", filepath.ToSlash(rel), strings.Join(as, ", "))
		}
	}
	return &Hover{Markdown: strings.TrimRight(b.String(), "\n"), Range: r.Range}
}

// manifestKeyHover says of the key under offset which agents read it and
// what it takes.
func (w *Workspace) manifestKeyHover(path string, offset int) *Hover {
	src := w.ManifestSource(path)
	root, _ := syntax.ParseJSON(src, nil)
	m := root.KeyAt(offset)
	if m == nil {
		return nil
	}
	keys, _ := skillcore.ManifestKeysAt(path, src, m.KeyRange.Start)
	for _, k := range keys {
		if k.Key == m.Key {
			return &Hover{Markdown: fmt.Sprintf("`%s`: %s, read by %s.", k.Key, k.Type, strings.Join(k.Readers, ", ")), Range: m.KeyRange}
		}
	}
	return &Hover{Markdown: fmt.Sprintf("`%s` is a field no agent reading this manifest knows.", m.Key), Range: m.KeyRange}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// manifestLinks links each path that names something: to the one skill it
// brings, or to the folder.
func (w *Workspace) manifestLinks(path string) []DocumentLink {
	out := []DocumentLink{}
	f := w.fence()
	for _, r := range w.World.ManifestRefs(path) {
		if r.Target == "" {
			continue
		}
		target := r.Target
		if len(r.Skills) == 1 {
			target = r.Skills[0].Path
		}
		if !f.allows(target) {
			continue // links stay inside the workspace and known roots
		}
		out = append(out, DocumentLink{Range: Range{Start: r.Range.Start + 1, End: max(r.Range.Start+1, r.Range.End-1)}, Target: target, Exists: true})
	}
	return out
}

// manifestDefinition leads from a path to every skill it brings.
func (w *Workspace) manifestDefinition(path string, offset int) []Location {
	out := []Location{}
	if r := w.manifestRefAt(path, offset); r != nil {
		f := w.fence()
		for _, s := range r.Skills {
			if f.allows(s.Path) {
				out = append(out, Location{Path: s.Path})
			}
		}
	}
	return out
}

// manifestFixes offers, for a component path that lacks "./", the path
// with it.
func manifestFixes(src []byte, f Finding) []Fix {
	if f.Rule != "manifest-path" || !strings.Contains(f.Message, "does not start with ./") {
		return nil
	}
	text := f.Range.Text(src)
	if len(text) < 2 || text[0] != '"' {
		return nil
	}
	return []Fix{{Title: fmt.Sprintf("Write the path as \"./%s\"", strings.TrimPrefix(text[1:len(text)-1], "/")), Preferred: true,
		Edits: []Edit{{Range: Range{Start: f.Range.Start + 1, End: f.Range.Start + 1}, NewText: "./"}}}}
}

// completeManifest offers the keys the manifest's format knows and the
// object under the cursor lacks: the top-level keys, or a marketplace
// entry's.
func (w *Workspace) completeManifest(path string, offset int) []CompletionItem {
	out := []CompletionItem{}
	src := w.ManifestSource(path)
	if src == nil {
		return out
	}
	offset = max(0, min(offset, len(src)))
	start := offset
	for start > 0 && (isKeyByte(src[start-1])) {
		start--
	}
	if start > 0 && src[start-1] == '"' {
		start--
	}
	keys, present := skillcore.ManifestKeysAt(path, src, offset)
	for _, k := range keys {
		if slices.Contains(present, k.Key) {
			continue
		}
		out = append(out, CompletionItem{Label: k.Key, Kind: CompleteField, Detail: k.Type,
			Doc: "Read by " + strings.Join(k.Readers, ", ") + ".", Insert: fmt.Sprintf("%q: ", k.Key), InsertPlain: fmt.Sprintf("%q: ", k.Key),
			Range: Range{Start: start, End: offset}})
	}
	return out
}

func isKeyByte(c byte) bool {
	return c == '$' || c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
