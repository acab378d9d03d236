package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// typicalSkill is a SKILL.md of about 5 KiB, the size the spec's budgets
// call typical.
func typicalSkill(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nname: %s\ndescription: Generates release notes from merged pull requests. Use when the user asks for a changelog or release summary.\nlicense: MIT\nmetadata:\n  author: bench\n  version: \"1.0\"\n---\n\n# Release notes\n\n", name)
	for i := 0; b.Len() < 5000; i++ {
		fmt.Fprintf(&b, "## Step %d\n\nCollect the merged pull requests since the last tag, group them by label and write one line each. See [the template](template.md) and `scripts/collect.sh`.\n\n", i)
	}
	return b.String()
}

// BenchmarkEditToDiagnostics measures one keystroke to its published
// diagnostics, through the pipe and a real client, with debounceMs 0, in a
// workspace of 50 other skills. It reports the median and the 99th
// percentile. "body" types in the Markdown body (the common case: the
// catalog is untouched); "name" toggles the name between valid and not
// ("release-notes", "Release-notes"), which changes the skill's standing in
// every agent's catalog.
func BenchmarkEditToDiagnostics(b *testing.B) {
	root := b.TempDir()
	for i := range 50 {
		writeFile(b, filepath.Join(root, fmt.Sprintf("ws/.agents/skills/other-%02d/SKILL.md", i)), typicalSkill(fmt.Sprintf("other-%02d", i)))
	}
	const rel = "ws/.agents/skills/release-notes/SKILL.md"
	text := typicalSkill("release-notes")
	writeFile(b, filepath.Join(root, rel), text)
	writeFile(b, filepath.Join(root, "ws/.agents/skills/release-notes/template.md"), "# Template\n")
	h := startAt(b, root, setup{watch: true})
	h.open(rel, text, 1)
	h.diags(rel, version(1))
	h.settle()
	v := int32(1)
	body := uint32(strings.Count(text, "\n") - 1) // the last line of the body
	for _, bc := range []struct {
		name string
		edit func(i int) (protocol.Range, string)
	}{
		{"body", func(i int) (protocol.Range, string) {
			if i%2 == 0 {
				return rng(body, 0, body, 0), "x"
			}
			return rng(body, 0, body, 1), ""
		}},
		{"name", func(i int) (protocol.Range, string) {
			if i%2 == 0 {
				return rng(1, 6, 1, 7), "R"
			}
			return rng(1, 6, 1, 7), "r"
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			lat := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				v++
				r, ins := bc.edit(i)
				t0 := time.Now()
				h.edit(rel, v, r, ins)
				h.diags(rel, version(v))
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			if len(lat)%2 == 1 { // leave the text as it was
				v++
				r, ins := bc.edit(len(lat))
				h.edit(rel, v, r, ins)
				h.diags(rel, version(v))
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		})
	}
}

// BenchmarkFirstScan10k measures the first scan of a workspace of 10,000
// skills, one in ten broken: from initialized to the end of the scan's
// work-done progress, which the server sends once every diagnostic of the
// scan is published. Client and server share the process: the time and the
// CPU (cpu-ms/op) include the client decoding the 10,000 notifications. It
// reports the heap the server holds afterwards (heap-MiB, after a GC, the
// client's records dropped).
func BenchmarkFirstScan10k(b *testing.B) {
	root := b.TempDir()
	for i := range 10000 {
		name := fmt.Sprintf("skill-%05d", i)
		text := fmt.Sprintf("---\nname: %s\ndescription: Does task number %d when the user asks for it.\n---\n\n# %s\n\nSteps.\n", name, i, name)
		if i%10 == 0 {
			text = strings.Replace(text, "name: skill", "name: Skill", 1)
		}
		writeFile(b, filepath.Join(root, "ws", ".agents", "skills", name, "SKILL.md"), text)
	}
	var heap uint64
	var cpu float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		cpu0 := cpuSeconds()
		b.StartTimer()
		h := startAt(b, root, setup{watch: true, progress: true})
		h.client.await(b, "the scan's progress end", func(r *recorder) bool {
			for _, p := range r.progress {
				var v struct{ Kind string }
				if json.Unmarshal(p.Value, &v) == nil && v.Kind == "end" {
					return true
				}
			}
			return false
		})
		b.StopTimer()
		cpu += cpuSeconds() - cpu0
		n := 0
		for _, p := range h.client.snapshot() {
			if len(p.Diagnostics) > 0 {
				n++
			}
		}
		if n < 1000 {
			// One in ten is broken; most others fall out of zed's 50 KiB
			// catalog budget and are told so.
			b.Fatalf("%d files with diagnostics, want at least the 1000 broken ones", n)
		}
		b.ReportMetric(float64(n), "files-with-diagnostics")
		h.client.reset() // the client's copy is not the server's memory
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if after.HeapAlloc > before.HeapAlloc {
			heap = max(heap, after.HeapAlloc-before.HeapAlloc)
		}
		h.close()
		b.StartTimer()
	}
	b.ReportMetric(float64(heap)/(1<<20), "heap-MiB")
	b.ReportMetric(cpu*1000/float64(b.N), "cpu-ms/op")
}

// cpuSeconds is the CPU time the process has used, from the runtime's
// estimate (both sides of the pipe run in it).
func cpuSeconds() float64 {
	s := []metrics.Sample{{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64() - s[1].Value.Float64()
}

func (r *recorder) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.published = nil
	r.progress = nil
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
