package loader

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// MaxFileBytes is the largest file skill-ls reads and parses; a larger one
// is told file-too-large and not parsed.
const MaxFileBytes = fsys.MaxFileBytes

// FileName is the name every skill's file has.
const FileName = "SKILL.md"

// Skill is a parsed SKILL.md: where it is, what it says, and what is wrong
// with it as text, before any agent's rules are applied.
type Skill struct {
	Path        string // absolute path of the SKILL.md
	Src         []byte
	BOM         bool
	Frontmatter syntax.Frontmatter
	// Meta is the frontmatter mapping, nil when it is missing or broken.
	Meta *syntax.Value
	// Problems found while parsing; Targets is empty on each (all agents).
	Problems []Problem
	// Vars are the ${CLAUDE_...} references in the file, kept when the
	// body is released.
	Vars []VarRef
	// released is set once the body has been let go (see Release).
	released *releasedText
	// views are the readings of the targets that read the file their own
	// way (Reading.Own).
	views []targetView
}

// Parse reads src as the SKILL.md at path. It never fails: every defect is a
// Problem on the returned Skill.
func Parse(path string, src []byte) *Skill {
	s := parse(path, src)
	s.Vars = skillVars(src)
	s.readViews()
	return s
}

func parse(path string, src []byte) *Skill {
	s := &Skill{Path: path, Src: src}
	if len(src) > MaxFileBytes {
		// Not parsed, as a file this large is not read from disk: an editor
		// buffer and the file saved from it are told the same.
		s.add("file-too-large", syntax.Range{}, fsys.TooLargeMessage(int64(len(src))))
		return s
	}
	s.checkUTF8(src)
	start := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.BOM = true
		start = 3
		s.add("bom", syntax.Range{Start: 0, End: 3}, "a UTF-8 byte-order mark precedes the frontmatter; most loaders then do not find the opening ---")
	}
	fm := syntax.SplitFrontmatter(src, start)
	s.Frontmatter = fm
	switch {
	case !fm.Present:
		first, _ := syntax.LineAt(src, start)
		s.add("frontmatter-missing", first, "the file does not start with a --- line, so no agent finds its name and description")
		return s
	case !fm.Closed:
		s.add("frontmatter-unclosed", fm.Open, "the frontmatter opened here has no closing --- line")
	}
	meta, problems := ParseYAML(src, fm.Content)
	s.Problems = append(s.Problems, problems...)
	if len(problems) > 0 && meta == nil {
		return s
	}
	if meta == nil || meta.Kind != syntax.KindMap {
		r := syntax.Range{Start: fm.Open.Start, End: fm.Open.End}
		what := "empty"
		if meta != nil {
			r, what = meta.Range, "a "+meta.Kind.String()
		}
		s.add("frontmatter-not-mapping", r, fmt.Sprintf("the frontmatter is %s; it must be a mapping of keys to values", what))
		return s
	}
	s.Meta = meta
	s.checkShape(meta, false)
	s.checkTabs()
	return s
}

