package main

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/mcpserver"
)

// mcpClient starts the server for roots over an in-memory transport and
// connects the SDK's own client to it.
func mcpClient(t *testing.T, roots ...string) *mcp.ClientSession {
	t.Helper()
	rs, err := mcpserver.NewRoots(roots)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(mcpBackend{}, rs, "test").Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// callTool calls a tool and decodes its structured answer into out; it
// fails the test when the tool reports an error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	res := callRaw(t, cs, name, args)
	if res.IsError {
		t.Fatalf("%s: %s", name, toolText(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, b)
	}
	// The text content says the same, for clients that read no
	// structured content.
	if text := toolText(res); !json.Valid([]byte(text)) {
		t.Errorf("%s: text content is not JSON: %s", name, text)
	}
}

// callRaw calls a tool and returns its result, error or not.
func callRaw(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func toolText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func TestMCPToolsAndAnnotations(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	cs := mcpClient(t, filepath.Join(dir, "proj"))
	if !strings.Contains(cs.InitializeResult().Instructions, "call check") {
		t.Errorf("instructions do not say when to call check: %q", cs.InitializeResult().Instructions)
	}
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	readOnly := map[string]bool{}
	for _, tool := range res.Tools {
		if tool.Annotations == nil || tool.Description == "" {
			t.Errorf("%s: no annotations or description", tool.Name)
			continue
		}
		readOnly[tool.Name] = tool.Annotations.ReadOnlyHint
		if ow := tool.Annotations.OpenWorldHint; ow == nil || *ow {
			t.Errorf("%s: not marked closed-world (no network)", tool.Name)
		}
	}
	want := map[string]bool{"check": true, "resolve": true, "catalog": true, "explain": true, "fix": false}
	if !maps.Equal(readOnly, want) {
		t.Errorf("tools and their read-only hints: %v, want %v", readOnly, want)
	}
}

// findingKeys lists "path rule" for every finding of a report, sorted.
func findingKeys(files []fileReport) []string {
	var out []string
	for _, f := range files {
		for _, x := range f.Findings {
			out = append(out, f.Path+" "+x.Rule+" "+x.Message)
		}
	}
	slices.Sort(out)
	return out
}

// TestMCPCheckSameAsCommand: the tool and check --format json judge the
// project alike (the tool names files by absolute path), and the tool
// says under which name each agent loads a file.
func TestMCPCheckSameAsCommand(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	cs := mcpClient(t, proj)
	var got struct {
		Files []struct {
			fileReport
			LoadedAs []loadedAs `json:"loadedAs"`
		} `json:"files"`
		Summary summary `json:"summary"`
	}
	callTool(t, cs, "check", map[string]any{}, &got)
	_, out, _ := runCmd("check", "--format", "json", proj)
	var want report
	if err := json.Unmarshal([]byte(out), &want); err != nil {
		t.Fatal(err)
	}
	var files []fileReport
	for _, f := range got.Files {
		if !filepath.IsAbs(f.Path) {
			t.Errorf("%s: not an absolute path", f.Path)
		}
		files = append(files, f.fileReport)
	}
	if g, w := findingKeys(files), findingKeys(want.Files); !slices.Equal(g, w) || len(w) == 0 {
		t.Errorf("findings differ:\n got %q\nwant %q", g, w)
	}
	if got.Summary != want.Summary {
		t.Errorf("summary %+v, want %+v", got.Summary, want.Summary)
	}
	for _, f := range got.Files {
		if strings.HasSuffix(f.Path, "/broken/SKILL.md") && !slices.Contains(f.LoadedAs, loadedAs{Target: "codex", Name: "broken"}) {
			t.Errorf("broken: loadedAs %v lacks codex's name", f.LoadedAs)
		}
	}
}

// TestMCPCheckText judges a SKILL.md not yet written, at the path it will
// have: the project's agents and its collisions apply, and nothing is
// written.
func TestMCPCheckText(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	cs := mcpClient(t, proj)
	path := filepath.Join(proj, ".claude/skills/clean/SKILL.md")
	var got struct {
		Files []struct {
			fileReport
			LoadedAs []loadedAs `json:"loadedAs"`
		} `json:"files"`
	}
	callTool(t, cs, "check", map[string]any{"path": ".claude/skills/clean/SKILL.md", "text": "---\nname: clean\ndescription: Use when: tidying\n---\n"}, &got)
	if len(got.Files) != 1 || got.Files[0].Path != path {
		t.Fatalf("files %+v, want %s alone", got.Files, path)
	}
	rules := map[string]bool{}
	for _, x := range got.Files[0].Findings {
		rules[x.Rule] = true
	}
	// The colon breaks the YAML; the other clean skill, in .agents/skills,
	// shares the name for the agents that read both folders.
	if len(rules) == 0 || !slices.Contains(got.Files[0].LoadedAs, loadedAs{Target: "claude-code", Name: "clean"}) {
		t.Errorf("findings %v, loadedAs %v", rules, got.Files[0].LoadedAs)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("check wrote %s", path)
	}
}

// TestMCPResolve: a name shared by a project and a global skill resolves
// to both, each with the agents that load it and what hides what.
func TestMCPResolve(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	cs := mcpClient(t, proj)
	var got mcpResolved
	callTool(t, cs, "resolve", map[string]any{"name": "deploy"}, &got)
	if len(got.Skills) != 2 {
		t.Fatalf("skills %+v, want the project's and the global deploy", got.Skills)
	}
	kept := map[string]int{}
	for _, s := range got.Skills {
		for _, a := range s.Agents {
			if a.Name == "" {
				t.Errorf("%s %s: no name", s.Path, a.Target)
			}
			if a.Kept {
				kept[a.Target]++
				continue
			}
			// One that loses its name says to what.
			if len(a.Collisions) == 0 || a.Listed {
				t.Errorf("%s %s: not kept, yet %+v", s.Path, a.Target, a)
			}
		}
	}
	if kept["codex"] == 0 || kept["agentskills"] == 0 && kept["gemini"] == 0 {
		t.Errorf("kept per agent %v", kept)
	}
	var byPath mcpResolved
	callTool(t, cs, "resolve", map[string]any{"path": ".agents/skills/clean/SKILL.md"}, &byPath)
	if len(byPath.Skills) != 1 || byPath.Skills[0].Name != "clean" {
		t.Fatalf("by path: %+v", byPath.Skills)
	}
	for _, a := range byPath.Skills[0].Agents {
		if a.Listed && !strings.Contains(a.Entry, "clean") {
			t.Errorf("%s: catalog entry %q does not name the skill", a.Target, a.Entry)
		}
	}
}

// TestMCPCatalogSameAsCommand: the tool's listing is skill-ls catalog's,
// byte for byte, with its budget report.
func TestMCPCatalogSameAsCommand(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	cs := mcpClient(t, proj)
	var got mcpCatalog
	callTool(t, cs, "catalog", map[string]any{"target": "codex"}, &got)
	code, out, errs := runCmd("catalog", "--target", "codex", "--project", proj)
	if code != exitOK || len(got.Agents) != 1 {
		t.Fatalf("catalog exit %d (%s); tool agents %+v", code, errs, got.Agents)
	}
	a := got.Agents[0]
	if a.Text+"\n" != out && a.Text != out || a.Budget != errs {
		t.Errorf("tool text %q budget %q\ncommand %q budget %q", a.Text, a.Budget, out, errs)
	}
	if len(a.Skills) == 0 {
		t.Error("no skills listed")
	}
	var all mcpCatalog
	callTool(t, cs, "catalog", map[string]any{}, &all)
	if len(all.Agents) < 2 || all.Agents[0].Text != "" || all.Agents[0].Budget == "" {
		t.Errorf("every loading agent, their budgets without the texts: %+v", all.Agents)
	}
}

func TestMCPExplain(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	cs := mcpClient(t, filepath.Join(dir, "proj"))
	r := analysis.Rules[0]
	var got mcpRule
	callTool(t, cs, "explain", map[string]any{"rule": r.ID}, &got)
	if got.ID != r.ID || got.Doc != r.Doc || got.Example != r.Example {
		t.Errorf("explain %s: %+v", r.ID, got)
	}
	var list struct {
		Rules   []mcpRule    `json:"rules"`
		Targets []targetInfo `json:"targets"`
	}
	callTool(t, cs, "explain", map[string]any{}, &list)
	if len(list.Rules) != len(analysis.Rules) || len(list.Targets) == 0 {
		t.Errorf("%d rules, %d targets", len(list.Rules), len(list.Targets))
	}
	res := callRaw(t, cs, "explain", map[string]any{"rule": "no-such-rule"})
	if !res.IsError || !strings.Contains(toolText(res), "no-such-rule") {
		t.Errorf("unknown rule: %s", toolText(res))
	}
}

// TestMCPFix: the diff writes nothing; with write, the files become what
// check --fix makes of the same tree, and a second call finds nothing.
func TestMCPFix(t *testing.T) {
	dir := writeCheckTree(t, fixTree)
	proj := filepath.Join(dir, "proj")
	before := snapshot(t, proj)
	cs := mcpClient(t, proj)
	var dry mcpserver.FixOutput
	callTool(t, cs, "fix", map[string]any{}, &dry)
	if got := snapshot(t, proj); !equalSnapshots(got, before) {
		t.Fatal("fix without write changed files")
	}
	if dry.Written || len(dry.Files) != 3 || !strings.Contains(dry.Diff, "-description: Use when: deploying\n+description: ") {
		t.Fatalf("dry run: %+v", dry)
	}
	var wet mcpserver.FixOutput
	callTool(t, cs, "fix", map[string]any{"write": true}, &wet)
	if !wet.Written || wet.Diff != dry.Diff {
		t.Errorf("write: %+v", wet)
	}
	other := writeCheckTree(t, fixTree)
	if code, _, errs := runCmd("check", "--fix", filepath.Join(other, "proj")); code == exitUsage {
		t.Fatal(errs)
	}
	if a, b := snapshot(t, proj), snapshot(t, filepath.Join(other, "proj")); !equalSnapshots(a, b) {
		t.Error("fix with write and check --fix left different files")
	}
	var again mcpserver.FixOutput
	callTool(t, cs, "fix", map[string]any{}, &again)
	if again.Diff != "" || len(again.Files) != 0 {
		t.Errorf("a second fix: %+v", again)
	}
}

// TestMCPBounds: what an agent sends cannot lead outside the roots, nor
// past the size a SKILL.md may have; each refusal is a tool error that
// says why, and the session goes on.
func TestMCPBounds(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	if err := os.Symlink(filepath.Join(dir, "home"), filepath.Join(proj, "out")); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, proj)
	huge := strings.Repeat("x", mcpserver.MaxText+1)
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"check", map[string]any{"paths": []string{"../home"}}, "outside the roots"},
		{"check", map[string]any{"paths": []string{"/etc"}}, "outside the roots"},
		{"check", map[string]any{"paths": []string{"out/.agents/skills/deploy/SKILL.md"}}, "outside the roots"},
		{"check", map[string]any{"path": ".agents/skills/x/SKILL.md", "text": huge}, "1 MiB"},
		{"check", map[string]any{"path": "README.md", "text": "hi"}, "SKILL.md"},
		{"check", map[string]any{"text": "hi"}, "path"},
		{"check", map[string]any{"targets": []string{"nope"}}, "nope"},
		{"resolve", map[string]any{"path": "/etc/passwd"}, "outside the roots"},
		{"resolve", map[string]any{}, "name"},
		{"catalog", map[string]any{"project": "/"}, "outside the roots"},
		{"fix", map[string]any{"paths": []string{"out"}, "write": true}, "outside the roots"},
		{"fix", map[string]any{"path": ".agents/skills/clean/SKILL.md", "text": "x", "write": true}, "write"},
	}
	for _, c := range cases {
		res := callRaw(t, cs, c.tool, c.args)
		if !res.IsError || !strings.Contains(toolText(res), c.want) {
			t.Errorf("%s %v: error %v %q, want one saying %q", c.tool, shorten(c.args), res.IsError, toolText(res), c.want)
		}
	}
	// The session is whole after the refusals.
	var ok struct{ Summary summary }
	callTool(t, cs, "check", map[string]any{"paths": []string{".agents/skills/clean"}}, &ok)
	if ok.Summary.Files != 1 {
		t.Errorf("after the refusals: %+v", ok.Summary)
	}
}

