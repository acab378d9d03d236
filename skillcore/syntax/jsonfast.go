package syntax

import (
	"bytes"
	"unicode/utf8"
	"unsafe"
)

// A large check reads a thousand package manifests; jsontext's tokens cost
// a string each, and most manifests are plain: valid JSON in UTF-8, shallow,
// without surrogate escapes. jsonFast reads those directly, its values from
// slabs and known keys shared, and gives up on anything else, which
// parseJSONTokens then reads and words the errors of. FuzzJSONFast holds
// the two to the same values.

// jsonFast is one read of src; i is the next byte.
type jsonFast struct {
	src  []byte
	i    int
	slab []JSONValue
	left int // values src may still hold, at most
	keys Keys
}

// parseJSONFast is parseJSONTokens for plain JSON, or false.
func parseJSONFast(src []byte, keys Keys) (*JSONValue, bool) {
	// Every value but the first follows a ':' or a ',': a bound for the
	// slabs, so a small manifest takes a small one.
	p := jsonFast{src: src, keys: keys, left: bytes.Count(src, []byte{':'}) + bytes.Count(src, []byte{','}) + 1}
	p.space()
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.i == len(src)
}

func (p *jsonFast) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// next is the byte at i, or 0 at the end.
func (p *jsonFast) next() byte {
	if p.i < len(p.src) {
		return p.src[p.i]
	}
	return 0
}

// jsonChunk keeps a slab of values under 512 bytes, as slabChunk does.
const jsonChunk = 512 / int(unsafe.Sizeof(JSONValue{}))

func (p *jsonFast) new() *JSONValue {
	if len(p.slab) == cap(p.slab) {
		// Small chunks: see slabChunk.
		p.slab = make([]JSONValue, 0, max(1, min(p.left, jsonChunk)))
	}
	p.left--
	p.slab = p.slab[:len(p.slab)+1]
	return &p.slab[len(p.slab)-1]
}

func (p *jsonFast) value(depth int) (*JSONValue, bool) {
	if depth > maxJSONDepth {
		return nil, false
	}
	v, from := p.new(), p.i
	switch c := p.next(); c {
	case '"':
		s, ok := p.string(false)
		if !ok {
			return nil, false
		}
		v.Kind, v.Text = JSONString, s
	case '[':
		v.Kind = JSONArray
		ok := p.list(']', func() bool {
			item, ok := p.value(depth + 1)
			v.Items = append(v.Items, item)
			return ok
		})
		if !ok {
			return nil, false
		}
	case '{':
		v.Kind = JSONObject
		if !p.list('}', func() bool { return p.member(v, depth) }) {
			return nil, false
		}
	case 't', 'f', 'n':
		word := "null"
		switch c {
		case 't':
			word = "true"
		case 'f':
			word = "false"
		}
		if !bytes.HasPrefix(p.src[p.i:], []byte(word)) {
			return nil, false
		}
		p.i += len(word)
		v.Kind = JSONNull
		if c != 'n' {
			v.Kind, v.Text = JSONBool, word
		}
	default:
		if !p.number() {
			return nil, false
		}
		v.Kind, v.Text = JSONNumber, string(p.src[from:p.i])
	}
	v.Range = Range{from, p.i}
	return v, true
}

// list reads what an array or object holds, from its opening byte to its
// closing one, item calling for each item or member.
func (p *jsonFast) list(closing byte, item func() bool) bool {
	p.i++
	p.space()
	if p.next() == closing {
		p.i++
		return true
	}
	for {
		if !item() || !p.more(closing) {
			return false
		}
		if p.src[p.i-1] == closing {
			return true
		}
	}
}

// member reads a key, its colon and its value into the object v.
func (p *jsonFast) member(v *JSONValue, depth int) bool {
	kfrom := p.i
	if p.next() != '"' {
		return false
	}
	k, ok := p.string(true)
	if !ok {
		return false
	}
	m := JSONMember{Key: k, KeyRange: Range{kfrom, p.i}}
	p.space()
	if p.next() != ':' {
		return false
	}
	p.i++
	p.space()
	if m.Value, ok = p.value(depth + 1); !ok {
		return false
	}
	v.Members = append(v.Members, m)
	return true
}

// more reads, after an item or member, the ',' and the space before the
// next, or the closing byte; false when it is neither.
func (p *jsonFast) more(closing byte) bool {
	p.space()
	switch p.next() {
	case ',':
		p.i++
		p.space()
		return true
	case closing:
		p.i++
		return true
	}
	return false
}

// number reads a JSON number.
func (p *jsonFast) number() bool {
	s, i := p.src, p.i
	digits := func() int {
		from := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - from
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	p.i = i
	return true
}

// string reads a string, a key when key is set (known ones shared). It
// gives up on invalid UTF-8 and on surrogate escapes, which jsontext reads
// as U+FFFD or as pairs.
func (p *jsonFast) string(key bool) (string, bool) {
	s := p.src
	start := p.i + 1
	i := start
	for i < len(s) && s[i] != '"' && s[i] != '\\' && s[i] >= 0x20 && s[i] < utf8.RuneSelf {
		i++
	}
	if i < len(s) && s[i] == '"' {
		p.i = i + 1
		if key {
			return p.keys.intern(s[start:i]), true
		}
		return string(s[start:i]), true
	}
	var out []byte
	out = append(out, s[start:i]...)
	for i < len(s) {
		switch c := s[i]; {
		case c == '"':
			p.i = i + 1
			return string(out), true
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && n == 1 {
				return "", false
			}
			out = append(out, s[i:i+n]...)
			i += n
		case c != '\\':
			out = append(out, c)
			i++
		case i+1 >= len(s):
			return "", false
		default:
			e := s[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := hex4(s[i:])
				if !ok || r >= 0xd800 && r < 0xe000 {
					return "", false
				}
				out = utf8.AppendRune(out, r)
				i += 4
			default:
				return "", false
			}
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
