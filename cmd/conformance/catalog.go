package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// The catalog comparison: the text an agent puts in front of the model,
// byte for byte, against skill-ls's RenderCatalog for the same layout.
//
//   - codex: the <skills_instructions> item of `codex debug prompt-input`
//     (bundled skills off), tags included, at the default budget of 5,440
//     tokens: a layout with many skills shows the budget at work.
//   - claude-code: the Skill tool's listing, without the agent's own
//     skills, at the budget the run had: the suite's large one (every line
//     whole), or a probe's `env: SLASH_COMMAND_TOOL_CHAR_BUDGET=N`, or the
//     default for `env: SLASH_COMMAND_TOOL_CHAR_BUDGET=` (unset).

// nameOnly stands for the description of a skill the listing shows by
// name only.
const nameOnly = "\x00name only"

// budgetVar sets Claude Code's listing budget.
const budgetVar = "SLASH_COMMAND_TOOL_CHAR_BUDGET"

// budgetFor is the listing budget of a run in the layout: the probe's, ""
// for the agent's default, else the suite's.
func (c claudeAgent) budgetFor(l *layout) string {
	for _, kv := range l.probe.env {
		if k, v, _ := strings.Cut(kv, "="); k == budgetVar {
			return v
		}
	}
	return c.budget
}

// probeEnv is the probe's environment but for the keys named.
func (l *layout) probeEnv(except ...string) []string {
	var out []string
	for _, kv := range l.probe.env {
		if k, _, _ := strings.Cut(kv, "="); !contains(except, k) {
			out = append(out, kv)
		}
	}
	return out
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// claudeCatalog is the listing without the agent's own skills (entries not
// named after a folder of the layout, or that are one of its own as a
// fresh home lists it), up to its end (a blank line), with its lead-in; ""
// when nothing is left.
func claudeCatalog(text string, folders map[string]bool) string {
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	var entries [][]string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "- ") || len(entries) == 0 {
			entries = append(entries, nil)
		}
		entries[len(entries)-1] = append(entries[len(entries)-1], line)
	}
	var kept []string
	for _, e := range entries {
		name, _, _ := strings.Cut(strings.TrimPrefix(e[0], "- "), ": ")
		if entry := strings.Join(e, "\n"); listedFolder(name, folders) && !claudecode.ClaudeOwnSkill(entry) {
			kept = append(kept, entry)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	return listingHead + strings.Join(kept, "\n")
}

// codexCatalog runs `codex debug prompt-input` in the layout, its home's
// .codex as CODEX_HOME and the bundled skills off, and returns the
// <skills_instructions> item, tags included ("" when there is none).
func codexCatalog(ctx context.Context, r *runner, l *layout) (string, error) {
	v := verified("codex")
	env := r.env(l.home, append([]string{"CODEX_HOME=" + filepath.Join(l.home, ".codex")}, l.probeEnv()...)...)
	out, errOut, err := r.run(ctx, l, "codex-prompt", nil, env, r.bin(v.Package, v.Version, "codex"),
		"-c", "skills.bundled.enabled=false", "debug", "prompt-input")
	if err != nil {
		return "", fmt.Errorf("codex debug prompt-input: %v: %s", err, tail(errOut))
	}
	var doc any
	if err := json.Unmarshal(out, &doc); err != nil {
		return "", fmt.Errorf("codex debug prompt-input: %v", err)
	}
	const open, closing = "<skills_instructions>", "</skills_instructions>"
	found := ""
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if i := strings.Index(v, open); i >= 0 && found == "" {
				if j := strings.Index(v[i:], closing); j >= 0 {
					found = v[i : i+j+len(closing)]
				}
			}
		}
	}
	walk(doc)
	return found, nil
}

// catalog is skill-ls's catalog for the agent in the layout, at budget
// (0: the target's own).
func (j *judged) catalog(a agent, budget int) string {
	t := loader.TargetByID(a.id())
	entries := slices.DeleteFunc(j.ws.World.Catalog(t, j.l.cwd), func(e loader.CatalogEntry) bool { return !j.given(a, e) })
	if budget > 0 {
		u := *t
		u.Fit.Limit = budget
		t = &u
	}
	return skillcore.RenderCatalog(t, entries)
}

// compareCatalogs holds the agent's catalog to skill-ls's and says where
// the two first part, with a few lines of each from there.
func compareCatalogs(agentSays, ours string) (string, string, bool) {
	if agentSays == ours {
		return "", "", true
	}
	a, o := strings.Split(agentSays, "\n"), strings.Split(ours, "\n")
	i := 0
	for i < len(a) && i < len(o) && a[i] == o[i] {
		i++
	}
	// Where the first differing lines part, less some context.
	col := 0
	if i < len(a) && i < len(o) {
		for col < len(a[i]) && col < len(o[i]) && a[i][col] == o[i][col] {
			col++
		}
		col = max(0, col-60)
	}
	from := func(lines []string) string {
		if i >= len(lines) {
			return fmt.Sprintf("line %d: (ends; %d lines)", i+1, len(lines))
		}
		end := min(len(lines), i+3)
		text := strings.Join(lines[i:end], "\n")
		if col > 0 {
			text = "…" + strings.ToValidUTF8(text[col:], "")
		}
		return fmt.Sprintf("line %d of %d, col %d: %s", i+1, len(lines), col+1, text)
	}
	return from(a), from(o), false
}
