package analysis

import (
	"reflect"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestParseDirective: what a comment line says, as a directive or not.
func TestParseDirective(t *testing.T) {
	type want struct {
		kind, reason string
		rules        []string
	}
	for _, c := range []struct {
		line        string
		open, close string
		ok          bool
		want        want
	}{
		{"<!-- skill-ls-disable-next-line link-broken -- generated at install -->", "<!--", "-->", true, want{disableNextLine, "generated at install", []string{"link-broken"}}},
		{"  <!--skill-ls-disable link-broken,field-unknown , name-chars -- vendored-->", "<!--", "-->", true, want{disableFrom, "vendored", []string{"link-broken", "field-unknown", "name-chars"}}},
		{"<!-- skill-ls-enable link-broken -->", "<!--", "-->", true, want{enableFrom, "", []string{"link-broken"}}},
		{"<!-- skill-ls-enable -->", "<!--", "-->", true, want{enableFrom, "", nil}},
		{"<!-- skill-ls-disable-next-line link-broken -->", "<!--", "-->", true, want{disableNextLine, "", []string{"link-broken"}}},
		{"<!-- skill-ls-disable-next-line link-broken -- -->", "<!--", "-->", true, want{disableNextLine, "", []string{"link-broken"}}},
		{"<!-- skill-ls-disable-next-line link--broken -- why -->", "<!--", "-->", true, want{disableNextLine, "why", []string{"link--broken"}}},
		{"<!-- skill-ls-disable-line link-broken -- why -->", "<!--", "-->", true, want{"", "", nil}},
		{"# skill-ls-disable-next-line field-unknown -- read by our own agent", "#", "", true, want{disableNextLine, "read by our own agent", []string{"field-unknown"}}},
		{"#skill-ls-disable field-unknown", "#", "", true, want{disableFrom, "", []string{"field-unknown"}}},
		{"#\tskill-ls-disable\tfield-unknown\t--\tours", "#", "", true, want{disableFrom, "ours", []string{"field-unknown"}}},
		// Not directives: prose, a comment with more after it, another comment.
		{"Write <!-- skill-ls-disable x -- y --> to silence x.", "<!--", "-->", false, want{}},
		{"<!-- skill-ls-disable x -- y --> and more", "<!--", "-->", false, want{}},
		{"<!-- see skill-ls-disable -->", "<!--", "-->", false, want{}},
		{"name: x # skill-ls-disable x -- y", "#", "", false, want{}},
	} {
		src := []byte(c.line)
		d, ok := parseDirective(src, Range{Start: 0, End: len(src)}, c.open, c.close)
		if ok != c.ok {
			t.Errorf("%q: directive %v, want %v", c.line, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		var ids []string
		for _, r := range d.rules {
			ids = append(ids, r.id)
			if got := c.line[r.at.Start:r.at.End]; got != r.id {
				t.Errorf("%q: rule %q placed at %q", c.line, r.id, got)
			}
		}
		if got := (want{d.kind, d.reason, ids}); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.line, got, c.want)
		}
	}
}

// FuzzDirectives: any text gives directives and findings about them inside
// the file, and never a panic.
func FuzzDirectives(f *testing.F) {
	f.Add("---\nname: x\n# skill-ls-disable field-unknown -- y\n---\n<!-- skill-ls-disable-next-line link-broken, x -->\nSee [a](a.md).\n<!-- skill-ls-enable -->\n")
	f.Add("<!---->\n<!--skill-ls--->\n# skill-ls-\n<!-- skill-ls-disable -- -->")
	f.Fuzz(func(t *testing.T, src string) {
		s := loader.Parse("/p/x/SKILL.md", []byte(src))
		sup := newSuppression(scanDirectives(s, nil))
		for off := 0; off <= len(src); off += 7 {
			sup.covers("link-broken", off)
		}
		for _, p := range sup.problems() {
			if p.Range.Start < 0 || p.Range.End > len(src) || p.Range.Start > p.Range.End {
				t.Fatalf("%s at %v in %d bytes", p.Rule, p.Range, len(src))
			}
		}
	})
}
