package lsp

import (
	"context"
	"fmt"
	"sync/atomic"

	"go.lsp.dev/protocol"
)

// progress is one work-done progress the server started, or nothing when
// the client does not support it.
type progress struct {
	token protocol.ProgressToken
}

var progressSeq atomic.Int64

// createProgress creates a progress token with the client, or returns nil
// when the client does not support progress or does not answer.
func (s *Server) createProgress(ctx context.Context) *progress {
	s.mu.Lock()
	ok := s.caps.progress
	s.mu.Unlock()
	if !ok {
		return nil
	}
	token := protocol.String(fmt.Sprintf("skill-ls/%d", progressSeq.Add(1)))
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil {
		s.logf(protocol.MessageTypeLog, "window/workDoneProgress/create: %v; going on without progress", err)
		return nil
	}
	return &progress{token: token}
}

// begin reports the start of some work.
func (p *progress) begin(ctx context.Context, s *Server, title, message string) {
	if p == nil {
		return
	}
	p.send(ctx, s, protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Message: &message})
}

// end reports the work done.
func (p *progress) end(ctx context.Context, s *Server, message string) {
	if p == nil {
		return
	}
	p.send(ctx, s, protocol.WorkDoneProgressEnd{Kind: "end", Message: &message})
}

func (p *progress) send(ctx context.Context, s *Server, value any) {
	raw, err := protocol.Marshal(value)
	if err != nil {
		return
	}
	_ = s.client.Progress(ctx, &protocol.ProgressParams{Token: p.token, Value: raw})
}
