package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// generateWorkspace writes a project of n skills under dir/proj and a few
// global ones under dir/home: realistic sizes (1–8 KiB), most valid, some
// broken in the ways authors break them, a few duplicate names. It returns
// the project directory and the home directory.
func generateWorkspace(dir string, n int, seed uint64) (project, home string, err error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	project, home = filepath.Join(dir, "proj"), filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		return "", "", err
	}
	for i := 0; i < n; i++ {
		dir := generatedSkillDir(project, i)
		text, files := generateSkill(rng, filepath.Base(dir), i)
		if err := writeSkill(dir, text, files); err != nil {
			return "", "", err
		}
	}
	for i := 0; i < 5 && i < n; i++ {
		name := fmt.Sprintf("skill-%05d", i*7)
		text, files := generateSkill(rng, name, 0)
		if err := writeSkill(filepath.Join(home, ".agents", "skills", name), text, files); err != nil {
			return "", "", err
		}
	}
	return project, home, nil
}

// generatedSkillDir is the folder of the i-th skill of a generated
// workspace: one in ten under .claude/skills, the rest under
// .agents/skills.
func generatedSkillDir(project string, i int) string {
	root := filepath.Join(project, ".agents", "skills")
	if i%10 == 9 {
		root = filepath.Join(project, ".claude", "skills")
	}
	return filepath.Join(root, fmt.Sprintf("skill-%05d", i))
}

// writeSkill writes a skill's folder: its SKILL.md and the files it links
// to, each a line long.
func writeSkill(dir, text string, files []string) error {
	for _, f := range append([]string{"SKILL.md"}, files...) {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		data := "# " + f + "\n"
		if f == "SKILL.md" {
			data = text
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

var benchWords = strings.Fields(`extract analyse deploy review test document format validate
	migrate release summarise search index refactor profile benchmark configure
	pdf tables forms charts logs traces metrics schema queries tokens commits
	the a with from into when user asks for files data service project changes`)

func sentence(rng *rand.Rand, words int) string {
	var b strings.Builder
	for i := 0; i < words; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(benchWords[rng.IntN(len(benchWords))])
	}
	return b.String()
}

// generateSkill writes one SKILL.md and lists the files it links to, which
// a skill ships with. Every twentieth is broken in one of a few common ways;
// one of those ways is a link to a file that is not there.
func generateSkill(rng *rand.Rand, name string, i int) (string, []string) {
	desc := sentence(rng, 12+rng.IntN(30)) + ". Use when the user asks to " + sentence(rng, 6) + "."
	fm := fmt.Sprintf("---\nname: %s\ndescription: %s\nlicense: MIT\n", name, desc)
	switch {
	case i%20 == 3:
		fm = fmt.Sprintf("---\nname: %s\ndescription: Use when: %s\n", name, desc) // colon breaks YAML
	case i%20 == 7:
		fm = fmt.Sprintf("---\nname: %s_Bad\ndescription: %s\n", strings.ToUpper(name[:1])+name[1:], desc)
	case i%20 == 11:
		fm = fmt.Sprintf("---\nname: %s\ndescription: %s\nuser-invokable: true\nallowed-tools:\n  - Read\n  - Grep\n", name, desc)
	case i%20 == 13:
		fm = fmt.Sprintf("---\nname: skill-%05d\ndescription: %s\n", i-1, desc) // duplicate of its neighbour
	}
	var b strings.Builder
	b.WriteString(fm)
	b.WriteString("---\n\n# " + name + "\n\n")
	size := 1024 + rng.IntN(7*1024)
	var files []string
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "## Step %d\n\n%s.\n\n", sec, sentence(rng, 40))
		if sec%3 == 0 {
			fmt.Fprintf(&b, "```sh\npython scripts/run_%d.py --input data.csv\n```\n\n", sec)
		}
		if sec%4 == 0 {
			fmt.Fprintf(&b, "See [the reference](references/step-%d.md) for details.\n\n", sec)
			files = append(files, fmt.Sprintf("references/step-%d.md", sec))
		}
	}
	if i%20 == 17 {
		b.WriteString("Read [the old guide](references/removed.md) first.\n") // a link left dangling
	}
	return b.String(), files
}
