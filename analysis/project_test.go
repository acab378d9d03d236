package analysis

import (
	"testing"
)

// TestProjectConfig holds the layers to their order: the file, then the
// settings laid over it key by key (rules rule by rule), and its ignore
// patterns silence a file without taking it out of the world.
func TestProjectConfig(t *testing.T) {
	config := "rules:\n  body-too-long: off\n  name-dir-mismatch: info\n  description-missing: warning\nignore: [\".agents/skills/ignored/\"]\n"
	long := "---\nname: other\ndescription: Does things.\n---\n" + repeatLine(600)
	files := []treeFile{
		{path: "proj/.skill-ls.yaml", data: config},
		{path: "proj/.agents/skills/my-skill/SKILL.md", data: long},
		{path: "proj/.agents/skills/ignored/SKILL.md", data: "---\nname: other\n---\n"},
	}
	tests := []struct {
		name  string
		rules map[string]string // the settings laid over the file
		want  map[string]string // rule -> severity on my-skill; "" absent
	}{
		{"the file alone", nil, map[string]string{"body-too-long": "", "name-dir-mismatch": "info", "name-duplicate": "warning"}},
		{"settings over the file", map[string]string{"body-too-long": "error", "name-duplicate": "off"},
			map[string]string{"body-too-long": "error", "name-dir-mismatch": "info", "name-duplicate": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := newTestTree(t, Config{Rules: tt.rules}, files...)
			got := map[string]string{}
			for _, f := range tr.ws.Findings(tr.path(mySkill)) {
				got[f.Rule] = f.Severity.String()
			}
			for rule, want := range tt.want {
				if got[rule] != want {
					t.Errorf("%s: %q, want %q (all: %v)", rule, got[rule], want, got)
				}
			}
			ignored := tr.path("proj/.agents/skills/ignored/SKILL.md")
			if fs := tr.ws.Findings(ignored); len(fs) != 0 {
				t.Errorf("an ignored file has findings: %v", fs)
			}
			if fs, _ := tr.ws.FindingsOf([]string{ignored, tr.path(mySkill)}); len(fs[0]) != 0 || len(fs[1]) == 0 {
				t.Errorf("FindingsOf: %v", fs)
			}
		})
	}
}

func repeatLine(n int) string {
	out := make([]byte, 0, n*5)
	for range n {
		out = append(out, "line\n"...)
	}
	return string(out)
}
