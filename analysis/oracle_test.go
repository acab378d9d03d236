package analysis

// The goldmark reading of a body, kept as the oracle ScanBody is tested
// against: ScanBody must find what CommonMark finds.

import (
	"bytes"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

var oracleMarkdown = goldmark.New()

// goldmarkBody is the body scan done with goldmark, the reference ScanBody
// is held to.
func goldmarkBody(s *loader.Skill) *Body {
	r := s.Body()
	src := s.Src[r.Start:r.End]
	b := &Body{Lines: bytes.Count(src, []byte("\n"))}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		b.Lines++
	}
	doc := oracleMarkdown.Parser().Parse(text.NewReader(src))
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
					start = oracleFenceOpen(src, start)
					end = oracleFenceClose(src, end)
				}
				b.Fences = append(b.Fences, Range{Start: off + start, End: off + end})
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			oracleAddLink(b, src, off, n.Pos(), string(n.Destination), false)
		case *ast.Image:
			oracleAddLink(b, src, off, n.Pos(), string(n.Destination), false)
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
func oracleAddLink(b *Body, src []byte, off, pos int, dest string, inCode bool) {
	target := linkTarget(dest)
	if target == "" || pos < 0 || pos > len(src) {
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
	b.Links = append(b.Links, Link{Target: target, Range: Range{Start: off + start, End: off + start + len(dest)}, InCode: inCode})
}

func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:min(i, len(src))], '\n') + 1
}

// segmentEnd is the end of the line holding the last byte of a segment that
// stops at stop (exclusive, often just past a line break).
func segmentEnd(src []byte, start, stop int) int {
	return lineEnd(src, max(start, stop-1))
}

// fenceOpen moves back from a fence's first content line to its opening
// fence line.
func oracleFenceOpen(src []byte, contentStart int) int {
	if contentStart == 0 {
		return 0
	}
	return lineStart(src, contentStart-1)
}

// fenceClose moves forward from a fence's last content line to the end of
// its closing fence line, if there is one.
func oracleFenceClose(src []byte, contentEnd int) int {
	j := bytes.IndexByte(src[contentEnd:], '\n')
	if j < 0 {
		return contentEnd
	}
	next := contentEnd + j + 1
	end := lineEnd(src, next)
	// (Unlike the lead's first version, block quote markers before the
	// closing fence are skipped: the closing line belongs to the block.)
	line := bytes.TrimLeft(src[next:end], " \t>")
	if bytes.HasPrefix(line, []byte("```")) || bytes.HasPrefix(line, []byte("~~~")) {
		return end
	}
	return contentEnd
}
