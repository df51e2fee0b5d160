-- <close> (Lua 5.4 only: ctest runs this file on 5.4 alone) closes a handle
-- at the end of its block, also when the block is left by an error.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

local kept
do
  local x <close> = wr.Rng(2)
  kept = x
  eq(x:roll(6) >= 1, true, "usable inside the block")
end
raises("WR_ERR_STATE", kept.roll, kept, 6)
local ok = pcall(function()
  local y <close> = wr.Rng(3)
  kept = y
  error("leave the block by an error")
end)
check(not ok, "the block raised")
raises("WR_ERR_STATE", kept.roll, kept, 6)

do
  local map <close> = wr.Map(2, 2)
  local planner <close> = wr.Planner()
  eq(planner:route(map, {}, {q = 0, r = 0}, {q = 1, r = 0}).arrival_day >= 0, true, "usable handles")
end
local phase
do
  local men = wr.Profile(wr.RACE_HUMAN)
  local p <close> = wr.MeleePhase()
  phase = p
  p:add({unit = wr.MeleeUnit(men, {figures = 4, files = 2}), in_contact = 2},
        {unit = wr.MeleeUnit(men, {figures = 4, files = 2}), in_contact = 2})
  eq(#p, 1, "a usable phase")
end
raises("WR_ERR_STATE", phase.count, phase)
T.finish("lua close")
