package skillcore

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// bigHome writes a home holding n installed plugins, spread over the four
// agents, with skills skills each, all enabled.
func bigHome(b testing.TB, n, skills int) string {
	b.Helper()
	home := b.TempDir()
	writeBigHome(b, home, n, skills)
	return home
}

// writeBigHome writes bigHome's plugins into home.
func writeBigHome(b testing.TB, home string, n, skills int) {
	b.Helper()
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	registry, toml := `{"version": 2, "plugins": {`, ""
	for i := range n {
		name := fmt.Sprintf("plugin-%03d", i)
		var root string
		switch i % 4 {
		case 0:
			root = filepath.Join(home, ".claude", "plugins", "cache", "market", name, "1.0.0")
			write(filepath.Join(root, ".claude-plugin", "plugin.json"), `{"name": "`+name+`", "version": "1.0.0"}`)
			if i > 0 {
				registry += ","
			}
			registry += fmt.Sprintf(`"%s@market": [{"scope": "user", "installPath": %q, "version": "1.0.0"}]`, name, root)
		case 1:
			root = filepath.Join(home, ".codex", "plugins", "cache", "market", name, "1.0.0")
			write(filepath.Join(root, ".codex-plugin", "plugin.json"), `{"name": "`+name+`"}`)
			toml += fmt.Sprintf("[plugins.\"%s@market\"]\nenabled = true\n", name)
		case 2:
			root = filepath.Join(home, ".copilot", "installed-plugins", "market", name)
			write(filepath.Join(root, "plugin.json"), `{"name": "`+name+`"}`)
		case 3:
			root = filepath.Join(home, ".gemini", "extensions", name)
			write(filepath.Join(root, "gemini-extension.json"), `{"name": "`+name+`", "version": "1.0.0"}`)
		}
		for j := range skills {
			s := fmt.Sprintf("skill-%02d", j)
			write(filepath.Join(root, "skills", s, "SKILL.md"), "---\nname: "+s+"\ndescription: Skill "+s+" of "+name+".\n---\n\n# "+s+"\n")
		}
	}
	write(filepath.Join(home, ".claude", "plugins", "installed_plugins.json"), registry+"}}")
	write(filepath.Join(home, ".codex", "config.toml"), toml)
}

// BenchmarkInstalled lists the installed plugins of a home holding 200 of
// them (2,000 skills).
func BenchmarkInstalled(b *testing.B) {
	home := bigHome(b, 200, 10)
	env := Env{Home: home}
	if got := len(env.InstalledPlugins("").Plugins); got != 200 {
		b.Fatalf("%d plugins, want 200", got)
	}
	b.ResetTimer()
	for range b.N {
		env.InstalledPlugins("")
	}
}

// BenchmarkStartInstalled is a world's start-up (roots, scan, catalogs)
// with a home holding 200 installed plugins and 2,000 skills, and with an
// empty home: the difference is what installed plugins add. "server"
// starts as the language server does; "check" as check does (bodies
// scanned as read and let go, files read ahead).
func BenchmarkStartInstalled(b *testing.B) {
	for _, c := range []struct {
		name    string
		plugins int
	}{{"empty-home", 0}, {"200-plugins", 200}} {
		home := bigHome(b, c.plugins, 10)
		project := b.TempDir()
		for _, check := range []bool{false, true} {
			mode := map[bool]string{false: "server", true: "check"}[check]
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				for range b.N {
					w := NewWorld(Env{Home: home}, []string{project})
					w.ReleaseBodies, w.ReadAhead = check, check
					if check {
						w.BeforeRelease = func(*loader.Skill) {}
						w.readAheadOf() // as a check's walk of the project starts it
					}
					if errs := w.Scan(); len(errs) > 0 {
						b.Fatal(errs)
					}
					if got := len(w.Paths()); got != c.plugins*10 {
						b.Fatalf("%d files, want %d", got, c.plugins*10)
					}
				}
			})
		}
	}
}

// bigHomeDir, when set (go test ./skillcore -run TestWriteBigHome -args
// -bighome DIR), is where TestWriteBigHome leaves a home of 200 installed
// plugins and 2,000 skills, for timing a command against it by hand.
var bigHomeDir = flag.String("bighome", "", "write a home of 200 installed plugins to this folder")

func TestWriteBigHome(t *testing.T) {
	if *bigHomeDir == "" {
		t.Skip("no -bighome folder given")
	}
	writeBigHome(t, *bigHomeDir, 200, 10)
	if got := len(Env{Home: *bigHomeDir}.InstalledPlugins("").Plugins); got != 200 {
		t.Fatalf("%d plugins written, want 200", got)
	}
}
