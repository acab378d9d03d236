package loader

// The fields of the open specification, known to every strict loader.
var specFields = map[string]FieldSpec{
	"license":       {Type: StringType},
	"compatibility": {Type: StringType, Max: 500},
	"metadata":      {Type: StringMapType},
	"allowed-tools": {Type: SpaceSeparatedType},
}

// validatedSpecFields are specFields where a validator refuses a
// compatibility that is not a string (skills-ref, Anthropic's validator).
var validatedSpecFields = withSpec(map[string]FieldSpec{
	"compatibility": {Type: StringType, Max: 500, Fatal: true},
})

func withSpec(extra map[string]FieldSpec) map[string]FieldSpec {
	m := make(map[string]FieldSpec, len(specFields)+len(extra))
	for k, v := range specFields {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var bool11 = map[string]bool{"yes": true, "no": false, "on": true, "off": false, "1": true, "0": false}

func project(p string) RootSpec { return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject} }
func home(p string) RootSpec    { return RootSpec{Base: BaseHome, Path: p, Scope: ScopeGlobal} }

// above is a project root the agent also reads in the folders above the
// project, as up says.
func above(p string, up Ancestry) RootSpec {
	return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject, Up: up}
}

var children = Scan{}

// Targets is every agent skill-ls knows, agentskills first. Each agent is
// whole in its own file, agent_<id>.go: its Target, the version it was
// verified against, where each fact was read (its public source,
// documentation or probes; SPEC section 4), the package formats it defines
// and which files hold its reader, catalog and installed layout. Adding an
// agent is that file, a line here and its conformance probes.
var Targets = []*Target{
	agentSkillsTarget,
	zedTarget,
	codexTarget,
	claudeCodeTarget,
	claudeAPITarget,
	copilotTarget,
	geminiTarget,
	cursorTarget,
	tinyAgentTarget,
	zotTarget,
	openCodeTarget,
	qwenCodeTarget,
}
