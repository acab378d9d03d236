package loader

// The fields of the open specification, known to every strict loader.
var SpecFields = map[string]FieldSpec{
	"license":       {Type: StringType},
	"compatibility": {Type: StringType, Max: 500},
	"metadata":      {Type: StringMapType},
	"allowed-tools": {Type: SpaceSeparatedType},
}

// validatedSpecFields are specFields where a validator refuses a
// compatibility that is not a string (skills-ref, Anthropic's validator).
var ValidatedSpecFields = WithSpec(map[string]FieldSpec{
	"compatibility": {Type: StringType, Max: 500, Fatal: true},
})

func WithSpec(extra map[string]FieldSpec) map[string]FieldSpec {
	m := make(map[string]FieldSpec, len(SpecFields)+len(extra))
	for k, v := range SpecFields {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var Bool11 = map[string]bool{"yes": true, "no": false, "on": true, "off": false, "1": true, "0": false}

func Project(p string) RootSpec { return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject} }
func Home(p string) RootSpec    { return RootSpec{Base: BaseHome, Path: p, Scope: ScopeGlobal} }

// above is a project root the agent also reads in the folders above the
// project, as up says.
func Above(p string, up Ancestry) RootSpec {
	return RootSpec{Base: BaseProject, Path: p, Scope: ScopeProject, Up: up}
}

var Children = Scan{}
