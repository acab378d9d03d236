package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// qwenAgent asks Qwen Code what it shows the model: it has no command that
// lists skills, so `qwen -p hi` sends its first request to a stand-in for
// the OpenAI chat API on 127.0.0.1, and the listing is read from the first
// user message's <system-reminder>. The listing has no paths (its location
// is the level: project, user, bundled): skills are matched by name, and
// the bundled ones are left out. Skills it hides (disable-model-invocation,
// paths) are not in it.
//
// The listing is cut to each description's first line when the block is
// over 8,000 UTF-16 units, bundled skills counted: the run turns the
// bundled skills off (settings skills.disabled, but for names the layout's
// files mention) and a batch of probes too large for the budget is run in
// parts, each a project of links to some of the batch's folders.
type qwenAgent struct{ api *openAIMock }

func (qwenAgent) id() string       { return "qwen-code" }
func (qwenAgent) binName() string  { return "qwen" }
func (qwenAgent) listing() listing { return listing{ByName: true} }

// qwenBundled are the skills Qwen Code 0.24.4 brings (<pkg>/bundled).
var qwenBundled = []string{"batch", "browser-use", "computer-use", "dataviz", "extension-creator", "goal-draft", "loop",
	"new-app", "qc-helper", "review", "simplify", "stuck", "workflow-authoring", "workflow-creator", "zvec-grep-install"}

// qwenBudget is what the parts of a batch are kept under, of the 8,000
// units the listing may take before it is cut.
const qwenBudget = 7000

func (q qwenAgent) ask(ctx context.Context, r *runner, l *layout) answer {
	if !q.reads(l) {
		return answer{} // only its bundled skills
	}
	var loaded []seen
	for i, part := range q.parts(l) {
		dir := l.cwd
		if part != nil {
			var err error
			if dir, err = linkPart(l, i, part); err != nil {
				return answer{Err: err}
			}
		}
		got, err := q.run(ctx, r, l, dir, fmt.Sprintf("qwen%d", i))
		if err != nil {
			return answer{Err: err}
		}
		loaded = append(loaded, got...)
	}
	return answer{Loaded: loaded}
}

// reads reports whether the layout has a folder Qwen Code reads skills
// from.
func (qwenAgent) reads(l *layout) bool {
	for _, d := range []string{filepath.Join(l.cwd, ".qwen", "skills"), filepath.Join(l.cwd, ".agents", "skills"),
		filepath.Join(l.home, ".qwen", "skills"), filepath.Join(l.home, ".agents", "skills")} {
		if _, err := os.Stat(d); err == nil {
			return true
		}
	}
	return false
}

// parts splits a batch's top folders into groups whose listing stays
// within the budget: one nil part (the layout as it is) when it does.
func (qwenAgent) parts(l *layout) [][]string {
	if l.probe.owners == nil {
		return [][]string{nil}
	}
	sizes := map[string]int{}
	var order []string
	for _, f := range l.probe.files {
		if !strings.HasSuffix(f.Name, "SKILL.md") {
			continue
		}
		top, _, _ := strings.Cut(f.Name, "/")
		owner := l.probe.owners[top]
		if _, ok := sizes[owner]; !ok {
			order = append(order, owner)
		}
		sizes[owner] += 120 + len(f.Data)
	}
	var groups [][]string // owners
	used := 0
	for _, o := range order {
		if len(groups) == 0 || used+sizes[o] > qwenBudget {
			groups = append(groups, nil)
			used = 0
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], o)
		used += sizes[o]
	}
	if len(groups) <= 1 {
		return [][]string{nil}
	}
	var out [][]string
	for _, g := range groups {
		var tops []string
		for top, owner := range l.probe.owners {
			if contains(g, owner) {
				tops = append(tops, top)
			}
		}
		out = append(out, tops)
	}
	return out
}

// linkPart makes a project of links to some of the layout's top folders.
func linkPart(l *layout, i int, tops []string) (string, error) {
	dir := filepath.Join(l.dir, "qwen-parts", fmt.Sprint(i))
	os.RemoveAll(dir)
	root := filepath.Join(dir, l.root)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	for _, top := range tops {
		if err := os.Symlink(filepath.Join(l.project, l.root, top), filepath.Join(root, top)); err != nil {
			return "", err
		}
	}
	return dir, nil
}

