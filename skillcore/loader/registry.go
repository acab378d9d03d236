package loader

// The registry: every agent's folder (skillcore/agents/<id>) describes one
// agent as data, and one list (skillcore/agents/all) registers them here,
// in the order the world applies them. Nothing is registered by this
// package itself; what is worked out from the registry is worked out
// lazily, after the list has run.

// Targets is every agent skill-ls knows, agentskills first, in the order
// Register was given them.
var Targets []*Target

// PluginFormats is every plugin manifest format, most specific first.
var PluginFormats []*PluginFormat

// MarketplaceFormats is every marketplace manifest format.
var MarketplaceFormats []*MarketplaceFormat

// Register adds agents' targets, in order.
func Register(targets ...*Target) { Targets = append(Targets, targets...) }

// RegisterPlugins adds plugin formats, in the order lookups try them.
func RegisterPlugins(formats ...*PluginFormat) { PluginFormats = append(PluginFormats, formats...) }

// RegisterMarketplaces adds marketplace formats, in the order lookups try
// them.
func RegisterMarketplaces(formats ...*MarketplaceFormat) {
	MarketplaceFormats = append(MarketplaceFormats, formats...)
}
