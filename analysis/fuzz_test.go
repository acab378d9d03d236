package analysis

import (
	"reflect"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"gopkg.in/yaml.v3"
)

// FuzzScanBody: the body scan never panics, and every heading, link and
// code block it finds lies in the body, in order.
func FuzzScanBody(f *testing.F) {
	for _, s := range []string{
		"---\nname: x\n---\n# Title\n\nSee [a](references/a.md) and `scripts/run.py`.\n",
		"---\nname: x\n---\n```sh\n[x](y.md)\n```\n    code\n\n> quote [q](q.md)\n> ```\n> fenced\n> ```\n",
		"---\nname: x\n---\n- item\n  ```\n  code\n  ```\n1. [a](<b c.md> \"t\")\n\nTitle\n===\n<!-- [c](c.md) -->\n<div>\n[d](d.md)\n</div>\n",
		"---\nname: x\n---\n[a [b](b.md)](c.md) ![i](i.png) [x]( y.md ) `` `a` `` \\[n](n.md) <a href=\"x\">[l](l.md)</a>\r\n",
		"# no frontmatter [a](a.md)\n",
		"---\nname: x\n---\n~~~\nunclosed",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := loader.Parse("/p/x/SKILL.md", src)
		body := s.Body()
		b := ScanBody(s)
		if slow := scanLines(s, true, false); !reflect.DeepEqual(b, slow) {
			t.Fatalf("passing over fenced code: %+v\nline at a time: %+v", b, slow)
		}
		in := func(what string, r Range) {
			if r.Start < body.Start || r.Start > r.End || r.End > body.End {
				t.Fatalf("%s %v outside the body %v", what, r, body)
			}
		}
		last := body.Start
		for _, h := range b.Headings {
			in("heading", h.Range)
			if h.Range.Start < last || h.Level < 1 || h.Level > 6 || h.Text == "" {
				t.Fatalf("heading %+v after %d", h, last)
			}
			last = h.Range.End
		}
		last = body.Start
		for _, r := range b.Fences {
			in("fence", r)
			if r.Start < last {
				t.Fatalf("fence %v after %d", r, last)
			}
			last = r.End
		}
		for _, l := range b.Links {
			in("link", l.Range)
			if l.Target == "" {
				t.Fatalf("empty link %+v", l)
			}
		}
		if b.Lines < 0 || b.Lines > body.Len()+1 {
			t.Fatalf("%d lines in %d bytes", b.Lines, body.Len())
		}
	})
}

// FuzzPlainSlug: a name plainSlug lets through plain, yaml.v3 reads back
// plain as the same string.
func FuzzPlainSlug(f *testing.F) {
	for _, s := range []string{"my-skill", "a1", "y-1", "e1", "x0", "true", "a-", "-a", "1a", "a_b", "no"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !plainSlug(text) {
			return
		}
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte("k: "+text), &doc); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		v := doc.Content[0].Content[1]
		if v.Kind != yaml.ScalarNode || v.Style != 0 || v.ShortTag() != "!!str" || v.Value != text {
			t.Fatalf("%q reads back as %s %q", text, v.ShortTag(), v.Value)
		}
	})
}
