-- skill-ls for Neovim 0.7 to 0.10 (works on 0.11+ too, but there prefer
-- lsp/skill_ls.lua with vim.lsp.enable('skill_ls')).
--
--   require('skill_ls').setup({
--     cmd = { 'skill-ls', 'serve' },            -- or an absolute path
--     init_options = { targets = { 'zed' } },    -- initializationOptions
--     settings = { ['skill-ls'] = { debounceMs = 50 } },
--     on_attach = function(client, bufnr) end,   -- runs after the defaults
--     default_keymaps = true,                    -- K, gd, gr, <space>ca, ...
--   })
--
-- Uses only APIs present in Neovim 0.7 (vim.lsp.start_client and
-- vim.lsp.buf_attach_client; vim.lsp.start and vim.fs arrived in 0.8). The
-- server is attached to buffers whose file is named exactly SKILL.md, one
-- client per project root.
--
-- What Neovim before 0.11 leaves to the user is done here:
--   * the settings reach the server: merged into initializationOptions and
--     pushed with workspace/didChangeConfiguration once the client is up
--     (0.7 neither answers workspace/configuration for the server nor sends
--     the settings on its own);
--   * omnifunc and K (hover) and the usual mappings, as nvim-lspconfig's
--     documentation recommends (M.on_attach);
--   * the server's client-side commands (M.commands): skill-ls.open, for
--     the "Open <path>" code action, since 0.7 has no window/showDocument,
--     and skill-ls.showCatalog, for the code lens.

local M = {}

M.root_markers = {
  '.git',
  '.agents',
  '.claude',
  '.codex',
  '.cursor',
  '.gemini',
  '.github',
  '.opencode',
  '.qwen',
  '.skills',
  '.zot',
}

local defaults = {
  name = 'skill_ls',
  cmd = { 'skill-ls', 'serve' },
  filetypes = { 'markdown', 'json' },
  root_markers = M.root_markers,
  init_options = nil,
  settings = nil,
  capabilities = nil,
  on_attach = nil,
  default_keymaps = true,
}

local config = vim.deepcopy(defaults)

-- root directory -> client id
local clients = {}
local warned_missing = false

local uv = vim.uv or vim.loop

-- The package manifests skill-ls reads, by their path's tail: plugins,
-- marketplaces and extensions through which agents install skills.
M.manifest_tails = {
  '.claude-plugin/plugin.json',
  '.claude-plugin/marketplace.json',
  '.codex-plugin/plugin.json',
  '.agents/plugins/marketplace.json',
  '.cursor-plugin/plugin.json',
  '.cursor-plugin/marketplace.json',
  '.plugin/plugin.json',
  '.github/plugin/plugin.json',
  'plugin.json',
  'marketplace.json',
  'gemini-extension.json',
}

-- Whether path (with / separators) is tail or ends in /tail.
local function ends_with(path, tail)
  return path == tail or path:sub(-#tail - 1) == '/' .. tail
end

--- Whether a buffer name is a SKILL.md file.
---@param name string
---@return boolean
function M.is_skill_file(name)
  return name == 'SKILL.md' or name:match('[/\\]SKILL%.md$') ~= nil
end

--- Whether a buffer name is a package manifest skill-ls reads.
---@param name string
---@return boolean
function M.is_manifest_file(name)
  name = name:gsub('\\', '/')
  for _, tail in ipairs(M.manifest_tails) do
    if ends_with(name, tail) then
      return true
    end
  end
  return false
end

--- Whether skill-ls serves a buffer of this name.
---@param name string
---@return boolean
function M.serves(name)
  return M.is_skill_file(name) or M.is_manifest_file(name)
end

--- The project root for a SKILL.md: the nearest directory, walking up from
--- the file, that holds one of the root markers (.git, .agents, .claude,
--- ...); the file's directory when there is none.
---@param path string absolute file name
---@param markers string[]|nil
---@return string
function M.find_root(path, markers)
  markers = markers or config.root_markers
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local start = dir
  while dir and dir ~= '' do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return start
end

--- The settings a configuration gives the server: init_options with the
--- `skill-ls` section of settings merged over them, key by key, as the
--- server merges them. nil when there are none.
---@param cfg table with init_options and settings
---@return table|nil
function M.server_options(cfg)
  local section = cfg.settings and cfg.settings['skill-ls']
  local merged = vim.tbl_deep_extend('force', {}, cfg.init_options or {}, type(section) == 'table' and section or {})
  if next(merged) == nil then
    return nil
  end
  return merged
end

-- Client-side commands ------------------------------------------------------

local function client_of(ctx)
  return ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id) or nil
