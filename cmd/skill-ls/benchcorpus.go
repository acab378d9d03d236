package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// largeCorpus copies the real corpora (folders of public skills and
// packages, files beside them included) under distinct folder names into
// dir until it holds at least n SKILL.md files, so a benchmark meets real
// sizes, links and layouts at the scale of thousands of repositories. It
// returns how many SKILL.md files it holds.
func largeCorpus(dir string, n int, sources []string) (int, error) {
	per := 0
	for _, src := range sources {
		c, err := countSkills(src)
		if err != nil {
			return 0, err
		}
		per += c
	}
	if per == 0 {
		return 0, fmt.Errorf("no SKILL.md under %s", strings.Join(sources, ", "))
	}
	total := 0
	for copyNo := 1; total < n; copyNo++ {
		for _, src := range sources {
			dst := filepath.Join(dir, fmt.Sprintf("%s-%03d", filepath.Base(src), copyNo))
			if err := copyTree(src, dst); err != nil {
				return 0, err
			}
		}
		total += per
	}
	return total, nil
}

func countSkills(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "SKILL.md" {
			n++
		}
		return err
	})
	return n, err
}

// copyTree copies regular files and folders (writable, whatever the
// source's modes); symlinks are copied as links.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, to)
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, 0o644)
		}
		return nil
	})
}
