package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// benchResult is one measured figure next to its budget.
type benchResult struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	Budget float64 `json:"budget,omitempty"` // 0: no budget
	// AtLeast makes the budget a floor (a speed-up) instead of a ceiling.
	AtLeast bool `json:"atLeast,omitempty"`
}

func (r benchResult) verdict() string {
	switch {
	case r.Budget == 0:
		return ""
	case r.Value <= r.Budget != r.AtLeast, r.Value == r.Budget:
		return "ok"
	}
	return "OVER"
}

// bench measures skill-ls as a user meets it: whole processes of check over
// generated workspaces and the corpus, and a language server driven through
// its stdio by a client.
func bench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench")
	sizes := fs.String("sizes", "100,1000,10000", "workspace sizes (skills) to generate ('' for none)")
	corpus := fs.String("corpus", "../shared/corpus", "a folder of real SKILL.md files to check ('' to skip)")
	packages := fs.String("packages", "../shared/packages", "a folder of real plugin repositories, copied with the corpus into the large corpus ('' for none)")
	repos := fs.String("repos", "", "a folder of whole public repositories to check as one tree, as scripts/bench-repos.sh clones them ('' to skip)")
	large := fs.Int("large", 6000, "build a corpus of at least this many skills from copies of --corpus and --packages, and check it (0 to skip)")
	peer := fs.String("peer", "", "a peer checker to time on the same corpora, {} standing for the path (e.g. 'skill-check check {} --format json')")
	edits := fs.Int("edits", 300, "edits, hovers and completions to time through the server")
	opens := fs.Int("opens", 20, "files to open one after another while the server's first scan runs, timing each open's first diagnostics (0 to skip)")
	closes := fs.Int("closes", 1200, "unsaved documents of 100 KB to open and close in a server on the first workspace, reading its memory 10 s after (0 to skip)")
	runs := fs.Int("runs", 5, "runs of each check (the median is reported)")
	serverRuns := fs.Int("server-runs", 3, "server sessions per workspace (the median of each time and the largest memory are reported)")
	jsonOut := fs.String("json", "", "also write the results as JSON to this file")
	keep := fs.String("dir", "", "generate the workspaces in this folder and keep them (to profile or open by hand)")
	floorDir := fs.String("floor", "", "only walk this folder and read its SKILL.md files, the least a check must do, and exit (the floor the bench times check against)")
	guardOn := fs.Bool("guard", false, "only time check against the floor of the same files on --corpus and a generated workspace of --guard-size skills, in turns, and fail when check takes more than 4.5 times its floor (CI's guard)")
	guardSize := fs.Int("guard-size", 2000, "skills of the workspace --guard generates (0 for none)")
	floorFiles := fs.Bool("floor-files", false, "with --floor, also read the other files of each skill folder as check does: the floor of the same files")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if *floorDir != "" {
		return floor(*floorDir, *floorFiles, stdout, stderr)
	}
	exe, err := os.Executable()
	if err != nil {
		return benchFailed(stderr, err)
	}
	tmp := *keep
	if tmp == "" {
		if tmp, err = os.MkdirTemp("", "skill-ls-bench-"); err != nil {
			return benchFailed(stderr, err)
		}
		defer os.RemoveAll(tmp)
	}
	if *guardOn {
		trees, err := guardTrees(*corpus, tmp, *guardSize)
		if err != nil {
			return benchFailed(stderr, err)
		}
		return guard(exe, trees, max(*runs, 3), stdout, stderr)
	}
	var results []benchResult
	add := func(r ...benchResult) {
		results = append(results, r...)
		for _, x := range r {
			fmt.Fprintf(stderr, "  %s: %.3g %s\n", x.Name, x.Value, x.Unit)
		}
	}
	// checkTree times check on the tree at dir, its floor and the peer.
	checkTree := func(label, dir string, runs int, wallBudget, rssBudget float64) error {
		return timeTree(add, exe, os.Getenv("HOME"), label, dir, *peer, runs, wallBudget, rssBudget)
	}
	if *corpus != "" {
		if _, err := os.Stat(*corpus); err == nil {
			fmt.Fprintln(stderr, "check", *corpus)
			if err := checkTree("corpus", *corpus, *runs, 80, 40); err != nil {
				return benchFailed(stderr, err)
			}
		}
	}
	if *corpus != "" && *large > 0 {
		sources := []string{*corpus}
		if *packages != "" {
			sources = append(sources, *packages)
		}
		dir := filepath.Join(tmp, "large")
		n, err := largeCorpus(dir, *large, sources)
		if err != nil {
			return benchFailed(stderr, err)
		}
		fmt.Fprintf(stderr, "check a large corpus of %d real skills\n", n)
		if err := checkTree("large corpus", dir, min(*runs, 3), 0, 100); err != nil {
			return benchFailed(stderr, err)
		}
	}
	if *repos != "" {
		fmt.Fprintln(stderr, "check the repositories in", *repos)
		if err := checkTree("repositories", *repos, min(*runs, 3), 0, 100); err != nil {
			return benchFailed(stderr, err)
		}
	}
	for _, s := range strings.Split(*sizes, ",") {
		if strings.TrimSpace(s) == "" {
			continue // --sizes '': no workspaces
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			fmt.Fprintf(stderr, "skill-ls: bad size %q\n", s)
			return exitUsage
		}
		dir := filepath.Join(tmp, strconv.Itoa(n))
		project, home, err := generateWorkspace(dir, n, uint64(n))
		if err != nil {
			return benchFailed(stderr, err)
		}
		fmt.Fprintf(stderr, "workspace of %d skills\n", n)
		wall, rss, err := timeCheck(exe, home, project, min(*runs, 3))
		if err != nil {
			return benchFailed(stderr, err)
		}
		add(benchResult{Name: fmt.Sprintf("check %d skills: wall", n), Value: ms(wall), Unit: "ms"},
			benchResult{Name: fmt.Sprintf("check %d skills: peak RSS", n), Value: mib(rss), Unit: "MiB"})
		// sessions runs one kind of server session serverRuns times and
		// adds their combined figures.
		sessions := func(what string, session func() ([]benchResult, error)) error {
			var all [][]benchResult
			for range max(*serverRuns, 1) {
				rs, err := session()
				if err != nil {
					return fmt.Errorf("%s: %w", what, err)
				}
				all = append(all, rs)
			}
			add(combineSessions(all)...)
			return nil
		}
		if err := sessions("server", func() ([]benchResult, error) { return benchServer(exe, project, home, n, *edits) }); err != nil {
			return benchFailed(stderr, err)
		}
		if *closes > 0 {
			rs, err := benchMassClose(exe, project, home, *closes, 10*time.Second)
			if err != nil {
				return benchFailed(stderr, fmt.Errorf("server, unsaved documents: %w", err))
			}
			add(rs...)
			*closes = 0 // once, on the first workspace
		}
		if *opens > 0 {
			if err := sessions("server, opens during the scan", func() ([]benchResult, error) {
				return benchOpensDuringScan(exe, project, home, n, *opens)
			}); err != nil {
				return benchFailed(stderr, err)
			}
		}
	}
	writeBenchTable(stdout, results)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"go": runtime.Version(), "cpus": runtime.NumCPU(), "results": results}, "", "  ")
		if err := os.WriteFile(*jsonOut, append(b, '\n'), 0o644); err != nil {
			return benchFailed(stderr, err)
		}
	}
	return exitOK
}

