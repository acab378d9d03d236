package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
)

// openCodeAgent asks OpenCode: `opencode debug skill` prints every skill it
// loads (Skill.all(), a description-less one too) as a JSON array of
// {name, description, location, content}, its own customize-opencode
// among them (location "<built-in>"). It drops a file it cannot read
// silently: a skill it does not list is refused.
type openCodeAgent struct{}

func (openCodeAgent) id() string       { return "opencode" }
func (openCodeAgent) binName() string  { return "opencode" }
func (openCodeAgent) listing() listing { return listing{Hidden: true} }

func (openCodeAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	v := verified("opencode")
	env := r.env(l.home, "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1")
	out, errOut, err := r.run(ctx, l, "opencode", nil, env, r.bin(v.Package, v.Version, "opencode"), "debug", "skill")
	if err != nil {
		return answer{Err: fmt.Errorf("opencode: %v: %s", err, tail(errOut))}
	}
	var list []struct {
		Name        string  `json:"name"`
		Description *string `json:"description"`
		Location    string  `json:"location"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		return answer{Err: fmt.Errorf("opencode: its listing is not JSON: %v: %s", err, tail(out))}
	}
	var loaded []seen
	for _, s := range list {
		if !filepath.IsAbs(s.Location) || !l.inside(s.Location) {
			continue // its own skill
		}
		d := ""
		if s.Description != nil {
			d = *s.Description
		}
		loaded = append(loaded, seen{Key: s.Location, Name: s.Name, Description: d})
	}
	return answer{Loaded: loaded}
}
