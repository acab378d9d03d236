package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"go.lsp.dev/jsonrpc2"
)

// stream is the server's end of the connection, a jsonrpc2.Stream that
// survives bad input. jsonrpc2's own stream ends the connection at the
// first frame it cannot read or decode; this one reads frames with a
// frameReader, checks each message before jsonrpc2 sees it, answers a
// refused one at once (-32700 for a body that is not JSON, -32600 for one
// that is not a valid message) and reads on. Writes are framed by
// jsonrpc2's header stream.
type stream struct {
	conn io.ReadWriteCloser
	in   *frameReader
	out  jsonrpc2.Stream // used for writing only
	// refused hears of every message refused, for the log.
	refused func(error)
}

func newStream(conn io.ReadWriteCloser, refused func(error)) *stream {
	return &stream{conn: conn, in: newFrameReader(conn), out: jsonrpc2.NewHeaderStream(conn), refused: refused}
}

// Read returns the next valid message. Its method and params borrow the
// frame's buffer until the next Read, as with jsonrpc2's own streams.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		body, err := s.in.next()
		var fe *frameError
		switch {
		case errors.As(err, &fe):
			err = s.refuse(ctx, jsonrpc2.ID{}, jsonrpc2.NewError(fe.code, fe.msg))
		case err != nil:
			return nil, 0, err
		default:
			msg, id, rerr := decodeMessage(body)
			if rerr == nil {
				return msg, int64(len(body)), nil
			}
			err = s.refuse(ctx, id, rerr)
		}
		if err != nil {
			return nil, 0, err // the answer could not be written: the peer is gone
		}
	}
}

// refuse answers a message that cannot be handled, with why.
func (s *stream) refuse(ctx context.Context, id jsonrpc2.ID, why *jsonrpc2.Error) error {
	if s.refused != nil {
		s.refused(why)
	}
	answer := jsonrpc2.NewError(why.Code, "skill-ls: "+why.Message)
	_, err := s.out.Write(ctx, jsonrpc2.NewResponse(id, nil, answer))
	return err
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	return s.out.Write(ctx, msg)
}

func (s *stream) Close() error { return s.conn.Close() }

// decodeMessage decodes a frame's body into a message, or says why it is
// refused and the id to answer with (null where none can be read). It
// refuses what jsonrpc2 would not decode, and also what it would take for
// something else: a request whose id is null (a notification to jsonrpc2)
// and params that are neither an object nor an array.
func decodeMessage(body []byte) (jsonrpc2.Message, jsonrpc2.ID, *jsonrpc2.Error) {
	if !json.Valid(body) {
		return nil, jsonrpc2.ID{}, jsonrpc2.NewError(jsonrpc2.ParseError, "the message is not JSON")
	}
	if v, err := jsonrpc2.ScanMessageView(body); err == nil && acceptable(v) {
		if msg, err := jsonrpc2.DecodeMessage(body); err == nil {
			return msg, jsonrpc2.ID{}, nil
		}
	}
	return nil, answerID(body), jsonrpc2.NewError(jsonrpc2.InvalidRequest, invalidBecause(body))
}

// acceptable is what jsonrpc2 accepts less a null request id and scalar
// params.
func acceptable(v jsonrpc2.MessageView) bool {
	switch v.Kind {
	case jsonrpc2.MessageViewCall, jsonrpc2.MessageViewNotification:
		named := v.ID.IsValid() || v.IDRaw == nil // a call, or a notification without an id
		return named && structured(v.Params)
	}
	return true
}

// structured reports whether raw params are absent, an object or an array.
func structured(params []byte) bool {
	return len(params) == 0 || params[0] == '{' || params[0] == '['
}

// envelope is the top-level members of a message, read again to explain a
// refusal (a rare path, so a plain map will do).
type envelope map[string]json.RawMessage

func readEnvelope(body []byte) envelope {
	var e envelope
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	return e
}

// answerID is the id to answer a refused message with: a request's own
// number or string id, else null. A message without a method is a
// response; answering with its id could settle an unrelated request of
// the client's, so it gets null.
func answerID(body []byte) jsonrpc2.ID {
	e := readEnvelope(body)
	if e["method"] == nil {
		return jsonrpc2.ID{}
	}
	raw := e["id"]
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return jsonrpc2.NewNumberID(n)
	}
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return jsonrpc2.NewStringID(s)
	}
	return jsonrpc2.ID{}
}

// invalidBecause says why a JSON body is not a valid message.
func invalidBecause(body []byte) string {
	e := readEnvelope(body)
	if e == nil {
		return "the message is not a JSON object"
	}
	kind := func(k string) byte {
		if raw := bytes.TrimSpace(e[k]); len(raw) > 0 {
			return raw[0]
		}
		return 0
	}
	id, hasID := e["id"]
	_, hasMethod := e["method"]
	_, hasResult := e["result"]
	_, hasError := e["error"]
	switch {
	case string(e["jsonrpc"]) != `"2.0"`:
		return `the message's "jsonrpc" is not "2.0"`
	case hasMethod && kind("method") != '"':
		return "the message's method is not a string"
	case hasMethod && (hasResult || hasError):
		return "the message has both a method and a result or error"
	case hasID && !validID(id):
		return "the message's id is neither a number nor a string"
	case hasMethod && !structured(bytes.TrimSpace(e["params"])) && kind("params") != 'n':
		return "the message's params are neither an object nor an array"
	case !hasMethod && !hasResult && !hasError:
		return "the message has no method"
	}
	return "the message is not a valid request or response"
}

// validID reports whether raw is an id jsonrpc2 reads: an integer or a
// string.
func validID(raw json.RawMessage) bool {
	if _, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return true
	}
	return len(raw) > 0 && raw[0] == '"'
}