func shorten(args map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		if s, ok := v.(string); ok && len(s) > 40 {
			v = s[:40] + "…"
		}
		out[k] = v
	}
	return out
}

// TestMCPCheckLimit: past the limit, the most severe findings are kept,
// the rest counted, and the summary still counts them all.
func TestMCPCheckLimit(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	cs := mcpClient(t, filepath.Join(dir, "proj"))
	var all, one mcpCheckReport
	callTool(t, cs, "check", map[string]any{}, &all)
	callTool(t, cs, "check", map[string]any{"limit": 1}, &one)
	total := all.Summary.Errors + all.Summary.Warnings + all.Summary.Infos
	if all.Omitted != 0 || total < 3 || all.Summary.Errors == 0 {
		t.Fatalf("unlimited: %+v, omitted %d", all.Summary, all.Omitted)
	}
	var kept []string
	for _, f := range one.Files {
		for _, x := range f.Findings {
			kept = append(kept, x.Severity)
		}
	}
	if !slices.Equal(kept, []string{"error"}) || one.Omitted != total-1 || one.Summary != all.Summary {
		t.Errorf("limit 1: kept %v, omitted %d of %d, summary %+v", kept, one.Omitted, total, one.Summary)
	}
	if res := callRaw(t, cs, "check", map[string]any{"limit": -1}); !res.IsError {
		t.Error("a negative limit was taken")
	}
}

