package skillcore

import (
	"os"
	"testing"
)

// BenchmarkFindPackages finds the packages of the real repositories under
// ../shared/packages (and of the corpus, which holds none) with a walk of
// its own, as a language server does for a workspace folder.
func BenchmarkFindPackages(b *testing.B) {
	for _, dir := range benchTrees(b) {
		b.Run(dir, func(b *testing.B) {
			for b.Loop() {
				FindPackages(dir)
			}
		})
	}
}

// BenchmarkCheckWorld judges a tree as check does (walk, scan, every
// file's problems) with and without the package search: the difference is
// what packages cost a check.
func BenchmarkCheckWorld(b *testing.B) {
	for _, dir := range benchTrees(b) {
		for _, packages := range []bool{false, true} {
			name := dir + "/without-packages"
			if packages {
				name = dir + "/with-packages"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					w := NewWorld(Env{Home: b.TempDir()}, nil)
					files, _ := w.Find(dir)
					if packages {
						w.PackageDirs = []string{dir}
					}
					w.Scan()
					var rest []string
					for _, f := range files {
						if w.Entry(f) == nil {
							rest = append(rest, f)
						}
					}
					w.Load(rest)
					w.ProblemsOf(files)
				}
			})
		}
	}
}

func benchTrees(b *testing.B) []string {
	dirs := []string{"/work/shared/packages", "/work/shared/corpus"}
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			b.Skip(d, " is not here")
		}
	}
	return dirs
}

// BenchmarkPackagesFromWalk is the package search of a check alone: from
// what check's walk met (made once), find and resolve every package.
func BenchmarkPackagesFromWalk(b *testing.B) {
	for _, dir := range benchTrees(b) {
		w := NewWorld(Env{Home: b.TempDir()}, nil)
		w.Find(dir)
		b.Run(dir, func(b *testing.B) {
			for b.Loop() {
				findPackageSets([]string{dir}, nil, w.walks, nil)
			}
		})
	}
}
