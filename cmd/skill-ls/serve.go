package main

import (
	"context"
	"flag"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/skill-ls/skill-ls/lsp"
)

// serve runs the language server on stdin and stdout.
func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "talk LSP over stdin and stdout (the only transport)")
	logFile := fs.String("log-file", "", "append a trace of every message to this file")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return lsp.Serve(ctx, stdin, stdout, lsp.Options{LogFile: *logFile, Getenv: os.Getenv, Version: version})
}
