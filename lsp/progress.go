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

// beginProgress creates a progress token with the client and reports the
// start of some work.
func (s *Server) beginProgress(ctx context.Context, title, message string) *progress {
	s.mu.Lock()
	ok := s.caps.progress
	s.mu.Unlock()
	if !ok {
		return nil
	}
	token := protocol.String(fmt.Sprintf("skill-ls/%d", progressSeq.Add(1)))
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil {
		s.logf(protocol.MessageTypeLog, "window/workDoneProgress/create: %v", err)
		return nil
	}
	p := &progress{token: token}
	p.send(ctx, s, protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Message: &message})
	return p
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
