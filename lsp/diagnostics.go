package lsp

import (
	"cmp"
	"runtime/debug"
	"slices"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/analysis"
)

// diagnosticsState is the queue of files whose diagnostics are due, and
// what was last published for each. It is guarded by Server.mu.
type diagnosticsState struct {
	// pending are the files queued, each with the time it is due.
	pending map[string]pending
	seq     uint64
	// queue are the files due, in the order they are published, and
	// queued marks them (a file can appear twice in queue when an open
	// document jumps ahead; its later copy is skipped).
	queue  []string
	queued map[string]bool
	// published counts the diagnostics last sent for each file that has
	// some, so a file that becomes clean (or is deleted) is cleared once.
	published map[string]int
	writing   int           // batches handed to the writer and not yet written
	wake      chan struct{} // nudges the publisher
}

type pending struct {
	due time.Time
	seq uint64 // scheduling order, kept when publishing
}

func (d *diagnosticsState) init() {
	d.pending = map[string]pending{}
	d.queued = map[string]bool{}
	d.published = map[string]int{}
	d.wake = make(chan struct{}, 1)
}

func (d *diagnosticsState) publishedPaths() []string {
	out := make([]string, 0, len(d.published))
	for p := range d.published {
		out = append(out, p)
	}
	return out
}

// maxBatch bounds how many files the publisher analyses per hold of the
// lock, so that a full scan does not stall typing and the file being typed
// in, which goes first, is not held up by the files its edit affects.
const maxBatch = 32

// scheduleLocked queues path (unless "") and others to be published at due;
// a file already queued takes the new time, so typing pushes it back.
func (s *Server) scheduleLocked(due time.Time, path string, others []string) {
	add := func(p string) {
		s.diag.seq++
		s.diag.pending[p] = pending{due: due, seq: s.diag.seq}
	}
	if path != "" {
		add(path)
	}
	for _, p := range others {
		add(p)
	}
	select {
	case s.diag.wake <- struct{}{}:
	default:
	}
}

// publishLoop computes the diagnostics due, a batch at a time, and hands
// each batch to one writer goroutine, so that the notifications for a file
// go out in the order they were computed while the next batch is computed
// as this one is written.
func (s *Server) publishLoop() {
	batches := make(chan []protocol.PublishDiagnosticsParams, 1)
	written := make(chan struct{})
	go s.writeLoop(batches, written)
	defer func() {
		close(batches)
		<-written
	}()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		batch, next := s.takeDueRecovering()
		if len(batch) > 0 {
			select {
			case batches <- batch:
			case <-s.ctx.Done():
				return
			}
			continue
		}
		var fire <-chan time.Time
		if !next.IsZero() {
			timer.Reset(time.Until(next))
			fire = timer.C
		}
		select {
		case <-s.diag.wake:
		case <-fire:
		case <-s.ctx.Done():
			return
		}
		timer.Stop()
	}
}

// writeLoop writes the batches publishLoop computes, in order.
func (s *Server) writeLoop(batches <-chan []protocol.PublishDiagnosticsParams, written chan<- struct{}) {
	defer close(written)
	defer s.recoverLog("publishing diagnostics")
	for batch := range batches {
		for i := range batch {
			if err := s.client.PublishDiagnostics(s.ctx, &batch[i]); err != nil && s.ctx.Err() == nil {
				s.logf(protocol.MessageTypeWarning, "publishing diagnostics: %v", err)
			}
		}
		s.mu.Lock()
		s.diag.writing--
		s.idle.Broadcast()
		s.mu.Unlock()
	}
}

// takeDueRecovering is takeDue that outlives a panic in the analysis:
// the panic is logged, the batch's files are dropped, and publishing goes
// on with the rest of the queue. A panic must not end the publisher: the
// client would get no diagnostics again.
func (s *Server) takeDueRecovering() (batch []protocol.PublishDiagnosticsParams, next time.Time) {
	defer func() {
		if r := recover(); r != nil {
			s.logf(protocol.MessageTypeError, "computing diagnostics panicked: %v\n%s", r, debug.Stack())
			batch, next = nil, time.Now()
		}
	}()
	return s.takeDue()
}

// takeDue moves the files that are due to the publishing queue (open
// documents to its front, the rest in the order they were queued), then
// computes the diagnostics of the first few. It also returns when the next
// pending file is due.
func (s *Server) takeDue() (batch []protocol.PublishDiagnosticsParams, next time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state.Load() == stageShutdown {
		return nil, time.Time{}
	}
	if s.ready {
		batch, next = s.takeWorldLocked(time.Now())
	} else {
		batch, next = s.takeLocalLocked(time.Now()) // early.go
	}
	if len(batch) > 0 {
		s.diag.writing++
	}
	s.idle.Broadcast()
	return batch, next
}

