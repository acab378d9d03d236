package skillcore

import (
	"strings"
	"testing"
)

// A panic on a worker is raised again in the goroutine that waits, where
// a server can recover it, with the worker's stack.
func TestWorkerPanicsReachTheCaller(t *testing.T) {
	for name, run := range map[string]func(){
		"ForEach": func() {
			ForEach(8, func(i int) {
				if i == 5 {
					panic("boom")
				}
			})
		},
		"Go": func() { Go(func() { panic("boom") })() },
		"ForEach in Go": func() {
			Go(func() { ForEach(3, func(int) { panic("boom") }) })()
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				p, ok := recover().(*WorkerPanic)
				if !ok || p.Value != "boom" || !strings.Contains(p.Error(), "panics_test.go") {
					t.Errorf("recovered %v, want the worker's panic with its stack", p)
				}
			}()
			run()
		})
	}
}
