package skillcore

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// A panic on a worker goroutine ends the process whatever its caller
// recovers: the language server recovers every request and notification,
// but a panic inside ForEach (the world's problems gathered in parallel)
// used to end it all the same. Workers catch their panic and the goroutine
// that waits for them panics with it, with the worker's stack, where its
// caller can recover.

// WorkerPanic is a panic caught on a worker goroutine and raised again in
// the goroutine that waited for it.
type WorkerPanic struct {
	Value any
	Stack []byte // the worker's
}

func (p *WorkerPanic) Error() string {
	return fmt.Sprintf("%v\n[worker goroutine]\n%s", p.Value, p.Stack)
}

// panics keeps the first panic of a group of workers.
type panics struct{ first atomic.Pointer[WorkerPanic] }

// catch records a worker's panic; defer it directly in the worker.
func (c *panics) catch() {
	r := recover()
	if r == nil {
		return
	}
	p, ok := r.(*WorkerPanic)
	if !ok {
		p = &WorkerPanic{Value: r, Stack: debug.Stack()}
	}
	c.first.CompareAndSwap(nil, p)
}

// caught reports whether a worker panicked.
func (c *panics) caught() bool { return c.first.Load() != nil }

// raise panics with the first worker's panic, if any; call it once the
// workers are done.
func (c *panics) raise() {
	if p := c.first.Load(); p != nil {
		panic(p)
	}
}

// Go runs f on its own goroutine and returns a wait that blocks until f
// is done and panics with f's panic, if it had one, in its caller.
func Go(f func()) (wait func()) {
	var c panics
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer c.catch()
		f()
	}()
	return func() {
		<-done
		c.raise()
	}
}
