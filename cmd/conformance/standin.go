package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

// standIn is what every stand-in model API of the suite shares: a server
// on 127.0.0.1 whose requests a path prefix gives to one agent run, and
// what it kept of each run's requests.
type standIn struct {
	url  string
	srv  *http.Server
	mu   sync.Mutex
	next atomic.Int64
	got  map[string][]byte
}

// start serves h on a free loopback port.
func (m *standIn) start(h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	m.url, m.got = "http://"+ln.Addr().String(), map[string][]byte{}
	m.srv = &http.Server{Handler: h}
	go m.srv.Serve(ln)
	return nil
}

func (m *standIn) close() { m.srv.Close() }

// expect names a new run.
func (m *standIn) expect() string { return fmt.Sprintf("run%d", m.next.Add(1)) }

// take returns what was kept of a run, and forgets it.
func (m *standIn) take(run string) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.got[run]
	delete(m.got, run)
	return b
}

// keep keeps b for run, unless what is kept already holds has.
func (m *standIn) keep(run string, b []byte, has string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if prev, ok := m.got[run]; !ok || has != "" && !strings.Contains(string(prev), has) {
		m.got[run] = b
	}
}

// request reads a request's body and the run its path names.
func request(req *http.Request) (run string, body []byte) {
	body, _ = io.ReadAll(io.LimitReader(req.Body, 256<<20))
	run, _, _ = strings.Cut(strings.TrimPrefix(req.URL.Path, "/"), "/")
	return run, body
}
