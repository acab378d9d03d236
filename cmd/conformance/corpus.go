package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/tools/txtar"
)

// corpusProbes lays every SKILL.md under dir into probes of its own:
// each file into a folder of its folder's name, the files spread over as
// many probes as it takes for no folder name to appear twice in one.
func corpusProbes(dir string) ([]*probe, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() && e.Name() == "SKILL.md" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []*probe
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		folder := filepath.Base(filepath.Dir(p))
		var pr *probe
		for _, c := range out {
			if !c.holds(folder) {
				pr = c
				break
			}
		}
		if pr == nil {
			pr = &probe{name: "corpus" + string(rune('a'+len(out))), doc: "the public corpus", roots: defaultRoots, alone: true, owners: map[string]string{}}
			out = append(out, pr)
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(p))
		pr.owners[folder] = "corpus:" + rel
		pr.files = append(pr.files, txtar.File{Name: folder + "/SKILL.md", Data: data})
	}
	return out, nil
}

func (pr *probe) holds(folder string) bool {
	for _, f := range pr.files {
		if filepath.Dir(f.Name) == folder {
			return true
		}
	}
	return false
}

// installProbes makes, of each repository under dir, a probe whose home
// each agent fills by installing what the repository offers with its own
// commands (install.go), beside an empty project.
func installProbes(dir string) ([]*probe, error) {
	repos, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []*probe
	for _, repo := range repos {
		if !repo.IsDir() {
			continue
		}
		top := filepath.Join(dir, repo.Name())
		src := "%/" + repo.Name()
		pr := &probe{name: "installed:" + repo.Name(), doc: "the repository installed by each agent", roots: defaultRoots[:1], installs: []string{src}}
		err := filepath.WalkDir(top, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() && e.Name() == ".git" {
				return err
			}
			rel, _ := filepath.Rel(top, p)
			name := src + "/" + filepath.ToSlash(rel)
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				to, err := os.Readlink(p)
				if err != nil {
					return err
				}
				pr.links = append(pr.links, [2]string{name, to})
			case e.Type().IsRegular():
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				pr.files = append(pr.files, txtar.File{Name: name, Data: data})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, pr)
	}
	return out, nil
}