func (s *Skill) checkUTF8(src []byte) {
	if !utf8.Valid(src) {
		at := firstInvalidUTF8(src)
		s.add("not-utf8", syntax.Range{Start: at, End: at + 1}, fmt.Sprintf("byte 0x%02X at offset %d is not valid UTF-8; agents read SKILL.md as UTF-8", src[at], at))
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
	fm := syntax.SplitFrontmatter(src, start) // the body can decide where a quote closes
	if fm.Close != prev.Frontmatter.Close {
		return Parse(prev.Path, src)
	}
	s := *prev
	s.Src, s.released = src, nil
	s.Vars = skillVars(src)
	s.Frontmatter = fm
	s.Problems = nil
	s.checkUTF8(src)
	for _, p := range prev.Problems {
		if p.Rule != "not-utf8" {
			s.Problems = append(s.Problems, p)
		}
	}
	s.readViews()
	return &s
}

func (s *Skill) add(rule string, r syntax.Range, msg string) {
	s.Problems = append(s.Problems, Problem{Rule: rule, Severity: Error, Range: r, Message: msg})
}

// checkShape reports duplicate keys anywhere in the frontmatter, and the
// flow collections, anchors and tags that strict readers refuse.
func (s *Skill) checkShape(v *syntax.Value, inFlow bool) {
	if v.Style == syntax.StyleFlow && !inFlow && v.Alias == "" { // once for the outermost flow collection, at the anchor
		s.strict(Problem{Rule: "yaml-flow-style", Range: v.Range,
			Message: "flow-style YAML (" + map[syntax.Kind]string{syntax.KindList: "[a, b]", syntax.KindMap: "{a: b}"}[v.Kind] + ") is refused by the reference validator; use block style"})
	}
	if v.Anchor != "" || v.Alias != "" {
		s.strict(Problem{Rule: "yaml-anchor", Range: v.Range,
			Message: "YAML anchors and aliases are refused by the reference validator; write the value out"})
		if v.Alias != "" {
			return // its items and fields are checked at the anchor
		}
	} else if v.Tagged {
		s.strict(Problem{Rule: "yaml-tag", Range: v.Range,
			Message: "explicit YAML tags (!!str, !x) are refused by the reference validator; write the value plain or quoted"})
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
		s.checkShape(f.Value, inFlow || v.Style == syntax.StyleFlow)
	}
	if f := s.misindentedMap(v); f != nil {
		s.strict(Problem{Rule: "yaml-syntax", Range: f.KeyRange,
			Message: fmt.Sprintf("the map under %q is indented differently from the map before it in the same mapping; strictyaml (the reference validator) refuses that", f.Key)})
	}
	for _, it := range v.Items {
		s.checkShape(it, inFlow || v.Style == syntax.StyleFlow)
	}
}

// misindentedMap finds the first entry of v whose value is a block map
// starting at another column than the block maps of the entries before it:
// strictyaml refuses such a mapping ("inconsistent with previous mapping").
func (s *Skill) misindentedMap(v *syntax.Value) *syntax.Field {
	col := -1
	for i := range v.Fields {
		m := v.Fields[i].Value
		if m.Kind != syntax.KindMap || m.Style == syntax.StyleFlow || m.Range.Start < 0 || m.Alias != "" {
			continue
		}
		c := m.Range.Start - (bytes.LastIndexByte(s.Src[:m.Range.Start], '\n') + 1)
		switch {
		case col < 0:
			col = c
		case c != col:
			return &v.Fields[i]
		}
	}
	return nil
}

// checkTabs reports the first tab outside quoted and block scalars and
// comments: strictyaml's scanner (from PyYAML) skips only spaces between
// tokens and ends a plain scalar at a tab, so it refuses `name:\tx`,
// `description: a\tb` and a trailing tab, all of which yaml.v3 reads.
func (s *Skill) checkTabs() {
	content := s.Frontmatter.Content
	if bytes.IndexByte(s.Src[content.Start:content.End], '\t') < 0 {
		return
	}
	var text []syntax.Range // quoted and block scalars, where a tab is text
	var walk func(v *syntax.Value)
	walk = func(v *syntax.Value) {
		if v.Style == syntax.StyleQuoted || v.Style == syntax.StyleBlock {
			text = append(text, v.Range)
		}
		if v.Alias != "" {
			return // walked at the anchor
		}
		for _, f := range v.Fields {
			walk(f.Value)
		}
		for _, it := range v.Items {
			walk(it)
		}
	}
	walk(s.Meta)
	for pos := content.Start; pos < content.End; {
		line, next := syntax.LineAt(s.Src, pos)
		line.End = min(line.End, content.End)
		pos = next
		for i := line.Start; i < line.End; i++ {
			c := s.Src[i]
			inText := slices.ContainsFunc(text, func(r syntax.Range) bool { return r.Start <= i && i < r.End })
			switch {
			case inText:
			case c == '#' && (i == line.Start || s.Src[i-1] == ' ' || s.Src[i-1] == '\t'):
				i = line.End // a comment runs to the end of the line
			case c == '\t':
				s.strict(Problem{Rule: "yaml-syntax", Range: syntax.Range{Start: i, End: i + 1},
					Message: "a tab outside a quoted or block value; strictyaml (the reference validator) takes only spaces between YAML tokens"})
				return
			}
		}
	}
}

// strict adds p as an error of the targets that read YAML with strictyaml.
func (s *Skill) strict(p Problem) {
	p.Severity, p.Targets = Error, strictReaders()
	s.Problems = append(s.Problems, p)
}

// strictReaders lists the targets that read YAML with strictyaml.
func strictReaders() []string {
	var ids []string
	for _, t := range Targets {
		if t.Reading.Strict {
			ids = append(ids, t.ID)
		}
	}
	return ids
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
func (s *Skill) Dir() string { return fsys.DirOf(s.Path) }

// DirName is the name of the skill's directory, which several agents use as
// the skill's name.
func (s *Skill) DirName() string { return filepath.Base(fsys.DirOf(s.Path)) }

// Field returns the top-level frontmatter field with the key, or nil.
func (s *Skill) Field(key string) *syntax.Field { return s.Meta.Field(key) }

// Str returns a top-level field's value when it is a string.
func (s *Skill) Str(key string) (string, bool) {
	f := s.Field(key)
	if f == nil || f.Value.Kind != syntax.KindString {
		return "", false
	}
	return f.Value.Text, true
}

// Body is the Markdown after the frontmatter.
func (s *Skill) Body() syntax.Range { return s.Frontmatter.Body }
