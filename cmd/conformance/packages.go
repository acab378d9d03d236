package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// checkPackages holds skill-ls's reading of the plugins in each repository
// under dir (../shared/packages) to Claude Code's: each plugin root that
// skill-ls says claude-code loads is given to `claude --plugin-dir`, and
// the plugin's lines of the skill listing are compared with skill-ls's
// catalog entries for the plugin's skills (installed names, "(name)",
// descriptions).
func checkPackages(r *runner, c claudeAgent, dir, work string, rep *report) error {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	repos, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	t := loader.TargetByID(c.id())
	tl := rep.Tallies[c.id()]
	if tl == nil {
		return nil
	}
	for _, repo := range repos {
		if !repo.IsDir() {
			continue
		}
		top := filepath.Join(dir, repo.Name())
		ws := analysis.NewWorkspace(analysis.Config{Home: filepath.Join(work, "empty-home"), Projects: []string{top}, Getenv: func(string) string { return "" }})
		ws.Scan()
		var plugins []*skillcore.Package
		for _, set := range ws.World.PackageSets() {
			for _, p := range set.Packages {
				// A plugin a marketplace entry alone defines loads only
				// when installed from the marketplace: --plugin-dir
				// cannot stand for that.
				if p.Target == t && p.Refused == "" && len(p.Skills) > 0 && p.Manifest != "" {
					plugins = append(plugins, p)
				}
			}
		}
		sort.Slice(plugins, func(i, j int) bool { return plugins[i].Root < plugins[j].Root })
		catalog := ws.World.Catalog(t, top)
		for _, p := range plugins {
			pr := &probe{name: "package:" + repo.Name() + "/" + p.Name}
			l := &layout{probe: pr, dir: filepath.Join(work, "packages", repo.Name(), p.Name)}
			l.project, l.home = filepath.Join(l.dir, "proj"), filepath.Join(l.dir, "home")
			l.cwd = l.project
			if err := l.write(); err != nil {
				return err
			}
			type listed struct{ Text, Err string }
			root, laid := digest(p.Root), digest(l.dir)
			key := []string{c.id(), verified(c.id()).String(), c.config(), "--plugin-dir", root, laid}
			heard := recall(r.memory.unless(root == "" || laid == ""), key, []string{l.dir, p.Root}, func() (listed, bool) {
				text, err := c.listingText(context.Background(), r, l, "--plugin-dir", p.Root)
				if err != nil {
					return listed{Err: err.Error()}, false
				}
				return listed{Text: text}, true
			})
			text, err := heard.Text, error(nil)
			if heard.Err != "" {
				err = errors.New(heard.Err)
			}
			if err != nil {
				tl.Errors++
				rep.Errors = append(rep.Errors, fmt.Sprintf("%s %s: %v", c.id(), l.id(), err))
				continue
			}
			folders := map[string]bool{}
			for _, s := range p.Skills {
				folders[filepath.Base(filepath.Dir(s))] = true
			}
			var got answer
			for _, s := range parseClaudeListing(text, folders) {
				if strings.HasPrefix(s.Name, p.Name+":") {
					got.Loaded = append(got.Loaded, s)
				}
			}
			var want answer
			for _, e := range catalog {
				if p.Has(e.Skill.Path) {
					name, desc, _ := strings.Cut(strings.TrimPrefix(skillcore.RenderEntry(t, e), "- "), ": ")
					want.Loaded = append(want.Loaded, seen{Key: name, Name: name, Description: desc})
				}
			}
			rep.Differences = append(rep.Differences, compare(c, l, got, want, nil, tl)...)
		}
	}
	return nil
}
