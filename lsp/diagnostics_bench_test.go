package lsp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/analysis"
)

// manyLinks is a SKILL.md whose body holds n links to missing files, on
// one line each or all on one line (each finding's column then lies far
// along that line).
func manyLinks(n int, oneLine bool) string {
	var b strings.Builder
	b.WriteString("---\nname: links\ndescription: Links 🎉 everywhere.\n---\n")
	sep := "\n"
	if oneLine {
		sep = " "
	}
	for i := range n {
		fmt.Fprintf(&b, "é [n](missing-%d.md)%s", i, sep)
	}
	return b.String()
}

// BenchmarkDiagnostics20000Findings converts 20,000 findings of one file
// to protocol diagnostics (UTF-16 positions, the default).
func BenchmarkDiagnostics20000Findings(b *testing.B) {
	for _, oneLine := range []bool{false, true} {
		text := []byte(manyLinks(20000, oneLine))
		findings := make([]analysis.Finding, 0, 20000)
		for i := 0; len(findings) < 20000; i++ {
			at := strings.Index(string(text[i:]), "[n](")
			i += at
			findings = append(findings, analysis.Finding{Rule: "link-broken", Range: analysis.Range{Start: i, End: i + 10}})
		}
		b.Run(fmt.Sprintf("one-line=%v", oneLine), func(b *testing.B) {
			for b.Loop() {
				m := NewMapper(text, UTF16)
				if d := diagnostics(findings, m, func(string, analysis.Range) *Mapper { return m }); len(d) != len(findings) {
					b.Fatal(len(d))
				}
			}
		})
	}
}

// BenchmarkPublish20000Findings opens a SKILL.md with 20,000 broken
// links and waits for its diagnostics, through the pipe: analysis,
// conversion and the wire.
func BenchmarkPublish20000Findings(b *testing.B) {
	for _, oneLine := range []bool{false, true} {
		b.Run(fmt.Sprintf("one-line=%v", oneLine), func(b *testing.B) {
			h := start(b, "", setup{})
			const rel = "ws/.agents/skills/links/SKILL.md"
			text := manyLinks(20000, oneLine)
			v := int32(0)
			for b.Loop() {
				v++
				h.open(rel, text, v)
				if d := h.diags(rel, version(v)); len(d.Diagnostics) < 20000 {
					b.Fatalf("%d diagnostics", len(d.Diagnostics))
				}
				h.closeDoc(rel)
			}
		})
	}
}
