package lsp

import (
	"context"
	"errors"
	"fmt"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// showf tells the user something through window/showMessage, and logs it
// as logf does: for what the user must see, not only find in a log.
func (s *Server) showf(typ protocol.MessageType, format string, args ...any) {
	s.logf(typ, format, args...)
	if s.client == nil || s.ctx == nil || s.ctx.Err() != nil {
		return
	}
	_ = s.client.ShowMessage(context.WithoutCancel(s.ctx), &protocol.ShowMessageParams{Type: typ, Message: "skill-ls: " + fmt.Sprintf(format, args...)})
}

// tellLimits shows the user each cap a scan reached: which, and where.
// Fewer skills than there are, without a word, would read as all of them.
func (s *Server) tellLimits(errs []error) {
	for _, err := range errs {
		if le := (*skillcore.LimitError)(nil); errors.As(err, &le) {
			s.showf(protocol.MessageTypeWarning, "%v", le)
		}
	}
}
