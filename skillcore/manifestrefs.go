package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// ManifestRef is a path in a manifest that brings skills: a plugin's
// skills entry or a marketplace entry's source, with what it resolves to
// and the skills the world loads through it.
type ManifestRef struct {
	Range  syntax.Range // the JSON string, quotes included
	Text   string       // the path as written
	Kind   string       // "skills" or "source"
	Target string       // the folder or file it names, "" when it names none
	Skills []RefSkill
}

// RefSkill is one SKILL.md a reference brings, with the name each reader
// gives it.
type RefSkill struct {
	Path  string
	Names []Installed
}

// ManifestRefs lists the references of the manifest at path, in file
// order.
func (w *World) ManifestRefs(path string) []ManifestRef {
	path = fsys.CleanPath(path)
	m := w.Manifest(path)
	if m == nil || m.Root == nil {
		return nil
	}
	var pkgs []*Package
	for _, ps := range w.PackageSets() {
		for _, p := range ps.Packages {
			if p.Manifest == path || p.Marketplace == path {
				pkgs = append(pkgs, p)
			}
		}
	}
	root := manifestRoot(path)
	var out []ManifestRef
	add := func(v *syntax.JSONValue, kind, target string, from []*Package) {
		ref := ManifestRef{Range: v.Range, Text: v.Text, Kind: kind, Target: target}
		if target != "" {
			ref.Skills = w.skillsUnder(target, from)
		}
		out = append(out, ref)
	}
	for _, v := range stringsOf(m.Root.Get("skills")) {
		add(v, "skills", localTarget(root, v.Text), pkgs)
	}
	top := root
	if len(pkgs) > 0 {
		top = pkgs[0].Top
	}
	for _, e := range m.Root.Get("plugins").Array() {
		name, _ := e.Get("name").Str()
		var from []*Package
		for _, p := range pkgs {
			if p.Marketplace == path && p.Entry == name {
				from = append(from, p)
			}
		}
		src := e.Get("source")
		if src != nil && src.Kind == syntax.JSONObject {
			src = src.Get("path")
		}
		if src != nil && src.Kind == syntax.JSONString {
			dir := ""
			for _, mf := range loader.MarketplaceFormats {
				if d := resolveSource(mf, m.Root, e.Get("source"), root, top, os.Stat).dir; d != "" && dir == "" {
					dir = d
				}
			}
			add(src, "source", dir, from)
		}
		if dir := sourceDir(from); dir != "" {
			for _, v := range stringsOf(e.Get("skills")) {
				add(v, "skills", localTarget(dir, v.Text), from)
			}
		}
	}
	slices.SortFunc(out, func(a, b ManifestRef) int { return a.Range.Start - b.Range.Start })
	return out
}

// sourceDir is the plugin root of the packages of one entry.
func sourceDir(pkgs []*Package) string {
	if len(pkgs) == 0 {
		return ""
	}
	return pkgs[0].Root
}

// localTarget is the path a component path names below root, "" when it
// leaves root or names nothing.
func localTarget(root, rel string) string {
	if rel == "" || filepath.IsAbs(rel) || hasDotDot(rel) {
		return ""
	}
	p := filepath.Clean(filepath.Join(root, filepath.FromSlash(rel)))
	if p != root && !loader.Within(root, p) || !exists(p) {
		return ""
	}
	return p
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// skillsUnder lists the skills the packages load at or below target, with
// their installed names.
func (w *World) skillsUnder(target string, pkgs []*Package) []RefSkill {
	var out []RefSkill
	for _, p := range pkgs {
		for _, s := range p.Skills {
			if s != target && !loader.Within(target, s) {
				continue
			}
			i := slices.IndexFunc(out, func(r RefSkill) bool { return r.Path == s })
			if i < 0 {
				out = append(out, RefSkill{Path: s})
				i = len(out) - 1
			}
			in := Installed{Target: p.Target, Package: p, Loads: true}
			if e := w.Entry(s); e != nil {
				in.Name, in.Loads = p.InstalledName(e.Skill), loader.Loads(e.Problems, p.Target.ID)
			}
			out[i].Names = append(out[i].Names, in)
		}
	}
	slices.SortFunc(out, func(a, b RefSkill) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// ManifestKey is a key a manifest format knows.
type ManifestKey struct {
	Key     string
	Type    string   // the JSON kinds it takes
	Readers []string // the targets that read it
}

// ManifestKeysAt lists the keys the formats of the manifest at path know
// for the object around offset in src (the manifest's own keys, or a
// marketplace entry's), and the keys that object already has.
func ManifestKeysAt(path string, src []byte, offset int) (keys []ManifestKey, present []string) {
	slash := filepath.ToSlash(path)
	matches := func(rels []string) bool {
		return slices.ContainsFunc(rels, func(rel string) bool { return slash == rel || strings.HasSuffix(slash, "/"+rel) })
	}
	root, _ := loader.ParseJSON(src)
	obj, inEntry := root, false
	if entries := root.Get("plugins"); entries != nil {
		for _, e := range entries.Array() {
			if e.Kind == syntax.JSONObject && e.Range.Start < offset && offset < e.Range.End {
				obj, inEntry = e, true
			}
		}
	}
	if obj != nil {
		for _, m := range obj.Members {
			present = append(present, m.Key)
		}
	}
	seen := map[string]int{}
	addAll := func(fields map[string]loader.JSONType, readers []string) {
		for k, t := range fields {
			if i, ok := seen[k]; ok {
				for _, r := range readers {
					if !slices.Contains(keys[i].Readers, r) {
						keys[i].Readers = append(keys[i].Readers, r)
					}
				}
				continue
			}
			seen[k] = len(keys)
			keys = append(keys, ManifestKey{Key: k, Type: t.String(), Readers: slices.Clone(readers)})
		}
	}
	for _, mf := range loader.MarketplaceFormats {
		if !matches(mf.Manifests) {
			continue
		}
		if inEntry {
			addAll(mf.Entry, readerIDs(mf.Readers))
		} else {
			addAll(mf.Fields, readerIDs(mf.Readers))
		}
	}
	if !inEntry {
		for _, pf := range loader.PluginFormats {
			if matches(pf.Manifests) {
				addAll(pf.Schema.Fields, readerIDs(pf.Readers))
			}
		}
	}
	slices.SortFunc(keys, func(a, b ManifestKey) int { return strings.Compare(a.Key, b.Key) })
	return keys, present
}
