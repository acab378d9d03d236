// Package mcpserver is skill-ls as a Model Context Protocol server: the
// tools an agent calls to check, resolve, list and fix skills, with the
// bounds an agent's untrusted arguments get. The judging itself is the
// command line's (a Backend), so the server and `skill-ls check` answer
// from the same world and configuration; this package speaks MCP, keeps
// every path inside the roots the server was started for, and shapes the
// answers. It is not a language server and knows no LSP types.
package mcpserver

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Backend judges what the tools ask about. Paths it is given are absolute
// and inside the server's roots; texts are within MaxText. Each call
// builds its world afresh from disk, as a run of check does.
type Backend interface {
	// Check reports at most limit findings, errors before warnings
	// before infos, and counts the rest.
	Check(ctx context.Context, files []File, targets []string, limit int) (any, error)
	Resolve(ctx context.Context, project, name, path string) (any, error)
	Catalog(ctx context.Context, project, target string) (any, error)
	Explain(ctx context.Context, rule string) (any, error)
	// Fix returns each file's text before and after its safe fixes; it
	// writes nothing.
	Fix(ctx context.Context, files []File) ([]Fixed, error)
	// Write replaces the file at path by src, atomically.
	Write(path string, src []byte) error
}

// File is a file to judge: a path, with the text it is to be judged with
// when Text is set (a SKILL.md not yet written, or unsaved), else as on
// disk (a SKILL.md, a package manifest, or a folder holding them).
type File struct {
	Path string
	Text *string
}

// Fixed is one file the safe fixes changed.
type Fixed struct {
	Path     string
	Old, New []byte
	Titles   []string
}

// New makes the server for version, its tools answering through b and
// refusing paths outside roots.
func New(b Backend, roots Roots, version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "skill-ls", Title: "skill-ls: Agent Skills checker", Version: version},
		&mcp.ServerOptions{Instructions: Instructions, Capabilities: &mcp.ServerCapabilities{}})
	t := &tools{b: b, roots: roots}
	for _, add := range []func(*mcp.Server){t.addCheck, t.addResolve, t.addCatalog, t.addExplain, t.addFix} {
		add(s)
	}
	return s
}

// tools holds what every tool's handler shares. One call is judged at a
// time: each builds a world of its own, and two at once would only
// double the memory on the same cores.
type tools struct {
	b     Backend
	roots Roots
	mu    sync.Mutex
}

// readOnly annotates a tool that changes nothing and reaches nothing
// beyond the local files.
func readOnly(title string) *mcp.ToolAnnotations {
	closed := false
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &closed}
}
