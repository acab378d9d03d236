// Package all is the list of the agents skill-ls knows: importing it
// registers each agent's folder with package loader, in the order the
// world applies them. Adding an agent is its folder under skillcore/agents
// and one line here (two more if it defines package formats).
package all

import (
	"github.com/skill-ls/skill-ls/skillcore/agents/agentskills"
	"github.com/skill-ls/skill-ls/skillcore/agents/claudeapi"
	"github.com/skill-ls/skill-ls/skillcore/agents/claudecode"
	"github.com/skill-ls/skill-ls/skillcore/agents/codex"
	"github.com/skill-ls/skill-ls/skillcore/agents/copilot"
	"github.com/skill-ls/skill-ls/skillcore/agents/cursor"
	"github.com/skill-ls/skill-ls/skillcore/agents/gemini"
	"github.com/skill-ls/skill-ls/skillcore/agents/opencode"
	"github.com/skill-ls/skill-ls/skillcore/agents/qwencode"
	"github.com/skill-ls/skill-ls/skillcore/agents/tinyagent"
	"github.com/skill-ls/skill-ls/skillcore/agents/zed"
	"github.com/skill-ls/skill-ls/skillcore/agents/zot"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

func init() {
	// Targets, the specification's first: where two agents disagree the
	// world lists findings in this order.
	loader.Register(
		agentskills.Target,
		zed.Target,
		codex.Target,
		claudecode.Target,
		claudeapi.Target,
		copilot.Target,
		gemini.Target,
		cursor.Target,
		tinyagent.Target,
		zot.Target,
		opencode.Target,
		qwencode.Target,
	)
	// Plugin formats, most specific first: a folder is the first format
	// whose manifest it holds.
	loader.RegisterPlugins(
		claudecode.Plugin,
		codex.Plugin,
		loader.AgentPlugins,
		copilot.Plugin,
		cursor.Plugin,
		gemini.Extension,
	)
	loader.RegisterMarketplaces(
		claudecode.Marketplace,
		codex.Marketplace,
		copilot.Marketplace,
		cursor.Marketplace,
	)
}
