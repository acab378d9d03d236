-- End-to-end test of editors/neovim against the real skill-ls binary.
--
--   SKILL_LS_REPO=<repo> SKILL_LS_WS=<workspace> nvim --headless -u testdata/e2e/nvim-test.lua
--
-- Loads the shipped lua/skill_ls setup (the path for Neovim 0.7-0.10; Debian
-- ships 0.7.2), opens the workspace's skills and checks what the server
-- says. The workspace is made by scripts/e2e.sh:
--   <ws>/README.md                              (plain Markdown: no server)
--   <ws>/.agents/skills/my-skill/SKILL.md       (name: Wrong_Name)
--   <ws>/.agents/skills/good-skill/SKILL.md     (valid; blank line 3 in the frontmatter)
-- Exits 0 when every check passed, 1 otherwise.

local repo = assert(os.getenv('SKILL_LS_REPO'), 'SKILL_LS_REPO not set')
local ws = assert(os.getenv('SKILL_LS_WS'), 'SKILL_LS_WS not set')
local timeout = tonumber(os.getenv('SKILL_LS_TIMEOUT_MS') or '') or 30000

vim.opt.runtimepath:prepend(repo .. '/editors/neovim')
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'

local failures = 0
local function out(s)
  io.stdout:write(s .. '\n')
  io.stdout:flush()
end
local function ok(cond, what, detail)
  if cond then
    out('ok   - ' .. what)
  else
    failures = failures + 1
    out('FAIL - ' .. what .. (detail and ('\n       ' .. detail) or ''))
  end
  return cond
end

local broken = ws .. '/.agents/skills/my-skill/SKILL.md'
local good = ws .. '/.agents/skills/good-skill/SKILL.md'
local readme = ws .. '/README.md'

local function clients_of(bufnr)
  local ids = {}
  for id, _ in pairs(vim.lsp.buf_get_clients(bufnr)) do
    table.insert(ids, id)
  end
  return ids
end

local function code_of(d)
  if d.code ~= nil then
    return d.code
  end
  local ud = d.user_data
  return ud and ud.lsp and ud.lsp.code or nil
end

-- Plain text of a hover result's contents (MarkupContent, MarkedString or a list).
local function hover_text(contents)
  if contents == nil then
    return ''
  end
  if type(contents) == 'string' then
    return contents
  end
  if contents.value ~= nil then
    return contents.value
  end
  local parts = {}
  for _, c in ipairs(contents) do
    table.insert(parts, hover_text(c))
  end
  return table.concat(parts, '\n')
end

