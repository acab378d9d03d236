package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// didChangeParams are textDocument/didChange's params as skill-ls reads
// them. The protocol package's decoder takes a change whose range it
// cannot read (a string, null, a negative or fractional number) for a
// whole-document change, which would silently replace the text; here a
// change without a range replaces the document and one with a bad range
// is refused.
type didChangeParams struct {
	TextDocument struct {
		URI     uri.URI `json:"uri"`
		Version int32   `json:"version"`
	} `json:"textDocument"`
	ContentChanges []struct {
		Range json.RawMessage `json:"range"` // "null" when null, nil when absent
		Text  json.RawMessage `json:"text"`
	} `json:"contentChanges"`
}

// rawRange is a range with its numbers kept raw, to be checked.
type rawRange struct {
	Start, End *struct {
		Line, Character json.RawMessage
	}
}

// decodeDidChange decodes didChange's params, failing on any change it
// cannot read exactly.
func decodeDidChange(raw []byte) (didChangeParams, []textChange, error) {
	var p didChangeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return p, nil, fmt.Errorf("params: %w", err)
	}
	changes := make([]textChange, len(p.ContentChanges))
	for i, c := range p.ContentChanges {
		if len(c.Text) == 0 || c.Text[0] != '"' || json.Unmarshal(c.Text, &changes[i].text) != nil {
			return p, nil, fmt.Errorf("change %d: text is not a string", i)
		}
		if c.Range != nil {
			r, err := decodeRange(c.Range)
			if err != nil {
				return p, nil, fmt.Errorf("change %d: range %s: %w", i, truncate(c.Range), err)
			}
			changes[i].rng = &r
		}
	}
	return p, changes, nil
}

// decodeRange reads a range whose positions are objects of two whole
// numbers that fit a uinteger.
func decodeRange(raw []byte) (protocol.Range, error) {
	var r rawRange
	if raw[0] != '{' || json.Unmarshal(raw, &r) != nil {
		return protocol.Range{}, errors.New("not an object")
	}
	var out [2]protocol.Position
	for i, p := range []*struct{ Line, Character json.RawMessage }{r.Start, r.End} {
		what := [2]string{"start", "end"}[i]
		if p == nil {
			return protocol.Range{}, fmt.Errorf("no %s position", what)
		}
		line, err := decodeUinteger(p.Line)
		if err != nil {
			return protocol.Range{}, fmt.Errorf("%s line: %w", what, err)
		}
		char, err := decodeUinteger(p.Character)
		if err != nil {
			return protocol.Range{}, fmt.Errorf("%s character: %w", what, err)
		}
		out[i] = protocol.Position{Line: line, Character: char}
	}
	return protocol.Range{Start: out[0], End: out[1]}, nil
}

// decodeUinteger reads a JSON number that is a whole number from 0 to
// 2^31-1, the protocol's uinteger.
func decodeUinteger(raw []byte) (uint32, error) {
	if len(raw) == 0 {
		return 0, errors.New("missing")
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%s is not a whole number from 0", truncate(raw))
		}
	}
	n, err := strconv.ParseUint(string(raw), 10, 32)
	if err != nil || n > math.MaxInt32 {
		return 0, fmt.Errorf("%s is over %d", truncate(raw), math.MaxInt32)
	}
	return uint32(n), nil
}
