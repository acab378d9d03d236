package skillcore

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

var testRules = []string{"body-too-long", "field-unknown", "name-missing"}

func TestParseConfig(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".skill-ls.yaml")
	tests := []struct {
		name    string
		src     string
		targets []string
		roots   []string
		rules   map[string]string
		ignore  []string
		// each problem as the text it covers and a part of its message
		problems [][2]string
	}{
		{name: "empty", src: ""},
		{name: "comments only", src: "# nothing\n"},
		{
			name:    "everything",
			src:     "targets: [agentskills, claude-code]\nroots: [vendor/skills, /abs/skills]\nrules:\n  body-too-long: off\n  field-unknown: error\nignore: [\"examples/**\"]\n",
			targets: []string{"agentskills", "claude-code"},
			roots:   []string{filepath.Join(dir, "vendor/skills"), "/abs/skills"},
			rules:   map[string]string{"body-too-long": "off", "field-unknown": "error"},
			ignore:  []string{"examples/**"},
		},
		{name: "one string for a list", src: "targets: codex\n", targets: []string{"codex"}},
		{name: "quoted off", src: "rules:\n  name-missing: 'off'\n", rules: map[string]string{"name-missing": "off"}},
		{name: "warn for warning", src: "rules:\n  name-missing: warn\n", rules: map[string]string{"name-missing": "warning"}},
		{
			name:     "a misspelt synonym",
			src:      "rules:\n  name-missing: wrn\n",
			problems: [][2]string{{"wrn", `did you mean "warning"?`}},
		},
		{
			name:     "a target shortened",
			src:      "targets: [claude]\n",
			problems: [][2]string{{"claude", `did you mean "claude-code" or "claude-api"?`}},
		},
		{
			name:     "unknown key",
			src:      "target: [codex]\n",
			problems: [][2]string{{"target", `did you mean "targets"`}},
		},
		{
			name:     "unknown target",
			src:      "targets: [codex, claude-cod]\n",
			targets:  []string{"codex"},
			problems: [][2]string{{"claude-cod", `did you mean "claude-code"`}},
		},
		{
			name:     "unknown rule and bad severity",
			src:      "rules:\n  body-to-long: off\n  field-unknown: eror\n  name-missing: warning\n",
			rules:    map[string]string{"name-missing": "warning"},
			problems: [][2]string{{"body-to-long", `did you mean "body-too-long"`}, {"eror", `did you mean "error"`}},
		},
		{
			name:     "nothing near",
			src:      "zzzzzzzz: 1\n",
			problems: [][2]string{{"zzzzzzzz", "one of targets, roots, rules, ignore"}},
		},
		{
			name:     "not a mapping",
			src:      "- a\n- b\n",
			problems: [][2]string{{"- a\n- b", "must be a mapping"}},
		},
		{
			name:     "wrong type",
			src:      "roots: {a: b}\nrules: [a]\n",
			problems: [][2]string{{"{a: b}", "roots must be a list"}, {"[a]", "rules must map"}},
		},
		{
			name:     "item not a string",
			src:      "ignore: [1, \"x/**\"]\n",
			ignore:   []string{"x/**"},
			problems: [][2]string{{"1", "must be a non-empty string"}},
		},
		{
			name:     "key twice",
			src:      "targets: [codex]\ntargets: [zed]\n",
			targets:  []string{"codex"},
			problems: [][2]string{{"targets", "given twice"}},
		},
		{
			name:     "syntax",
			src:      "targets: [codex\n",
			problems: [][2]string{{"", "YAML does not parse"}},
		},
		{
			// yaml.v3 names the line of "targets:", where the block began.
			name:     "syntax on the line that broke it",
			src:      "# c\ntargets: []\n\nroots: []\n\n# r\nrules: {}\n  body-too-long: off\n#  field-unknown: error\n\nignore: []\n",
			problems: [][2]string{{"body-too-long: off", "YAML does not parse"}},
		},
		{
			name:     "syntax in a list under a key",
			src:      "ignore:\n  - a\n  - b\n - c\nroots: []\n",
			problems: [][2]string{{"- c", "YAML does not parse"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ParseConfig(path, []byte(tt.src), testRules)
			if tt.targets != nil && !reflect.DeepEqual(c.Targets, tt.targets) || tt.targets == nil && len(c.Targets) > 0 {
				t.Errorf("targets = %q, want %q", c.Targets, tt.targets)
			}
			if !reflect.DeepEqual(c.Roots, tt.roots) {
				t.Errorf("roots = %q, want %q", c.Roots, tt.roots)
			}
			if len(c.Rules)+len(tt.rules) > 0 && !reflect.DeepEqual(c.Rules, tt.rules) {
				t.Errorf("rules = %v, want %v", c.Rules, tt.rules)
			}
			if !reflect.DeepEqual(c.Ignore, tt.ignore) {
				t.Errorf("ignore = %q, want %q", c.Ignore, tt.ignore)
			}
			if len(c.Problems) != len(tt.problems) {
				t.Fatalf("problems = %+v, want %d", c.Problems, len(tt.problems))
			}
			for i, p := range c.Problems {
				if p.Rule != "config-invalid" || p.Severity != loader.Error {
					t.Errorf("problem %d: %s %s", i, p.Rule, p.Severity)
				}
				if got := tt.src[p.Range.Start:p.Range.End]; tt.problems[i][0] != "" && got != tt.problems[i][0] {
					t.Errorf("problem %d covers %q, want %q", i, got, tt.problems[i][0])
				}
				if !strings.Contains(p.Message, tt.problems[i][1]) {
					t.Errorf("problem %d: %q does not say %q", i, p.Message, tt.problems[i][1])
				}
			}
		})
	}
}

