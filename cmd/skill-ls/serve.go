package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/skill-ls/skill-ls/lsp"
)

// serve runs the language server on stdin and stdout.
func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("serve")
	fs.Bool("stdio", true, "talk LSP over stdin and stdout (the only transport)")
	logFile := fs.String("log-file", "", "append a trace of every message to this file")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the session to this file (for pprof)")
	memProfile := fs.String("memprofile", "", "write a heap profile to this file when the session ends (for pprof)")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if code, done := noArgs(fs, stderr); done {
		return code
	}
	if isTerminal(stdin) {
		// Someone typed skill-ls; an editor never runs it on a terminal.
		fmt.Fprintln(stderr, "skill-ls: a language server, waiting for an editor to speak LSP on standard input; run skill-ls --help for the commands (Ctrl-D to quit)")
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "skill-ls:", err)
			return exitUsage
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "skill-ls:", err)
			return exitUsage
		}
		defer pprof.StopCPUProfile()
	}
	if *memProfile != "" {
		defer writeHeapProfile(*memProfile, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer holdMemoryCeiling(time.Second, true)()
	return lsp.Serve(ctx, stdin, stdout, lsp.Options{LogFile: *logFile, Getenv: os.Getenv, Version: version})
}

// writeHeapProfile records what the server still holds as the session ends,
// which is the resident memory the 10,000-skill budget is about.
func writeHeapProfile(path string, stderr io.Writer) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("heap").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls:", err)
	}
}