end

--- skill-ls.open: arguments { uri, range? }. Opens the file (in the
--- current window) and selects the range's start, as the server would ask
--- a client with window/showDocument to.
function M.open(command, ctx)
  local args = command.arguments or {}
  local uri = args[1]
  if type(uri) ~= 'string' then
    vim.notify('skill-ls.open: no file to open', vim.log.levels.WARN)
    return
  end
  local range = type(args[2]) == 'table' and args[2]
    or { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } }
  local client = client_of(ctx)
  vim.lsp.util.jump_to_location({ uri = uri, range = range }, client and client.offset_encoding or 'utf-16')
end

--- skill-ls.showCatalog: arguments { { targets = {...} } }. Asks the server
--- for each agent's catalog (skill-ls.catalog) and shows them in a scratch
--- buffer, the virtual document of the catalog, in a split.
function M.show_catalog(command, ctx)
  local client = client_of(ctx)
  if client == nil then
    vim.notify('skill-ls: no server for this buffer', vim.log.levels.WARN)
    return
  end
  local args = (command.arguments or {})[1] or {}
  local targets = args.targets
  if type(targets) ~= 'table' or #targets == 0 then -- [] or {} for a file no agent loads
    vim.notify('skill-ls: no agent loads this file, so it is in no catalog', vim.log.levels.INFO)
    return
  end
  local lines = {}
  for _, target in ipairs(targets) do
    local res, err = client.request_sync('workspace/executeCommand', {
      command = 'skill-ls.catalog',
      arguments = { { target = target, project = client.config.root_dir } },
    }, 10000, ctx.bufnr)
    table.insert(lines, '## ' .. target)
    table.insert(lines, '')
    if res and res.result then
      -- An XML catalog is shown as XML, the others as Markdown.
      table.insert(lines, '```' .. (res.result:match('^%s*<') and 'xml' or 'markdown'))
      vim.list_extend(lines, vim.split(res.result, '\n', true))
      table.insert(lines, '```')
    else
      table.insert(lines, 'error: ' .. tostring(err or (res and res.err and res.err.message)))
    end
    table.insert(lines, '')
  end
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].swapfile = false
  pcall(vim.api.nvim_buf_set_name, buf, 'skill-ls://catalog/' .. table.concat(targets, ','))
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = 'markdown'
end

--- The commands the server leaves to the client, for the `commands` field
--- of a client configuration.
M.commands = {
  ['skill-ls.open'] = function(command, ctx)
    M.open(command, ctx)
  end,
  ['skill-ls.showCatalog'] = function(command, ctx)
    M.show_catalog(command, ctx)
  end,
}

-- The recommended on_attach -------------------------------------------------