// takeWorldLocked is takeDue once the first scan is done: the world's
// findings.
func (s *Server) takeWorldLocked(now time.Time) (batch []protocol.PublishDiagnosticsParams, next time.Time) {
	type item struct {
		path string
		seq  uint64
	}
	var open, closed []item
	for p, q := range s.diag.pending {
		if q.due.After(now) {
			if next.IsZero() || q.due.Before(next) {
				next = q.due
			}
			continue
		}
		delete(s.diag.pending, p)
		switch {
		case s.docs[p] != nil:
			open = append(open, item{p, q.seq})
		case !s.diag.queued[p]:
			closed = append(closed, item{p, q.seq})
		}
	}
	if len(s.diag.pending) == 0 {
		s.diag.pending = map[string]pending{} // let a drained scan's map go
	}
	bySeq := func(a, b item) int { return cmp.Compare(a.seq, b.seq) }
	slices.SortFunc(closed, bySeq)
	for _, it := range closed {
		s.diag.queue = append(s.diag.queue, it.path)
		s.diag.queued[it.path] = true
	}
	if len(open) > 0 {
		slices.SortFunc(open, bySeq)
		front := make([]string, 0, len(open)+len(s.diag.queue))
		for _, it := range open {
			front = append(front, it.path)
			s.diag.queued[it.path] = true
		}
		s.diag.queue = append(front, s.diag.queue...)
	}

	var paths []string
	for len(paths) < maxBatch && len(s.diag.queue) > 0 {
		p := s.diag.queue[0]
		s.diag.queue = s.diag.queue[1:]
		if !s.diag.queued[p] {
			continue // published already, from its copy nearer the front
		}
		delete(s.diag.queued, p)
		paths = append(paths, p)
	}
	if len(paths) > 0 {
		batch = s.diagnoseLocked(paths)
	}
	if len(s.diag.queue) == 0 {
		s.diag.queue = nil
		s.diag.queued = map[string]bool{}
	} else {
		next = now // more to do at once
	}
	return batch, next
}

// diagnoseLocked computes what to publish for paths, leaving out a file
// that is not open, has no findings and had none before. A file no editor
// holds then keeps only its frontmatter (Workspace.Release) until it is
// asked about again.
func (s *Server) diagnoseLocked(paths []string) []protocol.PublishDiagnosticsParams {
	if s.diagnoseHook != nil {
		s.diagnoseHook(paths)
	}
	findings, places := s.ws.FindingsOf(paths)
	mappers := map[string]*Mapper{}
	mapperFor := s.mapperFuncLocked(mappers)
	out := make([]protocol.PublishDiagnosticsParams, 0, len(paths))
	for i, path := range paths {
		doc := s.docs[path]
		if doc == nil {
			s.ws.Release(path)
			if s.ws.ReadOnly(path) {
				findings[i] = nil // an agent's copy of a plugin: only when opened
			}
		}
		if doc == nil && len(findings[i]) == 0 && s.diag.published[path] == 0 {
			continue
		}
		if m := mappers[path]; m == nil || len(m.src) < places[i].Len() {
			// Enough to place its findings. Only an open document's
			// Mapper is kept: a file on disk is released just above, and
			// a kept Mapper would hold its whole text.
			if text := places[i].Text(); doc != nil {
				mappers[path] = s.mapperLocked(path, text)
			} else {
				mappers[path] = NewMapper(text, s.enc)
			}
		}
		out = append(out, s.publishParamsLocked(path, findings[i], mappers[path], mapperFor))
	}
	return out
}

// publishParamsLocked is the notification of path's findings (in an open
// document's URI and version), noting how many it publishes.
func (s *Server) publishParamsLocked(path string, findings []analysis.Finding, m *Mapper, mapperFor mapperFunc) protocol.PublishDiagnosticsParams {
	params := protocol.PublishDiagnosticsParams{
		URI:         fileURI(path),
		Diagnostics: diagnostics(findings, m, mapperFor),
	}
	if doc := s.docs[path]; doc != nil {
		params.Version = protocol.NewOptional(doc.version)
		params.URI = doc.uri
	}
	if n := len(params.Diagnostics); n > 0 {
		s.diag.published[path] = n
	} else {
		delete(s.diag.published, path)
	}
	return params
}

// diagnostics converts findings to protocol diagnostics: severity always
// set, the rule id as code, source "skill-ls", the message naming the
// targets, and the related locations in the other files' own positions.
// The result is never nil: an empty list clears the file in the client.
func diagnostics(findings []analysis.Finding, m *Mapper, mapperFor mapperFunc) []protocol.Diagnostic {
	rs := make([]analysis.Range, len(findings))
	for i, f := range findings {
		rs[i] = f.Range
	}
	ranges := m.Ranges(rs)
	out := make([]protocol.Diagnostic, 0, len(findings))
	for i, f := range findings {
		d := protocol.Diagnostic{
			Range:    ranges[i],
			Severity: severity(f.Severity),
			Code:     protocol.String(f.Rule),
			Source:   protocol.NewOptional("skill-ls"),
			Message:  protocol.String(f.Describe()),
		}
		for _, r := range f.Related {
			d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: fileURI(r.Path), Range: mapperFor(r.Path, r.Range).Range(r.Range)},
				Message:  r.Message,
			})
		}
		out = append(out, d)
	}
	return out
}

func severity(s analysis.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analysis.Error:
		return protocol.DiagnosticSeverityError
	case analysis.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// flush waits until every file queued so far has been published (files
// queued later, say by typing, do not hold it up).
func (s *Server) flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	limit := s.diag.seq
	for s.ready && s.ctx.Err() == nil && s.state.Load() != stageShutdown {
		waiting := s.diag.writing > 0 || len(s.diag.queue) > 0
		for _, q := range s.diag.pending {
			if q.seq <= limit {
				waiting = true
				break
			}
		}
		if !waiting {
			return
		}
		s.idle.Wait()
	}
}
