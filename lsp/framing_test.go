package lsp

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"
)

// readAll reads every frame of data, counting the refused ones; it fails
// the test if the reader does not make progress.
func readAll(t *testing.T, data []byte) (bodies [][]byte, refused int, end error) {
	t.Helper()
	r := newFrameReader(bytes.NewReader(data))
	// Every call consumes input or ends it, so there are at most
	// len(data)+1 of them.
	for range len(data) + 2 {
		body, err := r.next()
		var fe *frameError
		switch {
		case errors.As(err, &fe):
			refused++
		case err != nil:
			return bodies, refused, err
		default:
			if len(body) > maxMessage {
				t.Fatalf("a body of %d bytes was read", len(body))
			}
			bodies = append(bodies, bytes.Clone(body))
		}
	}
	t.Fatalf("the reader made no progress on %q", data)
	return nil, 0, nil
}

func TestFrameReader(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		bodies  []string
		refused int
		end     error
	}{
		{"two frames", frame("a") + frame("bc"), []string{"a", "bc"}, 0, io.EOF},
		{"any case, other fields, bare newlines", "content-length:1\nContent-Type: x\n\na", []string{"a"}, 0, io.EOF},
		{"blank lines between frames", frame("a") + "\r\n\r\n" + frame("b"), []string{"a", "b"}, 0, io.EOF},
		{"bad length, then a frame", "Content-Length: x\r\n\r\n{}" + frame("a"), []string{"a"}, 1, io.EOF},
		{"no length, then a frame", "A: b\r\n\r\n{}" + frame("a"), []string{"a"}, 1, io.EOF},
		{"junk line, body skipped", "Content-Length: 2\r\njunk\r\n\r\n{}" + frame("a"), []string{"a"}, 1, io.EOF},
		{"over the limit, body skipped", "Content-Length: 67108865\r\n\r\n" + "xyz", nil, 1, io.ErrUnexpectedEOF},
		{"cut in the header", "Content-Length: 5\r\n", nil, 0, io.ErrUnexpectedEOF},
		{"cut in the body", "Content-Length: 5\r\n\r\nab", nil, 0, io.ErrUnexpectedEOF},
		{"garbage to the end", "Content-Length: -1\r\n\r\nnothing follows", nil, 1, io.EOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bodies, refused, end := readAll(t, []byte(tt.in))
			var got []string
			for _, b := range bodies {
				got = append(got, string(b))
			}
			if !slices.Equal(got, tt.bodies) || refused != tt.refused || end != tt.end {
				t.Errorf("got %q, %d refused, %v; want %q, %d refused, %v", got, refused, end, tt.bodies, tt.refused, tt.end)
			}
		})
	}
}

// FuzzFrameReader feeds the framed-message reader arbitrary input: it
// never panics, always makes progress, never reads a body over the limit,
// and ends at the end of input. Well-formed frames after the input's own
// are read back intact when the input ends between frames.
func FuzzFrameReader(f *testing.F) {
	for _, s := range []string{
		"",
		frame(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`),
		"Content-Length: 99999999999999999999\r\n\r\n{",
		"Content-Length: 67108865\r\n\r\n",
		"Content-Length: 3\r\nbad\r\n\r\nabc",
		"X: y\r\n\r\n",
		"\r\n\r\n\r\n",
		"content-length: 0\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bodies, _, end := readAll(t, data)
		if end != io.EOF && end != io.ErrUnexpectedEOF {
			t.Fatalf("ended with %v", end)
		}
		total := 0
		for _, b := range bodies {
			total += len(b)
		}
		if total > len(data) {
			t.Fatalf("read %d body bytes from %d bytes of input", total, len(data))
		}
		// The same input, then a frame: if the input's last frame was
		// whole, the new one follows it intact.
		if end == io.EOF {
			more, _, _ := readAll(t, append(bytes.Clone(data), frame("{}")...))
			if len(more) == 0 || string(more[len(more)-1]) != "{}" {
				t.Fatalf("the frame after %q was lost: %q", data, more)
			}
		}
	})
}
