package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// geminiAgent asks Gemini CLI: `gemini skills list --all` in a folder the
// home trusts prints "NAME [Enabled]", "  Description: …", "  Location: …"
// blocks. It refuses silently: a skill it does not list is refused.
type geminiAgent struct{}

func (geminiAgent) id() string       { return "gemini" }
func (geminiAgent) listing() listing { return listing{Hidden: true} }

func (geminiAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	v := verified("gemini")
	defer cleanGeminiHome(l.home)() // catalog_gemini.go
	trust, _ := json.Marshal(map[string]string{l.cwd: "TRUST_FOLDER"})
	if err := os.MkdirAll(filepath.Join(l.home, ".gemini"), 0o755); err != nil {
		return answer{Err: err}
	}
	if err := os.WriteFile(filepath.Join(l.home, ".gemini", "trustedFolders.json"), trust, 0o644); err != nil {
		return answer{Err: err}
	}
	out, errOut, err := r.run(ctx, l, "gemini", nil, r.env(l.home), r.bin(v.Package, v.Version, "gemini"), "skills", "list", "--all")
	if err != nil {
		return answer{Err: fmt.Errorf("gemini: %v: %s", err, tail(errOut))}
	}
	a := answer{Loaded: parseGemini(l, out)}
	cat, err := geminiCatalog(ctx, r, l) // catalog_gemini.go
	if err != nil {
		return answer{Err: err}
	}
	a.Catalog = &cat
	return a
}

// parseGemini reads the blocks of `gemini skills list` (handleList2 in
// bundle gemini-3HFX2LNT.js): "Discovered Agent Skills:" and a blank line,
// then per skill "NAME [Enabled]" (or [Disabled], then " [Built-in]"),
// "  Description: DESC", "  Location:    PATH" and a blank line. Name and
// description are printed raw, so either may run over several lines: the
// name is every line up to its status, the description every line up to
// the Location line.
func parseGemini(l *layout, out []byte) []seen {
	var list []seen
	var name, desc []string
	const (
		header = iota
		naming
		describing
	)
	state, blank := header, false // blank: the separator line comes next
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch state {
		case header:
			if line == "Discovered Agent Skills:" {
				state, blank = naming, true
			}
		case naming:
			if blank {
				if blank = false; line == "" {
					continue
				}
			}
			if n, ok := geminiStatus(line); ok {
				name, desc, state = append(name, n), nil, describing
				continue
			}
			name = append(name, line)
		case describing:
			if loc, ok := strings.CutPrefix(line, "  Location:"); ok {
				if loc = strings.TrimSpace(loc); l.inside(loc) {
					list = append(list, seen{Key: loc, Name: strings.Join(name, "\n"), Description: strings.Join(desc, "\n")})
				}
				name, state, blank = nil, naming, true
				continue
			}
			if d, ok := strings.CutPrefix(line, "  Description: "); ok && desc == nil {
				line = d
			}
			desc = append(desc, line)
		}
	}
	return list
}

// geminiStatus is the line without the status `skills list` prints after a
// name, if it ends with one.
func geminiStatus(line string) (string, bool) {
	line = strings.TrimSuffix(line, " [Built-in]")
	for _, st := range []string{" [Enabled]", " [Disabled]"} {
		if n, ok := strings.CutSuffix(line, st); ok {
			return n, true
		}
	}
	return "", false
}
