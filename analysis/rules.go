package analysis

// Rule documents one rule id: what it means, why it matters and an example
// that triggers it. The checker's explain command and the server's
// diagnostics links read from this one table.
type Rule struct {
	ID      string
	Summary string
	Doc     string
	Example string // a SKILL.md (or part of one) that triggers it
}

// RuleIDs lists every rule id, in table order.
func RuleIDs() []string {
	ids := make([]string, len(Rules))
	for i, r := range Rules {
		ids[i] = r.ID
	}
	return ids
}

// RuleByID returns the rule with the id, or nil.
func RuleByID(id string) *Rule {
	for i := range Rules {
		if Rules[i].ID == id {
			return &Rules[i]
		}
	}
	return nil
}

// Rules is every rule skill-ls reports, in the order of the specification.
var Rules = []Rule{
	{"not-utf8", "bytes that are not UTF-8", "Agents read SKILL.md as UTF-8; Zed refuses other encodings. The range is the first bad byte.", "---\nname: caf\\xe9\n---"},
	{"bom", "a UTF-8 byte-order mark before the frontmatter", "Most loaders look for '---' at byte 0 and do not find the frontmatter behind a BOM. Fix: remove the BOM.", "\\ufeff---\nname: x\n---"},
	{"file-too-large", "over a target's file size limit", "Zed does not load a SKILL.md over 100 KiB; skill-ls neither reads nor parses a file over 1 MiB and says only that. Move details into referenced files.", "(a 120 KiB SKILL.md)"},
	{"file-not-regular", "a FIFO, device, socket or folder (or a symlink to one) named SKILL.md", "An agent that opens it waits for ever (a FIFO), reads without end (/dev/zero, /proc files) or fails; skill-ls reads only regular files and tells what this one is. Fix: make SKILL.md a regular file.", "(mkfifo SKILL.md)"},
	{"skill-md-case", "skill.md, Skill.md, ... where agents look for SKILL.md exactly", "Agents find a skill by a file named SKILL.md, in exactly that case; on a case-sensitive file system they skip a folder holding skill.md. The file is not checked further until it is renamed. Fix: rename the file to SKILL.md.", "(my-skill/skill.md)"},
	{"frontmatter-missing", "the file does not start with a --- line", "Every agent reads name and description from YAML frontmatter that opens on line 1. Gemini CLI (and the Claude API's validator) also miss an opening line with spaces after its ---. Fix: insert a skeleton.", "# My skill\nDoes things."},
	{"frontmatter-unclosed", "no closing --- line", "The frontmatter must end with a --- line. Zed wants it exactly ---: with spaces after it, Zed reads on and finds no end.", "---\nname: x\ndescription: y\n# Body"},
	{"frontmatter-not-mapping", "the frontmatter is empty, a list or a scalar", "The frontmatter must be a YAML mapping of keys to values.", "---\n- name\n---"},
	{"yaml-syntax", "YAML that does not parse", "The frontmatter is not valid YAML; agents then fail the whole skill. A common cause is an unquoted ': ' inside a value. Fix: quote the value.", "---\nname: x\ndescription: Use when: deploying\n---"},
	{"yaml-duplicate-key", "a key given twice", "YAML loaders disagree on which copy wins (some refuse the file). Keep one.", "---\nname: a\nname: b\n---"},
	{"yaml-flow-style", "flow-style YAML ([a, b] or {a: b})", "The reference validator (skills-ref, strictyaml) refuses flow collections. Use block style.", "---\nmetadata: {author: me}\n---"},
	{"yaml-anchor", "YAML anchors or aliases", "The reference validator refuses anchors (&a) and aliases (*a). Write values out.", "---\ndescription: &d Text\ncompatibility: *d\n---"},
	{"yaml-tag", "explicit YAML tags", "The reference validator (strictyaml) refuses explicit tags such as !!str or !x. Write the value plain, or quote it.", "---\nname: !!str my-skill\n---"},
	{"name-missing", "no name where a target requires it", "The spec, Zed, Gemini CLI, tiny-agent and the Claude API require a name (Gemini skips the skill silently). Codex, Copilot CLI and zot take the directory name; Claude Code always names a skill by its directory. Fix: add the directory name.", "---\ndescription: Does things.\n---"},
	{"name-type", "name is not a string, or is empty", "A list, a map or an empty value is not a name. Loaders that type YAML scalars (Copilot CLI, tiny-agent, the Claude API) also refuse a number or boolean; skills-ref, Zed and Codex read it as text; Claude Code shows it as text beside the folder name. Fix: quote it.", "---\nname: 123\n---"},
	{"name-too-long", "name over 64 characters", "Every strict target caps names at 64 (Zed counts bytes, the others characters; Codex after collapsing whitespace).", "---\nname: a-name-that-goes-on-and-on-...\n---"},
	{"name-chars", "characters outside lowercase letters, digits and -", "The spec, Zed and the Claude API want lowercase letters, digits and hyphens. Copilot CLI accepts ASCII letters, digits, -, _, ., : and spaces (each run of spaces becomes -), starting with a letter or digit. Fix: make the name valid (lowercase, other runs to -).", "---\nname: My_Skill\n---"},
	{"name-hyphens", "leading, trailing or consecutive hyphens", "The spec and tiny-agent refuse names that start or end with - or contain --.", "---\nname: -my--skill-\n---"},
	{"name-dir-mismatch", "name differs from the directory name", "The spec requires the name to equal the skill's directory (after NFKC). No agent under conformance refuses a skill for it: Copilot CLI, Codex and Gemini CLI use the name as written, Claude Code the directory. Fix: set the name to the directory name.", "(in pdf-tools/SKILL.md)\n---\nname: pdf\n---"},
	{"name-non-ascii", "letters the spec allows but Zed, Copilot, tiny-agent and the Claude API reject", "The spec allows lowercase letters and numbers of any script; Zed, Copilot, tiny-agent and the Claude API accept only a-z, 0-9 and -.", "---\nname: café\n---"},
	{"name-reserved", "a reserved name", "The Claude API refuses names containing 'anthropic' or 'claude'; Claude Code reserves the folder name 'synced'.", "---\nname: claude-helper\n---"},
	{"description-missing", "no description", "Agents show the description to the model to decide when to use the skill. The spec, Zed, Codex, Gemini CLI (silently) and zot refuse a skill without one; Claude Code takes the body's first line and Copilot CLI its first three lines instead.", "---\nname: x\n---"},
	{"description-type", "description is not a string, or is blank", "The description must be non-empty text. A list or map fails every loader; a number or boolean fails those that type YAML scalars (tiny-agent, the Claude API; Claude Code mishandles it).", "---\ndescription:\n---"},
	{"description-too-long", "description over 1024", "The spec, Copilot CLI, tiny-agent and the Claude API allow 1024 characters; Zed allows 1024 bytes, so non-ASCII text reaches Zed's limit sooner. Codex loads a longer one and cuts it in its catalog.", "(a description of 1025 characters)"},
	{"description-xml", "an XML tag in the description", "The Claude API refuses descriptions containing XML tags.", "---\ndescription: Use <b>always</b>\n---"},
	{"description-truncated", "description + when_to_use over 1536 characters", "Claude Code cuts the listing entry at 1536 characters; the rest never reaches the model.", "(description + when_to_use of 1600 characters)"},
	{"field-unknown", "a key outside the spec, or one no loading target knows", "The spec (skills-ref) and the Claude API reject fields outside name, description, license, compatibility, metadata and allowed-tools, even ones another agent reads; other agents ignore unknown fields. A key only the spec refuses is a warning naming the agents that load the file anyway, an error when the project asks for the spec (agentskills in its targets). Fix: rename to the closest known key, or remove.", "---\nuser-invokable: true\n---"},
	{"field-type", "a known key with a value of the wrong type", "For example a boolean field with a value that is not true or false.", "---\ndisable-model-invocation: maybe\n---"},
	{"field-value", "a value outside its set", "Some fields take one of a few values (effort: low|medium|high|xhigh|max, context: fork, shell: bash|powershell).", "---\neffort: extreme\n---"},
	{"compatibility-too-long", "compatibility over 500 characters", "The spec caps compatibility at 500 characters.", "(a compatibility of 501 characters)"},
	{"metadata-type", "metadata not a map of string to string", "The spec wants metadata as a map of string keys to string values; skills-ref accepts other shapes (a warning), Codex fails the whole skill when metadata is not a map, and loaders that type YAML scalars see 1.0 or true as non-strings. Fix: quote the value.", "---\nmetadata:\n  version: 1.0\n---"},
	{"allowed-tools-format", "allowed-tools as a list", "The spec wants allowed-tools as one space-separated string. Fix: join the list.", "---\nallowed-tools:\n  - Read\n  - Grep\n---"},
	{"body-too-long", "body over 500 lines", "The spec advises keeping SKILL.md under 500 lines and moving details into referenced files.", "(a body of 600 lines)"},
	{"link-broken", "a relative link to a file that does not exist", "A link or file reference (e.g. `scripts/run.py`) in the body points at a file missing from the skill's directory. {baseDir}/ and ${CLAUDE_SKILL_DIR}/ name the skill's folder (Claude Code tells the model each skill's base directory, and replaces ${CLAUDE_SKILL_DIR}); a path through the plugin's root or the project's folder is the agent's to resolve and is not judged.", "See [the guide](references/guide.md)."},
	{"link-escapes", "a relative path that leaves the skill's directory", "Agents resolve paths against the skill folder and may refuse to read outside it; a copied skill loses the file.", "See [shared](../shared/notes.md)."},
	{"name-duplicate", "another skill with the same name in the same scope", "The agent keeps the first skill it finds and ignores the other (Codex keeps and lists both). Both files are told; use Open to jump to the other.", "(two project skills named deploy)"},
	{"name-shadowed", "a same-named skill of another scope hides this one", "Project skills win over global ones in Zed, Copilot CLI and the spec; personal skills win in Claude Code; the first match wins in zot; later roots win in Gemini; Codex keeps both.", "(~/.agents/skills/deploy and .agents/skills/deploy)"},
	{"catalog-budget", "dropped from (or near the edge of) Zed's 50 KiB catalog budget", "Zed sums the bytes of name + description over all catalog skills and drops those that do not fit in 50 KiB.", "(hundreds of skills with long descriptions)"},
	{"not-discovered", "no enabled agent finds the file where it is, directly or through a package", "A SKILL.md must sit in <root>/<skill>/SKILL.md (Codex and Copilot CLI also search deeper, skipping hidden folders; Codex, Copilot CLI and Gemini CLI also take a SKILL.md directly in a root), or in a skills path of a plugin or extension. Inside a package the message names each reader that misses the file and why: too deep below skills/, outside every skills path, or left out by a marketplace entry that lists its skills.", "(plugins/x/skills/group/deep/SKILL.md: codex loads it, claude-code does not)"},
	{"config-invalid", "a .skill-ls.yaml key, target, rule id or severity skill-ls does not know", "The project configuration holds only targets, roots, rules and ignore; each target and rule must be one skill-ls knows, each severity error, warning, info or off. What is wrong is left at its default and named here, with the closest valid spelling.", "(in .skill-ls.yaml)\nrules:\n  body-to-long: of"},
	{"manifest-json", "a package manifest that is not valid JSON, or not an object", "plugin.json, marketplace.json and gemini-extension.json must each hold one JSON object; every agent refuses a manifest it cannot parse, and with it the plugin's skills.", "{\"name\": \"my-plugin\",}"},
	{"manifest-field", "a required field missing, a wrongly typed field, or an unknown field", "Severity as the reading agent treats it: claude-code ignores unknown keys (warning) but refuses a plugin whose skills are objects; Cursor and Agent Plugins have closed schemas and refuse unknown keys (error).", "{\"name\": \"p\", \"skills\": [{\"path\": \"./skills\"}]}"},
	{"manifest-name", "a plugin or marketplace name a reader refuses or skips, or a reserved one", "Codex accepts only ASCII letters, digits, _ and -; Cursor lowercase kebab-case with dots; VS Code silently skips names with : or /; claude-code reserves some marketplace names.", "{\"name\": \"my plugin\"}"},
	{"manifest-path", "a component path or local source that is absolute, lacks ./, contains .., leaves the plugin root, points at a file, or names nothing", "Agents resolve component paths and local sources against the plugin or marketplace root and refuse what leaves it. Fix: write the path as ./ plus a path below the root.", "{\"name\": \"p\", \"skills\": \"skills\"}"},
	{"marketplace-duplicate", "two entries of one marketplace with one plugin name", "The agents keep the first entry of a name and skip the other.", "{\"plugins\": [{\"name\": \"a\", \"source\": \"./a\"}, {\"name\": \"a\", \"source\": \"./b\"}]}"},
	{"marketplace-conflict", "a strict: false entry whose plugin.json declares components; a codex plugin whose manifest name differs from its entry", "With \"strict\": false the marketplace entry is the whole plugin definition: claude-code refuses a plugin whose plugin.json declares components too. Codex skips an entry whose plugin manifest has another name.", "{\"name\": \"a\", \"source\": \"./a\", \"strict\": false} with ./a/.claude-plugin/plugin.json declaring skills"},
	{"variable-unknown", "a ${CLAUDE_...} variable the loading agent will not replace", "In a skill, claude-code replaces ${CLAUDE_SKILL_DIR}, ${CLAUDE_PROJECT_DIR} and ${CLAUDE_SESSION_ID}, and inside a plugin ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA}; in a plugin's manifests ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA}. Any other name, or a plugin's outside a plugin, is left as written.", "\"command\": \"${CLAUDE_PLUGIN_DIR}/run.sh\""},
	{"installed-config", "an agent's record of installed plugins cannot be read as the agent reads it", "Claude Code, Codex, Copilot and Gemini keep installed plugins, and what enables them, in files under the home folder; a malformed one makes the agent ignore a setting or fail a plugin.", "(enabledPlugins set to \"yes\" in ~/.claude/settings.json)"},
}
