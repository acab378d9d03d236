package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// JSONKind is the shape of a JSON value.
type JSONKind byte

const (
	JSONNull JSONKind = iota
	JSONBool
	JSONNumber
	JSONString
	JSONArray
	JSONObject
)

func (k JSONKind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// JSONValue is one value of a package manifest with the byte range it
// spans, so findings point at the exact key or value.
type JSONValue struct {
	Kind    JSONKind
	Range   Range
	Text    string // a string's decoded text; a number's or boolean's source
	Items   []*JSONValue
	Members []JSONMember
}

// JSONMember is one key of an object and its value.
type JSONMember struct {
	Key      string
	KeyRange Range
	Value    *JSONValue
}

// Get returns the value of key in an object (the last, when the key is
// repeated, as JavaScript's JSON.parse keeps it), or nil.
func (v *JSONValue) Get(key string) *JSONValue {
	if v == nil || v.Kind != JSONObject {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return v.Members[i].Value
		}
	}
	return nil
}

// Member returns the member of key, or nil.
func (v *JSONValue) Member(key string) *JSONMember {
	if v == nil || v.Kind != JSONObject {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	return nil
}

// Array is an array's values, nil for anything else.
func (v *JSONValue) Array() []*JSONValue {
	if v == nil || v.Kind != JSONArray {
		return nil
	}
	return v.Items
}

// KeyAt returns the member whose key spans offset in a JSON tree, nil if
// none.
func (v *JSONValue) KeyAt(offset int) *JSONMember {
	if v == nil {
		return nil
	}
	for i := range v.Members {
		m := &v.Members[i]
		if m.KeyRange.Contains(offset) {
			return m
		}
		if m.Value.Range.Contains(offset) {
			return m.Value.KeyAt(offset)
		}
	}
	for _, it := range v.Items {
		if it.Range.Contains(offset) {
			return it.KeyAt(offset)
		}
	}
	return nil
}

// Str returns a string value's text.
func (v *JSONValue) Str() (string, bool) {
	if v == nil || v.Kind != JSONString {
		return "", false
	}
	return v.Text, true
}

// maxJSONDepth bounds the nesting of a manifest: a real one nests four
// levels; a hostile one must not cost a deep recursion.
const maxJSONDepth = 64

// JSONError is why a manifest is not JSON, and where.
type JSONError struct {
	Range   Range
	Message string
}

// ParseJSON reads src as one JSON value with its ranges. Nesting deeper
// than 64 levels, trailing data and syntax errors are returned as a
// JSONError at the offending byte. Duplicate keys are allowed (the agents'
// JavaScript and serde readers keep the last), and so are invalid UTF-8 and
// lone surrogates, which JavaScript's JSON.parse reads as U+FFFD. Keys
// that are one of keys share its strings.
func ParseJSON(src []byte, keys Keys) (*JSONValue, *JSONError) {
	if v, ok := parseJSONFast(src, keys); ok {
		return v, nil
	}
	return parseJSONTokens(src)
}

// parseJSONTokens is ParseJSON reading jsontext's tokens: what it accepts,
// and how it words an error, is what the agents' readers do.
func parseJSONTokens(src []byte) (*JSONValue, *JSONError) {
	dec := jsontext.NewDecoder(bytes.NewReader(src), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	p := jsonParser{src: src, dec: dec}
	v, err := p.value(0)
	if err == nil {
		if _, e := dec.ReadToken(); e != io.EOF {
			at := p.start()
			err = &JSONError{Range{at, min(at+1, len(src))}, "unexpected data after the JSON value"}
		}
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

type jsonParser struct {
	src []byte
	dec *jsontext.Decoder
}

// start is where the next token begins: past the whitespace and the
// separators after the last one read.
func (p *jsonParser) start() int {
	i := int(p.dec.InputOffset())
	for i < len(p.src) {
		switch p.src[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		}
		break
	}
	return i
}

func (p *jsonParser) fail(err error) *JSONError {
	at := p.start()
	var se *jsontext.SyntacticError
	msg := err.Error()
	if errors.As(err, &se) {
		at = min(int(se.ByteOffset), len(p.src))
		msg = se.Err.Error()
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || at >= len(p.src) {
		return &JSONError{Range{max(0, len(p.src)-1), len(p.src)}, "the JSON ends before the value is complete"}
	}
	return &JSONError{Range{at, at + 1}, msg}
}

func (p *jsonParser) value(depth int) (*JSONValue, *JSONError) {
	if depth > maxJSONDepth {
		at := p.start()
		return nil, &JSONError{Range{at, min(at+1, len(p.src))}, fmt.Sprintf("nested more than %d levels deep", maxJSONDepth)}
	}
	from := p.start()
	tok, err := p.dec.ReadToken()
	if err != nil {
		return nil, p.fail(err)
	}
	v := &JSONValue{Range: Range{from, int(p.dec.InputOffset())}}
	switch tok.Kind() {
	case 'n':
		v.Kind = JSONNull
	case 't', 'f':
		v.Kind, v.Text = JSONBool, tok.String()
	case '0':
		v.Kind, v.Text = JSONNumber, string(p.src[from:v.Range.End])
	case '"':
		v.Kind, v.Text = JSONString, tok.String()
	case '[':
		v.Kind = JSONArray
		for p.dec.PeekKind() != ']' {
			item, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.Items = append(v.Items, item)
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return nil, p.fail(err)
		}
	case '{':
		v.Kind = JSONObject
		for p.dec.PeekKind() != '}' {
			kfrom := p.start()
			k, err := p.dec.ReadToken()
			if err != nil {
				return nil, p.fail(err)
			}
			m := JSONMember{Key: k.String(), KeyRange: Range{kfrom, int(p.dec.InputOffset())}}
			val, verr := p.value(depth + 1)
			if verr != nil {
				return nil, verr
			}
			m.Value = val
			v.Members = append(v.Members, m)
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return nil, p.fail(err)
		}
	}
	v.Range.End = int(p.dec.InputOffset())
	return v, nil
}