--- The on_attach nvim-lspconfig's documentation recommends, for skill-ls:
--- completion through omnifunc (<C-x><C-o>), hover on K, and mappings for
--- definition, references, rename, code actions and the code lens, which is
--- kept up to date. setup() runs it unless default_keymaps = false (then
--- only omnifunc is set), before the user's own on_attach.
---@param client table
---@param bufnr integer
function M.on_attach(client, bufnr)
  vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
  if config.default_keymaps == false then
    return
  end
  local function map(lhs, rhs, desc)
    vim.keymap.set('n', lhs, rhs, { noremap = true, silent = true, buffer = bufnr, desc = desc })
  end
  map('K', vim.lsp.buf.hover, 'skill-ls: hover')
  map('gd', vim.lsp.buf.definition, 'skill-ls: skills of this name')
  map('gr', vim.lsp.buf.references, 'skill-ls: references')
  map('<space>rn', vim.lsp.buf.rename, 'skill-ls: rename the skill')
  map('<space>ca', vim.lsp.buf.code_action, 'skill-ls: code actions')
  map('<space>cl', vim.lsp.codelens.run, 'skill-ls: run the code lens')
  map('<space>e', vim.diagnostic.open_float, 'skill-ls: diagnostics of the line')
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  if caps.codeLensProvider or caps.code_lens then
    local group = vim.api.nvim_create_augroup('skill_ls_codelens_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
      group = group,
      buffer = bufnr,
      callback = function()
        vim.lsp.codelens.refresh()
      end,
    })
    vim.lsp.codelens.refresh()
  end
end

-- Starting and attaching ----------------------------------------------------

local function live_client(id)
  if not id then
    return nil
  end
  local client = vim.lsp.get_client_by_id(id)
  if client == nil then
    return nil
  end
  -- A function field in 0.7-0.10, a method in later versions.
  local okc, stopped = pcall(client.is_stopped, client)
  if okc and stopped then
    return nil
  end
  return client
end

local function start(root)
  local cmd = config.cmd
  if vim.fn.executable(cmd[1]) ~= 1 then
    if not warned_missing then
      warned_missing = true
      vim.notify(
        string.format(
          "skill-ls: '%s' is not executable. Install skill-ls (see editors/neovim/README.md), or pass cmd = { '/path/to/skill-ls', 'serve' } to setup().",
          cmd[1]
        ),
        vim.log.levels.WARN
      )
    end
    return nil
  end
  local settings = config.settings or { ['skill-ls'] = vim.empty_dict() }
  local user_on_attach = config.on_attach
  local id = vim.lsp.start_client({
    name = config.name,
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = M.server_options(config),
    settings = settings,
    capabilities = config.capabilities,
    commands = M.commands,
    on_init = function(client)
      -- nvim-lspconfig's way: the settings pushed once the client is up.
      if config.settings and next(config.settings) then
        client.notify('workspace/didChangeConfiguration', { settings = config.settings })
      end
    end,
    on_attach = function(client, bufnr)
      M.on_attach(client, bufnr)
      if user_on_attach then
        user_on_attach(client, bufnr)
      end
    end,
    on_exit = function(_, _, client_id)
      if clients[root] == client_id then
        clients[root] = nil
      end
    end,
  })
  if id then
    clients[root] = id
  end
  return id
end

--- Attach skill-ls to a buffer if it is a SKILL.md file or a package
--- manifest. Returns the client id, or nil when the buffer is neither (or
--- the server cannot start).
---@param bufnr integer|nil
---@return integer|nil
function M.attach(bufnr)
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if not M.serves(name) then
    return nil
  end
  local root = M.find_root(name)
  local client = live_client(clients[root])
  local id = client and client.id or start(root)
  if not id then
    return nil
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- The client id serving a root directory, if one is running.
---@param root string
---@return integer|nil
function M.client_for_root(root)
  local client = live_client(clients[root])
  return client and client.id or nil
end

--- Configure and enable skill-ls. Safe to call more than once.
---@param opts table|nil
function M.setup(opts)
  opts = opts or {}
  config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts)
  -- Lists replace the defaults instead of merging index by index.
  for _, key in ipairs({ 'cmd', 'filetypes', 'root_markers' }) do
    if opts[key] ~= nil then
      config[key] = opts[key]
    end
  end
  warned_missing = false

  local group = vim.api.nvim_create_augroup('skill_ls', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Filetype detection can be off; SKILL.md files still get the server.
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    pattern = 'SKILL.md',
    callback = function(args)
      M.attach(args.buf)
    end,
  })

  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      M.attach(bufnr)
    end
  end
end

return M
