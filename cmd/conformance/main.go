// Command conformance holds skill-ls to the agents themselves (SPEC 4a).
// It lays every probe of testdata/conformance/probes (and, when asked, the
// public corpus) into fresh projects, asks each released agent what it
// loads there — offline, with a throw-away home — asks skill-ls the same,
// and reports per agent how far the two agree, with every difference and
// both sides' reasons. It exits 1 when a difference is not among the known
// ones (testdata/conformance/known.txt), 2 when it cannot run.
//
// The agents are installed by scripts/agents.sh at the versions the
// targets were verified against (loader.Target.Verified).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fs.SetOutput(stderr)
	agentsDir := fs.String("agents", defaultAgents(), "where scripts/agents.sh installed the agents")
	probes := fs.String("probes", "testdata/conformance/probes", "the probes")
	corpus := fs.String("corpus", "", "also lay out every SKILL.md under this folder (e.g. ../shared/corpus)")
	packages := fs.String("packages", "", "also give claude-code the plugins of each repository under this folder (e.g. ../shared/packages), and have every agent install each repository")
	only := fs.String("agent", "", "comma-separated agents to ask (default: all)")
	filter := fs.String("run", "", "only probes whose name contains this")
	known := fs.String("known", "testdata/conformance/known.txt", "the differences that are listed and explained")
	out := fs.String("out", "", "keep the agents' output and the report here (default: a temporary folder)")
	jobs := fs.Int("j", 3, "agent runs at once")
	timeout := fs.Duration("timeout", 120*time.Second, "time bound of one agent run")
	batchSize := fs.Int("batch", 40, "probes laid into one project at most (1: each its own)")
	remember := fs.String("memory", defaultMemory(), "keep the agents' answers here and recall them for the same agent version, suite and files")
	fresh := fs.Bool("fresh", false, "ask every agent again, recalling nothing")
	versions := fs.Bool("versions", false, "print the npm package@version of each agent and exit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	agents := []agent{codexAgent{}, copilotAgent{}, geminiAgent{}}
	if *versions {
		for _, t := range loader.Targets {
			if t.Verified.Version != "" {
				fmt.Fprintln(stdout, t.Verified)
			}
		}
		return 0
	}
	api, err := newMockAPI()
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	defer api.close()
	agents = append(agents, claudeAgent{api: api, budget: "10000000"})
	oai, err := newOpenAIMock() // qwen.go
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	defer oai.close()
	agents = append(agents, openCodeAgent{}, qwenAgent{api: oai})
	agents = pick(agents, *only)

	work := *out
	if work == "" {
		work, err = os.MkdirTemp("", "skill-ls-conformance-")
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
	}
	work, _ = filepath.Abs(work)
	r := &runner{agents: *agentsDir, cache: filepath.Join(*agentsDir, "xdg-cache"), timeout: *timeout, logs: filepath.Join(work, "logs")}
	if !*fresh {
		if r.memory, err = newMemory(*remember); err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
	}
	for _, a := range agents {
		v := verified(a.id())
		name := strings.TrimPrefix(a.id(), "claude-")
		if a.id() == "claude-code" {
			name = "claude"
		}
		if b, ok := a.(interface{ binName() string }); ok {
			name = b.binName()
		}
		if _, err := os.Stat(r.bin(v.Package, v.Version, name)); err != nil {
			fmt.Fprintf(stderr, "conformance: %s is not installed under %s (run scripts/agents.sh)\n", v, *agentsDir)
			return 2
		}
	}

	prs, err := loadProbes(*probes)
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	if *corpus != "" {
		cps, err := corpusProbes(*corpus)
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		prs = append(prs, cps...)
	}
	if *packages != "" {
		ips, err := installProbes(*packages)
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		prs = append(prs, ips...)
	}
	var picked []*probe
	for _, pr := range prs {
		if *filter == "" || strings.Contains(pr.name, *filter) {
			picked = append(picked, pr)
		}
	}
	var layouts []*layout
	for _, pr := range batch(picked, *batchSize) {
		ls, err := pr.lay(filepath.Join(work, "layouts"))
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		layouts = append(layouts, ls...)
	}
	installErrs := make([]error, len(layouts))
	skillcore.ForEach(len(layouts), func(i int) { installErrs[i] = layouts[i].install(r, agents) })
	if err := errors.Join(installErrs...); err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	kn, err := loadKnown(*known)
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}

	rep := check(r, agents, layouts, *jobs)
	if *packages != "" {
		for _, a := range agents {
			if c, ok := a.(claudeAgent); ok {
				if err := checkPackages(r, c, *packages, work, rep); err != nil {
					fmt.Fprintln(stderr, "conformance:", err)
					return 2
				}
			}
		}
	}
	return rep.print(stdout, kn, work)
}