local function run()
  local skill_ls = require('skill_ls')
  skill_ls.setup({})

  ok(vim.fn.executable('skill-ls') == 1, 'skill-ls is on PATH', vim.env.PATH)

  -- The 0.11+ config file: shape and the SKILL.md guard.
  local cfg = dofile(repo .. '/editors/neovim/lsp/skill_ls.lua')
  ok(type(cfg) == 'table' and cfg.cmd[1] == 'skill-ls' and cfg.cmd[2] == 'serve' and #cfg.cmd == 2,
    'lsp/skill_ls.lua: cmd is {skill-ls, serve}', vim.inspect(cfg and cfg.cmd))
  ok(vim.tbl_contains(cfg.filetypes or {}, 'markdown'), 'lsp/skill_ls.lua: filetypes include markdown')
  ok(type(cfg.root_markers) == 'table' and vim.tbl_contains(cfg.root_markers, '.agents'),
    'lsp/skill_ls.lua: root markers include .agents')

  -- Neovim 0.7 has no vim.fs: give root_dir a minimal vim.fs.root so its
  -- guard can be exercised here (0.11 has the real one).
  local saved_fs = vim.fs
  if vim.fs == nil or vim.fs.root == nil then
    vim.fs = {
      root = function(bufnr, markers)
        return skill_ls.find_root(vim.api.nvim_buf_get_name(bufnr), markers)
      end,
      dirname = function(p)
        return vim.fn.fnamemodify(p, ':h')
      end,
    }
  end

  -- README.md: a Markdown buffer that must get no client.
  vim.cmd('edit ' .. vim.fn.fnameescape(readme))
  local readme_buf = vim.api.nvim_get_current_buf()
  ok(vim.bo.filetype == 'markdown', 'README.md is a markdown buffer', vim.bo.filetype)
  local readme_root
  cfg.root_dir(readme_buf, function(dir)
    readme_root = dir or '(nil)'
  end)
  ok(readme_root == nil, 'lsp/skill_ls.lua: root_dir ignores README.md', tostring(readme_root))

  -- Broken skill: diagnostics.
  vim.cmd('edit ' .. vim.fn.fnameescape(broken))
  local bbuf = vim.api.nvim_get_current_buf()
  local skill_root
  cfg.root_dir(bbuf, function(dir)
    skill_root = dir
  end)
  vim.fs = saved_fs
  ok(skill_root == ws, 'lsp/skill_ls.lua: root_dir gives the workspace for SKILL.md', tostring(skill_root))

  local attached = vim.wait(timeout, function()
    return #clients_of(bbuf) > 0
  end, 50)
  ok(attached, 'client attached to my-skill/SKILL.md')
  ok(#clients_of(readme_buf) == 0, 'no client attached to README.md', vim.inspect(clients_of(readme_buf)))
  if not attached then
    return
  end
  local client_id = clients_of(bbuf)[1]
  local client = vim.lsp.get_client_by_id(client_id)
  ok(client.config.root_dir == ws, 'client root is the workspace', tostring(client.config.root_dir))
  ok(client.name == 'skill_ls', 'client is named skill_ls', client.name)

  local want = { 'name-chars', 'name-dir-mismatch' }
  local function find(code)
    for _, d in ipairs(vim.diagnostic.get(bbuf)) do
      if code_of(d) == code then
        return d
      end
    end
    return nil
  end
  local got_all = vim.wait(timeout, function()
    for _, c in ipairs(want) do
      if find(c) == nil then
        return false
      end
    end
    return true
  end, 50)
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(bbuf)) do
    table.insert(seen, string.format('%s %d:%d-%d:%d [%s] %s', tostring(code_of(d)), d.lnum, d.col,
      d.end_lnum or -1, d.end_col or -1, tostring(d.source), d.message))
  end
  out('diagnostics seen on my-skill/SKILL.md:\n  ' .. table.concat(seen, '\n  '))
  ok(got_all, 'diagnostics include name-chars and name-dir-mismatch')
  for _, c in ipairs(want) do
    local d = find(c)
    if d then
      -- Line 1 (0-based) is `name: Wrong_Name`; the value spans columns 6-16.
      ok(d.lnum == 1 and d.col >= 6 and d.col < 16 and (d.end_lnum or 1) == 1 and (d.end_col or 16) <= 16,
        c .. ' is on the name value (line 1, columns 6-16)',
        string.format('got %d:%d-%s:%s', d.lnum, d.col, tostring(d.end_lnum), tostring(d.end_col)))
      ok(d.source == 'skill-ls', c .. ' has source skill-ls', tostring(d.source))
      ok(d.severity == vim.diagnostic.severity.ERROR, c .. ' is an error', tostring(d.severity))
    end
  end

  -- Valid skill: same client (one per root), hover, completion.
  vim.cmd('edit ' .. vim.fn.fnameescape(good))
  local gbuf = vim.api.nvim_get_current_buf()
  local g_attached = vim.wait(timeout, function()
    return #clients_of(gbuf) > 0
  end, 50)
  ok(g_attached and clients_of(gbuf)[1] == client_id, 'good-skill/SKILL.md reuses the root client',
    vim.inspect(clients_of(gbuf)))

  local uri = vim.uri_from_bufnr(gbuf)
  local hover = vim.lsp.buf_request_sync(gbuf, 'textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = 1, character = 8 }, -- inside `good-skill`
  }, timeout)
  local htext = ''
  for _, r in pairs(hover or {}) do
    if r.error then
      htext = htext .. 'error: ' .. vim.inspect(r.error)
    elseif r.result then
      htext = htext .. hover_text(r.result.contents)
    end
  end
  out('hover on name: ' .. htext:sub(1, 600):gsub('\n', '\n  '))
  ok(htext:find('<available_skills>', 1, true) ~= nil, 'hover on name shows the <available_skills> catalog')
  ok(htext:find('good-skill', 1, true) ~= nil, 'hover on name mentions the skill name')

  local comp = vim.lsp.buf_request_sync(gbuf, 'textDocument/completion', {
    textDocument = { uri = uri },
    position = { line = 3, character = 0 }, -- the blank frontmatter line
  }, timeout)
  local labels = {}
  for _, r in pairs(comp or {}) do
    local items = r.result and (r.result.items or r.result) or {}
    for _, it in ipairs(items) do
      table.insert(labels, it.label)
    end
  end
  out('completion labels: ' .. table.concat(labels, ', '))
  ok(vim.tbl_contains(labels, 'license'), 'completion on a blank frontmatter line offers license')
  ok(vim.tbl_contains(labels, 'compatibility'), 'completion on a blank frontmatter line offers compatibility')

  -- Shut down cleanly.
  vim.lsp.stop_client(client_id)
  local stopped = vim.wait(10000, function()
    return vim.lsp.get_client_by_id(client_id) == nil
  end, 50)
  ok(stopped, 'client stopped')
end

-- Run after startup, outside the VimEnter autocommand (autocommands do not
-- nest by default, so :edit inside it would not fire BufRead/FileType).
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(function()
      local okr, err = xpcall(run, debug.traceback)
      if not okr then
        failures = failures + 1
        out('FAIL - test raised: ' .. tostring(err))
      end
      out(string.format('neovim: %d failed', failures))
      if failures > 0 then
        vim.cmd('cquit 1')
      else
        vim.cmd('qall!')
      end
    end)
  end,
})
