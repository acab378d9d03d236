package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
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
