package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// commandCatalog returns, as a string, the catalog an agent would put in
// front of the model for the workspace: arguments [{"target": "zed",
// "project": "/path"}], target defaulting to agentskills and project to the
// first workspace folder.
const commandCatalog = "skill-ls.catalog"

type catalogArgs struct {
	Target  string `json:"target"`
	Project string `json:"project"`
}

// ExecuteCommand runs the server's commands.
func (s *Server) ExecuteCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	switch params.Command {
	case commandCatalog:
		var args catalogArgs
		if len(params.Arguments) > 0 {
			if err := json.Unmarshal(params.Arguments[0], &args); err != nil {
				return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: %s: %v", commandCatalog, err)
			}
		}
		text, err := s.catalog(args)
		if err != nil {
			return nil, err
		}
		return json.Marshal(text)
	case commandOpen:
		return s.open(ctx, params.Arguments)
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: unknown command %q", params.Command)
}

func (s *Server) catalog(args catalogArgs) (string, error) {
	if args.Target == "" {
		args.Target = "agentskills"
	}
	t := skillcore.TargetByID(args.Target)
	if t == nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "skill-ls: unknown target %q (known: %v)", args.Target, skillcore.TargetIDs())
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
