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
// of the language server: a line that is not JSON (-32700), or JSON but no
// JSON-RPC message (-32600), or longer than maxLine (dropped without being
// held) is refused and the session goes on, where the SDK's own reader
// would end it. A refusal that can name the request's id is answered on
// out; one that cannot goes to log: an answer with id null ends the
// session of the SDK's own client, and likely of others.
func Transport(in io.Reader, out, log io.Writer, maxLine int) mcp.Transport {
	pr, pw := io.Pipe()
	w := &lineWriter{w: out}
	go guard(in, pw, w, log, maxLine)
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

// guard passes each good line of in to good, and refuses the others: on
// out when the refusal has an id to answer, else on log.
func guard(in io.Reader, good *io.PipeWriter, out, log io.Writer, maxLine int) {
	refuse := func(id json.RawMessage, code int, msg string) {
		if id == nil {
			io.WriteString(log, "skill-ls mcp: refused a line: "+msg+" ("+strconv.Itoa(code)+")\n")
			return
		}
		out.Write(refusal(id, code, msg))
	}
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, maxLine)
		switch {
		case tooLong:
			refuse(nil, -32600, "message longer than "+strconv.Itoa(maxLine)+" bytes; not read")
		case len(bytes.TrimSpace(line)) == 0:
		default:
			if id, code, msg := frameError(line); code != 0 {
				refuse(id, code, msg)
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

// frameError is why a line is no JSON-RPC message the SDK can read, as
// an error code (0 for a good line) and message, with the line's id
// where one can be read.
func frameError(line []byte) (id json.RawMessage, code int, msg string) {
	if !json.Valid(line) {
		return nil, -32700, "parse error: not JSON"
	}
	var m struct {
		Version *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
	}
	if bytes.TrimSpace(line)[0] != '{' || json.Unmarshal(line, &m) != nil {
		return nil, -32600, "invalid request: not a JSON-RPC object"
	}
	id, idOK := readID(m.ID)
	var method string
	switch {
	case !idOK:
		return nil, -32600, "invalid request: an id is a string or an integer"
	case m.Version == nil || *m.Version != "2.0":
		return id, -32600, `invalid request: jsonrpc must be "2.0"`
	case m.Method != nil && json.Unmarshal(m.Method, &method) != nil:
		return id, -32600, "invalid request: method is not a string"
	case m.Method == nil && id == nil:
		return nil, -32600, "invalid request: no method"
	}
	return nil, 0, ""
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
	b, _ := json.Marshal(wireError{Version: "2.0", ID: id, Error: errorObject{code, msg}})
	return append(b, '\n')
}