// TestMCPProjectConfig: the tools read the project's .skill-ls.yaml as
// check does: its severities and pinned targets, for files on disk and
// for a text.
func TestMCPProjectConfig(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	if err := os.WriteFile(filepath.Join(proj, ".skill-ls.yaml"), []byte("targets: [codex]\nrules:\n  yaml-syntax: info\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, proj)
	text := "---\nname: broken\ndescription: Use when: asked\n---\n"
	if got := loadedBy(t, "check", "--format", "json", filepath.Join(proj, ".agents/skills/broken")); !slices.Equal(got, []string{"codex"}) {
		t.Fatalf("check: loaded by %v", got)
	}
	for _, args := range []map[string]any{
		{"paths": []string{".agents/skills/broken"}},
		{"path": ".agents/skills/broken/SKILL.md", "text": text},
	} {
		var got mcpCheckReport
		callTool(t, cs, "check", args, &got)
		if len(got.Files) != 1 {
			t.Fatalf("%v: files %+v", args, got.Files)
		}
		f := got.Files[0]
		if !slices.Equal(f.LoadedBy, []string{"codex"}) {
			t.Errorf("%v: loaded by %v, want the configuration's codex (agentskills refuses the YAML)", args, f.LoadedBy)
		}
		yaml := 0
		for _, x := range f.Findings {
			if x.Rule == "yaml-syntax" {
				yaml++
				if x.Severity != "info" {
					t.Errorf("%v: yaml-syntax is %s, the configuration says info", args, x.Severity)
				}
			}
		}
		if yaml == 0 {
			t.Errorf("%v: no yaml-syntax finding: %+v", args, f.Findings)
		}
	}
	var cat mcpCatalog
	callTool(t, cs, "catalog", map[string]any{}, &cat)
	var ids []string
	for _, a := range cat.Agents {
		ids = append(ids, a.Target)
	}
	if !slices.Equal(ids, []string{"codex"}) {
		t.Errorf("catalog for %v, want the configuration's codex", ids)
	}
}

// TestMCPFixStaysInsideRoots: a skill folder linked from outside the
// roots is judged, as the agents load it, but fix leaves it alone.
func TestMCPFixStaysInsideRoots(t *testing.T) {
	dir := writeCheckTree(t, fixTree)
	proj := filepath.Join(dir, "proj")
	elsewhere := filepath.Join(dir, "elsewhere", "linked")
	outside := filepath.Join(elsewhere, "SKILL.md")
	src := "---\nname: linked\ndescription: Use when: linked\n---\n"
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outside, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(proj, ".agents/skills/linked")); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, proj)
	var got mcpserver.FixOutput
	callTool(t, cs, "fix", map[string]any{"write": true}, &got)
	if want := filepath.Join(proj, ".agents/skills/linked/SKILL.md"); !slices.Contains(got.Outside, want) || strings.Contains(got.Diff, "linked") || !got.Written {
		t.Errorf("fix: %+v", got)
	}
	if b, _ := os.ReadFile(outside); string(b) != src {
		t.Errorf("the file outside the roots was written:\n%s", b)
	}
}

