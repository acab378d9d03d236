-- End-to-end test of editors/neovim against the real skill-ls binary.
--
--   SKILL_LS_REPO=<repo> SKILL_LS_WS=<workspace> nvim --headless -u testdata/e2e/nvim-test.lua
--
-- Loads the shipped lua/skill_ls setup (the path for Neovim 0.7-0.10; Debian
-- ships 0.7.2), opens the workspace's skills and uses them as a user would:
-- settings from init_options and settings both in effect, omnifunc and K
-- wired, a quick fix chosen from the start of a line, rename and a folder
-- moved by hand, the "Open <path>" action and the code lens's catalog, hover
-- and completion. The workspace is made by scripts/e2e.sh:
--   <ws>/README.md                              (plain Markdown: no server)
--   <ws>/.agents/skills/my-skill/SKILL.md       (name: Wrong_Name)
--   <ws>/.agents/skills/good-skill/SKILL.md     (valid; blank line 3 in the frontmatter)
--   <ws>/.claude/skills/good-skill/SKILL.md     (the same name: a collision)
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
local twin = ws .. '/.claude/skills/good-skill/SKILL.md'
local readme = ws .. '/README.md'

-- What the server shows the user (window/showMessage).
local shown = {}
vim.lsp.handlers['window/showMessage'] = function(_, result)
  table.insert(shown, result.message)
end
local function shown_with(text)
  for _, m in ipairs(shown) do
    if m:find(text, 1, true) then
      return m
    end
  end
  return nil
end

-- vim.ui.select as a user who picks the item whose text matches `want`.
local function choose(want)
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local text = opts and opts.format_item and opts.format_item(item) or tostring(item)
      if type(item) == 'table' and item[2] and item[2].title then
        text = item[2].title
      end
      if text:find(want, 1, true) then
        on_choice(item, i)
        return
      end
    end
    out('  (no item matched ' .. want .. ')')
    on_choice(nil, nil)
  end
end

local function line_of(bufnr, n)
  return vim.api.nvim_buf_get_lines(bufnr, n, n + 1, false)[1]
