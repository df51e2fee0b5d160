-- What the example game asks the rules: a march across a valley and the
-- exact odds of the melee at its end. Pure Lua over the warrules module, so
-- that LÖVE (main.lua) and a plain LuaJIT (check.lua) compute the same.
local battle = {}

local H = function(q, r) return {q = q, r = r} end
battle.hex = H

-- The valley: 12 x 8 hexes (rows in the odd-r offset layout), forest in the
-- north-west, hills in the middle, and a minor river between rows 3 and 4
-- (the north-east and north-west sides of row 4) with one ford.
battle.width, battle.height = 12, 8
local rows = {
  "ffccchcccccc",
  "ffcchhcccccc",
  "cccchhcccmmc",
  "cccccccccmmc",
  "ccssccchhccc",
  "ccsscccchhcc",
  "cccccccccccc",
  "cccccccccccc",
}

function battle.map(wr)
  local kinds = {c = wr.HEX_CLEAR, f = wr.HEX_FOREST, s = wr.HEX_SWAMP, h = wr.HEX_HILLS,
                 m = wr.HEX_MOUNTAINS}
  local map = wr.Map(battle.width, battle.height)
  battle.terrain = {}
  for row = 0, battle.height - 1 do
    for col = 0, battle.width - 1 do
      local h = wr.hex_from_offset(col, row)
      local k = rows[row + 1]:sub(col + 1, col + 1)
      map:set_terrain(h, kinds[k])
      battle.terrain[#battle.terrain + 1] = {hex = h, kind = k}
    end
  end
  -- the river: the north-east (1) and north-west (2) sides of row 4, a ford
  -- on the north-east side of column 8
  battle.river = {}
  for col = 0, battle.width - 1 do
    local h = wr.hex_from_offset(col, 4)
    for _, direction in ipairs({1, 2}) do
      local ford = col == 8 and direction == 1
      if map:has_hex(wr.hex_neighbor(h, direction)) then
          map:set_hexside(h, direction, {river = wr.RIVER_MINOR,
                                       crossing = ford and wr.CROSS_FORD or wr.CROSS_OPEN})
        battle.river[#battle.river + 1] = {hex = h, direction = direction, ford = ford}
      end
    end
  end
  return map
end

-- The march: infantry from the north-west corner to the far bank.
function battle.march(wr, map)
  local planner = wr.Planner()
  local params = wr.plan_params_default(wr.MOVER_INFANTRY)
  local from, to = wr.hex_from_offset(1, 0), wr.hex_from_offset(3, 7)
  return planner:route(map, params, from, to)
end

-- The melee at the ford: ten dwarf veterans charge nine orc urucks (the
-- Fantasy Warlord worked example), fought to the end, exactly.
function battle.melee(wr)
  local dwarf = wr.profile_new_sample(wr.SAMPLE_DWARF_VETERANS)
  local orc = wr.profile_new_sample(wr.SAMPLE_ORC_URUCKS)
  local dwarfs = wr.MeleeUnit(dwarf, {figures = 10, files = 5, weapon_type = wr.WEAPON_SPEAR,
    armour = wr.SAMPLE_ARMOUR_CHAINMAIL, flags = wr.UNIT_SHIELDS, troop_class = wr.TROOP_VETERAN})
  local orcs = wr.MeleeUnit(orc, {figures = 9, files = 5, weapon_type = wr.WEAPON_POLEARM,
    armour = wr.SAMPLE_ARMOUR_CHAINMAIL, troop_class = wr.TROOP_ELITE})
  local engagement = wr.Engagement(dwarfs, orcs, {side = {[0] = {in_contact = 5, charged = true},
                                                          [1] = {in_contact = 4}}})
  local odds = engagement:odds(20)
  local ends = {
    {name = "dwarfs rout", code = wr.END_A_ROUTS},
    {name = "orcs rout", code = wr.END_B_ROUTS},
    {name = "dwarfs destroyed", code = wr.END_A_DESTROYED},
    {name = "orcs destroyed", code = wr.END_B_DESTROYED},
    {name = "still fighting", code = wr.END_ONGOING},
  }
  for _, e in ipairs(ends) do
    e.exact = odds:end_exact(e.code) -- an exact decimal string
    e.share = tonumber(e.exact)      -- for drawing only
  end
  return ends
end

-- Everything the game shows, as lines of text (what the tests compare).
function battle.report(wr)
  local map = battle.map(wr)
  local route = battle.march(wr, map)
  local lines = {("route arrives on day %d with %d points left"):format(route.arrival_day, route.points_left)}
  local steps = {}
  for _, s in ipairs(route.steps) do steps[#steps + 1] = ("%d,%d@%d"):format(s.hex.q, s.hex.r, s.day) end
  lines[#lines + 1] = "route " .. table.concat(steps, " ")
  local ends = battle.melee(wr)
  for _, e in ipairs(ends) do lines[#lines + 1] = ("odds %s %s"):format(e.name, e.exact) end
  return lines, map, route, ends
end

return battle
