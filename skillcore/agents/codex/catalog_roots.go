package codex

import (
	"slices"
	"strings"
)

// Codex 0.169.0's alias table ("### Skill roots"): each listed skill's root
// in the loader's order of roots, except that the root of an installed
// plugin that lists only one skill is widened to its marketplace's folder
// in the plugin cache (…/plugins/cache/<marketplace>), so that a
// marketplace of many one-skill plugins takes one alias, not one each
// (shared_host_alias_roots in codex-rs/ext/skills/src/host_aliases.rs).
// Paths are in slash form here.

// codexAliasRoots is the alias table for lines: their roots in the
// loader's order of roots, widened as above, each once.
func codexAliasRoots(lines []codexLine) []string {
	// The lines' roots, each with its place in the order of roots, first
	// met first: a catalog has thousands of lines and a few roots.
	type place struct {
		root  string
		order [2]int
	}
	var places []place
	perRoot := map[string]int{}
	met := map[place]bool{}
	for _, l := range lines {
		perRoot[l.root]++
		if p := (place{l.root, l.order}); !met[p] {
			met[p] = true
			places = append(places, p)
		}
	}
	slices.SortStableFunc(places, func(a, b place) int {
		if a.order[0] != b.order[0] {
			return a.order[0] - b.order[0]
		}
		return a.order[1] - b.order[1]
	})
	// Skills per installed plugin version: a plugin version with one
	// listed skill shares its marketplace's alias.
	perVersion := map[string]int{}
	for root, n := range perRoot {
		if v, ok := CodexPluginVersion(root); ok {
			perVersion[v] += n
		}
	}
	var roots []string
	seen := map[string]bool{}
	for _, l := range places {
		if l.root == "" {
			continue
		}
		root := l.root
		if v, ok := CodexPluginVersion(root); ok && perVersion[v] <= 1 {
			root, _ = CodexMarketplace(root)
		}
		if !seen[root] {
			seen[root] = true
			roots = append(roots, root)
		}
	}
	return roots
}

// codexMarketplace is the folder of p's marketplace in a plugin cache: the
// deepest ancestor of p (p included) whose parent is "cache" in a folder
// "plugins". Codex 0.169 does not insist on its own cache folder.
func CodexMarketplace(p string) (string, bool) {
	for cand := p; ; {
		parent, ok := slashParent(cand)
		if !ok {
			return "", false
		}
		grand, ok := slashParent(parent)
		if !ok {
			return "", false
		}
		// A ".." has no name for Codex, which gives up there.
		if slashBase(parent) == ".." || slashBase(parent) == "cache" && slashBase(grand) == ".." {
			return "", false
		}
		if slashBase(parent) == "cache" && slashBase(grand) == "plugins" {
			return cand, true
		}
		cand = parent
	}
}

// codexPluginVersion is the installed plugin version folder p lies in,
// <marketplace>/<plugin>/<version>, when p is at or below one.
func CodexPluginVersion(p string) (string, bool) {
	market, ok := CodexMarketplace(p)
	if !ok {
		return "", false
	}
	var parts []string
	for _, c := range strings.Split(p[len(market):], "/") {
		if c == "" || c == "." {
			continue
		}
		if c == ".." {
			return "", false
		}
		if parts = append(parts, c); len(parts) == 2 {
			return market + "/" + parts[0] + "/" + parts[1], true
		}
	}
	return "", false
}

// slashParent is p without its last name (trailing slashes ignored), as a
// prefix of p; false at the top ("/", "C:", "" or a bare name).
func slashParent(p string) (string, bool) {
	p = strings.TrimRight(p, "/")
	i := strings.LastIndexByte(p, '/')
	if i < 0 || p == "" {
		return "", false
	}
	if i == 0 {
		return "/", true
	}
	return p[:i], true
}

// slashBase is p's last name, trailing slashes ignored.
func slashBase(p string) string {
	p = strings.TrimRight(p, "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}
