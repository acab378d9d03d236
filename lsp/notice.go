package lsp

import (
	"time"

	"go.lsp.dev/protocol"
)

// A rename's explanation (the folder stays where it is, or the user must
// move it) is shown once the client has applied the rename's edit, not
// with the answer: eglot says "[eglot] Edit successful!" as it applies an
// edit, over whatever message came before. The next change to the renamed
// document is the edit applied; a client that sends none (the user
// refused the edit) is told after noticeWait all the same.

// noticeWait bounds how long a notice waits for its edit.
const noticeWait = 3 * time.Second

// notice is a message waiting for an edit of its document.
type notice struct {
	typ protocol.MessageType
	msg string
}

// tellAfterEditLocked shows msg once the document at path changes next.
func (s *Server) tellAfterEditLocked(path string, typ protocol.MessageType, msg string) {
	if s.notices == nil {
		s.notices = map[string][]notice{}
	}
	s.notices[path] = append(s.notices[path], notice{typ, msg})
	time.AfterFunc(noticeWait, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.deliverNoticesLocked(path)
	})
}

// deliverNoticesLocked shows the notices waiting for the document at path.
func (s *Server) deliverNoticesLocked(path string) {
	ns := s.notices[path]
	delete(s.notices, path)
	for _, n := range ns {
		s.tellf(n.typ, "%s", n.msg)
	}
}