end

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
  -- Settings from both places, as README shows: init_options make
  -- name-dir-mismatch a warning, settings make name-chars information.
  skill_ls.setup({
    init_options = { rules = { ['name-dir-mismatch'] = 'warning' } },
    settings = { ['skill-ls'] = { rules = { ['name-chars'] = 'info' }, debounceMs = 0 } },
  })

  ok(vim.fn.executable('skill-ls') == 1, 'skill-ls is on PATH', vim.env.PATH)

  -- The 0.11+ config file: shape and the SKILL.md guard.
  local cfg = dofile(repo .. '/editors/neovim/lsp/skill_ls.lua')
  ok(type(cfg) == 'table' and cfg.cmd[1] == 'skill-ls' and cfg.cmd[2] == 'serve' and #cfg.cmd == 2,
    'lsp/skill_ls.lua: cmd is {skill-ls, serve}', vim.inspect(cfg and cfg.cmd))
  ok(vim.tbl_contains(cfg.filetypes or {}, 'markdown'), 'lsp/skill_ls.lua: filetypes include markdown')
  ok(type(cfg.root_markers) == 'table' and vim.tbl_contains(cfg.root_markers, '.agents'),
    'lsp/skill_ls.lua: root markers include .agents')
  ok(type(cfg.commands) == 'table' and type(cfg.commands['skill-ls.open']) == 'function'
    and type(cfg.commands['skill-ls.showCatalog']) == 'function',
    'lsp/skill_ls.lua: handles skill-ls.open and skill-ls.showCatalog on the client side')
  ok(skill_ls.serves(ws .. '/.claude-plugin/plugin.json') and skill_ls.serves(ws .. '/gemini-extension.json')
    and not skill_ls.serves(ws .. '/package.json'), 'attaches to package manifests, not to other JSON')

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

  local want = { ['name-chars'] = vim.diagnostic.severity.INFO, ['name-dir-mismatch'] = vim.diagnostic.severity.WARN }
  local function find(code, bufnr)
    for _, d in ipairs(vim.diagnostic.get(bufnr or bbuf)) do
      if code_of(d) == code then
        return d
      end
    end
    return nil
  end
  local got_all = vim.wait(timeout, function()
    for c, sev in pairs(want) do
      local d = find(c)
      if d == nil or d.severity ~= sev then
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
  ok(got_all, 'diagnostics include name-chars (info: settings) and name-dir-mismatch (warning: init_options)')
  for c, sev in pairs(want) do
    local d = find(c)
    if d then
      -- Line 1 (0-based) is `name: Wrong_Name`; the value spans columns 6-16.
      ok(d.lnum == 1 and d.col >= 6 and d.col < 16 and (d.end_lnum or 1) == 1 and (d.end_col or 16) <= 16,
        c .. ' is on the name value (line 1, columns 6-16)',
        string.format('got %d:%d-%s:%s', d.lnum, d.col, tostring(d.end_lnum), tostring(d.end_col)))
      ok(d.source == 'skill-ls', c .. ' has source skill-ls', tostring(d.source))
      ok(d.severity == sev, c .. ' has the severity the settings give it', tostring(d.severity))
    end
  end

  -- What setup() wires: omnifunc and K.
  ok(vim.bo[bbuf].omnifunc == 'v:lua.vim.lsp.omnifunc', 'omnifunc is the LSP omnifunc', vim.bo[bbuf].omnifunc)
  local kmap = vim.fn.maparg('K', 'n', false, true)
  ok(type(kmap) == 'table' and kmap.buffer == 1, 'K is mapped in the buffer (hover)', vim.inspect(kmap))

  -- A quick fix chosen with the cursor at the start of the name's line.
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  choose('Set name to my-skill')
  vim.lsp.buf.code_action()
  local fixed = vim.wait(timeout, function()
    return line_of(bbuf, 1) == 'name: my-skill'
  end, 50)
  ok(fixed, 'code action from the start of the line: "Set name to my-skill" applied', line_of(bbuf, 1))
  vim.cmd('silent write')
  local clean = vim.wait(timeout, function()
    return find('name-chars') == nil and find('name-dir-mismatch') == nil
  end, 50)
  ok(clean, 'after the fix the name findings are gone')

  -- Rename: Neovim 0.7 cannot move folders, so the name changes, the user
  -- is told which folder to rename, moves it by hand and opens the file
  -- where it now is: no duplicate of itself.
  vim.api.nvim_win_set_cursor(0, { 2, 8 })
  vim.lsp.buf.rename('renamed-skill')
  local renamed = vim.wait(timeout, function()
    return line_of(bbuf, 1) == 'name: renamed-skill'
  end, 50)
  ok(renamed, 'rename changed the name value', line_of(bbuf, 1))
  local told = vim.wait(timeout, function()
    return shown_with('rename the folder') ~= nil
  end, 50)
  ok(told, 'the user is told which folder to rename', vim.inspect(shown))
  vim.cmd('silent write')
  local moved = ws .. '/.agents/skills/renamed-skill/SKILL.md'
  ok(os.rename(ws .. '/.agents/skills/my-skill', ws .. '/.agents/skills/renamed-skill'), 'folder moved by hand')
  vim.cmd('edit ' .. vim.fn.fnameescape(moved))
  local mbuf = vim.api.nvim_get_current_buf()
  vim.wait(timeout, function()
    return #clients_of(mbuf) > 0
  end, 50)
  vim.wait(2000, function()
    return false
  end, 50) -- time for the server to publish both files
  local dups = {}
  for _, b in ipairs({ bbuf, mbuf }) do
    for _, d in ipairs(vim.diagnostic.get(b)) do
      table.insert(dups, tostring(code_of(d)) .. ' ' .. d.message)
    end
  end
  ok(#dups == 0, 'the moved skill is not a duplicate of itself (old and new buffer clean)', table.concat(dups, '\n       '))

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
  ok(htext:find('catalog entry', 1, true) ~= nil, 'hover on name shows catalog entries')
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
  ok(not vim.tbl_contains(labels, 'name') and not vim.tbl_contains(labels, 'description'),
    'completion offers no key already present')
  ok(not vim.tbl_contains(labels, 'effort'), 'completion offers no key that is an error in .agents/skills (effort)')
  local hlines = select(2, htext:gsub('\n', '\n')) + 1
  ok(hlines <= 20, 'hover is compact (at most 20 lines)', tostring(hlines))

  -- "Open <path>": the same name under .claude/skills. Chosen as a user
  -- does, the other file is opened (client-side skill-ls.open).
  vim.api.nvim_set_current_buf(gbuf)
  local collided = vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(gbuf)) do
      if tostring(code_of(d)):match('^name%-') then
        return true
      end
    end
    return false
  end, 50)
  ok(collided, 'good-skill collides with .claude/skills/good-skill')
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  choose('Open ' .. twin)
  vim.lsp.buf.code_action()
  local opened = vim.wait(timeout, function()
    return vim.api.nvim_buf_get_name(0) == twin
  end, 50)
  ok(opened, 'choosing "Open <path>" opens the other skill', vim.api.nvim_buf_get_name(0))

  -- The code lens over the frontmatter shows the catalog in a buffer.
  vim.cmd('edit ' .. vim.fn.fnameescape(good))
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.lsp.codelens.refresh()
  local lensed = vim.wait(timeout, function()
    return #vim.lsp.codelens.get(gbuf) > 0
  end, 50)
  ok(lensed, 'a code lens over the frontmatter')
  if lensed then
    local lens = vim.lsp.codelens.get(gbuf)[1]
    out('code lens: ' .. tostring(lens.command and lens.command.title))
    vim.lsp.codelens.run()
    local catalog_buf
    vim.wait(timeout, function()
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_get_name(b):find('skill-ls://catalog', 1, true) then
          catalog_buf = b
          return true
        end
      end
      return false
    end, 50)
    local ctext = catalog_buf and table.concat(vim.api.nvim_buf_get_lines(catalog_buf, 0, -1, false), '\n') or ''
    ok(ctext:find('<available_skills>', 1, true) and ctext:find(good, 1, true),
      'running the lens shows the catalog, with this skill, in a buffer', ctext:sub(1, 300))
  end

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
