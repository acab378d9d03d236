package mcpserver

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	cases := []struct{ name, a, b, want string }{
		{"equal", "x\n", "x\n", ""},
		{"one line changed", "---\nname: a\ndescription: Use when: x\n---\nbody\n", "---\nname: a\ndescription: \"Use when: x\"\n---\nbody\n",
			"--- a/p/SKILL.md\n+++ b/p/SKILL.md\n@@ -1,5 +1,5 @@\n ---\n name: a\n-description: Use when: x\n+description: \"Use when: x\"\n ---\n body\n"},
		{"first line dropped", "\ufeff---\nname: a\n", "---\nname: a\n",
			"--- a/p/SKILL.md\n+++ b/p/SKILL.md\n@@ -1,2 +1,2 @@\n-\ufeff---\n+---\n name: a\n"},
		{"no newline at end", "a\nb", "a\nc",
			"--- a/p/SKILL.md\n+++ b/p/SKILL.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"lines added", "a\n", "a\nb\nc\n",
			"--- a/p/SKILL.md\n+++ b/p/SKILL.md\n@@ -1,1 +1,3 @@\n a\n+b\n+c\n"},
		{"from nothing", "", "a\n",
			"--- a/p/SKILL.md\n+++ b/p/SKILL.md\n@@ -0,0 +1,1 @@\n+a\n"},
	}
	for _, c := range cases {
		if got := Unified("/p/SKILL.md", []byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestUnifiedApplies: on random edits of random files, applying the diff
// to the old text gives the new one, and hunks far apart stay apart.
func TestUnifiedApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		var lines []string
		for range r.IntN(40) {
			lines = append(lines, strconv.Itoa(r.IntN(6))+"\n")
		}
		edited := append([]string(nil), lines...)
		for range r.IntN(5) {
			at := r.IntN(len(edited) + 1)
			switch r.IntN(3) {
			case 0:
				edited = append(edited[:at], append([]string{"new\n"}, edited[at:]...)...)
			case 1:
				if at < len(edited) {
					edited = append(edited[:at], edited[at+1:]...)
				}
			default:
				if at < len(edited) {
					edited[at] = "changed\n"
				}
			}
		}
		a, b := strings.Join(lines, ""), strings.Join(edited, "")
		d := Unified("/f", []byte(a), []byte(b))
		if got, err := apply(a, d); err != nil || got != b {
			t.Fatalf("round %d: %v\na %q\nb %q\ndiff:\n%s\napplied %q", round, err, a, b, d, got)
		}
	}
}

// apply applies a unified diff made by Unified to a.
func apply(a, diff string) (string, error) {
	if diff == "" {
		return a, nil
	}
	old := splitLines([]byte(a))
	var out []string
	next := 0 // the next line of old not yet copied
	lines := strings.SplitAfter(diff, "\n")[2:]
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "":
		case strings.HasPrefix(l, "@@ "):
			var s1, n1, s2, n2 int
			if _, err := fmt.Sscanf(l, "@@ -%d,%d +%d,%d @@", &s1, &n1, &s2, &n2); err != nil {
				return "", err
			}
			start := s1 - 1
			if n1 == 0 {
				start = s1
			}
			out = append(out, old[next:start]...)
			next = start
		case l[0] == ' ' || l[0] == '-' || l[0] == '+':
			text := l[1:]
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline`) {
				text = strings.TrimSuffix(text, "\n")
				i++
			}
			if l[0] != '+' {
				if next >= len(old) || old[next] != text {
					return "", fmt.Errorf("line %d: %q does not match %q", next+1, text, old[min(next, len(old)-1)])
				}
				next++
			}
			if l[0] != '-' {
				out = append(out, text)
			}
		default:
			return "", fmt.Errorf("unexpected diff line %q", l)
		}
	}
	return strings.Join(append(out, old[next:]...), ""), nil
}

// TestUnifiedLinear: a diff of files twice as long costs about twice the
// memory, not four times: with two changes far apart, and with every
// line changed (where the search stops at maxEditLines).
func TestUnifiedLinear(t *testing.T) {
	for _, everyLine := range []bool{false, true} {
		cost := func(n int) uint64 {
			var a, b strings.Builder
			for i := range n {
				line := "line " + strconv.Itoa(i) + "\n"
				a.WriteString(line)
				if everyLine || i == 1 || i == n-2 {
					line = "changed " + strconv.Itoa(i) + "\n"
				}
				b.WriteString(line)
			}
			return allocatedBy(func() { Unified("/f", []byte(a.String()), []byte(b.String())) })
		}
		small, large := cost(4000), cost(8000)
		if float64(large) > 2.5*float64(small) {
			t.Errorf("every line changed %v: %d bytes for 4000 lines, %d for 8000: more than linear", everyLine, small, large)
		}
	}
}

// allocatedBy is the bytes f allocates.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
