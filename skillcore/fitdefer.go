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
// fit changed. A file new to the catalog since the last fit is left out:
// the change that put it there returned it already (the file changed, or
// a name's winner whose standing changed), and telling it again would
// have it judged twice.
func (w *World) fit(res *resolution) {
	if !res.fitStale {
		return
	}
	res.fitStale = false
	fresh := map[*Entry]bool{}
	for _, e := range res.order {
		if _, ok := res.budget[e]; !ok {
			fresh[e] = true
		}
	}
	var paths []string
	for _, e := range res.refit(res.target, nil) {
		if !fresh[e] {
			paths = append(paths, e.Skill.Path)
		}
	}
	if len(paths) > 0 && w.OnFit != nil {
		w.OnFit(paths)
	}
}
