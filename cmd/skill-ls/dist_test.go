package main

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The files through which users outside Go get skill-ls: the GitHub
// Action, the pre-commit hooks, and the package.json pre-commit's node
// hooks install.

func repoFile(name string) string { return filepath.Join("..", "..", filepath.FromSlash(name)) }

func readYAML(t *testing.T, name string, v any) {
	t.Helper()
	src, err := os.ReadFile(repoFile(name))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(src, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// actionStep is a step of a composite action.
type actionStep struct {
	Name             string            `yaml:"name"`
	Shell            string            `yaml:"shell"`
	Run              string            `yaml:"run"`
	Uses             string            `yaml:"uses"`
	Env              map[string]string `yaml:"env"`
	WorkingDirectory string            `yaml:"working-directory"`
}

// actionMetadata is action.yml as GitHub reads it.
type actionMetadata struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Inputs      map[string]struct {
		Description string `yaml:"description"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

// GitHub's action metadata keys, for action.yml, a composite step and an
// input; anything else is a typo GitHub would refuse or ignore.
var (
	actionKeys = []string{"name", "author", "description", "inputs", "outputs", "runs", "branding"}
	stepKeys   = []string{"name", "id", "if", "run", "shell", "uses", "with", "env", "working-directory", "continue-on-error"}
	inputKeys  = []string{"description", "required", "default", "deprecationMessage"}
)

var inputRef = regexp.MustCompile(`\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}`)

// TestActionShape: action.yml is a composite action GitHub can run: name
// and description, shell on every run step, known keys only, every input
// described and used, and the check run as `npx skill-ls check` in the
// github format by default.
func TestActionShape(t *testing.T) {
	var a actionMetadata
	readYAML(t, "action.yml", &a)
	var raw struct {
		Top    map[string]any            `yaml:",inline"`
		Inputs map[string]map[string]any `yaml:"inputs"`
		Runs   struct {
			Steps []map[string]any `yaml:"steps"`
		} `yaml:"runs"`
	}
	readYAML(t, "action.yml", &raw)
	unknown := func(what string, m map[string]any, known []string) {
		for k := range m {
			if !slices.Contains(known, k) {
				t.Errorf("action.yml: %s has unknown key %q", what, k)
			}
		}
	}
	unknown("the top level", raw.Top, actionKeys)
	for name, in := range raw.Inputs {
		unknown("input "+name, in, inputKeys)
	}
	for i, s := range raw.Runs.Steps {
		unknown("step "+a.Runs.Steps[i].Name, s, stepKeys)
	}

	if a.Name == "" || a.Description == "" {
		t.Errorf("action.yml: name %q, description %q; both are required", a.Name, a.Description)
	}
	if a.Runs.Using != "composite" || len(a.Runs.Steps) == 0 {
		t.Fatalf("action.yml: runs.using %q with %d steps, want a composite action with steps", a.Runs.Using, len(a.Runs.Steps))
	}
	used := map[string]bool{}
	for _, s := range a.Runs.Steps {
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %q: a composite action's run step needs shell", s.Name)
		}
		// Inputs pasted into the script would be shell code; they go
		// through env.
		if m := inputRef.FindString(s.Run); m != "" {
			t.Errorf("step %q: %s in run; pass it through env", s.Name, m)
		}
		texts := slices.Collect(maps.Values(s.Env))
		texts = append(texts, s.WorkingDirectory)
		for _, text := range texts {
			for _, m := range inputRef.FindAllStringSubmatch(text, -1) {
				used[m[1]] = true
			}
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %q has no description", name)
		}
		if !used[name] {
			t.Errorf("input %q is not used by any step", name)
		}
	}
	for name := range used {
		if _, ok := a.Inputs[name]; !ok {
			t.Errorf("inputs.%s is used but not declared", name)
		}
	}
	if got := a.Inputs["format"].Default; got != "github" {
		t.Errorf("input format defaults to %q, want github", got)
	}
	if !strings.Contains(actionScript(t, a), `npx --yes "skill-ls@$version" check`) {
		t.Errorf("action.yml does not run npx skill-ls check")
	}
}

// actionScript is the action's one run step.
func actionScript(t *testing.T, a actionMetadata) string {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Run != "" {
			return s.Run
		}
	}
	t.Fatal("action.yml: no run step")
	return ""
}

// TestActionScript runs the action's script with bash, an npx stand-in
// recording its arguments, and the environment GitHub would give it.
func TestActionScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var a actionMetadata
	readYAML(t, "action.yml", &a)
	script := actionScript(t, a)
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "npx"), []byte("#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                          string
		version, ref, args, paths, fm string
		want                          []string
	}{
		{"at a release tag", "", "v1.2.3", "", "", "github",
			[]string{"--yes", "skill-ls@1.2.3", "check", "--format", "github"}},
		{"at a branch", "", "main", "", "", "github",
			[]string{"--yes", "skill-ls@latest", "check", "--format", "github"}},
		{"a version given", "0.4.0", "v1.2.3", "--target codex --max-warnings 0", "skills a/SKILL.md", "sarif",
			[]string{"--yes", "skill-ls@0.4.0", "check", "--format", "sarif", "--target", "codex", "--max-warnings", "0", "skills", "a/SKILL.md"}},
		{"a path that looks like code", "", "", "", "$(touch${IFS}pwned)", "github",
			[]string{"--yes", "skill-ls@latest", "check", "--format", "github", "$(touch${IFS}pwned)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bash, "-e", "-c", script)
			cmd.Dir = dir
			cmd.Env = []string{
				"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
				"SKILL_LS_VERSION=" + tc.version, "SKILL_LS_ACTION_REF=" + tc.ref,
				"SKILL_LS_ARGS=" + tc.args, "SKILL_LS_PATHS=" + tc.paths, "SKILL_LS_FORMAT=" + tc.fm,
			}
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Fields(string(out)); !slices.Equal(got, tc.want) {
				t.Errorf("npx got %q, want %q", got, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
				t.Error("an input ran as shell code")
			}
		})
	}
}

// preCommitHook is a hook of .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID       string `yaml:"id"`
	Name     string `yaml:"name"`
	Entry    string `yaml:"entry"`
	Language string `yaml:"language"`
	Files    string `yaml:"files"`
}

// TestPreCommitHooks: every hook is complete, its files pattern takes
// SKILL.md and the manifests and nothing else, and each golang hook has a
// node twin (skill-ls -> skill-ls-node) running the same command on the
// same files.
func TestPreCommitHooks(t *testing.T) {
	var hooks []preCommitHook
	readYAML(t, ".pre-commit-hooks.yaml", &hooks)
	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		byID[h.ID] = h
		if h.ID == "" || h.Name == "" || h.Entry == "" || h.Files == "" {
			t.Errorf("hook %+v: id, name, entry and files are all needed", h)
		}
		if h.Language != "golang" && h.Language != "node" {
			t.Errorf("hook %s: language %q, want golang or node", h.ID, h.Language)
		}
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Errorf("hook %s: files: %v", h.ID, err)
			continue
		}
		for _, f := range []string{"SKILL.md", ".agents/skills/x/SKILL.md", ".claude-plugin/plugin.json", "a/.claude-plugin/marketplace.json", "gemini-extension.json", ".cursor-plugin/plugin.json"} {
			if !re.MatchString(f) {
				t.Errorf("hook %s: files does not take %s", h.ID, f)
			}
		}
		for _, f := range []string{"README.md", "package.json", "skills/x/NOTSKILL.md", "tsconfig.json"} {
			if re.MatchString(f) {
				t.Errorf("hook %s: files takes %s", h.ID, f)
			}
		}
	}
	twins := 0
	for _, h := range hooks {
		if h.Language != "golang" {
			continue
		}
		id := strings.Replace(h.ID, "skill-ls", "skill-ls-node", 1)
		n, ok := byID[id]
		switch {
		case !ok:
			t.Errorf("hook %s has no node twin %s", h.ID, id)
		case n.Language != "node" || n.Entry != h.Entry || n.Files != h.Files || n.Name != h.Name:
			t.Errorf("hook %s: %+v, want the node twin of %+v", id, n, h)
		default:
			twins++
		}
	}
	if twins == 0 || twins*2 != len(hooks) {
		t.Errorf("%d hooks, %d golang-node pairs", len(hooks), twins)
	}
}

// TestNodeHookPackage: the package.json pre-commit installs for the node
// hooks runs the npm launcher, with every release platform's binary of
// this version (the one `skill-ls version` says, less -dev) as optional
// dependencies.
func TestNodeHookPackage(t *testing.T) {
	var pkg struct {
		Version              string            `json:"version"`
		Bin                  map[string]string `json:"bin"`
		Files                []string          `json:"files"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	src, err := os.ReadFile(repoFile("package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &pkg); err != nil {
		t.Fatal(err)
	}
	launcher := "scripts/npm/skill-ls/bin/skill-ls.js"
	if pkg.Bin["skill-ls"] != launcher || !slices.Contains(pkg.Files, launcher) {
		t.Errorf("package.json: bin %v, files %v; want skill-ls -> %s, packed", pkg.Bin, pkg.Files, launcher)
	}
	if _, err := os.Stat(repoFile(launcher)); err != nil {
		t.Error(err)
	}
	if want := strings.TrimSuffix(version, "-dev"); pkg.Version != want {
		t.Errorf("package.json version %q, want %q (the version skill-ls says)", pkg.Version, want)
	}
	lib, err := os.ReadFile(repoFile("scripts/build-lib.sh"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^SKILL_LS_PLATFORMS=\(([^)]*)\)`).FindSubmatch(lib)
	if m == nil {
		t.Fatal("scripts/build-lib.sh: no SKILL_LS_PLATFORMS")
	}
	platforms := strings.Fields(string(m[1]))
	want := map[string]string{}
	for _, p := range platforms {
		want["@skill-ls/cli-"+p] = pkg.Version
	}
	if !maps.Equal(pkg.OptionalDependencies, want) {
		t.Errorf("package.json optionalDependencies %v, want %v", pkg.OptionalDependencies, want)
	}
	// The launcher names them when this machine's is missing.
	js, err := os.ReadFile(repoFile(launcher))
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`Platforms with a binary: ([^.]*)\.`).FindSubmatch(js)
	if named == nil || !slices.Equal(strings.Split(string(named[1]), ", "), platforms) {
		t.Errorf("%s names the platforms %q, want %v", launcher, named, platforms)
	}
}

// TestBuildBinaryAnywhere: scripts/build-lib.sh builds from any copy of the
// sources: outside git and in a repository with no commit yet (where `git
// rev-parse HEAD` prints "HEAD" and fails), the commit is "unknown" and
// the link flags stay one line. A go stand-in records the build's
// arguments.
func TestBuildBinaryAnywhere(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	lib, err := filepath.Abs(repoFile("scripts/build-lib.sh"))
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		git  bool
	}{{"outside git", false}, {"a repository with no commit", true}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + dir,
				"GIT_CEILING_DIRECTORIES=" + filepath.Dir(dir)}
			if tc.git {
				if out, err := exec.Command(gitBin, "init", "-q", dir).CombinedOutput(); err != nil {
					t.Fatalf("git init: %v %s", err, out)
				}
			}
			cmd := exec.Command(bash, "-e", "-c", `. "$0" && build_binary linux-x64 out/skill-ls 1.2.3`, lib)
			cmd.Dir = dir
			cmd.Env = env
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			i := slices.Index(args, "-ldflags")
			if i < 0 || i+1 >= len(args) {
				t.Fatalf("no -ldflags in %q", args)
			}
			if want := "-s -w -X main.version=1.2.3 -X main.buildCommit=unknown"; args[i+1] != want {
				t.Errorf("-ldflags %q, want %q", args[i+1], want)
			}
		})
	}
}
