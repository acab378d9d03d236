package skillcore

import (
	"bytes"
	"fmt"
	"path/filepath"
	"unicode/utf8"
)

// MaxFileBytes is the largest file skill-ls reads and parses; a larger one
// is told file-too-large and not parsed.
const MaxFileBytes = 1 << 20

// FileName is the name every skill's file has.
const FileName = "SKILL.md"

// Skill is a parsed SKILL.md: where it is, what it says, and what is wrong
// with it as text, before any agent's rules are applied.
type Skill struct {
	Path        string // absolute path of the SKILL.md
	Src         []byte
	BOM         bool
	Frontmatter Frontmatter
	// Meta is the frontmatter mapping, nil when it is missing or broken.
	Meta *Value
	// Problems found while parsing; Targets is empty on each (all agents).
	Problems []Problem
	// Vars are the ${CLAUDE_...} references in the file, kept when the
	// body is released.
	Vars []VarRef
	// released is set once the body has been let go (see Release).
	released *releasedText
}

// Parse reads src as the SKILL.md at path. It never fails: every defect is a
// Problem on the returned Skill.
func Parse(path string, src []byte) *Skill {
	s := parse(path, src)
	s.Vars = pluginVars(src)
	return s
}

func parse(path string, src []byte) *Skill {
	s := &Skill{Path: path, Src: src}
	if len(src) > MaxFileBytes {
		// Not parsed, as a file this large is not read from disk: an editor
		// buffer and the file saved from it are told the same.
		s.add("file-too-large", Range{}, tooLargeMessage(int64(len(src))))
		return s
	}
	s.checkUTF8(src)
	start := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.BOM = true
		start = 3
		s.add("bom", Range{0, 3}, "a UTF-8 byte-order mark precedes the frontmatter; most loaders then do not find the opening ---")
	}
	fm := SplitFrontmatter(src, start)
	s.Frontmatter = fm
	switch {
	case !fm.Present:
		first, _ := lineAt(src, start)
		s.add("frontmatter-missing", first, "the file does not start with a --- line, so no agent finds its name and description")
		return s
	case !fm.Closed:
		s.add("frontmatter-unclosed", fm.Open, "the frontmatter opened here has no closing --- line")
	}
	meta, problems := parseYAML(src, fm.Content)
	s.Problems = append(s.Problems, problems...)
	if len(problems) > 0 && meta == nil {
		return s
	}
	if meta == nil || meta.Kind != KindMap {
		r := Range{fm.Open.Start, fm.Open.End}
		what := "empty"
		if meta != nil {
			r, what = meta.Range, "a "+meta.Kind.String()
		}
		s.add("frontmatter-not-mapping", r, fmt.Sprintf("the frontmatter is %s; it must be a mapping of keys to values", what))
		return s
	}
	s.Meta = meta
	s.checkShape(meta, false)
	return s
}

func (s *Skill) checkUTF8(src []byte) {
	if !utf8.Valid(src) {
		at := firstInvalidUTF8(src)
		s.add("not-utf8", Range{at, at + 1}, fmt.Sprintf("byte 0x%02X at offset %d is not valid UTF-8; agents read SKILL.md as UTF-8", src[at], at))
	}
}

// Reparse is Parse(prev.Path, src) for a new version of a file parsed
// before, reusing prev's frontmatter when src keeps it byte for byte, up to
// and with the closing line: a keystroke in the body does not parse the
// YAML again.
func Reparse(prev *Skill, src []byte) *Skill {
	end := prev.Frontmatter.Body.Start
	if !prev.Frontmatter.Closed || end == 0 || prev.Src[end-1] != '\n' || len(src) < end ||
		len(src) > MaxFileBytes || len(prev.Src) > MaxFileBytes || !bytes.Equal(src[:end], prev.Src[:end]) {
		return Parse(prev.Path, src)
	}
	start := 0
	if prev.BOM {
		start = 3
	}
	fm := SplitFrontmatter(src, start) // the body can decide where a quote closes
	if fm.Close != prev.Frontmatter.Close {
		return Parse(prev.Path, src)
	}
	s := *prev
	s.Src, s.released = src, nil
	s.Vars = pluginVars(src)
	s.Frontmatter = fm
	s.Problems = nil
	s.checkUTF8(src)
	for _, p := range prev.Problems {
		if p.Rule != "not-utf8" {
			s.Problems = append(s.Problems, p)
		}
	}
	return &s
}

func (s *Skill) add(rule string, r Range, msg string) {
	s.Problems = append(s.Problems, Problem{Rule: rule, Severity: Error, Range: r, Message: msg})
}

// checkShape reports duplicate keys, flow collections and anchors anywhere
// in the frontmatter.
func (s *Skill) checkShape(v *Value, inFlow bool) {
	if v.Style == StyleFlow && !inFlow { // once for the outermost flow collection
		s.Problems = append(s.Problems, Problem{Rule: "yaml-flow-style", Severity: Error, Range: v.Range,
			Targets: []string{"agentskills"},
			Message: "flow-style YAML (" + map[Kind]string{KindList: "[a, b]", KindMap: "{a: b}"}[v.Kind] + ") is refused by the reference validator; use block style"})
	}
	if v.Anchor != "" || v.Kind == KindAlias {
		s.Problems = append(s.Problems, Problem{Rule: "yaml-anchor", Severity: Error, Range: v.Range,
			Targets: []string{"agentskills"},
			Message: "YAML anchors and aliases are refused by the reference validator; write the value out"})
	}
	seen := make(map[string]int, len(v.Fields))
	for i, f := range v.Fields {
		if j, dup := seen[f.Key]; dup {
			s.Problems = append(s.Problems, Problem{Rule: "yaml-duplicate-key", Severity: Error, Range: f.KeyRange,
				Message: fmt.Sprintf("key %q is given twice; loaders disagree on which one counts", f.Key),
				Related: []Related{{Path: s.Path, Range: v.Fields[j].KeyRange, Message: "first given here"}}})
		} else {
			seen[f.Key] = i
		}
		s.checkShape(f.Value, inFlow || v.Style == StyleFlow)
	}
	for _, it := range v.Items {
		s.checkShape(it, inFlow || v.Style == StyleFlow)
	}
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// Dir is the skill's directory.
func (s *Skill) Dir() string { return filepath.Dir(s.Path) }

// DirName is the name of the skill's directory, which several agents use as
// the skill's name.
func (s *Skill) DirName() string { return filepath.Base(filepath.Dir(s.Path)) }

// Field returns the top-level frontmatter field with the key, or nil.
func (s *Skill) Field(key string) *Field { return s.Meta.Field(key) }

// Str returns a top-level field's value when it is a string.
func (s *Skill) Str(key string) (string, bool) {
	f := s.Field(key)
	if f == nil || f.Value.Kind != KindString {
		return "", false
	}
	return f.Value.Text, true
}

// Body is the Markdown after the frontmatter.
func (s *Skill) Body() Range { return s.Frontmatter.Body }
