-- Every public function and constant of the headers is reachable from Lua:
-- wr_x(...) as wr.x, WR_X as wr.X. The _ex forms (caller allocators) are the
-- only exception: the binding's constructors call them with the Lua state's
-- own allocator.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")

local dir = (arg[0]:match("(.*/)") or "./") .. "../../../include/warrules/"
local headers = {"core.h", "battlesystem.h", "melee.h", "campaign.h"}
local skip = {WR_API = true, WR_BUILDING_SHARED = true, WR_USING_SHARED = true,
              WR_ALLOW_DEPRECATED = true} -- (defined for Doxygen alone)
local functions, constants = 0, 0
for _, h in ipairs(headers) do
  local f = assert(io.open(dir .. h))
  local text = f:read("*a")
  f:close()
  text = text:gsub("/%*.-%*/", "") -- comments
  for name in text:gmatch("WR_API[^;]-[%s%*](wr_[%w_]+)%s*%(") do
    if not name:find("_ex$") then
      functions = functions + 1
      T.check(type(wr[name:sub(4)]) == "function", h .. ": " .. name .. " is wr." .. name:sub(4))
    end
  end
  for name, after in text:gmatch("#define%s+(WR_[%w_]+)(.)") do
    if not skip[name] and after ~= "(" then
      constants = constants + 1
      T.check(wr[name:sub(4)] ~= nil, h .. ": " .. name .. " is wr." .. name:sub(4))
    end
  end
  for name in text:gmatch("[\n,{]%s*(WR_[%w_]+)%s*=") do
    constants = constants + 1
    T.check(T.is_integer(wr[name:sub(4)]), h .. ": " .. name .. " is wr." .. name:sub(4))
  end
end
T.check(functions > 150, "found the functions (" .. functions .. ")")
T.check(constants > 200, "found the constants (" .. constants .. ")")
T.eq(wr.VERSION_STRING, wr.version(), "VERSION_STRING")
-- The older names answer as the grammatical ones (the same function or value).
T.check(wr.map_side == wr.map_hexside, "map_side is map_hexside")
T.check(wr.engagement_fight == wr.engagement_fight_rng, "engagement_fight is engagement_fight_rng")
T.eq(wr.SIDE_FLANKED, wr.COMBATANT_FLANKED, "SIDE_FLANKED is COMBATANT_FLANKED")
T.eq(wr.RIVERS_SIDE_ON_COURSE, wr.RIVERS_HEXSIDE_ON_COURSE, "RIVERS_SIDE_ON_COURSE")
local map = wr.Map(2, 1)
T.check(map.side == map.hexside and map.hexside ~= nil, "map:side() is map:hexside()")
T.eq(map:has_hex({q = 1, r = 0}), map:contains({q = 1, r = 0}), "map:has_hex() is map:contains()")
T.finish("lua names")
