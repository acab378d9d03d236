package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/mcpserver"
	"github.com/skill-ls/skill-ls/skillcore"
)

// mcpMaxLine bounds one message from the agent: a call carries at most a
// 1 MiB SKILL.md, which JSON escaping can grow sixfold; past this the
// session ends rather than buffer without limit.
const mcpMaxLine = 8 << 20

// mcpHelp follows mcp's flags in its usage.
const mcpHelp = `
The tools: check, resolve, catalog and explain (read-only), and fix (a
unified diff; it writes only when asked). Every path a tool is given must
lie inside a root; add the server to an agent with, for Claude Code:

  claude mcp add skill-ls -- skill-ls mcp
`

// mcpCommand runs the Model Context Protocol server on standard input and
// output, for an agent to start.
func mcpCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("mcp")
	var dirs []string
	fs.Func("root", "a project `DIR` whose files the tools may read (repeatable; default: the project holding the current folder)", func(v string) error {
		dirs = append(dirs, v)
		return nil
	})
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if code, done := noArgs(fs, stderr); done {
		return code
	}
	if len(dirs) == 0 {
		home, _ := os.UserHomeDir()
		dir, err := projectDir("", skillcore.Env{Home: home, Getenv: os.Getenv})
		if err != nil {
			fmt.Fprintln(stderr, "skill-ls mcp:", escapeText(err.Error()))
			return exitUsage
		}
		dirs = []string{dir}
	}
	roots, err := mcpserver.NewRoots(dirs)
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls mcp:", escapeText(err.Error()))
		return exitUsage
	}
	if isTerminal(stdin) {
		fmt.Fprintln(stderr, "skill-ls mcp: an MCP server, waiting for an agent on standard input; see README for adding it to an agent (Ctrl-D to quit)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ver, _, _ := buildVersion()
	srv := mcpserver.New(mcpBackend{}, roots, ver)
	if err := srv.Run(ctx, mcpserver.Transport(stdin, stdout, stderr, mcpMaxLine)); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		fmt.Fprintln(stderr, "skill-ls mcp:", escapeText(err.Error()))
		return exitFindings
	}
	return exitOK
}
