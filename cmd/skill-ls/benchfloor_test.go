package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// TestBenchFloorReadsWhatCheckReports: the floor reads exactly the SKILL.md
// files check reports, byte for byte, and bench --floor says so.
func TestBenchFloorReadsWhatCheckReports(t *testing.T) {
	for _, tree := range []string{"obra+superpowers", "trailofbits+skills", "anthropics+skills"} {
		t.Run(tree, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "packages", tree))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if code := run([]string{"check", "--format", "json", dir}, nil, &out, os.Stderr); code != exitOK && code != exitFindings {
				t.Fatalf("check exited %d", code)
			}
			var rep report
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatal(err)
			}
			var want skillcore.FloorRead
			for _, f := range rep.Files {
				if filepath.Base(f.Path) != loader.FileName {
					continue
				}
				p := f.Path
				if !filepath.IsAbs(p) {
					p = filepath.Join(dir, p)
				}
				st, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				want.Files++
				want.Bytes += st.Size()
			}
			if want.Files == 0 {
				t.Fatal("check reported no SKILL.md")
			}
			got, errs := skillcore.Floor(dir)
			if got != want || len(errs) > 0 {
				t.Errorf("floor read %+v (errors %v), check reported %+v", got, errs, want)
			}
			out.Reset()
			if code := run([]string{"bench", "--floor", dir}, nil, &out, os.Stderr); code != exitOK {
				t.Fatalf("bench --floor exited %d", code)
			}
			if line := fmt.Sprintf("%d SKILL.md files, %d bytes", want.Files, want.Bytes); strings.TrimSpace(out.String()) != line {
				t.Errorf("bench --floor said %q, want %q", out.String(), line)
			}
		})
	}
}

// TestBenchFloorFilesReadsWhatCheckReads: the floor of the same files reads
// the SKILL.md files and the other files of each skill folder that check
// judges (listed afresh here, without the walk's listings), and bench
// --floor --floor-files says so.
func TestBenchFloorFilesReadsWhatCheckReads(t *testing.T) {
	made := t.TempDir()
	for _, shape := range workspaceShapes {
		if shape.name == "many other files per skill" {
			shape.write(t, made, 5)
		}
	}
	in := filepath.Join(made, ".agents", "skills", "skill-0")
	shapeFile(t, filepath.Join(in, "node_modules", "x", "index.js"), "left out")
	shapeFile(t, filepath.Join(in, ".cache", "x.md"), "left out")
	shapeFile(t, filepath.Join(in, "fonts", "a.ttf"), "\x00\x01binary"+strings.Repeat("x", 20000))
	shapeFile(t, filepath.Join(in, "data", "big.csv"), strings.Repeat("a,b\n", 300000))
	shapeSkill(t, in, "nested", "inner", "inner", "A skill inside a skill.\n")
	shapeFile(t, filepath.Join(in, "nested", "inner", "run.sh"), "#!/bin/sh\n")
	trees := []string{made}
	if _, err := os.Stat(filepath.Join("..", "..", "..", "shared", "packages")); err == nil {
		trees = append(trees, filepath.Join("..", "..", "..", "shared", "packages"))
	}
	for _, tree := range trees {
		t.Run(filepath.Base(tree), func(t *testing.T) {
			dir, err := filepath.Abs(tree)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := skillcore.Floor(dir)
			skills, _ := skillcore.FindSkills(dir)
			for _, s := range skills {
				for _, p := range skillcore.SkillFolderFiles(s, func(d string) []fs.DirEntry {
					entries, _ := os.ReadDir(d)
					return entries
				}) {
					src, _, err := fsys.ReadTextMode(p, nil, skillcore.SniffBytes)
					if err == nil || err == fsys.ErrBinary {
						want.OtherFiles++
						want.OtherBytes += int64(len(src))
					}
				}
			}
			if want.OtherFiles == 0 {
				t.Fatal("no other files in the skill folders")
			}
			got, errs := skillcore.FloorFiles(dir)
			if got != want || len(errs) > 0 {
				t.Errorf("floor of the same files read %+v (errors %v), want %+v", got, errs, want)
			}
			var out bytes.Buffer
			if code := run([]string{"bench", "--floor-files", "--floor", dir}, nil, &out, os.Stderr); code != exitOK {
				t.Fatalf("bench --floor --floor-files exited %d", code)
			}
			line := fmt.Sprintf("%d SKILL.md files, %d bytes; %d other files, %d bytes", want.Files, want.Bytes, want.OtherFiles, want.OtherBytes)
			if strings.TrimSpace(out.String()) != line {
				t.Errorf("bench said %q, want %q", out.String(), line)
			}
		})
	}
}
