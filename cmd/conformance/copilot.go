package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// copilotAgent asks Copilot CLI: `copilot skill list --json` lists the
// loaded skills' folders; refusals are on standard error, one
// "  • path: reason" line each after "The following skills failed to load:".
type copilotAgent struct{}

func (copilotAgent) id() string       { return "copilot" }
func (copilotAgent) listing() listing { return listing{Hidden: true, Folder: true} }

func (copilotAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	v := verified("copilot")
	out, errOut, err := r.run(ctx, l, "copilot", nil, r.env(l.home), r.bin(v.Package, v.Version, "copilot"), "skill", "list", "--json")
	if err != nil {
		return answer{Err: fmt.Errorf("copilot: %v: %s", err, tail(errOut))}
	}
	var list []struct {
		Name, Description, Source, Path string
	}
	if err := json.Unmarshal(out, &list); err != nil {
		return answer{Err: fmt.Errorf("copilot: %v: %s", err, tail(out))}
	}
	var a answer
	for _, s := range list {
		p := filepath.Join(s.Path, "SKILL.md")
		if s.Source == "builtin" || !l.inside(p) {
			continue
		}
		a.Loaded = append(a.Loaded, seen{Key: p, Name: s.Name, Description: s.Description})
	}
	a.Refused = copilotRefusals(l, errOut)
	cat, err := copilotCatalog(ctx, r, l) // catalog_copilot.go
	if err != nil {
		return answer{Err: err}
	}
	a.Catalog = &cat
	return a
}

func copilotRefusals(l *layout, stderr []byte) []refusal {
	var out []refusal
	on := false
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "following skills failed to load") {
			on = true
			continue
		}
		if !on {
			continue
		}
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "•"))
		path, reason, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		if !filepath.IsAbs(path) {
			path = filepath.Join(l.project, path)
		}
		out = append(out, refusal{Path: path, Reason: reason})
	}
	return out
}

// tail is the end of an agent's output, for an error message.
func tail(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 400 {
		s = "…" + s[len(s)-400:]
	}
	return s
}
