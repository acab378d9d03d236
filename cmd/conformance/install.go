package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A probe's "install: %/DIR" lines have every agent install, into the
// layout's home and with its own commands, what the folder offers, as a
// user does: add it as a marketplace and install each plugin it lists, or,
// where the agent installs a plugin folder directly and the folder is no
// marketplace to it, install the folder. "then: AGENT ARGS..." lines run
// one more of an agent's commands afterwards (disable, enable,
// uninstall). Both run before either side judges the layout, so skill-ls
// reads the home the agents made.

// installRecipe installs what src offers into l's home with agent id's
// commands; how says what it ran, for the log.
type installRecipe func(ctx context.Context, c agentCmd, src string) (how []string, err error)

// agentCmd runs one of an agent's own commands in a layout.
type agentCmd struct {
	r  *runner
	l  *layout
	id string
	n  *int // commands run in the layout, naming their logs
}

func (c agentCmd) run(ctx context.Context, stdin string, args ...string) (string, error) {
	bin, env := c.r.command(c.l, c.id)
	*c.n++
	tag := fmt.Sprintf("install%02d.%s", *c.n, c.id)
	var in []byte
	if stdin != "" {
		in = []byte(stdin)
	}
	out, errOut, err := c.r.run(ctx, c.l, tag, in, env, bin, args...)
	text := string(out) + string(errOut)
	if err != nil {
		return text, fmt.Errorf("%s %s: %v: %s", c.id, strings.Join(args, " "), err, tail([]byte(text)))
	}
	return text, nil
}

// command is the executable and environment of agent id's commands in l.
func (r *runner) command(l *layout, id string) (string, []string) {
	v := verified(id)
	switch id {
	case "claude-code":
		return r.bin(v.Package, v.Version, "claude"), r.env(l.home, "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1")
	default:
		return r.bin(v.Package, v.Version, id), r.env(l.home)
	}
}

// installEach runs the agent's install command (verb, then the plugin's
// id) for each id, after how's first line: what each said, and whether
// it refused.
func installEach(ctx context.Context, c agentCmd, how []string, verb []string, ids []string) []string {
	for _, id := range ids {
		out, err := c.run(ctx, "", append(slices.Clone(verb), id)...)
		line := strings.Join(verb[1:], " ") + " " + id + ": " + firstLine(lastLine(out))
		if err != nil {
			line += " (refused)"
		}
		how = append(how, line)
	}
	return how
}

var recipes = map[string]installRecipe{
	"claude-code": installClaude,
	"codex":       installCodex,
	"copilot":     installCopilot,
	"gemini":      installGemini,
}

// installClaude: `claude plugin marketplace add`, then `claude plugin
// install` of each plugin `plugin list --available` offers from it.
// Claude Code installs no plugin folder directly (--plugin-dir only loads
// one for a run).
func installClaude(ctx context.Context, c agentCmd, src string) ([]string, error) {
	out, err := c.run(ctx, "", "plugin", "marketplace", "add", src)
	if err != nil {
		return []string{"no marketplace: " + firstLine(out)}, nil
	}
	market := matchOne(`added marketplace: (\S+)`, out)
	list, err := c.run(ctx, "", "plugin", "list", "--available", "--json")
	if err != nil {
		return nil, err
	}
	var avail struct {
		Available []struct{ PluginID, MarketplaceName string }
	}
	// The JSON is on standard output, before anything on standard error.
	if err := json.NewDecoder(strings.NewReader(list[max(0, strings.Index(list, "{")):])).Decode(&avail); err != nil {
		return nil, fmt.Errorf("claude plugin list: %v", err)
	}
	var ids []string
	for _, p := range avail.Available {
		if p.MarketplaceName == market {
			ids = append(ids, p.PluginID)
		}
	}
	return installEach(ctx, c, []string{"marketplace " + market}, []string{"plugin", "install"}, ids), nil
}

// installCodex: `codex plugin marketplace add`, then `codex plugin add` of
// each plugin `codex plugin list` shows not installed from it.
func installCodex(ctx context.Context, c agentCmd, src string) ([]string, error) {
	out, err := c.run(ctx, "", "plugin", "marketplace", "add", src)
	if err != nil {
		return []string{"no marketplace: " + firstLine(out)}, nil
	}
	market := matchOne("Added marketplace `([^`]+)`", out)
	list, err := c.run(ctx, "", "plugin", "list")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, m := range regexp.MustCompile(`(?m)^(\S+@`+regexp.QuoteMeta(market)+`)\s+not installed`).FindAllStringSubmatch(list, -1) {
		ids = append(ids, m[1])
	}
	return installEach(ctx, c, []string{"marketplace " + market}, []string{"plugin", "add"}, ids), nil
}

