package lsp

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// logf tells the client something through window/logMessage and writes it
// to the trace, if there is one.
func (s *Server) logf(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.trace != nil {
		s.trace.note(typ, msg)
	}
	if s.client == nil || s.ctx == nil || s.ctx.Err() != nil {
		return
	}
	// Detached from any request: a log line outlives the request it is about.
	_ = s.client.LogMessage(context.WithoutCancel(s.ctx), &protocol.LogMessageParams{Type: typ, Message: "skill-ls: " + msg})
}

// tellf shows the user something they must act on (window/showMessage),
// and logs it too.
func (s *Server) tellf(typ protocol.MessageType, format string, args ...any) {
	s.logf(typ, format, args...)
	if s.client == nil || s.ctx == nil || s.ctx.Err() != nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	_ = s.client.ShowMessage(context.WithoutCancel(s.ctx), &protocol.ShowMessageParams{Type: typ, Message: "skill-ls: " + msg})
}

// tracer writes every message in and out to the --log-file, one line each.
// (protocol.LoggingStream would do, but in v1.0.1 it never unlocks after
// logging an error response, and the next message deadlocks.)
type tracer struct {
	mu sync.Mutex
	w  io.Writer
}

func (t *tracer) wrap(s jsonrpc2.Stream) jsonrpc2.Stream { return &traceStream{Stream: s, t: t} }

func (t *tracer) line(dir string, b []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintf(t.w, "%s %s %s\n", time.Now().Format("15:04:05.000000"), dir, b)
}

func (t *tracer) note(typ protocol.MessageType, msg string) {
	t.line("--", fmt.Appendf(nil, "[%s] %s", messageTypeName(typ), msg))
}

func messageTypeName(t protocol.MessageType) string {
	switch t {
	case protocol.MessageTypeError:
		return "error"
	case protocol.MessageTypeWarning:
		return "warning"
	case protocol.MessageTypeInfo:
		return "info"
	}
	return "log"
}

type traceStream struct {
	jsonrpc2.Stream
	t *tracer
}

func (s *traceStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	msg, n, err := s.Stream.Read(ctx)
	if err == nil {
		s.log("<-", msg)
	}
	return msg, n, err
}

func (s *traceStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	s.log("->", msg)
	return s.Stream.Write(ctx, msg)
}

func (s *traceStream) log(dir string, msg jsonrpc2.Message) {
	b, err := jsonrpc2.EncodeMessage(msg)
	if err != nil {
		b = fmt.Appendf(nil, "(unencodable %T: %v)", msg, err)
	}
	s.t.line(dir, b)
}