// combineSessions makes one set of results from several server sessions
// on one workspace: the median of each time, the largest memory, since a
// shared machine slows some sessions down and the budget is on the peak.
func combineSessions(sessions [][]benchResult) []benchResult {
	out := slices.Clone(sessions[0])
	for i := range out {
		var values []float64
		for _, rs := range sessions {
			values = append(values, rs[i].Value)
		}
		slices.Sort(values)
		if out[i].Unit == "MiB" {
			out[i].Value = values[len(values)-1]
		} else {
			out[i].Value = values[len(values)/2]
		}
	}
	return out
}

// timeCheck runs "check --format json path" as a process runs times and
// returns the median wall time and the largest peak RSS.
func timeCheck(exe, home, path string, runs int) (time.Duration, int64, error) {
	t, err := timeAlternated([]benchProc{checkProc(exe, home, path)}, runs)
	if err != nil {
		return 0, 0, err
	}
	return t[0].wall, t[0].rss, nil
}

// filesWithFindings runs check over a project and its global roots, as the
// server sees them, and counts the files that have something to say.
func filesWithFindings(exe, project, home string) (int, error) {
	cmd := exec.Command(exe, "check", "--format", "json")
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "HOME="+home)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitFindings) {
		return 0, fmt.Errorf("check %s: %w", project, err)
	}
	var rep report
	if err := json.Unmarshal(out, &rep); err != nil {
		return 0, err
	}
	n := 0
	for _, f := range rep.Files {
		if len(f.Findings) > 0 {
			n++
		}
	}
	return n, nil
}

