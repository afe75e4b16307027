local util = require("shop.util")

local M = {}

function M.load(path)
  -- lode-ref: shop.util.read_file
  return util.read_file(path)
end

return M
