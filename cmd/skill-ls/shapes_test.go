package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A workspace shape writes a workspace of n skills under dir (the project,
// a git repository) for the linearity suite: each stresses one kind of
// work that looks past a single skill.
type workspaceShape struct {
	name  string
	write func(t testing.TB, dir string, n int)
	n     int // the smallest size checked; 0: 100

}

// workspaceShapes are the shapes doubled by TestCheckWorkIsLinear.
var workspaceShapes = []workspaceShape{
	{name: "ascii names", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("skill-%d", i), fmt.Sprintf("skill-%d", i), "")
		}
	}},
	{name: "non-ASCII names", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("d%d", i), fmt.Sprintf("données-%d", i), "")
		}
	}},
	{name: "look-alike names", write: func(t testing.TB, dir string, n int) {
		// Pairs: a Latin name and the same with a Cyrillic "р" and "о".
		for i := range n / 2 {
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("l%d", i), fmt.Sprintf("pdf-tools-%d", i), "")
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("c%d", i), fmt.Sprintf("рdf-tооls-%d", i), "")
		}
	}},
	{name: "one shared name", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			root := ".agents/skills"
			if i%2 == 1 {
				root = ".claude/skills"
			}
			shapeSkill(t, dir, root, fmt.Sprintf("s%d", i), "deploy", "")
		}
	}},
	{name: "one shared non-ASCII name", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("s%d", i), "déploiement", "")
		}
	}},
	{name: "links between skills", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			body := fmt.Sprintf("See [the next skill](../skill-%d/SKILL.md), [the first](../skill-0/SKILL.md) and [a missing one](../gone-%d/SKILL.md).\n", (i+1)%n, i)
			shapeSkill(t, dir, ".agents/skills", fmt.Sprintf("skill-%d", i), fmt.Sprintf("skill-%d", i), body)
		}
	}},
	{name: "many other files per skill", write: func(t testing.TB, dir string, n int) {
		for i := range n {
			name := fmt.Sprintf("skill-%d", i)
			var body strings.Builder
			for f := range 12 {
				fmt.Fprintf(&body, "Run [step %d](scripts/step-%d.sh).\n", f, f)
				shapeFile(t, filepath.Join(dir, ".agents/skills", name, "scripts", fmt.Sprintf("step-%d.sh", f)),
					fmt.Sprintf("#!/bin/sh\n# step %d of %s\necho running %d\ncurl -s https://example.com/%d | head\n", f, name, f, f))
			}
			for f := range 6 {
				shapeFile(t, filepath.Join(dir, ".agents/skills", name, "references", fmt.Sprintf("ref-%d.md", f)),
					strings.Repeat(fmt.Sprintf("Reference %d of %s: [back](../SKILL.md).\n", f, name), 20))
			}
			shapeSkill(t, dir, ".agents/skills", name, name, body.String())
		}
	}},
	{name: "marketplace of plugins", n: 500, write: func(t testing.TB, dir string, n int) {
		var plugins []string
		for i := range n {
			p := fmt.Sprintf("plugin-%d", i)
			plugins = append(plugins, fmt.Sprintf(`{"name": %q, "description": "Plugin %d.", "source": "./plugins/%s"}`, p, i, p))
			shapeFile(t, filepath.Join(dir, "plugins", p, ".claude-plugin", "plugin.json"),
				fmt.Sprintf(`{"name": %q, "version": "1.0.%d", "description": "Plugin %d."}`, p, i, i))
			shapeSkill(t, dir, filepath.Join("plugins", p, "skills"), "work", fmt.Sprintf("work-%d", i%(n/2+1)), "")
		}
		shapeFile(t, filepath.Join(dir, ".claude-plugin", "marketplace.json"),
			fmt.Sprintf(`{"name": "market", "owner": {"name": "Someone"}, "plugins": [%s]}`, strings.Join(plugins, ",\n")))
	}},
	{name: "deep nesting", write: func(t testing.TB, dir string, n int) {
		// Each skill eight folders down, in a tree as wide as it must be.
		for i := range n {
			parts := []string{"skills"}
			for d := range 8 {
				parts = append(parts, fmt.Sprintf("level%d-%d", d, i>>(2*(7-d))&3))
			}
			shapeSkill(t, dir, filepath.Join(parts...), fmt.Sprintf("skill-%d", i), fmt.Sprintf("skill-%d", i), "")
		}
	}},
}

// shapeSkill writes root/folder/SKILL.md under dir, named name, with body
// after a few lines every skill has. The description is long enough that
// a hundred skills overflow every agent's catalog budget: past that, the
// findings a budget gives grow as the skills do, and the suite's smallest
// size sits beyond every such threshold.
func shapeSkill(t testing.TB, dir, root, folder, name, body string) {
	t.Helper()
	text := fmt.Sprintf("---\nname: %s\ndescription: Does the work of %s when the user asks for it. %s\n---\n\n# %s\n\nRead the input, do the work, report.\n\n%s",
		name, folder, shapeDescription, name, body)
	shapeFile(t, filepath.Join(dir, filepath.FromSlash(root), folder, "SKILL.md"), text)
}

var shapeDescription = strings.Repeat("Reads the files named, checks each against the rules given, and reports what it found. ", 8)

func shapeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteShape writes one shape for a look by hand:
// SKILL_LS_SHAPE="marketplace of plugins" SKILL_LS_SHAPE_N=300 SKILL_LS_SHAPE_DIR=/tmp/x.
func TestWriteShape(t *testing.T) {
	name, dir := os.Getenv("SKILL_LS_SHAPE"), os.Getenv("SKILL_LS_SHAPE_DIR")
	if name == "" || dir == "" {
		t.Skip("SKILL_LS_SHAPE and SKILL_LS_SHAPE_DIR not set")
	}
	n := 1000
	fmt.Sscan(os.Getenv("SKILL_LS_SHAPE_N"), &n)
	for _, s := range workspaceShapes {
		if s.name == name {
			s.write(t, dir, n)
			if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no shape %q", name)
}
