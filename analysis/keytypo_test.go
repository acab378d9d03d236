package analysis

import "testing"

// TestKeyTypoSafeFix: a mistyped key whose intended key is unambiguous is
// renamed by the safe fixes (check --fix) wherever it stands, and a second
// pass changes nothing.
func TestKeyTypoSafeFix(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"top", "---\nname: my-skill\ndescription: Does things.\nuser-invokable: true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"first key", "---\nuser-invokable: true\nname: my-skill\ndescription: Does things.\n---\n", "---\nuser-invocable: true\nname: my-skill\ndescription: Does things.\n---\n"},
		{"CRLF", "---\r\nname: my-skill\r\nuser-invokable: true\r\ndescription: Does things.\r\n---\r\n", "---\r\nname: my-skill\r\nuser-invocable: true\r\ndescription: Does things.\r\n---\r\n"},
		{"double-quoted key", "---\nname: my-skill\ndescription: Does things.\n\"user-invokable\": true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"single-quoted key", "---\nname: my-skill\ndescription: Does things.\n'user-invokable': true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"another case", "---\nname: my-skill\ndescription: Does things.\nUser-Invocable: true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"underscore", "---\nname: my-skill\ndescription: Does things.\nuser_invocable: true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"block value after it", "---\nname: my-skill\nuser-invokable: true\ndescription: >\n  Does\n  things.\n---\n# Body\n", "---\nname: my-skill\nuser-invocable: true\ndescription: >\n  Does\n  things.\n---\n# Body\n"},
		{"two typos", "---\nname: my-skill\ndescription: Does things.\nuser-invokable: true\nlicence: MIT\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\nlicense: MIT\n---\n"},
		{"after a comment", "---\nname: my-skill\n# who may call it\nuser-invokable: true # yes\ndescription: Does things.\n---\n", "---\nname: my-skill\n# who may call it\nuser-invocable: true # yes\ndescription: Does things.\n---\n"},
		{"value on the next line", "---\nname: my-skill\nuser-invokable:\n  true\ndescription: Does things.\n---\n", "---\nname: my-skill\nuser-invocable:\n  true\ndescription: Does things.\n---\n"},
		{"space before the colon", "---\nname: my-skill\nuser-invokable : true\ndescription: Does things.\n---\n", "---\nname: my-skill\nuser-invocable : true\ndescription: Does things.\n---\n"},
		{"after a map", "---\nname: my-skill\nmetadata:\n  author: me\nuser-invokable: true\ndescription: Does things.\n---\n", "---\nname: my-skill\nmetadata:\n  author: me\nuser-invocable: true\ndescription: Does things.\n---\n"},
		{"flow mapping", "---\n{name: my-skill, description: Does things., user-invokable: true}\n---\n", "---\n{name: my-skill, description: Does things., user-invocable: true}\n---\n"},
		{"with a BOM", "\ufeff---\nname: my-skill\ndescription: Does things.\nuser-invokable: true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"with a colon in a value", "---\nname: my-skill\ndescription: Use when: asked\nuser-invokable: true\n---\n", "---\nname: my-skill\ndescription: \"Use when: asked\"\nuser-invocable: true\n---\n"},
		{"the right key there too", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\nuser-invokable: true\n---\n", "---\nname: my-skill\ndescription: Does things.\nuser-invocable: true\n---\n"},
		{"the right key there too, first", "---\nuser-invokable: false\nname: my-skill\nuser-invocable: true\ndescription: Does things.\n---\n", "---\nname: my-skill\nuser-invocable: true\ndescription: Does things.\n---\n"},
		{"twice", "---\nname: my-skill\nuser-invokable: true\ndescription: Does things.\nuser-invokable: true\n---\n", "---\nname: my-skill\nuser-invocable: true\ndescription: Does things.\n---\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, file := range []string{mySkill, "proj/.claude/skills/my-skill/SKILL.md", "proj/.github/skills/my-skill/SKILL.md", "proj/.gemini/skills/my-skill/SKILL.md", "proj/.codex/skills/my-skill/SKILL.md", "proj/.opencode/skills/my-skill/SKILL.md", "proj/.qwen/skills/my-skill/SKILL.md", "proj/notes/my-skill/SKILL.md"} {
				tr := newTestTree(t, Config{}, treeFile{path: file, data: c.src})
				path := tr.path(file)
				src := []byte(c.src)
				for pass := 0; pass < 3; pass++ {
					fixes := tr.ws.SafeFixes(path)
					if len(fixes) == 0 {
						break
					}
					src = ApplyEdits(src, fixes)
					tr.ws.Set(path, src)
				}
				if string(src) != c.want {
					t.Errorf("%s: fixed to %q, want %q", file, src, c.want)
				}
			}
		})
	}
}