func TestFindConfig(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	deep := filepath.Join(repo, "a", "b")
	must(t, os.MkdirAll(deep, 0o755))
	must(t, os.MkdirAll(filepath.Join(repo, ".git"), 0o755))
	// Above the repository root: never found.
	must(t, os.WriteFile(filepath.Join(top, ".skill-ls.yaml"), nil, 0o644))
	if got := FindConfig(deep); got != "" {
		t.Errorf("found %q above the repository root", got)
	}
	yml := filepath.Join(repo, ".skill-ls.yml")
	must(t, os.WriteFile(yml, nil, 0o644))
	if got := FindConfig(deep); got != yml {
		t.Errorf("FindConfig = %q, want %q", got, yml)
	}
	yaml := filepath.Join(repo, "a", ".skill-ls.yaml")
	must(t, os.WriteFile(yaml, nil, 0o644))
	if got := FindConfig(deep); got != yaml {
		t.Errorf("FindConfig = %q, want the nearest %q", got, yaml)
	}
	// A folder of that name is not a configuration.
	must(t, os.Mkdir(filepath.Join(deep, ".skill-ls.yaml"), 0o755))
	if got := FindConfig(deep); got != yaml {
		t.Errorf("FindConfig = %q, want %q", got, yaml)
	}
}

func TestConfigIgnored(t *testing.T) {
	dir := t.TempDir()
	c := ParseConfig(filepath.Join(dir, ".skill-ls.yaml"), []byte("ignore: [\"examples/*\", \"drafts/\", \"!examples/keep\", \"*.tmp.md\"]\n"), nil)
	for rel, want := range map[string]bool{
		"examples/a/SKILL.md":            true,
		"examples/keep/a/SKILL.md":       false,
		"skills/drafts/x/SKILL.md":       true,
		".agents/skills/x/SKILL.md":      false,
		"skills/examples-not/SKILL.md":   false,
		"skills/x/notes.tmp.md":          true,
		"skills/examples/SKILL.md":       false,
		"../outside/examples/a/SKILL.md": false,
	} {
		if got := c.Ignored(filepath.Join(dir, rel)); got != want {
			t.Errorf("Ignored(%s) = %v, want %v", rel, got, want)
		}
	}
	var none *Config
	if none.Ignored(filepath.Join(dir, "examples/a/SKILL.md")) {
		t.Error("a nil configuration ignores nothing")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestLoadConfigNotRegular: a configuration that is a FIFO or a folder is
// an error, read without blocking.
func TestLoadConfigNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, ".skill-ls.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if _, err := LoadConfig(fifo, nil); err == nil {
		t.Error("a FIFO was read as a configuration")
	}
	if _, err := LoadConfig(dir, nil); err == nil {
		t.Error("a folder was read as a configuration")
	}
	ok := filepath.Join(dir, "ok.yaml")
	must(t, os.WriteFile(ok, []byte("targets: [zed]\n"), 0o644))
	if c, err := LoadConfig(ok, nil); err != nil || len(c.Targets) != 1 {
		t.Errorf("LoadConfig = %+v, %v", c, err)
	}
}

// TestConfigSyntaxPlaceScales: placing a syntax error parses the file a few
// times, not once a line: doubling the lines before the fault less than
// triples the allocations.
func TestConfigSyntaxPlaceScales(t *testing.T) {
	allocs := func(lines int) float64 {
		src := "ignore:\n" + strings.Repeat("  - \"x/**\"\n", lines) + "rules: {}\n  bom: off\n"
		return testing.AllocsPerRun(5, func() { ParseConfig("/p/.skill-ls.yaml", []byte(src), testRules) })
	}
	small, large := allocs(500), allocs(1000)
	if large > 3*small {
		t.Errorf("allocations %v for 500 lines, %v for 1000: more than linear-logarithmic", small, large)
	}
}
