package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// seen is one skill as a listing shows it.
type seen struct {
	// Key is what the skill is matched by across the two sides: the
	// SKILL.md path, or, where the agent lists no path, the name it lists.
	Key         string
	Name        string
	Description string
}

// refusal is a file the agent says it could not load, and why.
type refusal struct {
	Path   string
	Reason string
}

// answer is what an agent (or skill-ls) says it loaded in one layout.
type answer struct {
	Loaded  []seen
	Refused []refusal
	Err     error `json:"-"`
	// Catalog, when the agent's catalog was read, is its text as skill-ls
	// renders it (catalog.go); Budget is the budget it ran with (0: the
	// target's own).
	Catalog *string
	Budget  int
}

// agent asks one released agent what it loads.
type agent interface {
	// id is the skill-ls target the agent is held to.
	id() string
	// ask runs the agent on a laid-out project.
	ask(ctx context.Context, r *runner, l *layout) answer
	// keyed says how the skill-ls side is listed for comparison.
	listing() listing
}

// listing says which of the skills an agent loads its listing shows and
// how it names them.
type listing struct {
	// Duplicates: every skill of a shared name is listed, not only the
	// winner.
	Duplicates bool
	// Hidden: skills that keep out of the model's catalog are listed.
	Hidden bool
	// ByName: the listing has no paths; skills are matched by name.
	ByName bool
	// Folder: the listing gives the skill's folder, not its SKILL.md.
	Folder bool
}

// runner runs agents with throw-away homes and bounded time.
type runner struct {
	agents  string // the npm install cache (see scripts/agents.sh)
	cache   string // XDG_CACHE_HOME shared by every run
	timeout time.Duration
	logs    string  // where each run's output is kept
	memory  *memory // answers of earlier runs (recall.go)
}

// ask asks agent a about layout l, once more if it fails (a machine under
// load can stall an agent's start past its bound), or recalls the answer
// it gave on the same files (l.print, taken before any agent ran in it,
// with the probe's installs).
func (r *runner) ask(a agent, l *layout) answer {
	cwd, _ := filepath.Rel(l.dir, l.cwd)
	key := []string{a.id(), verified(a.id()).String(), configOf(a), l.id(), l.print, cwd,
		strings.Join(l.probe.env, "\n"), strings.Join(l.probe.args, "\n"),
		strings.Join(l.probe.installs, "\n"), strings.Join(l.probe.then, "\n"), strings.Join(l.installedBy, " ")}
	return recall(r.memory.unless(l.print == ""), key, []string{l.dir}, func() (answer, bool) {
		got := a.ask(context.Background(), r, l)
		if got.Err != nil {
			got = a.ask(context.Background(), r, l)
		}
		return got, got.Err == nil
	})
}

// configOf is what, besides its version, sets how an agent is run.
func configOf(a agent) string {
	if c, ok := a.(interface{ config() string }); ok {
		return c.config()
	}
	return ""
}

// bin is the path of an installed agent's command.
func (r *runner) bin(pkg, version, name string) string {
	dir := strings.NewReplacer("/", "+", "@", "_").Replace(pkg) + "_" + version
	return filepath.Join(r.agents, dir, "node_modules", ".bin", name)
}

// env is the environment of one run: only what the agent needs, the home
// and XDG folders under the layout's home, no credentials.
func (r *runner) env(home string, extra ...string) []string {
	path := os.Getenv("PATH")
	env := []string{
		"PATH=" + path, "HOME=" + home, "USER=probe", "LANG=C.UTF-8", "TERM=dumb", "NO_COLOR=1",
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_CACHE_HOME=" + r.cache,
	}
	return append(env, extra...)
}

// run runs a command in dir, its standard output and error written to
// files (Node agents lose the tail of a large write to a pipe), and returns
// both.
func (r *runner) run(ctx context.Context, l *layout, tag string, stdin []byte, env []string, name string, args ...string) (stdout, stderr []byte, err error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	base := filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+"."+tag)
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return nil, nil, err
	}
	outF, err := os.Create(base + ".out")
	if err != nil {
		return nil, nil, err
	}
	errF, err := os.Create(base + ".err")
	if err != nil {
		outF.Close()
		return nil, nil, err
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = l.cwd
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = outF, errF
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	outF.Close()
	errF.Close()
	if ctx.Err() != nil {
		err = fmt.Errorf("%s timed out after %s", tag, r.timeout)
	}
	stdout, _ = os.ReadFile(base + ".out")
	stderr, _ = os.ReadFile(base + ".err")
	return stdout, stderr, err
}

// inside reports whether path lies in the layout's project, home or
// package sources (which an agent may load a plugin from in place): the
// agents' built-in skills lie elsewhere and are not compared.
func (l *layout) inside(path string) bool {
	for _, d := range []string{l.project, l.home, filepath.Join(l.dir, "src")} {
		if path == d || strings.HasPrefix(path, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func gitInit(dir string) error {
	cmd := exec.Command("git", "init", "-q", dir)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git init %s: %v: %s", dir, err, out)
	}
	return nil
}
