package skillcore

import (
	"io"
	"os"
	"sync"
)

// readFile reads the file at path into buf, grown as it needs, with an
// open, reads up to end of file and a close (os.ReadFile also stats the
// file first: a tenth of a 10,000-skill scan's reading).
func readFile(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// readBuffers are the buffers Load reads files into: a file's text is
// parsed there, and only what the world keeps of it is copied out.
var readBuffers = sync.Pool{New: func() any { return new([]byte) }}
