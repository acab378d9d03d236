package skillcore

// The world applies the agents registered with package loader; importing
// the list registers every agent skill-ls knows before this package's
// variables are worked out from them.
import _ "github.com/skill-ls/skill-ls/skillcore/agents/all"
