-- skill-ls: language server for Agent Skills (SKILL.md files).
--
-- Neovim 0.11+ configuration, picked up from any `lsp/` directory on the
-- runtimepath. Enable it with:
--
--   vim.lsp.enable('skill_ls')
--
-- and override fields with vim.lsp.config('skill_ls', { ... }). For Neovim
-- 0.7 to 0.10 use require('skill_ls').setup() instead (lua/skill_ls/init.lua).
--
-- The server is attached to Markdown and JSON buffers, but only to files
-- named exactly SKILL.md and to the package manifests skill-ls reads
-- (.claude-plugin/plugin.json, gemini-extension.json, ...): root_dir calls
-- on_dir for nothing else, so no client is started for a README. The
-- client-side commands (the "Open <path>" action, the code lens's catalog)
-- come from lua/skill_ls.

-- The root markers and the SKILL.md test are shared with the 0.7-0.10
-- setup in lua/skill_ls, which sits on the same runtimepath folder.
local skill_ls = require('skill_ls')
local root_markers = skill_ls.root_markers

---@type vim.lsp.Config
return {
  cmd = { 'skill-ls', 'serve' },
  filetypes = { 'markdown', 'json' },
  root_markers = root_markers,
  ---@param bufnr integer
  ---@param on_dir fun(root_dir?: string)
  root_dir = function(bufnr, on_dir)
    local name = vim.api.nvim_buf_get_name(bufnr)
    if not skill_ls.serves(name) or vim.bo[bufnr].buftype ~= '' then
      return
    end
    on_dir(vim.fs.root(bufnr, root_markers) or vim.fs.dirname(name))
  end,
  -- initializationOptions: { targets = { 'zed' }, rules = { ['body-too-long'] = 'off' }, debounceMs = 50 }
  init_options = vim.empty_dict(),
  -- Served for workspace/configuration and didChangeConfiguration; the
  -- server merges them over init_options key by key.
  settings = { ['skill-ls'] = vim.empty_dict() },
  commands = skill_ls.commands,
}
