package lsp

import (
	"slices"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/analysis"
)

// The editor features (hover, completion, code actions, navigation,
// symbols, folding, hints, lenses, rename) each live in a file of their
// own; this file holds what they share: the client capabilities they read,
// the capabilities they advertise, and the lookup of a request's document.

// codeRequestFailed answers a request that was valid but could not be
// carried out (LSP 3.17 RequestFailed), such as a rename to a taken name.
const codeRequestFailed jsonrpc2.Code = -32803

// featureCaps is what the editor features need to know of the client.
type featureCaps struct {
	snippets        bool // completion items may be snippets
	showDocument    bool // answers window/showDocument
	documentChanges bool // workspace edits may be versioned documentChanges
	renameFiles     bool // workspace edits may rename files and folders
	lineFoldingOnly bool // folding ranges are whole lines
	hierarchical    bool // document symbols may nest
}

func readFeatureCaps(c protocol.ClientCapabilities) featureCaps {
	var out featureCaps
	if td := c.TextDocument; td != nil {
		if cc := td.Completion; cc != nil && cc.CompletionItem != nil {
			out.snippets = isTrue(cc.CompletionItem.SnippetSupport)
		}
		if fr := td.FoldingRange; fr != nil {
			out.lineFoldingOnly = isTrue(fr.LineFoldingOnly)
		}
		if ds := td.DocumentSymbol; ds != nil {
			out.hierarchical = isTrue(ds.HierarchicalDocumentSymbolSupport)
		}
	}
	if w := c.Window; w != nil && w.ShowDocument != nil {
		out.showDocument = w.ShowDocument.Support
	}
	if w := c.Workspace; w != nil && w.WorkspaceEdit != nil {
		out.documentChanges = isTrue(w.WorkspaceEdit.DocumentChanges)
		out.renameFiles = out.documentChanges && slices.Contains(w.WorkspaceEdit.ResourceOperations, protocol.ResourceOperationKindRename)
	}
	return out
}

// completionTriggers are the characters after which a client asks for
// completion unprompted: a key's colon and the space after it, a list
// item's space, a link's "(", a code span's backtick, a path's "/".
var completionTriggers = []string{":", " ", "(", "`", "/"}

// featureCapabilities advertises the editor features in the initialize
// result. Every feature is offered to every client: what a client can do
// (caps) changes the answers, not whether they come.
func featureCapabilities(caps clientCaps, sc *protocol.ServerCapabilities) {
	sc.HoverProvider = protocol.Boolean(true)
	sc.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: completionTriggers}
	sc.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
	sc.DefinitionProvider = protocol.Boolean(true)
	sc.ReferencesProvider = protocol.Boolean(true)
	sc.DocumentLinkProvider = &protocol.DocumentLinkOptions{}
	sc.DocumentSymbolProvider = protocol.Boolean(true)
	sc.WorkspaceSymbolProvider = protocol.Boolean(true)
	sc.FoldingRangeProvider = protocol.Boolean(true)
	sc.InlayHintProvider = protocol.Boolean(true)
	sc.CodeLensProvider = &protocol.CodeLensOptions{}
	sc.RenameProvider = &protocol.RenameOptions{PrepareProvider: ptr(true)}
	if !slices.Contains(sc.ExecuteCommandProvider.Commands, commandOpen) {
		sc.ExecuteCommandProvider.Commands = append(sc.ExecuteCommandProvider.Commands, commandOpen)
	}
}

// skillFile is the document a request is about, as the workspace holds it
// (an open buffer shadows the disk).
type skillFile struct {
	uri  uri.URI // as the client spells it
	path string
	m    *Mapper
}

// fileLocked finds the SKILL.md a request names, reporting false for every
// other document and for a SKILL.md the workspace does not hold: those get
// nothing from the editor features.
func (s *Server) fileLocked(u uri.URI) (skillFile, bool) {
	path := skillPath(u)
	if path == "" {
		return skillFile{}, false
	}
	src := s.ws.Source(path)
	if src == nil {
		return skillFile{}, false
	}
	return skillFile{uri: u, path: path, m: s.mapperLocked(path, src)}, true
}

