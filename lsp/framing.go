package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"go.lsp.dev/jsonrpc2"
)

// The LSP base protocol frames each message with a header block
// ("Content-Length: N", other fields, a blank line) and N bytes of body.
// jsonrpc2's own reader ends the connection at the first bad header; the
// frameReader below reads the same framing but survives a bad frame: it
// reports the frame and reads on, from the next frame it can find.

const (
	// maxMessage is the largest body read into memory; a longer one is
	// skipped in small chunks and refused.
	maxMessage = 64 << 20
	// maxHeaderLine and maxHeaderLines bound a header block.
	maxHeaderLine  = 4 << 10
	maxHeaderLines = 64
	// keepBuffer is the largest body buffer kept for the next frame: a
	// rare big message does not pin its buffer for the session.
	keepBuffer = 1 << 20
)

// frameError is a frame the reader refused; the session goes on. Code is
// the JSON-RPC error that answers it.
type frameError struct {
	code jsonrpc2.Code
	msg  string
}

func (e *frameError) Error() string { return e.msg }

// frameReader reads framed message bodies from r.
type frameReader struct {
	r   *bufio.Reader
	buf []byte
	// skip is how many bytes of a refused frame's body are still to be
	// discarded before the next header.
	skip int64
	// lost is set after a header that did not say how long its body is:
	// the next frame is found by its "Content-Length:".
	lost bool
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, maxHeaderLine)}
}

// next returns the body of the next frame. A *frameError is a frame
// refused, after which next may be called again; any other error ends the
// input (io.EOF between frames, io.ErrUnexpectedEOF inside one). The body
// is valid until the next call.
func (f *frameReader) next() ([]byte, error) {
	if f.skip > 0 {
		n, err := io.CopyN(io.Discard, f.r, f.skip) // io.Discard reads in small chunks
		f.skip -= n
		if err != nil {
			return nil, unexpected(err)
		}
	}
	resumed := false
	if f.lost {
		if err := f.seekHeader(); err != nil {
			return nil, err
		}
		f.lost, resumed = false, true
	}
	length, err := f.header(resumed)
	if err != nil {
		return nil, err
	}
	if length > maxMessage {
		f.skip = length
		return nil, &frameError{jsonrpc2.InvalidRequest, fmt.Sprintf("a message of %d bytes is over the limit of %d MiB; skipped", length, maxMessage>>20)}
	}
	body := f.buf
	if int64(cap(body)) < length {
		body = make([]byte, length)
		if length <= keepBuffer {
			f.buf = body
		}
	}
	body = body[:length]
	if _, err := io.ReadFull(f.r, body); err != nil {
		return nil, unexpected(err)
	}
	return body, nil
}

// unexpected turns the end of input inside a frame into ErrUnexpectedEOF.
func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

var contentLength = []byte("content-length:")

// seekHeader discards input up to and including the next
// "Content-Length:" (in any case), which starts the next frame's header.
func (f *frameReader) seekHeader() error {
	matched := 0
	for matched < len(contentLength) {
		c, err := f.r.ReadByte()
		if err != nil {
			return err // the input ended in garbage: a clean end
		}
		c = lower(c)
		switch {
		case c == contentLength[matched]:
			matched++
		case c == contentLength[0]: // no proper prefix of the name recurs in it
			matched = 1
		default:
			matched = 0
		}
	}
	return nil
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// header reads a header block up to its blank line and returns the body's
// length. With resumed, the block's first line is the rest of a
// Content-Length line whose name seekHeader consumed.
//
// A block that says how long its body is but is otherwise bad (a line
// without a colon, an unknown length unit) has its body skipped; one that
// does not (no, a negative or a malformed length, a line too long, too
// many lines) loses the frame, and the next is found by its name.
func (f *frameReader) header(resumed bool) (int64, error) {
	length := int64(-1)
	var problem string
	note := func(format string, args ...any) {
		if problem == "" {
			problem = fmt.Sprintf(format, args...)
		}
	}
	for lines := 0; ; lines++ {
		line, err := f.r.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			f.lost = true
			note("a header line is longer than %d bytes", maxHeaderLine)
			return 0, f.refuse(problem)
		case err == io.EOF && lines == 0 && !resumed && len(line) == 0:
			return 0, io.EOF
		case err != nil:
			return 0, unexpected(err)
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			if lines == 0 && !resumed {
				lines-- // blank lines between frames are tolerated
				continue
			}
			break
		}
		if lines >= maxHeaderLines {
			f.lost = true
			note("the header has more than %d lines", maxHeaderLines)
			return 0, f.refuse(problem)
		}
		name, value := []byte("content-length"), line
		if !(resumed && lines == 0) {
			var ok bool
			name, value, ok = bytes.Cut(line, []byte(":"))
			if !ok {
				note("header line %q has no colon", truncate(line))
				continue
			}
		}
		if !bytes.EqualFold(bytes.TrimSpace(name), []byte("content-length")) {
			continue // Content-Type and the like say nothing skill-ls needs
		}
		n, ok := parseLength(bytes.TrimSpace(value))
		switch {
		case !ok:
			note("Content-Length %q is not a length", truncate(value))
			length = -2
		case length >= 0 && n != length:
			note("Content-Length is given twice, as %d and %d", length, n)
			length = -2
		case length != -2:
			length = n
		}
	}
	if length < 0 {
		f.lost = true
		note("the header has no Content-Length")
		return 0, f.refuse(problem)
	}
	if problem != "" {
		f.skip = length
		return 0, f.refuse(problem)
	}
	return length, nil
}

// refuse is the error answering a frame whose header is bad.
func (f *frameReader) refuse(problem string) error {
	return &frameError{jsonrpc2.ParseError, "bad message header: " + problem}
}

// parseLength parses a Content-Length value: decimal digits that fit an
// int64.
func parseLength(b []byte) (int64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' || n > (1<<63-1-int64(c-'0'))/10 {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// truncate shortens what a message quotes of hostile input.
func truncate(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}
