package skillcore

import "slices"

// An agent's own budget fit (Target.Fit) goes over its whole catalog:
// fitting again at every change made opening N new files one after another
// cost N fits of up to N lines. With World.DeferFits a change marks the
// fit stale, and the fit is made when a reader next needs it (findings,
// hover, catalog); the files whose fit that changes are told to OnFit
// then, as a change's own return value would have told them. Files
// opened in a burst share the fits of the reads between them.

// deferRefit leaves the fit to the next read; it forgets at once the
// budget of the touched entries that left the catalog, as refit would,
// and returns them.
func (res *resolution) deferRefit(touched []*Entry) []*Entry {
	var gone []*Entry
	for _, e := range touched {
		if _, ok := res.budget[e]; ok && !slices.Contains(res.order, e) {
			delete(res.budget, e)
			gone = append(gone, e)
		}
	}
	res.fitStale = true
	return gone
}

// fit brings a deferred fit up to date and tells OnFit of the files whose
// fit changed.
func (w *World) fit(res *resolution) {
	if !res.fitStale {
		return
	}
	res.fitStale = false
	changed := res.refit(res.target, nil)
	if len(changed) == 0 || w.OnFit == nil {
		return
	}
	paths := make([]string, len(changed))
	for i, e := range changed {
		paths[i] = e.Skill.Path
	}
	w.OnFit(paths)
}
