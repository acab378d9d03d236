package loader

import "regexp"

// The package formats agents install skills through, as data beside the
// targets: a format is a variable in the folder of the agent that defines
// it (skillcore/agents/<id>/agent.go), with its tests, and
// skillcore/agents/all registers them in the order lookups try them. Facts come from each agent's documentation and source (SPEC
// section 5a).

// agentPluginsSchema is the $schema that makes a plugin.json an Agent
// Plugins 1.0 manifest.
const AgentPluginsSchema = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json"

// Keys every plugin manifest format shares: metadata the agents show.
var pluginMeta = map[string]JSONType{
	"$schema": TString, "name": TString, "version": TString, "description": TString,
	"author": TObject | TString, "homepage": TString, "repository": TString | TObject,
	"license": TString, "keywords": TArray,
}

func WithMeta(extra map[string]JSONType) map[string]JSONType {
	m := make(map[string]JSONType, len(pluginMeta)+len(extra))
	for k, v := range pluginMeta {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// agentPluginName is the name Agent Plugins 1.0 accepts for a plugin.
var agentPluginName = regexp.MustCompile(`^[a-z0-9.-]{1,64}$`)

// AgentPlugins is the open Agent Plugins 1.0 format, which several agents
// read; every other format is in the file of the agent that defines it
// (skillcore/agents/<id>).
var AgentPlugins = &PluginFormat{
	ID:        "agent-plugins",
	Title:     "Agent Plugins 1.0",
	Manifests: []string{"plugin.json"},
	Schema: ManifestSchema{
		Fields:   WithMeta(map[string]JSONType{"mcpServers": TString | TObject}),
		Required: []string{"name"},
		Closed:   true,
		BadType:  Error,
		Unknown:  Error,
		Name:     agentPluginName, NameWhat: "1 to 64 of a-z, 0-9, - and .",
		Marker: AgentPluginsSchema,
	},
	Readers: []FormatReader{{Target: "codex", Order: 1}, {Target: "copilot", Order: 2}, {Target: "cursor", Order: 2}},
	Skills:  SkillsLayout{Dir: "skills", Depth: 1},
}