// TestMCPCommandStdio drives `skill-ls mcp` itself over pipes with the
// SDK's client: between two calls, lines that are no JSON-RPC message are
// refused (on standard error when they have no id: an answer with id null
// would end the client's session) and the session goes on; closing the
// input ends the command with status 0.
func TestMCPCommandStdio(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	var stderr strings.Builder
	go func() {
		code := run([]string{"mcp", "--root", filepath.Join(dir, "proj")}, inR, outW, &stderr)
		outW.Close()
		done <- code
	}()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rule mcpRule
	callTool(t, cs, "explain", map[string]any{"rule": analysis.Rules[0].ID}, &rule)
	if _, err := inW.Write([]byte("garbage\n{\"jsonrpc\":\"2.0\",\"id\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":7}\n")); err != nil {
		t.Fatal(err)
	}
	var rep mcpCheckReport
	callTool(t, cs, "check", map[string]any{"paths": []string{".agents/skills/clean"}}, &rep)
	if rep.Summary.Files != 1 {
		t.Errorf("after the garbage: %+v", rep.Summary)
	}
	cs.Close()
	if code := <-done; code != exitOK || strings.Count(stderr.String(), "refused a line") != 2 {
		t.Errorf("exit %d, stderr %q: want 0 and the two lines with no id told", code, stderr.String())
	}
}

