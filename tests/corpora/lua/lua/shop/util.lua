local M = {}

--- Reads a whole file.
-- lode: shop.util.read_file
function M.read_file(path)
  local fd = assert(io.open(path, "r"))
  return fd:read("*a")
end

--- Paths of the shop's own files.
M.paths = {}

-- lode: shop.util.paths.data
function M.paths.data(name)
  return "data/" .. name
end

local Cache = {}
Cache.stats = {}

-- lode: shop.util.Cache.stats.reset
function Cache.stats.reset()
  Cache.stats.hits = 0
end

-- lode: shop.util.Cache.new Cache.new
function Cache.new(dir)
  return setmetatable({ dir = dir }, Cache)
end

-- lode: Cache.get
function Cache:get(key)
  return self[key]
end

-- lode: shop.util.exists
local function exists(path)
  return io.open(path) ~= nil
end

M.read_all = function(paths)
  -- lode-ref: shop.util.exists
  return exists(paths[1])
end

return M