// installCopilot: `copilot plugin marketplace add`, then `copilot plugin
// install NAME@MARKET` of each plugin `marketplace browse` lists; a folder
// that is no marketplace is installed directly (`plugin install DIR`).
func installCopilot(ctx context.Context, c agentCmd, src string) ([]string, error) {
	out, err := c.run(ctx, "", "plugin", "marketplace", "add", src)
	if err != nil {
		out, err := c.run(ctx, "", "plugin", "install", src)
		if err != nil {
			return []string{"refused: " + firstLine(out)}, nil
		}
		return []string{"install " + src + ": " + firstLine(out)}, nil
	}
	market := matchOne(`Marketplace "([^"]+)" added`, out)
	list, err := c.run(ctx, "", "plugin", "marketplace", "browse", market)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, m := range regexp.MustCompile(`(?m)^\s*• (\S+)`).FindAllStringSubmatch(list, -1) {
		ids = append(ids, m[1]+"@"+market)
	}
	return installEach(ctx, c, []string{"marketplace " + market}, []string{"plugin", "install"}, ids), nil
}

// installGemini: `gemini extensions install DIR --consent`, answering yes
// to its question whether to trust the folder.
func installGemini(ctx context.Context, c agentCmd, src string) ([]string, error) {
	out, err := c.run(ctx, "y\n", "extensions", "install", src, "--consent")
	if err != nil {
		return []string{"refused: " + lastLine(out)}, nil
	}
	return []string{"install " + src + ": " + lastLine(out)}, nil
}

// install runs the probe's install and then lines for the agents given,
// or lays the home those agents made the last time (recall.go): an
// install runs the same at one agent version.
func (l *layout) install(r *runner, agents []agent) error {
	if len(l.probe.installs) == 0 && len(l.probe.then) == 0 {
		return nil
	}
	key := []string{"home", l.print, strings.Join(l.probe.installs, "\n"), strings.Join(l.probe.then, "\n")}
	for _, a := range agents {
		if recipes[a.id()] != nil {
			l.installedBy = append(l.installedBy, a.id())
			key = append(key, verified(a.id()).String())
		}
	}
	return keepTree(r.memory.unless(l.print == ""), key, l.home, l.dir, func() error { return l.runInstalls(r, agents) })
}

func (l *layout) runInstalls(r *runner, agents []agent) error {
	ctx := context.Background()
	n := 0
	var log []string
	for _, src := range l.probe.installs {
		dir := l.where(src)
		if err := commitAll(dir); err != nil {
			return err
		}
		for _, a := range agents {
			recipe := recipes[a.id()]
			if recipe == nil {
				continue
			}
			how, err := recipe(ctx, agentCmd{r, l, a.id(), &n}, dir)
			if err != nil {
				return err
			}
			log = append(log, a.id()+" "+src+": "+strings.Join(how, "; "))
		}
	}
	for _, line := range l.probe.then {
		id, args, _ := strings.Cut(line, " ")
		if !slices.ContainsFunc(agents, func(a agent) bool { return a.id() == id }) {
			continue
		}
		fields := strings.Fields(args)
		for i, f := range fields {
			if strings.HasPrefix(f, "%/") || strings.HasPrefix(f, "@/") || strings.HasPrefix(f, "~/") {
				fields[i] = l.where(f)
			}
		}
		out, err := agentCmd{r, l, id, &n}.run(ctx, "", fields...)
		if err != nil {
			return err
		}
		log = append(log, line+": "+lastLine(out))
	}
	if err := os.MkdirAll(r.logs, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+".installed"), []byte(strings.Join(log, "\n")+"\n"), 0o644)
}

// commitAll makes dir a git repository with everything in one commit: Codex
// clones a marketplace's "./" source with git.
func commitAll(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		return nil
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=probe", "-c", "user.email=probe@example.invalid", "commit", "-q", "--allow-empty", "-m", "probe"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s in %s: %v: %s", args[len(args)-1], dir, err, out)
		}
	}
	return nil
}

func matchOne(expr, s string) string {
	if m := regexp.MustCompile(expr).FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}
