package skillcore

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// TestMerge: problems alike but for their targets fold into one naming
// every target, in order of place then rule, whether there are few (compared
// one by one) or many (looked up).
func TestMerge(t *testing.T) {
	at := func(start int) syntax.Range { return syntax.Range{Start: start, End: start + 1} }
	p := func(rule string, start int, sev loader.Severity, targets ...string) loader.Problem {
		return loader.Problem{Rule: rule, Severity: sev, Range: at(start), Message: rule + " here", Targets: targets}
	}
	for _, tc := range []struct {
		name     string
		in, want []loader.Problem
	}{
		{"none", nil, []loader.Problem{}},
		{"two targets fold", []loader.Problem{p("a", 1, loader.Error, "zed"), p("a", 1, loader.Error, "codex", "zed")},
			[]loader.Problem{p("a", 1, loader.Error, "zed", "codex")}},
		{"severities stay apart", []loader.Problem{p("a", 1, loader.Error, "zed"), p("a", 1, loader.Warning, "codex")},
			[]loader.Problem{p("a", 1, loader.Error, "zed"), p("a", 1, loader.Warning, "codex")}},
		{"places stay apart, sorted", []loader.Problem{p("b", 2, loader.Error, "zed"), p("a", 1, loader.Error, "zed"), p("c", 1, loader.Error, "zed")},
			[]loader.Problem{p("a", 1, loader.Error, "zed"), p("c", 1, loader.Error, "zed"), p("b", 2, loader.Error, "zed")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(in []loader.Problem) {
				t.Helper()
				got := loader.Merge(in)
				if !slices.EqualFunc(got, tc.want, func(a, b loader.Problem) bool {
					return a.Rule == b.Rule && a.Range == b.Range && a.Severity == b.Severity && slices.Equal(a.Targets, b.Targets)
				}) {
					t.Errorf("got %v, want %v", got, tc.want)
				}
			}
			check(slices.Clone(tc.in))
			// Past smallMerge problems, the same answer through the index:
			// the same problems again at places after every other.
			var big []loader.Problem
			want := slices.Clone(tc.want)
			for i := 0; len(big) <= loader.SmallMerge; i++ {
				for _, q := range tc.in {
					q.Range = at(q.Range.Start + 100*(i+1))
					big = append(big, q)
				}
				for _, q := range tc.want {
					q.Range = at(q.Range.Start + 100*(i+1))
					want = append(want, q)
				}
				if len(tc.in) == 0 {
					break
				}
			}
			tc.want = want
			check(append(slices.Clone(tc.in), big...))
		})
	}
}

// manyProblems is what a file with a broken thing on each of n lines makes,
// said by three targets.
func manyProblems(n int) []loader.Problem {
	var out []loader.Problem
	for _, target := range []string{"agentskills", "zed", "codex"} {
		for i := range n {
			out = append(out, loader.Problem{Rule: "link-broken", Severity: loader.Warning, Range: syntax.Range{Start: i * 40, End: i*40 + 20},
				Message: fmt.Sprintf("no file references/f%d.md", i), Targets: []string{target}})
		}
	}
	return out
}

// BenchmarkMerge20k: 20,000 findings in one file, each from three targets.
func BenchmarkMerge20k(b *testing.B) {
	ps := manyProblems(20000)
	for b.Loop() {
		if got := loader.Merge(ps); len(got) != 20000 {
			b.Fatalf("%d problems", len(got))
		}
	}
}

// BenchmarkProblems20k: a file with 20,000 unknown keys, judged whole in a
// world by every target: parse, validate, merge and the world's problems.
func BenchmarkProblems20k(b *testing.B) {
	var src strings.Builder
	src.WriteString("---\nname: many\ndescription: Many keys.\n")
	for i := range 20000 {
		fmt.Fprintf(&src, "key-%05d: x\n", i)
	}
	src.WriteString("---\n")
	path := filepath.Join(b.TempDir(), "proj", ".agents", "skills", "many", loader.FileName)
	for b.Loop() {
		w := NewWorld(Env{Home: b.TempDir()}, []string{filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(path))))})
		w.Set(path, []byte(src.String()))
		if got := w.Problems(path); len(got) < 20000 {
			b.Fatalf("%d problems", len(got))
		}
	}
}
