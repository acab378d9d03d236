package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (t *tools) addCheck(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "check", Annotations: readOnly("Check skills"),
		Description: "Judge SKILL.md files and package manifests as the agents will: findings with rule, severity, range and fixes; the agents that load each file and under which names. `skill-ls check --format json`'s report, with at most limit findings (errors first) and the rest counted."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in CheckInput) (*mcp.CallToolResult, any, error) {
			files, err := in.files(t.roots)
			if err == nil {
				err = targetsOf(in.Targets)
			}
			if err != nil {
				return nil, nil, err
			}
			limit, err := in.limit()
			if err != nil {
				return nil, nil, err
			}
			return t.call(func() (any, error) { return t.b.Check(ctx, files, in.Targets, limit) })
		})
}

func (t *tools) addResolve(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "resolve", Annotations: readOnly("Resolve a skill"),
		Description: "For a skill name or a SKILL.md path: each agent that loads it and the name it gets there, whether it is listed in the agent's catalog (or hidden, or dropped for the budget), the other skills it collides with or is hidden by, and its catalog entry per agent."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in ResolveInput) (*mcp.CallToolResult, any, error) {
			if (in.Name == "") == (in.Path == "") {
				return nil, nil, errors.New("give a skill's name or its path, one of the two")
			}
			project, err := t.roots.projectOf(in.Project)
			path := ""
			if err == nil && in.Path != "" {
				path, err = t.roots.Inside(in.Path)
			}
			if err != nil {
				return nil, nil, err
			}
			return t.call(func() (any, error) { return t.b.Resolve(ctx, project, strings.TrimSpace(in.Name), path) })
		})
}

func (t *tools) addCatalog(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "catalog", Annotations: readOnly("Agents' skill catalogs"),
		Description: "Per agent, the skills it lists for the model in the project and its budget status (what the listing spends of the agent's limit, and the skills dropped for it); with a target, also that agent's listing text byte for byte, as `skill-ls catalog --target` prints it."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in CatalogInput) (*mcp.CallToolResult, any, error) {
			project, err := t.roots.projectOf(in.Project)
			if err == nil && in.Target != "" {
				err = targetsOf([]string{in.Target})
			}
			if err != nil {
				return nil, nil, err
			}
			return t.call(func() (any, error) { return t.b.Catalog(ctx, project, in.Target) })
		})
}

func (t *tools) addExplain(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "explain", Annotations: readOnly("Explain a rule"),
		Description: "A rule's documentation and an example of what it flags; with no rule, every rule and every target (agent) id."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in ExplainInput) (*mcp.CallToolResult, any, error) {
			rule := strings.TrimSpace(in.Rule)
			if err := ruleOf(rule); err != nil {
				return nil, nil, err
			}
			return t.call(func() (any, error) { return t.b.Explain(ctx, rule) })
		})
}

func (t *tools) addFix(s *mcp.Server) {
	closed, destructive := false, true
	mcp.AddTool(s, &mcp.Tool{Name: "fix",
		Annotations: &mcp.ToolAnnotations{Title: "Apply safe fixes", IdempotentHint: true, DestructiveHint: &destructive, OpenWorldHint: &closed},
		Description: "The safe fixes (those that cannot change meaning: quoting, a BOM, key typos, allowed-tools form) as a unified diff. Writes nothing unless write is true; then the files are replaced atomically."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in FixInput) (*mcp.CallToolResult, FixOutput, error) {
			files, err := in.files(t.roots)
			if err == nil && in.Write && in.Text != nil {
				err = errors.New("write applies to files on disk; with text, the diff is the answer")
			}
			if err != nil {
				return nil, FixOutput{}, err
			}
			t.mu.Lock()
			defer t.mu.Unlock()
			fixed, err := t.b.Fix(ctx, files)
			if err != nil {
				return nil, FixOutput{}, err
			}
			return t.fixOutput(fixed, in.Write)
		})
}

// fixOutput is fix's answer, the files written first when write is set.
// A file that is, through its links, outside the roots (a skill folder
// linked from elsewhere) is left alone and named.
func (t *tools) fixOutput(fixed []Fixed, write bool) (*mcp.CallToolResult, FixOutput, error) {
	out := FixOutput{Files: []FixedOut{}, Outside: []string{}}
	var diff strings.Builder
	for _, f := range sortedFixes(fixed) {
		if _, err := t.roots.Inside(f.Path); err != nil {
			out.Outside = append(out.Outside, f.Path)
			continue
		}
		if write {
			if err := t.b.Write(f.Path, f.New); err != nil {
				return nil, FixOutput{}, fmt.Errorf("fixing %s: %w", f.Path, err)
			}
			out.Written = true
		}
		diff.WriteString(Unified(f.Path, f.Old, f.New))
		out.Files = append(out.Files, FixedOut{Path: f.Path, Fixes: nonNil(f.Titles)})
	}
	out.Diff = diff.String()
	return nil, out, nil
}

// call runs one judging call at a time.
func (t *tools) call(f func() (any, error)) (*mcp.CallToolResult, any, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out, err := f()
	return nil, out, err
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}