// maxMappers bounds the Mappers kept between requests.
const maxMappers = 64

// mapperLocked is the Mapper of the text the workspace holds for path,
// made once per version of the file: every edit and every load gives the
// file a new text (nothing writes into one in place), so a Mapper is current
// while it indexes that very slice. Requests on one version (a hover, a
// completion, code actions as the cursor moves, its diagnostics) share it.
func (s *Server) mapperLocked(path string, src []byte) *Mapper {
	if m := s.mappers[path]; m != nil && m.enc == s.enc && sameText(m.src, src) {
		return m
	}
	if len(s.mappers) >= maxMappers {
		clear(s.mappers)
	}
	m := NewMapper(src, s.enc)
	s.mappers[path] = m
	return m
}

// sameText reports whether a and b are the same slice of memory.
func sameText(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// mapperFunc gives the Mapper of a file over enough of its text to place
// r: for a released file most places pointed to (names, collisions) are in
// the frontmatter it keeps, and its body need not be read back for them.
type mapperFunc func(path string, r analysis.Range) *Mapper

// mappersLocked is the mapperFunc of a request about f.
func (s *Server) mappersLocked(f skillFile) mapperFunc {
	return s.mapperFuncLocked(map[string]*Mapper{f.path: f.m})
}

// mapperFuncLocked gives the Mappers in made, and makes and adds the
// others, each again only when a range reaches past its text.
func (s *Server) mapperFuncLocked(made map[string]*Mapper) mapperFunc {
	return func(p string, r analysis.Range) *Mapper {
		if m := made[p]; m != nil && len(m.src) >= r.End {
			return m
		}
		m := s.mapperLocked(p, s.ws.SourceTo(p, r.End))
		made[p] = m
		return m
	}
}

// uriLocked is the URI of a path: the client's own spelling when the file
// is open, else its file URI.
func (s *Server) uriLocked(path string) uri.URI {
	if d := s.docs[path]; d != nil {
		return d.uri
	}
	return fileURI(path)
}

// locations converts analysis locations, each in its own file's positions.
func (s *Server) locations(ls []analysis.Location, mapperFor mapperFunc) []protocol.Location {
	out := make([]protocol.Location, 0, len(ls))
	for _, l := range ls {
		out = append(out, protocol.Location{URI: s.uriLocked(l.Path), Range: mapperFor(l.Path, l.Range).Range(l.Range)})
	}
	return out
}

// textEdits converts edits of f to protocol text edits.
func textEdits(f skillFile, edits []analysis.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: f.m.Range(e.Range), NewText: e.NewText})
	}
	return out
}

// textDocumentEditLocked is a versioned edit of f: the open document's
// version, or null for a file the editor does not have open.
func (s *Server) textDocumentEditLocked(f skillFile, edits []protocol.TextEdit) *protocol.TextDocumentEdit {
	id := protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: f.uri}}
	if d := s.docs[f.path]; d != nil {
		id.Version = ptr(d.version)
	}
	elems := make([]protocol.TextDocumentEditElement, 0, len(edits))
	for i := range edits {
		elems = append(elems, &edits[i])
	}
	return &protocol.TextDocumentEdit{TextDocument: id, Edits: elems}
}

// workspaceEditLocked is the smallest workspace edit that makes edits in
// f: versioned documentChanges when the client takes them, else changes.
func (s *Server) workspaceEditLocked(f skillFile, edits []analysis.Edit) *protocol.WorkspaceEdit {
	tes := textEdits(f, edits)
	if s.featureCapsLocked().documentChanges {
		return &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{s.textDocumentEditLocked(f, tes)}}
	}
	return &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{f.uri: tes}}
}

// markdown is Markdown content for a hover or a completion item.
func markdown(text string) *protocol.MarkupContent {
	return &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}
}

// featureCapsLocked is what the client said it can do for the features.
func (s *Server) featureCapsLocked() featureCaps { return s.caps.features }