func (q qwenAgent) run(ctx context.Context, r *runner, l *layout, dir, tag string) ([]seen, error) {
	v := verified("qwen-code")
	qdir := filepath.Join(l.home, ".qwen")
	if _, err := os.Stat(qdir); err != nil {
		defer os.RemoveAll(qdir)
	}
	if err := os.MkdirAll(qdir, 0o755); err != nil {
		return nil, err
	}
	settings, _ := json.Marshal(map[string]any{
		"security": map[string]any{"auth": map[string]string{"selectedType": "openai"}},
		"model":    map[string]string{"name": "mock-model"},
		"skills":   map[string]any{"disabled": q.disabled(l)},
	})
	sp := filepath.Join(qdir, "settings.json")
	if err := os.WriteFile(sp, settings, 0o644); err != nil {
		return nil, err
	}
	defer os.Remove(sp)
	run := q.api.expect()
	env := r.env(l.home, "OPENAI_BASE_URL="+q.api.url+"/"+run+"/v1", "OPENAI_API_KEY=sk-probe", "OPENAI_MODEL=mock-model")
	in := *l
	in.cwd = dir
	_, errOut, err := r.run(ctx, &in, tag, nil, env, r.bin(v.Package, v.Version, "qwen"), "-p", "hi")
	text, ok := q.api.listing(run)
	if !ok {
		if err == nil {
			err = fmt.Errorf("no request reached the stand-in API")
		}
		return nil, fmt.Errorf("qwen: %v: %s", err, tail(errOut))
	}
	os.WriteFile(filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+"."+tag+".listing"), []byte(text), 0o644)
	return parseQwenListing(text), nil
}

// disabled are the bundled skills to turn off: those no file of the
// layout mentions.
func (qwenAgent) disabled(l *layout) []string {
	var all strings.Builder
	for _, f := range l.probe.files {
		all.WriteString(strings.ToLower(string(f.Data)))
	}
	text := all.String()
	var out []string
	for _, n := range qwenBundled {
		if !strings.Contains(text, n) {
			out = append(out, n)
		}
	}
	return out
}

// qwenEntry is one entry of the listing.
var qwenEntry = regexp.MustCompile(`(?s)<skill>\n<name>\n(.*?)\n</name>\n<description>\n(.*?)\n</description>(?:\n<location>\n(.*?)\n</location>)?\n</skill>`)

var xmlUnescaper = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")

// parseQwenListing reads the entries of a listing but the bundled skills
// and the commands (no location): name and description unescaped, the
// description without its " (level)".
func parseQwenListing(text string) []seen {
	var out []seen
	for _, m := range qwenEntry.FindAllStringSubmatch(text, -1) {
		if m[3] == "" || m[3] == "bundled" {
			continue
		}
		out = append(out, qwenSeen(m[1], m[2], m[3]))
	}
	return out
}

func qwenSeen(name, desc, level string) seen {
	name = xmlUnescaper.Replace(name)
	desc = xmlUnescaper.Replace(strings.TrimSuffix(desc, " ("+level+")"))
	return seen{Key: name, Name: name, Description: desc}
}

// qwenRendered is skill-ls's rendering of one entry, read as the agent's.
func qwenRendered(entry string) seen {
	if m := qwenEntry.FindStringSubmatch(entry); m != nil {
		return qwenSeen(m[1], m[2], m[3])
	}
	return seen{}
}

// openAIMock stands in for the OpenAI chat API: it keeps, per run (told
// apart by a path prefix), the first skill listing a request holds, and
// answers every request with a short reply.
type openAIMock struct{ standIn }

func newOpenAIMock() (*openAIMock, error) {
	m := &openAIMock{}
	return m, m.start(m)
}

// listing returns the listing kept of a run, if a request held one.
func (m *openAIMock) listing(run string) (string, bool) {
	b := m.take(run)
	return string(b), b != nil
}

// listingIn finds the text that holds the skill listing in a request.
func listingIn(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		if strings.Contains(x, "<available_skills>\n") || strings.Contains(x, "No skills are currently available") {
			return x, true
		}
	case []any:
		for _, it := range x {
			if s, ok := listingIn(it); ok {
				return s, true
			}
		}
	case map[string]any:
		for _, it := range x {
			if s, ok := listingIn(it); ok {
				return s, true
			}
		}
	}
	return "", false
}

func (m *openAIMock) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	run, body := request(req)
	if req.Method == http.MethodGet {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"object":"list","data":[{"id":"mock-model","object":"model"}]}`)
		return
	}
	var ask map[string]any
	json.Unmarshal(body, &ask)
	if text, ok := listingIn(ask["messages"]); ok {
		m.keep(run, append([]byte{}, text...), "")
	}
	if stream, _ := ask["stream"].(bool); !stream {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"x","object":"chat.completion","created":1,"model":"mock-model","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprint(w, `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"mock-model","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"},"finish_reason":null}]}`+"\n\n")
	fmt.Fprint(w, `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"mock-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`+"\n\n")
	fmt.Fprint(w, "data: [DONE]\n\n")
}
