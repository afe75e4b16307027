local M = {}

--- Reads a whole file.
-- lode: shop.util.read_file
function M.read_file(path)
  local fd = assert(io.open(path, "r"))
  return fd:read("*a")
end

local Cache = {}

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
