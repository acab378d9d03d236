package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Transport is the stdio transport of a session, guarded as SPEC 3a asks
// of the language server: a line that is not JSON is answered -32700, one
// that is JSON but no JSON-RPC message -32600 (id null where none can be
// read), a line longer than maxLine is dropped without being held, and the
// session goes on. The SDK's own reader ends the session at any of them.
func Transport(in io.Reader, out io.Writer, maxLine int) mcp.Transport {
	pr, pw := io.Pipe()
	w := &lineWriter{w: out}
	go guard(in, pw, w, maxLine)
	// The guard passes no line over maxLine; the SDK's cap, a little
	// above, never cuts one it passed.
	return &mcp.IOTransport{Reader: pr, Writer: w, MaxLineLength: maxLine + 1024}
}

// lineWriter writes whole lines, one writer at a time: the SDK's answers
// and the guard's refusals never interleave.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// Close leaves the output open: it is the process's standard output.
func (l *lineWriter) Close() error { return nil }

// guard passes each good line of in to good, and answers the others.
func guard(in io.Reader, good *io.PipeWriter, out io.Writer, maxLine int) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, maxLine)
		switch {
		case tooLong:
			out.Write(refusal(nil, -32600, "message longer than "+strconv.Itoa(maxLine)+" bytes; not read"))
		case len(bytes.TrimSpace(line)) == 0:
		default:
			if reply := frameError(line); reply != nil {
				out.Write(reply)
			} else if _, werr := good.Write(append(line, '\n')); werr != nil {
				return
			}
		}
		if err != nil {
			good.CloseWithError(err)
			return
		}
	}
}

// readLine reads one line without its newline; past max bytes it reads on
// to the line's end without keeping it, and says so.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > max+1 {
				line, tooLong = nil, true
			}
		}
		if err != bufio.ErrBufferFull {
			return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
		}
	}
}

// frameError is the error response to a line that is no JSON-RPC message
// the SDK can read, nil for a good one.
func frameError(line []byte) []byte {
	if !json.Valid(line) {
		return refusal(nil, -32700, "parse error: not JSON")
	}
	var m struct {
		Version *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
	}
	if bytes.TrimSpace(line)[0] != '{' || json.Unmarshal(line, &m) != nil {
		return refusal(nil, -32600, "invalid request: not a JSON-RPC object")
	}
	id, idOK := readID(m.ID)
	var method string
	switch {
	case !idOK:
		return refusal(nil, -32600, "invalid request: an id is a string or an integer")
	case m.Version == nil || *m.Version != "2.0":
		return refusal(id, -32600, `invalid request: jsonrpc must be "2.0"`)
	case m.Method != nil && json.Unmarshal(m.Method, &method) != nil:
		return refusal(id, -32600, "invalid request: method is not a string")
	case m.Method == nil && id == nil:
		return refusal(nil, -32600, "invalid request: no method")
	}
	return nil
}

// readID is a message's id (nil when it has none), and whether it is one
// the protocol allows.
func readID(raw json.RawMessage) (json.RawMessage, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return raw, true
	}
	var n int64
	if json.Unmarshal(raw, &n) == nil {
		return raw, true
	}
	return nil, false
}

// wireError is a JSON-RPC error response.
type wireError struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   errorObject     `json:"error"`
}

type errorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// refusal is an error response line.
func refusal(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(wireError{Version: "2.0", ID: id, Error: errorObject{code, msg}})
	return append(b, '\n')
}