// benchServer starts a server on a generated workspace and times the first
// scan, edits, hovers and completions.
func benchServer(exe, project, home string, n, edits int) ([]benchResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// The server publishes for every file with findings; check says which.
	total, err := filesWithFindings(exe, project, home)
	if err != nil {
		return nil, err
	}
	c, err := startServer(ctx, exe, home)
	if err != nil {
		return nil, err
	}
	defer c.close(ctx)
	c.expect(total)
	if _, err := c.call(ctx, "initialize", initParams(project, home, false)); err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	initTime := time.Since(c.start)
	scanStart := time.Now()
	if err := c.notify(ctx, "initialized", map[string]any{}); err != nil {
		return nil, err
	}
	select {
	case <-c.allSeen:
	case <-ctx.Done():
		return nil, fmt.Errorf("diagnostics for %d files did not all arrive", total)
	}
	scan := time.Since(scanStart)
	rssAfterScan, _ := c.peakRSS()
	scanCPU, _ := c.cpuTime() // from process start: initialize takes a few ms

	path := filepath.Join(generatedSkillDir(project, 0), "SKILL.md")
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	uri := "file://" + path
	if err := c.notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "markdown", "version": 1, "text": string(src)}}); err != nil {
		return nil, err
	}
	// Type into the description, one character per edit.
	line := 2
	col := len("description: ")
	var editLat []time.Duration
	for i := 0; i < edits; i++ {
		version := i + 2
		arrived := c.await(uri, version)
		t0 := time.Now()
		if err := c.notify(ctx, "textDocument/didChange", map[string]any{
			"textDocument": map[string]any{"uri": uri, "version": version},
			"contentChanges": []any{map[string]any{"range": map[string]any{
				"start": map[string]any{"line": line, "character": col + i},
				"end":   map[string]any{"line": line, "character": col + i}}, "text": "x"}},
		}); err != nil {
			return nil, err
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return nil, fmt.Errorf("no diagnostics for version %d", version)
		}
		editLat = append(editLat, time.Since(t0))
	}
	hoverLat, err := c.timeCalls(ctx, edits, "textDocument/hover", uri, 1, 8)
	if err != nil {
		return nil, err
	}
	completeLat, err := c.timeCalls(ctx, edits, "textDocument/completion", uri, 4, 0)
	if err != nil {
		return nil, err
	}
	peak, _ := c.peakRSS()
	label := func(s string) string { return fmt.Sprintf("server %d skills: %s", n, s) }
	scanBudget, rssBudget := 0.0, 0.0
	if n == 10000 {
		scanBudget, rssBudget = 1000, 100
	}
	return []benchResult{
		{Name: label("initialize from process start"), Value: ms(initTime), Unit: "ms", Budget: 50},
		{Name: label("first scan, all diagnostics published"), Value: ms(scan), Unit: "ms", Budget: scanBudget},
		{Name: label("server CPU until then"), Value: ms(scanCPU), Unit: "ms"},
		{Name: label("peak RSS after scan"), Value: mib(rssAfterScan), Unit: "MiB", Budget: rssBudget},
		{Name: label("edit->diagnostics p50"), Value: ms(percentile(editLat, 50)), Unit: "ms"},
		{Name: label("edit->diagnostics p99"), Value: ms(percentile(editLat, 99)), Unit: "ms", Budget: 5},
		{Name: label("hover p99"), Value: ms(percentile(hoverLat, 99)), Unit: "ms", Budget: 5},
		{Name: label("completion p99"), Value: ms(percentile(completeLat, 99)), Unit: "ms", Budget: 5},
		{Name: label("peak RSS at end"), Value: mib(peak), Unit: "MiB", Budget: rssBudget},
	}, nil
}

// initParams are the bench client's initialize: the workspace folder, no
// debounce, and, with progress, work-done progress on offer (the end of
// the first scan is then told).
func initParams(project, home string, progress bool) map[string]any {
	rootURI := "file://" + project
	caps := map[string]any{
		"general": map[string]any{"positionEncodings": []string{"utf-16"}},
		// File watching on offer, as VS Code's client does: the server
		// then watches only the folders outside the workspace itself.
		"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}},
	}
	if progress {
		caps["window"] = map[string]any{"workDoneProgress": true}
	}
	return map[string]any{
		"processId": os.Getpid(), "rootUri": rootURI,
		"workspaceFolders":      []any{map[string]any{"uri": rootURI, "name": "proj"}},
		"initializationOptions": map[string]any{"debounceMs": 0, "home": home},
		"capabilities":          caps,
	}
}

// timeCalls times n requests of a position method at line:character.
func (c *benchClient) timeCalls(ctx context.Context, n int, method, uri string, line, character int) ([]time.Duration, error) {
	params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": character}}
	out := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		t0 := time.Now()
		if _, err := c.call(ctx, method, params); err != nil {
			return nil, fmt.Errorf("%s: %w", method, err)
		}
		out = append(out, time.Since(t0))
	}
	return out, nil
}

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
func mib(b int64) float64        { return float64(b) / (1 << 20) }

func writeBenchTable(w io.Writer, rs []benchResult) {
	fmt.Fprintf(w, "| %-52s | %10s | %-4s | %8s | %-4s |\n", "measure", "value", "unit", "budget", "")
	fmt.Fprintf(w, "|%s|%s|%s|%s|%s|\n", strings.Repeat("-", 54), strings.Repeat("-", 12), strings.Repeat("-", 6), strings.Repeat("-", 10), strings.Repeat("-", 6))
	for _, r := range rs {
		budget := ""
		if r.Budget > 0 {
			budget = strconv.FormatFloat(r.Budget, 'g', -1, 64)
		}
		fmt.Fprintf(w, "| %-52s | %10.2f | %-4s | %8s | %-4s |\n", r.Name, r.Value, r.Unit, budget, r.verdict())
	}
}

// benchFailed says on one line why the bench stopped.
func benchFailed(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "skill-ls:", escapeText(err.Error()))
	return exitFindings
}
