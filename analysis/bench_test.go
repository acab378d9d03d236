package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// realisticSkill is a SKILL.md of about size bytes written the way the
// corpus's skills are: a full frontmatter, then sections of prose, lists,
// tables, code fences, links and file references.
func realisticSkill(size int) string {
	var b strings.Builder
	b.WriteString(`---
name: pdf-tools
description: Extract text and tables from PDF files, fill forms, merge and split documents. Use when the user works with PDF files or asks for document extraction, form filling or page manipulation.
license: Apache-2.0
compatibility: Requires Python 3.10+ and poppler-utils on the PATH.
allowed-tools: Read Grep Bash(python:*)
metadata:
  author: example-org
  version: "2.1"
---

# PDF tools

This skill handles PDF documents: reading, extracting, filling and assembling.
`)
	for i := 0; b.Len() < size-700; i++ {
		fmt.Fprintf(&b, `
## Step %d: extract the content

Open the document with `+"`scripts/extract.py`"+` and read the result. See
[the reference](references/REFERENCE.md#step-%d) for the options, and
[forms](references/FORMS.md) when the document has fields. Keep **bold** and
_emphasis_ as they are; never invent values the PDF does not hold.

1. Check the file exists and is a PDF (`+"`file doc.pdf`"+`).
2. Run the extractor:

   `+"```bash"+`
   python scripts/extract.py --input doc.pdf --output out.json --pages 1-%d
   `+"```"+`

3. Validate the output against `+"`assets/schema.json`"+`.

| option | meaning |
|---|---|
| --pages | a range such as 1-3 |
| --tables | also extract tables |

> Note: scanned documents need OCR first; see [OCR](references/OCR.md).
`, i, i, i+1)
	}
	return b.String()
}

// benchTree writes the skill and the files it references into a project.
func benchTree(b *testing.B, src string) (*Workspace, string) {
	dir := b.TempDir()
	skill := filepath.Join(dir, "proj", ".agents", "skills", "pdf-tools")
	for _, f := range []string{"SKILL.md", "scripts/extract.py", "references/REFERENCE.md", "references/FORMS.md", "references/OCR.md", "assets/schema.json"} {
		p := filepath.Join(skill, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	w := NewWorkspace(Config{Home: filepath.Join(dir, "home"), Projects: []string{filepath.Join(dir, "proj")}})
	if errs := w.Scan(); len(errs) > 0 {
		b.Fatal(errs)
	}
	return w, filepath.Join(skill, "SKILL.md")
}

var benchSizes = []struct {
	name string
	size int
}{{"5KiB", 5 << 10}, {"100KiB", 99 << 10}} // 100 KiB would be over Zed's limit

// BenchmarkParseValidate is the strict core on one file: parse, judge with
// every target, scan the body.
func BenchmarkParseValidate(b *testing.B) {
	for _, s := range benchSizes {
		src := []byte(realisticSkill(s.size))
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				sk := loader.Parse("/p/.agents/skills/pdf-tools/SKILL.md", src)
				if p := loader.Validate(sk, loader.Targets); len(p) != 0 {
					b.Fatalf("problems: %+v", p)
				}
				ScanBody(sk)
			}
		})
	}
}

// BenchmarkAnalyse is what a keystroke costs: the new text set into the
// workspace and every finding computed, the body's links checked on disk.
func BenchmarkAnalyse(b *testing.B) {
	for _, s := range benchSizes {
		src := realisticSkill(s.size)
		b.Run(s.name, func(b *testing.B) {
			w, path := benchTree(b, src)
			texts := [][]byte{[]byte(src), []byte(src + " ")}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				w.Set(path, texts[i%2])
				if fs := w.Findings(path); len(fs) > 1 || len(fs) == 1 && fs[0].Rule != "body-too-long" {
					b.Fatalf("findings: %v", rules(fs))
				}
				i++
			}
		})
	}
}

func TestRealisticSkillSizes(t *testing.T) {
	for _, s := range benchSizes {
		src := realisticSkill(s.size)
		if len(src) > s.size || len(src) < s.size-1500 {
			t.Errorf("%s: %d bytes", s.name, len(src))
		}
	}
}
