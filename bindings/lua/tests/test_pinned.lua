-- The pinned API (the functions whose names, values and results never change) through the Lua module.
local wr = require("warrules")
local failures = 0
local function check(cond, what)
  if not cond then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end
local function raises(prefix, f, ...)
  local ok, err = pcall(f, ...)
  return not ok and tostring(err):find("^" .. prefix) ~= nil
end

check(wr.version() == wr.VERSION_STRING, "version")
check(wr.version_number() == wr.VERSION_NUMBER, "version_number")
check(wr.status_name(wr.ERR_RANGE) == "WR_ERR_RANGE", "status_name")

-- dice
do
  local rng = wr.Rng(0)
  local rolls = {}
  for i = 1, 6 do rolls[i] = rng:roll(6) end
  check(table.concat(rolls, ",") == "4,5,1,3,5,6", "pinned rng sequence")
  check(raises("WR_ERR_RANGE", rng.roll, rng, 1), "roll(1) raises WR_ERR_RANGE")
  check(tostring(rng) == "warrules.Rng", "tostring")
  rng:close()
  rng:close()
  check(raises("WR_ERR_STATE", rng.roll, rng, 6), "closed rng raises")
end

-- melee
check(wr.reach_ranks(wr.WEAPON_PIKE) == 3, "pike reach")
check(wr.reach_ranks(wr.WEAPON_PIKE, true) == 1, "disordered pike reach")
check(wr.reach_ranks(wr.WEAPON_SPEAR, 1) == 1, "integer truth value")
check(wr.reach_ranks(wr.WEAPON_SPEAR, 0) == 2, "integer false")
check(raises("WR_ERR_INVALID", wr.reach_ranks, 9), "unknown weapon")
check(wr.fighting_figures(12, 6, 6, wr.WEAPON_POLEARM) == 12, "Lawkland polearms")
check(wr.fighting_figures(8, 4, 4, wr.WEAPON_SPEAR, wr.SIDE_MOUNTED) == 4, "boar riders")
check(wr.complete_ranks(20, 5, wr.SIDE_FLANKED) == 1, "flanked ranks")
local mcp, fcp = wr.combat_percent(14, 28, 10)
check(mcp == 42 and fcp == 420, "dwarf MCP and FCP")
check(wr.kills_from_percent(296, 84) == 3, "orc kills")

-- battlesystem
local num, den = wr.terrain_speed(wr.TERRAIN_ROAD)
check(num == 4 and den == 3, "road speed")
check(raises("WR_ERR_FORBIDDEN", wr.terrain_speed, wr.TERRAIN_WATER), "water forbidden")
local rider = wr.Figure{ar = 12, hd = 1, ac = 5, mv = 12, damage = {{1, 8, 0}}}
local mount = wr.Figure{ar = 14, hd = 2, ac = 7, mv = 24, sa = 0xFFFFFFFF, damage = {{1, 8, 1}}}
local cav = wr.rate_cavalry(rider, mount)
check(cav.hd == 2 and cav.ac == 7 and cav.mv == 24 and cav.ar == 12, "cavalry rating")
check(cav.sa == 0xFFFFFFFF, "SA as unsigned 32 bits")
local lo, hi = cav:damage_range()
check(lo == 3 and hi == 17, "cavalry damage range")
local chariot = wr.rate_chariot({rider}, {mount, mount})
check(chariot.mv == 24, "chariot at full speed when pullers have 3x HD... (4 >= 3)")
check(raises("WR_ERR_RANGE", wr.rate_chariot, {}, {mount}), "empty passengers")
check(tostring(cav):find("^warrules.Figure") ~= nil, "figure tostring")
cav.ar = 3
check(cav.ar == 3, "figure field set")
check(raises("WR_ERR_RANGE", function() cav.ar = 1000 end), "figure field range")

-- campaign
local extra, days, unformed = wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MINOR, wr.CROSS_FORD, 12)
check(extra == 6 and days == 0 and unformed == 1, "ford example")
check(raises("WR_ERR_INVALID", wr.river_crossing, wr.ARM_INFANTRY, wr.RIVER_MAJOR, wr.CROSS_FORD, 12),
      "major ford")
check(wr.half_die(5) == 3, "half die")
check(wr.stragglers(100, 3) == 15, "stragglers")
check(wr.raft_timber(2, true) == true and wr.raft_timber(2, false) == false, "raft timber")

if failures > 0 then
  io.stderr:write(failures .. " failed\n")
  os.exit(1)
end
print("lua pinned API: all checks passed")