func defaultAgents() string {
	if d := os.Getenv("SKILL_LS_AGENTS"); d != "" {
		return d
	}
	dir, _ := os.UserCacheDir()
	return filepath.Join(dir, "skill-ls", "agents")
}

func pick(agents []agent, only string) []agent {
	if only == "" {
		return agents
	}
	var out []agent
	for _, a := range agents {
		if contains(strings.Split(only, ","), a.id()) {
			out = append(out, a)
		}
	}
	return out
}

// verified is the agent build a target is held to.
func verified(id string) loader.Verified { return loader.TargetByID(id).Verified }

// report is the outcome of one run of the suite.
type report struct {
	Agents      []string          `json:"agents"`
	Tallies     map[string]*tally `json:"tallies"`
	Differences []difference      `json:"differences"`
	Errors      []string          `json:"errors"`
}

// check asks every agent about every layout, jobs runs at once, and holds
// the answers to skill-ls's.
func check(r *runner, agents []agent, layouts []*layout, jobs int) *report {
	rep := &report{Tallies: map[string]*tally{}}
	for _, a := range agents {
		rep.Agents = append(rep.Agents, a.id())
		rep.Tallies[a.id()] = &tally{}
	}
	judgedBy := make([]*judged, len(layouts))
	skillcore.ForEach(len(layouts), func(i int) { judgedBy[i] = judge(layouts[i]) })

	type task struct {
		a agent
		i int
	}
	tasks := make(chan task)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < max(1, jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for tk := range tasks {
				l := layouts[tk.i]
				got := r.ask(tk.a, l)
				// skill-ls's side reads a world that builds its answers
				// lazily: one reader at a time (a recalled answer comes
				// at once, so agents of one layout meet here).
				mu.Lock()
				want := judgedBy[tk.i].answer(tk.a)
				tl := rep.Tallies[tk.a.id()]
				if got.Err != nil {
					tl.Errors++
					rep.Errors = append(rep.Errors, fmt.Sprintf("%s %s: %v", tk.a.id(), l.id(), got.Err))
				} else {
					rep.Differences = append(rep.Differences, compare(tk.a, l, got, want, judgedBy[tk.i], tl)...)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range layouts {
		for _, a := range agents {
			tasks <- task{a, i}
		}
	}
	close(tasks)
	wg.Wait()
	sort.Slice(rep.Differences, func(i, j int) bool {
		a, b := rep.Differences[i], rep.Differences[j]
		if a.Agent != b.Agent {
			return a.Agent < b.Agent
		}
		if a.Layout != b.Layout {
			return a.Layout < b.Layout
		}
		return a.Key < b.Key
	})
	sort.Strings(rep.Errors)
	return rep
}

// print writes the per-agent table and every difference, and says whether
// the run passes: no agent run failed and every difference is known.
func (rep *report) print(w io.Writer, kn []knownDiff, work string) int {
	fmt.Fprintf(w, "%-12s %-22s %8s %14s %14s %14s %10s %6s\n", "agent", "verified against", "layouts", "verdicts", "names", "descriptions", "catalogs", "errors")
	for _, id := range rep.Agents {
		t := rep.Tallies[id]
		catalogs := "-"
		if t.Catalogs > 0 {
			catalogs = fmt.Sprintf("%d/%d", t.CatalogsAgree, t.Catalogs)
		}
		fmt.Fprintf(w, "%-12s %-22s %8s %14s %14s %14s %10s %6d\n", id, verified(id).Version,
			fmt.Sprintf("%d/%d", t.Agree, t.Layouts), fmt.Sprintf("%d/%d", t.SkillsAgree, t.Skills),
			fmt.Sprintf("%d/%d", t.NamesAgree, t.Names), fmt.Sprintf("%d/%d", t.DescsAgree, t.Descs), catalogs, t.Errors)
	}
	unknown := 0
	used := make([]int, len(kn))
	for _, d := range rep.Differences {
		if i := matchKnown(kn, d); i >= 0 {
			used[i]++
			continue
		}
		unknown++
		fmt.Fprintln(w, "DIFF", d)
	}
	for i, k := range kn {
		if used[i] > 0 {
			fmt.Fprintf(w, "known: %d× %s\n", used[i], k)
		}
	}
	for _, e := range rep.Errors {
		fmt.Fprintln(w, "ERROR", e)
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	os.WriteFile(filepath.Join(work, "report.json"), b, 0o644)
	fmt.Fprintf(w, "%d differences (%d known, %d not), %d agent errors; agents' output in %s\n",
		len(rep.Differences), len(rep.Differences)-unknown, unknown, len(rep.Errors), work)
	if unknown > 0 || len(rep.Errors) > 0 {
		return 1
	}
	return 0
}
