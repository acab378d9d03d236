package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The editor features answer within the SPEC's budget (p99 under 5 ms) on
// a 100 KiB SKILL.md, measured through the pipe as an editor sees them:
// encoding, dispatch, the lock, analysis and position mapping. The
// benchmarks report the p50 and p99 of each request; they assert nothing
// about time.

// bigSkill is a SKILL.md of at least size bytes: a frontmatter with an
// empty line to complete at (line 3), then sections with links, code spans
// and code blocks.
func bigSkill(size int) string {
	var b strings.Builder
	b.WriteString("---\nname: big-skill\ndescription: \"A large skill <with> & markup, to measure the editor features.\"\n\nlicense: MIT\n---\n# Big skill\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nRead [the guide](references/guide-%d.md) and run `scripts/run-%d.sh` when deploying; ", i, i, i)
		b.WriteString("keep the output short and the steps in order, as the rest of this skill explains.\n\n")
		fmt.Fprintf(&b, "```sh\n./scripts/run-%d.sh --fast\n```\n\n", i)
	}
	return b.String()
}

// benchLatency runs req b.N times against an open 100 KiB SKILL.md and
// reports its latency percentiles.
func benchLatency(b *testing.B, req func(h *harness, rel string) error) {
	h := start(b, "", setup{})
	const rel = "ws/.agents/skills/big-skill/SKILL.md"
	h.open(rel, bigSkill(100<<10), 1)
	h.settle()
	if err := req(h, rel); err != nil { // warm up and check
		b.Fatal(err)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		if err := req(h, rel); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}

func BenchmarkHover100KiB(b *testing.B) {
	benchLatency(b, func(h *harness, rel string) error {
		res, err := h.server.Hover(h.ctx(), &protocol.HoverParams{TextDocumentPositionParams: h.at(rel, 1, 8)})
		if err == nil && res == nil {
			err = fmt.Errorf("no hover on the name")
		}
		return err
	})
}

func BenchmarkCompletion100KiB(b *testing.B) {
	benchLatency(b, func(h *harness, rel string) error {
		res, err := h.server.Completion(h.ctx(), &protocol.CompletionParams{TextDocumentPositionParams: h.at(rel, 3, 0)})
		if err == nil && len(res.(*protocol.CompletionList).Items) == 0 {
			err = fmt.Errorf("no completion at the empty frontmatter line")
		}
		return err
	})
}

// Editors ask for code actions whenever the cursor moves. Each request
// has analysis recompute the file's findings, a stat for every link in the
// body included: the big skill's 914 relative paths make this the slow one.
func BenchmarkCodeAction100KiB(b *testing.B) {
	benchLatency(b, func(h *harness, rel string) error {
		_, err := h.server.CodeAction(h.ctx(), &protocol.CodeActionParams{TextDocument: h.docID(rel), Range: rng(1, 8, 1, 8),
			Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{}}})
		return err
	})
}
