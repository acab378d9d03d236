-- skill-ls for Neovim 0.7 to 0.10 (works on 0.11+ too, but there prefer
-- lsp/skill_ls.lua with vim.lsp.enable('skill_ls')).
--
--   require('skill_ls').setup({
--     cmd = { 'skill-ls', 'serve' },            -- or an absolute path
--     init_options = { targets = { 'zed' } },    -- initializationOptions
--     settings = { ['skill-ls'] = { debounceMs = 50 } },
--     on_attach = function(client, bufnr) end,
--   })
--
-- Uses only APIs present in Neovim 0.7 (vim.lsp.start_client and
-- vim.lsp.buf_attach_client; vim.lsp.start and vim.fs arrived in 0.8). The
-- server is attached to buffers whose file is named exactly SKILL.md, one
-- client per project root.

local M = {}

M.root_markers = {
  '.git',
  '.agents',
  '.claude',
  '.codex',
  '.github',
  '.gemini',
  '.skills',
  '.zot',
}

local defaults = {
  name = 'skill_ls',
  cmd = { 'skill-ls', 'serve' },
  filetypes = { 'markdown' },
  root_markers = M.root_markers,
  init_options = nil,
  settings = nil,
  capabilities = nil,
  on_attach = nil,
}

local config = vim.deepcopy(defaults)

-- root directory -> client id
local clients = {}
local warned_missing = false

local uv = vim.uv or vim.loop

--- Whether a buffer name is a SKILL.md file.
---@param name string
---@return boolean
function M.is_skill_file(name)
  return name == 'SKILL.md' or name:match('[/\\]SKILL%.md$') ~= nil
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
          "skill-ls: '%s' is not executable. Install it with `go install ./cmd/skill-ls` from a clone of skill-ls, or pass cmd = { '/path/to/skill-ls', 'serve' } to setup().",
          cmd[1]
        ),
        vim.log.levels.WARN
      )
    end
    return nil
  end
  local settings = config.settings or { ['skill-ls'] = vim.empty_dict() }
  local id = vim.lsp.start_client({
    name = config.name,
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = config.init_options,
    settings = settings,
    capabilities = config.capabilities,
    on_attach = config.on_attach,
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

--- Attach skill-ls to a buffer if it is a SKILL.md file. Returns the client
--- id, or nil when the buffer is not a skill (or the server cannot start).
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
  if not M.is_skill_file(name) then
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
