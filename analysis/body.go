package analysis

import (
	"bytes"
	"net/url"
	"path"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/skill-ls/skill-ls/skillcore"
)

// Body is what the Markdown after the frontmatter holds, collected in one
// walk for every feature that needs it. Ranges are offsets in the file.
type Body struct {
	Headings []Heading
	Links    []Link
	Fences   []Range // fenced and indented code blocks
	Lines    int
}

// Heading is a Markdown heading.
type Heading struct {
	Level int
	Text  string
	Range Range // the heading's line
}

// Link is a relative path the body points at: a link or image destination,
// or a code span naming one of the skill's files.
type Link struct {
	Target string // as written, without a #fragment
	Range  Range  // of the path as written
	InCode bool   // from a code span rather than a link
}

var markdown = goldmark.New()

// ScanBody walks the skill's body once.
func ScanBody(s *skillcore.Skill) *Body {
	r := s.Body()
	src := s.Src[r.Start:r.End]
	b := &Body{Lines: bytes.Count(src, []byte("\n"))}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		b.Lines++
	}
	doc := markdown.Parser().Parse(text.NewReader(src))
	off := r.Start
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if lines := n.Lines(); lines.Len() > 0 {
				first, last := lines.At(0), lines.At(lines.Len()-1)
				start := lineStart(src, first.Start)
				b.Headings = append(b.Headings, Heading{Level: n.Level, Text: string(bytes.TrimSpace(lines.Value(src))),
					Range: Range{Start: off + start, End: off + segmentEnd(src, first.Start, last.Stop)}})
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if lines := n.Lines(); lines.Len() > 0 {
				start := lineStart(src, lines.At(0).Start)
				last := lines.At(lines.Len() - 1)
				end := segmentEnd(src, last.Start, last.Stop)
				if _, ok := n.(*ast.FencedCodeBlock); ok {
					start = fenceOpen(src, start)
					end = fenceClose(src, end)
				}
				b.Fences = append(b.Fences, Range{Start: off + start, End: off + end})
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			b.addLink(src, off, n.Pos(), string(n.Destination), false)
		case *ast.Image:
			b.addLink(src, off, n.Pos(), string(n.Destination), false)
		case *ast.CodeSpan:
			var sb strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					sb.Write(t.Segment.Value(src))
				}
			}
			if p := sb.String(); looksLikeSkillPath(p) {
				if t, ok := n.FirstChild().(*ast.Text); ok {
					b.Links = append(b.Links, Link{Target: p, Range: Range{Start: off + t.Segment.Start, End: off + t.Segment.Start + len(p)}, InCode: true})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b
}

// addLink records a link destination that is a relative path, locating it
// after the "](" that follows the link's position.
func (b *Body) addLink(src []byte, off, pos int, dest string, inCode bool) {
	if !isRelativePath(dest) || pos < 0 || pos > len(src) {
		return
	}
	start := -1
	if i := bytes.Index(src[pos:], []byte("]("+dest)); i >= 0 {
		start = pos + i + 2
	} else if i := bytes.Index(src[pos:], []byte("](<"+dest)); i >= 0 {
		start = pos + i + 3
	}
	if start < 0 {
		return
	}
	target := dest
	if i := strings.IndexAny(target, "#?"); i >= 0 {
		target = target[:i]
	}
	if target == "" {
		return
	}
	if u, err := url.PathUnescape(target); err == nil {
		target = u
	}
	b.Links = append(b.Links, Link{Target: target, Range: Range{Start: off + start, End: off + start + len(dest)}, InCode: inCode})
}

func isRelativePath(dest string) bool {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "~") {
		return false
	}
	if u, err := url.Parse(dest); err == nil && u.Scheme != "" {
		return false
	}
	return !strings.HasPrefix(dest, "//")
}

// skillDirs are the folders the spec names for a skill's own files; a code
// span under one of them is read as a file reference.
var skillDirs = []string{"scripts/", "references/", "assets/", "templates/", "examples/", "./", "../"}

func looksLikeSkillPath(p string) bool {
	if strings.ContainsAny(p, " \t*?<>|$`{}") || strings.HasSuffix(p, "/") {
		return false
	}
	for _, d := range skillDirs {
		if strings.HasPrefix(p, d) && len(p) > len(d) {
			return path.Ext(p) != ""
		}
	}
	return false
}

func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:min(i, len(src))], '\n') + 1
}

// lineEnd is the end of the line holding offset i, before its line break.
func lineEnd(src []byte, i int) int {
	i = max(0, min(i, len(src)))
	j := bytes.IndexByte(src[i:], '\n')
	if j < 0 {
		return len(src)
	}
	e := i + j
	if e > i && src[e-1] == '\r' {
		e--
	}
	return e
}

// segmentEnd is the end of the line holding the last byte of a segment that
// stops at stop (exclusive, often just past a line break).
func segmentEnd(src []byte, start, stop int) int {
	return lineEnd(src, max(start, stop-1))
}

// fenceOpen moves back from a fence's first content line to its opening
// fence line.
func fenceOpen(src []byte, contentStart int) int {
	if contentStart == 0 {
		return 0
	}
	return lineStart(src, contentStart-1)
}

// fenceClose moves forward from a fence's last content line to the end of
// its closing fence line, if there is one.
func fenceClose(src []byte, contentEnd int) int {
	j := bytes.IndexByte(src[contentEnd:], '\n')
	if j < 0 {
		return contentEnd
	}
	next := contentEnd + j + 1
	end := lineEnd(src, next)
	line := bytes.TrimSpace(src[next:end])
	if bytes.HasPrefix(line, []byte("```")) || bytes.HasPrefix(line, []byte("~~~")) {
		return end
	}
	return contentEnd
}
