package mcpserver

// Instructions tell the agent when to call which tool.
const Instructions = `skill-ls judges Agent Skills (SKILL.md files and plugin manifests) the way the agents that load them do (Claude Code, Codex, Copilot CLI, Gemini CLI, Zed and the agentskills.io specification), with the project's .skill-ls.yaml.

- After writing or editing a SKILL.md, call check with its path (or, before writing it, with the text and the path it will have). Errors mean an agent refuses the file or the specification is broken; read each finding's rule with explain when its message is not enough.
- To learn whether a skill will be picked up, under which name, and what collides with it or hides it, call resolve with the skill's name or path.
- To see what the model is shown (the skills listing each agent builds, and whether it is over its size budget), call catalog.
- To repair what can be repaired without changing meaning (quoting, a BOM, key typos, allowed-tools form), call fix: it returns a unified diff and writes nothing unless write is true.

Paths are absolute or relative to the first project root; only files inside the roots the server was started for can be read.`
