package loader

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// duplicateKey is the first key given twice in one mapping of v.
func DuplicateKey(v *syntax.Value, seen map[*syntax.Value]bool) *syntax.Field {
	if v == nil || seen[v] {
		return nil
	}
	seen[v] = true
	keys := map[string]bool{}
	for i := range v.Fields {
		f := &v.Fields[i]
		if keys[f.Key] {
			return f
		}
		keys[f.Key] = true
		if d := DuplicateKey(f.Value, seen); d != nil {
			return d
		}
	}
	for _, it := range v.Items {
		if d := DuplicateKey(it, seen); d != nil {
			return d
		}
	}
	return nil
}

func HasRule(ps []Problem, rule string) bool {
	for _, p := range ps {
		if p.Rule == rule {
			return true
		}
	}
	return false
}

func Quote(s string) string { return `"` + s + `"` }

// flowTrail reports where text follows a frontmatter written as one flow
// collection ({name: x} junk), which YAML readers refuse.
func FlowTrail(src []byte, meta *syntax.Value, r syntax.Range) (int, bool) {
	if meta == nil || meta.Style != syntax.StyleFlow || meta.Range.End <= r.Start || meta.Range.End > r.End {
		return 0, false
	}
	for _, line := range bytes.Split(src[meta.Range.End:r.End], []byte("\n")) {
		t := bytes.TrimSpace(line)
		if len(t) > 0 && t[0] != '#' {
			return meta.Range.End, true
		}
	}
	return 0, false
}
