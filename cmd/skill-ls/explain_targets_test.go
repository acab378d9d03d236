package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// explainedTargets runs explain --targets --format json, as the editor
// integrations do, and decodes it.
func explainedTargets(t *testing.T) []targetInfo {
	t.Helper()
	code, out, errs := runCmd("explain", "--targets", "--format", "json")
	if code != exitOK || errs != "" {
		t.Fatalf("explain --targets --format json: exit %d, stderr %q", code, errs)
	}
	var doc struct {
		Targets []targetInfo `json:"targets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("explain --targets --format json: %v\n%s", err, out)
	}
	return doc.Targets
}

func targetIDs(infos []targetInfo) []string {
	ids := make([]string, len(infos))
	for i, ti := range infos {
		ids[i] = ti.ID
	}
	return ids
}

func TestExplainTargetsJSON(t *testing.T) {
	infos := explainedTargets(t)
	if got, want := targetIDs(infos), loader.TargetIDs(); !slices.Equal(got, want) {
		t.Fatalf("ids %v, want skillcore's %v", got, want)
	}
	for _, ti := range infos {
		tg := loader.TargetByID(ti.ID)
		if ti.Title != tg.Title || ti.Verified != tg.Verified.String() || ti.UploadOnly != tg.UploadOnly {
			t.Errorf("%s: %+v, want title %q, verified %q, uploadOnly %v", ti.ID, ti, tg.Title, tg.Verified, tg.UploadOnly)
		}
		if ti.UploadOnly != (len(ti.ProjectRoots) == 0) {
			t.Errorf("%s: uploadOnly %v with project roots %v", ti.ID, ti.UploadOnly, ti.ProjectRoots)
		}
	}
	// Never null: an editor reads an empty list.
	_, out, _ := runCmd("explain", "--targets", "--format", "json")
	if strings.Contains(out, "null") {
		t.Errorf("null in\n%s", out)
	}
	codex := infos[slices.Index(targetIDs(infos), "codex")]
	if !slices.Equal(codex.ProjectRoots, []string{".codex/skills", ".agents/skills"}) {
		t.Errorf("codex project roots %v, want its two project folders and none of its global ones", codex.ProjectRoots)
	}
}

func TestExplainTargetsText(t *testing.T) {
	code, out, errs := runCmd("explain", "--targets")
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(loader.Targets) {
		t.Fatalf("%d lines for %d targets:\n%s", len(lines), len(loader.Targets), out)
	}
	for i, tg := range loader.Targets {
		if f := strings.Fields(lines[i]); f[0] != tg.ID || !strings.HasSuffix(lines[i], " "+tg.Verified.String()) {
			t.Errorf("line %q, want %s and %s", lines[i], tg.ID, tg.Verified)
		}
	}
	// explain alone lists the same lines after the rules.
	_, all, _ := runCmd("explain")
	if !strings.HasSuffix(all, "verified against:\n"+out) {
		t.Errorf("explain alone does not end with the targets:\n%s", all)
	}
}

func TestExplainTargetsUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"explain", "--targets", "--format", "jsn"}, `unknown format "jsn"; did you mean "json"?`},
		{[]string{"explain", "--targets", "zed"}, `unexpected argument "zed"`},
		{[]string{"explain", "--format", "json", "bom"}, "--format json is for --targets"},
		{[]string{"explain", "--targets", "--all"}, "--all is for rules"},
	} {
		code, out, errs := runCmd(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.err) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q on one line", c.args, code, out, errs, c.err)
		}
	}
}
