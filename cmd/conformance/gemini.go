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
	trust, _ := json.Marshal(map[string]string{l.cwd: "TRUST_FOLDER"})
	if err := os.MkdirAll(filepath.Join(l.home, ".gemini"), 0o755); err != nil {
		return answer{Err: err}
	}
	if err := os.WriteFile(filepath.Join(l.home, ".gemini", "trustedFolders.json"), trust, 0o644); err != nil {
		return answer{Err: err}
	}
	defer os.RemoveAll(filepath.Join(l.home, ".gemini"))
	out, errOut, err := r.run(ctx, l, "gemini", nil, r.env(l.home), r.bin(v.Package, v.Version, "gemini"), "skills", "list", "--all")
	if err != nil {
		return answer{Err: fmt.Errorf("gemini: %v: %s", err, tail(errOut))}
	}
	return answer{Loaded: parseGemini(l, out)}
}

// parseGemini reads the blocks of `gemini skills list`. A description may
// run over several lines: everything up to the Location line is its text.
func parseGemini(l *layout, out []byte) []seen {
	var list []seen
	var cur *seen
	var desc []string
	inDesc := false
	flush := func(loc string) {
		if cur != nil && l.inside(loc) {
			cur.Key = loc
			cur.Description = strings.Join(desc, "\n")
			list = append(list, *cur)
		}
		cur, desc, inDesc = nil, nil, false
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "  Location:"):
			flush(strings.TrimSpace(strings.TrimPrefix(line, "  Location:")))
		case strings.HasPrefix(line, "  Description: ") && cur != nil && !inDesc:
			inDesc = true
			desc = append(desc, strings.TrimPrefix(line, "  Description: "))
		case inDesc:
			desc = append(desc, line)
		case strings.HasSuffix(line, "]") && strings.Contains(line, " ["):
			name := line[:strings.Index(line, " [")]
			cur = &seen{Name: name}
		}
	}
	return list
}
