package mcpserver

import (
	"bytes"
	"fmt"
	"strings"
)

// contextLines is how many unchanged lines a hunk shows around a change.
const contextLines = 3

// maxEditLines bounds the edit distance the diff searches for: fixes touch
// a few lines, and past this a changed stretch is shown as one block (a
// larger diff, still a correct one), so no input costs more than
// O((n+m)·maxEditLines).
const maxEditLines = 512

// Unified is the unified diff that turns a into b, for the file at path;
// "" when they are equal.
func Unified(path string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := lineOps(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- a%s\n+++ b%s\n", slashed(path), slashed(path))
	for _, h := range hunks(ops) {
		writeHunk(&out, h, x, y)
	}
	return out.String()
}

// slashed is path with a leading slash, as "a/" and "b/" prefixes expect.
func slashed(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return "/" + p
}

// splitLines cuts text after each newline; the last line may lack one.
func splitLines(s []byte) []string {
	if len(s) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(s), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// op is one line of the diff: kept (both), deleted (x only) or inserted
// (y only), with its index in x and y.
type op struct {
	kind byte // ' ', '-', '+'
	i, j int
}

// lineOps is the shortest edit script from x to y (Myers' algorithm),
// with the common head and tail trimmed first.
func lineOps(x, y []string) []op {
	head := 0
	for head < len(x) && head < len(y) && x[head] == y[head] {
		head++
	}
	tail := 0
	for tail < len(x)-head && tail < len(y)-head && x[len(x)-1-tail] == y[len(y)-1-tail] {
		tail++
	}
	var ops []op
	for k := 0; k < head; k++ {
		ops = append(ops, op{' ', k, k})
	}
	ops = append(ops, middle(x[head:len(x)-tail], y[head:len(y)-tail], head)...)
	for k := tail; k > 0; k-- {
		ops = append(ops, op{' ', len(x) - k, len(y) - k})
	}
	return ops
}

// middle is the edit script of x and y (offset lines into both files):
// Myers' greedy search, or, past maxEditLines, all of x deleted and all
// of y inserted.
func middle(x, y []string, offset int) []op {
	n, m := len(x), len(y)
	max := min(n+m, maxEditLines)
	v := make([]int, 2*max+2)
	var trace [][]int
	found := false
	for d := 0; d <= max && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || k != d && v[max+k-1] < v[max+k+1] {
				i = v[max+k+1]
			} else {
				i = v[max+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i, j = i+1, j+1
			}
			v[max+k] = i
			if i >= n && j >= m {
				found = true
				break
			}
		}
	}
	if !found {
		var ops []op
		for i := range x {
			ops = append(ops, op{'-', offset + i, offset})
		}
		for j := range y {
			ops = append(ops, op{'+', offset + n, offset + j})
		}
		return ops
	}
	// Walk back from (n, m) through the frontiers saved before each round.
	var rev []op
	i, j := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d]
		k := i - j
		pk := k - 1
		if k == -d || k != d && v[max+k-1] < v[max+k+1] {
			pk = k + 1
		}
		pi := v[max+pk]
		pj := pi - pk
		for i > pi && j > pj {
			i, j = i-1, j-1
			rev = append(rev, op{' ', offset + i, offset + j})
		}
		if d == 0 {
			break
		}
		if i == pi {
			rev = append(rev, op{'+', offset + i, offset + j - 1})
		} else {
			rev = append(rev, op{'-', offset + i - 1, offset + j})
		}
		i, j = pi, pj
	}
	ops := make([]op, len(rev))
	for k, o := range rev {
		ops[len(rev)-1-k] = o
	}
	return ops
}

// hunks groups the script into hunks: each change with context lines
// around it, changes closer than twice the context in one hunk.
func hunks(ops []op) [][]op {
	var out [][]op
	start, end := -1, -1
	for k, o := range ops {
		if o.kind == ' ' {
			continue
		}
		lo, hi := max(0, k-contextLines), min(len(ops), k+contextLines+1)
		if start >= 0 && lo <= end {
			end = hi
			continue
		}
		if start >= 0 {
			out = append(out, ops[start:end])
		}
		start, end = lo, hi
	}
	if start >= 0 {
		out = append(out, ops[start:end])
	}
	return out
}

// writeHunk writes one hunk with its header.
func writeHunk(w *strings.Builder, h []op, x, y []string) {
	oldN, newN := 0, 0
	for _, o := range h {
		if o.kind != '+' {
			oldN++
		}
		if o.kind != '-' {
			newN++
		}
	}
	fmt.Fprintf(w, "@@ -%s +%s @@\n", hunkRange(h[0].i, oldN), hunkRange(h[0].j, newN))
	for _, o := range h {
		line := ""
		switch o.kind {
		case '+':
			line = y[o.j]
		default:
			line = x[o.i]
		}
		w.WriteByte(o.kind)
		w.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			w.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is a hunk header's "start,count": 1-based, and the line
// before the hunk when it is empty.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
