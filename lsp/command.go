package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// commandCatalog returns, as a string, the catalog an agent would put in
// front of the model for the workspace: arguments [{"target": "zed",
// "project": "/path"}], target defaulting to agentskills and project to the
// first workspace folder.
const commandCatalog = "skill-ls.catalog"

// commandShowCatalog shows the user the catalogs of the agents named,
// arguments [{"targets": ["zed", ...], "project": "/path"}] (every target
// when none is named). It is the code lens's command. The editor
// integrations handle it themselves and open the catalogs as documents;
// run by the server, it shows them in a window/showMessage and returns
// the text. An empty list (a file no agent loads) says so instead. Not advertised: VS Code would then register it for the server,
// and its extension registers it for itself.
const commandShowCatalog = "skill-ls.showCatalog"

type showCatalogArgs struct {
	// Targets: nil when left out (every target), [] for none.
	Targets []string `json:"targets"`
	Project string   `json:"project,omitempty"`
}

type catalogArgs struct {
	Target  string `json:"target"`
	Project string `json:"project"`
}

// ExecuteCommand runs the server's commands.
func (s *Server) ExecuteCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	switch params.Command {
	case commandCatalog:
		return runCommand(params, s.catalog)
	case commandOpen:
		return s.open(ctx, params.Arguments)
	case commandShowCatalog:
		return runCommand(params, s.showCatalog)
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: unknown command %q", params.Command)
}

// showCatalog shows the catalogs of args.Targets, each under its name,
// in one message, and returns that text.
func (s *Server) showCatalog(args showCatalogArgs) (string, error) {
	targets := args.Targets
	if targets == nil {
		targets = loader.TargetIDs()
	}
	if len(targets) == 0 {
		const none = "no agent loads this file, so it is in no catalog"
		s.tellf(protocol.MessageTypeInfo, none)
		return none, nil
	}
	var b strings.Builder
	for _, t := range targets {
		text, err := s.catalog(catalogArgs{Target: t, Project: args.Project})
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "catalog of %s:\n%s\n", t, strings.TrimRight(text, "\n"))
	}
	s.tellf(protocol.MessageTypeInfo, "%s", strings.TrimRight(b.String(), "\n"))
	return b.String(), nil
}

func (s *Server) catalog(args catalogArgs) (string, error) {
	if args.Target == "" {
		args.Target = "agentskills"
	}
	t := loader.TargetByID(args.Target)
	if t == nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: unknown target %q (known: %v)", args.Target, loader.TargetIDs())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	project := args.Project
	if project == "" && len(s.folders) > 0 {
		project = s.folders[0]
	}
	if project != "" {
		project = filepath.Clean(project)
	}
	return skillcore.RenderCatalog(t, s.ws.World.Catalog(t, project)), nil
}

// runCommand runs a command whose one optional argument is an object of
// type A, and answers with what run returns, as JSON.
func runCommand[A, R any](params *protocol.ExecuteCommandParams, run func(A) (R, error)) (protocol.LSPAny, error) {
	var args A
	if len(params.Arguments) > 0 {
		if err := json.Unmarshal(params.Arguments[0], &args); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: %s: %v", params.Command, err)
		}
	}
	out, err := run(args)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}
