package skillcore

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"golang.org/x/tools/txtar"
)

// fakeMachine copies testdata/installed/<name> (a home and a project) to a
// temporary folder, with @HOME@ and @PROJECT@ in the files replaced by
// where they landed (registries hold absolute paths).
func fakeMachine(t testing.TB, name string) (home, project string) {
	t.Helper()
	dst := t.TempDir()
	home, project = filepath.Join(dst, "home"), filepath.Join(dst, "project")
	src := filepath.Join("..", "testdata", "installed", name)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(b, []byte("@")) {
			return err
		}
		b = bytes.ReplaceAll(b, []byte("@HOME@"), []byte(home))
		b = bytes.ReplaceAll(b, []byte("@PROJECT@"), []byte(project))
		return os.WriteFile(p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return home, project
}

func TestInstalled(t *testing.T) {
	home, project := fakeMachine(t, "full")
	in := Env{Home: home}.InstalledPlugins(project)
	type want struct {
		version string
		enabled bool
		why     string // a part of Why
		broken  string // a part of Broken, "" for none
	}
	cases := map[string]want{
		// Claude Code: installed_plugins.json picks the version, settings
		// and defaultEnabled decide.
		"claude-code superpowers@superpowers-dev": {"6.2.0", true, "true in the user settings", ""},
		"claude-code pr-tools@acme":               {"1.0.0", true, "enabled by default", ""},
		"claude-code quiet@acme":                  {"1.0.0", true, "a list of versions in the local settings", ""},
		"claude-code tools@acme":                  {"2.0.0", true, "true in the project settings", ""},
		"claude-code broken@acme":                 {"0.1.0", true, "enabled by default", "not valid JSON"},
		"claude-code dormant@acme":                {"1.0.0", false, "defaultEnabled to false", ""},
		"claude-code entry-off@acme":              {"1.0.0", false, "defaultEnabled to false", ""},
		// Codex: config.toml lists what loads; "local" beats other versions.
		"codex superpowers@openai-curated": {"2.0.0", true, "enabled = true", ""},
		"codex pr-tools@acme":              {"local", true, "defaults to true", ""},
		"codex off@acme":                   {"1.0.0", false, "enabled = false", ""},
		"codex missing@acme":               {"", true, "enabled = true", "not in the plugin cache"},
		"codex badjson@acme":               {"1.0.0", true, "enabled = true", "not valid JSON"},
		"codex stray@acme":                 {"1.0.0", false, "Codex loads only the plugins it lists", ""},
		// Copilot: config.json and settings.json (with comments).
		"copilot pr-tools@awesome-copilot": {"1.0.0", true, "enabled = true", ""},
		"copilot off@awesome-copilot":      {"1.0.0", false, "enabled = false", ""},
		"copilot user-off@awesome-copilot": {"", false, "false in the user settings", ""},
		"copilot mine":                     {"", false, "false in the project settings", ""},
		"copilot plain@awesome-copilot":    {"", true, "enabled once installed", ""},
		"copilot broken@awesome-copilot":   {"", true, "enabled once installed", "not valid JSON"},
		// Gemini: overrides, the last matching rule winning.
		"gemini superpowers":    {"6.2.0", true, "enabled by default", ""},
		"gemini pr-tools":       {"1.0.0", true, "enabled by default", ""},
		"gemini off-everywhere": {"1.0.0", false, `"!/*"`, ""},
		"gemini here-only":      {"1.0.0", true, `"` + project + `/"`, ""},
		"gemini broken":         {"", true, "enabled by default", "not valid JSON"},
		"gemini linked":         {"0.1.0", true, "enabled by default", ""},
	}
	got := map[string]loader.InstalledPlugin{}
	for _, p := range in.Plugins {
		got[p.Target+" "+p.ID()] = p
	}
	for key, w := range cases {
		p, ok := got[key]
		if !ok {
			t.Errorf("%s: not listed", key)
			continue
		}
		if p.Version != w.version || p.Enabled != w.enabled || !strings.Contains(p.Why, w.why) {
			t.Errorf("%s: version %q enabled %t why %q; want %q %t ~%q", key, p.Version, p.Enabled, p.Why, w.version, w.enabled, w.why)
		}
		if (w.broken == "") != (p.Broken == "") || !strings.Contains(p.Broken, w.broken) {
			t.Errorf("%s: broken %q, want ~%q", key, p.Broken, w.broken)
		}
		if p.Broken == "" && !loader.IsDir(p.Root) {
			t.Errorf("%s: root %s is not a folder", key, p.Root)
		}
	}
	for key := range got {
		if _, ok := cases[key]; !ok {
			t.Errorf("%s: listed, but it is not installed for this project", key)
		}
	}
	// The orphaned older copy is not the one loaded.
	if r := got["claude-code superpowers@superpowers-dev"].Root; filepath.Base(r) != "6.2.0" {
		t.Errorf("claude-code loads %s, want the registered 6.2.0", r)
	}
	// A wrongly typed setting is reported where it is, and ignored.
	wantProblem(t, in, filepath.Join(home, ".claude", "settings.json"), `"yes"`, "not true, false or a list of versions")
	wantProblem(t, in, filepath.Join(home, ".codex", "plugins", "cache", "acme", "badjson", "1.0.0", ".codex-plugin", "plugin.json"), ",", "not valid JSON")
}

// wantProblem finds a problem in path whose range covers text and whose
// message says msg.
func wantProblem(t *testing.T, in loader.Installation, path, text, msg string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range in.Problems {
		if p.Path == path && strings.Contains(p.Message, msg) && string(src[p.Range.Start:p.Range.End]) == text {
			return
		}
	}
	t.Errorf("no problem %q at %q in %s; have %+v", msg, text, path, in.Problems)
}

func TestInstalledDefaultEnabled(t *testing.T) {
	home, project := fakeMachine(t, "full")
	got := map[string]loader.InstalledPlugin{}
	for _, p := range (Env{Home: home}).InstalledPlugins(project).Plugins {
		got[p.Target+" "+p.ID()] = p
	}
	for key, want := range map[string]string{
		"claude-code dormant@acme":   "its plugin.json sets defaultEnabled to false",
		"claude-code entry-off@acme": "its marketplace entry sets defaultEnabled to false",
	} {
		if p := got[key]; p.Enabled || !strings.Contains(p.Why, want) {
			t.Errorf("%s: enabled %t, why %q; want disabled, %q", key, p.Enabled, p.Why, want)
		}
	}
	// Without the project, its settings files do not count.
	for _, p := range (Env{Home: home}).InstalledPlugins("").Plugins {
		if p.Target == "claude-code" && p.ID() == "tools@acme" && p.Enabled {
			t.Errorf("tools@acme enabled without the project that enables it: %s", p.Why)
		}
	}
}

// With no installed_plugins.json, Claude Code's cache alone says what is
// installed: the copy not marked orphaned, the newest of several.
func TestInstalledCacheOnly(t *testing.T) {
	home, project := fakeMachine(t, "cacheonly")
	base := filepath.Join(home, ".claude", "plugins", "cache", "acme", "tools")
	now := time.Now()
	for i, v := range []string{"0.9.0", "1.1.0", "1.0.0"} {
		if err := os.Chtimes(filepath.Join(base, v), now, now.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	in := Env{Home: home}.InstalledPlugins(project)
	if len(in.Plugins) != 1 || in.Plugins[0].Version != "1.0.0" || !in.Plugins[0].Enabled {
		t.Fatalf("plugins %+v; want tools@acme 1.0.0 (1.1.0 is orphaned, 0.9.0 older), enabled", in.Plugins)
	}
}

// Malformed settings give a precise problem each, and the rest stands.
func TestInstalledMalformed(t *testing.T) {
	home, project := fakeMachine(t, "malformed")
	// A settings file that is a FIFO must not stall the reading.
	fifo := filepath.Join(home, ".copilot", "config.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	in := Env{Home: home}.InstalledPlugins(project)
	found := false
	for _, p := range in.Problems {
		found = found || p.Path == fifo && strings.Contains(p.Message, "not a regular file")
	}
	if !found {
		t.Errorf("no problem says %s is not a regular file: %+v", fifo, in.Problems)
	}
	wantProblem(t, in, filepath.Join(home, ".claude", "settings.json"), "\n", "not valid JSON")
	wantProblem(t, in, filepath.Join(home, ".claude", "plugins", "installed_plugins.json"), "[]", "not an object")
	wantProblem(t, in, filepath.Join(home, ".codex", "config.toml"), "tru", "not valid TOML")
	wantProblem(t, in, filepath.Join(home, ".copilot", "settings.json"), `["a"]`, "not an object")
	wantProblem(t, in, filepath.Join(home, ".gemini", "extensions", "extension-enablement.json"), "[1, 2]", "not an object")
	if len(in.Plugins) != 0 {
		t.Errorf("plugins %+v, want none", in.Plugins)
	}
}

// A registry naming "/" or the home folder as a plugin's folder is not
// searched: that would walk the disk at every start.
func TestInstalledRootOutOfBounds(t *testing.T) {
	home := t.TempDir()
	reg := filepath.Join(home, ".claude", "plugins", "installed_plugins.json")
	if err := os.MkdirAll(filepath.Dir(reg), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `{"version": 2, "plugins": {"root@m": [{"scope": "user", "installPath": "/"}], "home@m": [{"scope": "user", "installPath": "` + home + `"}]}}`
	if err := os.WriteFile(reg, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	in := Env{Home: home}.InstalledPlugins("")
	if len(in.Plugins) != 2 {
		t.Fatalf("plugins %+v, want 2", in.Plugins)
	}
	for _, p := range in.Plugins {
		if p.Broken == "" || p.Loads() {
			t.Errorf("%s at %s loads", p.ID(), p.Root)
		}
	}
	wantProblem(t, in, reg, `"/"`, "holds the home folder")
}

// Codex loads the plugins config.toml lists by marketplace, then plugin,
// not in the file's order (observed: its alias table follows that order).
func TestInstalledCodexLoadOrder(t *testing.T) {
	home := t.TempDir()
	config := "[plugins.\"q@m-x\"]\n[plugins.\"p@m\"]\nenabled = true\n[plugins.\"p-x@m\"]\n"
	for _, dir := range []string{"m/p/1.0.0", "m/p-x/1.0.0", "m-x/q/2.0.0"} {
		if err := os.MkdirAll(filepath.Join(home, ".codex", "plugins", "cache", dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range (Env{Home: home}).InstalledPlugins("").Plugins {
		if p.Target == "codex" {
			got = append(got, p.ID())
		}
	}
	if want := []string{"p@m", "p-x@m", "q@m-x"}; !slices.Equal(got, want) {
		t.Errorf("codex plugins %q, want %q", got, want)
	}
}

// Claude Code lists installed plugins in installed_plugins.json's order,
// the order they were installed (probe installed-order), not by name.
func TestClaudeInstalledOrder(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	cache := filepath.Join(home, ".claude", "plugins", "cache", "m")
	writeTree(t, dir, txtar.Parse([]byte(`
-- home/.claude/plugins/installed_plugins.json --
{"version": 2, "plugins": {
  "beta@m": [{"scope": "user", "installPath": "`+filepath.Join(cache, "beta", "1.0.0")+`", "version": "1.0.0"}],
  "alpha@m": [{"scope": "user", "installPath": "`+filepath.Join(cache, "alpha", "1.0.0")+`", "version": "1.0.0"}]}}
-- home/.claude/plugins/cache/m/beta/1.0.0/.claude-plugin/plugin.json --
{"name": "beta"}
-- home/.claude/plugins/cache/m/alpha/1.0.0/.claude-plugin/plugin.json --
{"name": "alpha"}
`)).Files)
	var ids []string
	for _, p := range (Env{Home: home}).InstalledPlugins("").Plugins {
		if p.Target == "claude-code" {
			ids = append(ids, p.ID())
		}
	}
	if strings.Join(ids, " ") != "beta@m alpha@m" {
		t.Errorf("claude-code's plugins in the order %v, want beta@m alpha@m (as installed)", ids)
	}
}