func TestMCPCommandUsage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"mcp", "extra"}, {"mcp", "--root", file}, {"mcp", "--root", file + "-missing"}, {"mcp", "--nope"}} {
		if code, _, errs := runCmd(args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestMCPResolveUnloaded: a skill no agent loads resolves to no agent and
// the findings that say why.
func TestMCPResolveUnloaded(t *testing.T) {
	dir := writeCheckTree(t, checkTree)
	proj := filepath.Join(dir, "proj")
	stray := filepath.Join(proj, "docs", "stray", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(stray), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, []byte("---\nname: stray\ndescription: Lost.\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, proj)
	var got mcpResolved
	callTool(t, cs, "resolve", map[string]any{"path": "docs/stray/SKILL.md"}, &got)
	if len(got.Skills) != 1 || len(got.Skills[0].Agents) != 0 || len(got.Skills[0].Unloaded) == 0 || got.Skills[0].Unloaded[0].Rule != "not-discovered" {
		t.Errorf("stray skill: %+v", got.Skills)
	}
	if res := callRaw(t, cs, "resolve", map[string]any{"name": "no-such-skill"}); !res.IsError || !strings.Contains(toolText(res), "no-such-skill") {
		t.Errorf("unknown name: %s", toolText(res))
	}
}

// TestCatalogJSONIsTheTool: skill-ls catalog --format json writes what the
// MCP catalog tool answers, with each agent's text as the text output
// prints it, and every skill's entry and description.
func TestCatalogJSONIsTheTool(t *testing.T) {
	dir := writeCheckTree(t, catalogTree)
	proj := filepath.Join(dir, "proj")
	code, out, errs := runCmd("catalog", "--project", proj, "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, errs)
	}
	var got mcpCatalog
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var tool mcpCatalog
	callTool(t, mcpClient(t, proj), "catalog", map[string]any{}, &tool)
	if len(got.Agents) == 0 || len(got.Agents) != len(tool.Agents) {
		t.Fatalf("agents %d, the tool's %d", len(got.Agents), len(tool.Agents))
	}
	for i, a := range got.Agents {
		_, text, _ := runCmd("catalog", "--project", proj, "--target", a.Target)
		if a.Text == "" || strings.TrimSuffix(text, "\n") != strings.TrimSuffix(a.Text, "\n") || a.Bytes != len(a.Text) {
			t.Errorf("%s: text %q (%d bytes), the command prints %q", a.Target, a.Text, a.Bytes, text)
		}
		a.Text = ""
		if !reflect.DeepEqual(a, tool.Agents[i]) {
			t.Errorf("%s: %+v\nthe tool: %+v", a.Target, a, tool.Agents[i])
		}
		for _, s := range a.Skills {
			if s.Name == "" || s.Path == "" || s.Scope == "" || s.Entry == "" || !strings.Contains(s.Entry, s.Name) {
				t.Errorf("%s: skill %+v", a.Target, s)
			}
		}
	}
	if !strings.Contains(out, "<") {
		t.Errorf("the XML catalogs are escaped:\n%s", out)
	}
	if code, _, errs := runCmd("catalog", "--project", proj, "--format", "yaml"); code != exitUsage || !strings.Contains(errs, `unknown format "yaml"`) {
		t.Errorf("--format yaml: exit %d, %s", code, errs)
	}
}
