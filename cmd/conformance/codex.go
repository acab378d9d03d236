package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// codexAgent asks Codex through its app server (JSON-RPC, a message a line
// on stdio): `skills/list` returns the skills it loaded for a folder and
// each file it refused with the error. Its bundled skills are turned off.
type codexAgent struct{}

func (codexAgent) id() string       { return "codex" }
func (codexAgent) listing() listing { return listing{Duplicates: true, Hidden: true} }

func (codexAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	v := verified("codex")
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.bin(v.Package, v.Version, "codex"), "-c", "skills.bundled.enabled=false", "app-server")
	cmd.Dir = l.cwd
	cmd.Env = r.env(l.home)
	cmd.WaitDelay = 5 * time.Second
	in, err := cmd.StdinPipe()
	if err != nil {
		return answer{Err: err}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return answer{Err: err}
	}
	if err := cmd.Start(); err != nil {
		return answer{Err: err}
	}
	defer func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }()
	send := func(v any) {
		b, _ := json.Marshal(v)
		in.Write(append(b, '\n'))
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"clientInfo": map[string]string{"name": "skill-ls-conformance", "version": "1"}}})
	send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "skills/list", "params": map[string]any{"cwds": []string{l.cwd}, "forceReload": true}})
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		var msg struct {
			ID     *int `json:"id"`
			Result *struct {
				Data []struct {
					Skills []struct {
						Name, Description, Path string
					}
					Errors []struct {
						Path    string
						Message string
					}
				}
			}
			Error *struct{ Message string }
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil || msg.ID == nil || *msg.ID != 2 {
			continue
		}
		if msg.Error != nil {
			return answer{Err: fmt.Errorf("codex skills/list: %s", msg.Error.Message)}
		}
		var a answer
		for _, d := range msg.Result.Data {
			for _, s := range d.Skills {
				if l.inside(s.Path) {
					a.Loaded = append(a.Loaded, seen{Key: s.Path, Name: s.Name, Description: s.Description})
				}
			}
			for _, e := range d.Errors {
				a.Refused = append(a.Refused, refusal{Path: e.Path, Reason: strings.TrimSpace(e.Message)})
			}
		}
		cat, err := codexCatalog(ctx, r, l) // catalog.go
		if err != nil {
			return answer{Err: err}
		}
		a.Catalog = &cat
		return a
	}
	return answer{Err: fmt.Errorf("codex: no answer to skills/list (%v)", ctx.Err())}
}
