-- warrules/campaign.h through the Lua module: the pinned crossing rules,
-- hexes, the map, move tables, marches, the planner (the text's ford
-- example, saving points over hills, a game's own graph as Lua functions).
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises
local function H(q, r) return {q = q, r = r} end

-- ---- the pinned rules --------------------------------------------------------
local x, d, u = wr.river_crossing(wr.ARM_CAVALRY, wr.RIVER_MINOR, wr.CROSS_OPEN, 12)
eq(x, 6, "cavalry swim a minor river: half a day"); eq(d, 0, "no days"); eq(u, 1, "unformed")
x, d, u = wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MAJOR, wr.CROSS_OPEN, 12)
eq(d, 3, "rafts: three days")
x, d, u = wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MINOR, wr.CROSS_BRIDGE, 12)
eq(x + d + u, 0, "a bridge costs nothing")
raises("WR_ERR_INVALID", wr.river_crossing, wr.ARM_INFANTRY, 3, wr.CROSS_OPEN, 12)
raises("WR_ERR_RANGE", wr.river_crossing, wr.ARM_INFANTRY, wr.RIVER_MINOR, wr.CROSS_OPEN, 0)
for d6, half in ipairs({1, 1, 2, 2, 3, 3}) do
  eq(wr.half_die(d6), half, "half die " .. d6)
  eq(wr.raft_timber(d6, true), true, "timber in forest")
  eq(wr.raft_timber(d6, 0), d6 >= 5, "timber elsewhere " .. d6)
end
raises("WR_ERR_RANGE", wr.half_die, 7)
eq(wr.stragglers(21, 1), 2, "1.05 rounds up")
raises("WR_ERR_RANGE", wr.stragglers, 10, 4)
eq(wr.stragglers_gathered(100, 30, 2), 10, "stragglers gathered")
raises("WR_ERR_RANGE", wr.stragglers_gathered, 100, 101, 2)
do
  local rng = wr.Rng(7)
  local seen = {}
  for _ = 1, 300 do seen[wr.half_die_roll(rng)] = true end
  check(seen[1] and seen[2] and seen[3] and not seen[4], "half die rolls 1..3")
end
eq(wr.raft_defence(100, 1), 33, "a third defends on day 1"); eq(wr.raft_defence(100, 3), 100, "all on day 3")
raises("WR_ERR_RANGE", wr.raft_defence, 100, 4)
eq(wr.getting_lost(true, false, 30, 30), true, "lost at 30 on 30")
eq(wr.getting_lost(1, 0, 30, 31), false, "not lost on 31")
eq(type(wr.getting_lost_roll(true, false, 30, wr.Rng(1))), "boolean", "getting_lost_roll")
raises("WR_ERR_RANGE", wr.getting_lost, true, false, 30, 0)

-- ---- hexes -------------------------------------------------------------------
eq(wr.hex_distance(H(0, 0), H(2, -1)), 2, "distance")
eq(wr.hex_distance({0, 0}, {3, 0}), 3, "hexes as {q, r}")
local n = wr.hex_neighbor(H(0, 0), 1)
eq(n.q, 1, "direction 1 is (+1, -1)"); eq(n.r, -1, "r")
eq(wr.hex_direction(H(0, 0), H(0, 1)), 5, "direction 5 is (0, +1)")
raises("WR_ERR_INVALID", wr.hex_direction, H(0, 0), H(2, 0))
raises("WR_ERR_RANGE", wr.hex_neighbor, H(0, 0), 6)
raises("WR_ERR_INVALID", wr.hex_distance, H(0, 0), 5)
raises("WR_ERR_INVALID", wr.hex_distance, H(0, 0), {q = 1})
raises("WR_ERR_INVALID", wr.hex_distance, H(0, 0), {q = 1, r = 2, s = -3})
eq(#wr.hex_ring(H(0, 0), 0), 1, "ring 0: the centre")
eq(#wr.hex_ring(H(5, 5), 3), 18, "6 r hexes")
local ring = wr.hex_ring(H(0, 0), 1)
eq(ring[1].q, -1, "the ring starts in direction 4"); eq(ring[1].r, 1, "r")
for _, h in ipairs(ring) do eq(wr.hex_distance(H(0, 0), h), 1, "on the ring") end
eq(#wr.hex_range(H(0, 0), 2), 19, "3 r (r + 1) + 1")
raises("WR_ERR_RANGE", wr.hex_ring, H(0, 0), -1)
local line = wr.hex_line(H(0, 0), H(3, -1))
eq(#line, 4, "N + 1 hexes"); eq(line[4].q, 3, "ends at b")
local h = wr.hex_from_offset(3, 1)
eq(h.q, 3, "odd-r: q = col - floor(row / 2)"); eq(h.r, 1, "r = row")
local col, row = wr.hex_to_offset(h)
eq(col, 3, "back to col"); eq(row, 1, "back to row")
raises("WR_ERR_RANGE", wr.hex_from_offset, -1, 0)

-- ---- the map -------------------------------------------------------------------
do
  local m = wr.Map(4, 3)
  local w, ht = m:size()
  eq(w, 4, "width"); eq(ht, 3, "height")
  eq(tostring(m), "warrules.Map(4 x 3)", "map tostring")
  eq(m:contains(H(0, 0)), true, "contains"); eq(m:contains(H(-1, 0)), false, "off the map")
  eq(m:index(wr.hex_from_offset(1, 2)), 2 * 4 + 1, "index r * width + col")
  eq(m:hex(9).r, 2, "hex of index")
  raises("WR_ERR_RANGE", m.hex, m, 12)
  eq(m:terrain(H(0, 0)), wr.HEX_CLEAR, "clear when made")
  m:set_terrain(H(1, 0), wr.HEX_FOREST)
  eq(m:terrain(H(1, 0)), wr.HEX_FOREST, "set_terrain")
  raises("WR_ERR_INVALID", m.set_terrain, m, H(1, 0), 8)
  raises("WR_ERR_RANGE", m.set_terrain, m, H(9, 9), wr.HEX_CLEAR)
  m:set_features(H(0, 0), wr.FEATURE_PORT)
  eq(m:features(H(0, 0)), wr.FEATURE_PORT, "features")
  raises("WR_ERR_INVALID", m.set_features, m, H(0, 0), 0x8)
  m:set_regions(H(0, 0), 0xFFFFFFFF)
  eq(m:regions(H(0, 0)), 0xFFFFFFFF, "32 region bits")
  m:set_side(H(0, 0), 0, {river = wr.RIVER_MINOR, crossing = wr.CROSS_FORD})
  local s = m:side(H(0, 0), 0)
  eq(s.river, wr.RIVER_MINOR, "side river"); eq(s.crossing, wr.CROSS_FORD, "side crossing")
  eq(m:side(H(1, 0), 3).river, wr.RIVER_MINOR, "the same side from the other hex")
  m:set_side(H(0, 0), 5, {road = true})
  eq(m:side(H(0, 0), 5).road, 1, "road as a boolean")
  eq(m:on_route(H(0, 0), 5), true, "on a road")
  eq(m:on_route(H(0, 0), 0), false, "not on a route")
  raises("WR_ERR_INVALID", m.set_side, m, H(0, 0), 0, {river = wr.RIVER_MAJOR, crossing = wr.CROSS_FORD})
  raises("WR_ERR_INVALID", m.set_side, m, H(0, 0), 0, {bridge = 1})
  m:set_watercourse(H(2, 0), 0, wr.WATER_TIDAL)
  local down, flags = m:watercourse(H(2, 0))
  eq(down, 0, "downstream"); eq(flags, wr.WATER_TIDAL, "water flags")
  eq(m:watercourse(H(0, 0)), wr.NO_WATERCOURSE, "no water course")
  eq(m:zone(H(0, 0)), wr.ZONE_LAND, "land")
  m:set_terrain(H(3, 0), wr.HEX_LAKE)
  eq(m:zone(H(3, 0)), wr.ZONE_LAKE, "lake")
  eq(type(m:sight(H(0, 0), H(2, 0))), "boolean", "sight")
  raises("WR_ERR_FORBIDDEN", m.landing, m, wr.MOVER_GALLEY, H(0, 0))
  raises("WR_ERR_RANGE", wr.Map, 0, 1)
  raises("WR_ERR_RANGE", wr.Map, wr.MAP_MAX_SIDE + 1, 1)
end

-- ---- tables, land entry, marches ---------------------------------------------------
do
  local c = wr.move_costs_default(wr.MOVER_INFANTRY)
  eq(c.daily_points, 12, "infantry: 12 a day"); eq(c.enter[wr.HEX_CLEAR], 6, "clear 6")
  eq(c.enter[wr.HEX_HILLS], 9, "hills 9")
  raises("WR_ERR_INVALID", wr.move_costs_default, wr.MOVER_COUNT)
  local cost, formed = wr.land_entry(c, wr.ARM_INFANTRY, 0, wr.HEX_CLEAR, false, wr.ROUTE_NONE)
  eq(cost, 6, "clear"); eq(formed, true, "formed")
  cost, formed = wr.land_entry(c, wr.ARM_CAVALRY, 0, wr.HEX_FOREST, false)
  eq(formed, false, "cavalry only unformed in forest")
  cost = wr.land_entry(c, wr.ARM_INFANTRY, wr.FORCE_LIZARD_MEN, wr.HEX_SWAMP, false)
  eq(cost, 6, "lizard men at the clear rate in swamp")
  raises("WR_ERR_FORBIDDEN", wr.land_entry, c, wr.ARM_INFANTRY, 0, wr.HEX_SEA, false)
  raises("WR_ERR_INVALID", wr.land_entry, c, wr.ARM_INFANTRY, 0x10, wr.HEX_CLEAR, false)
  raises("WR_ERR_INVALID", wr.land_entry, {enter = 3}, wr.ARM_INFANTRY, 0, wr.HEX_CLEAR, false)
  -- the text's ford example: a clear hex and the ford in one morning
  local extra = wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MINOR, wr.CROSS_FORD, 12)
  local m = wr.march_start(12)
  eq(wr.march_enter(m, 6 + extra, false), true, "entered")
  eq(m.points, 0, "the day's points spent"); eq(m.day, 1, "day 1")
  -- hills at 9 for three days: 4 hexes, 36 points
  m = wr.march_start(12)
  local hexes = 0
  for _ = 1, 3 do
    while wr.march_enter(m, 9, 0) do hexes = hexes + 1 end
    wr.march_end_day(m, false)
  end
  eq(hexes, 4, "saving points over hills"); eq(m.day, 4, "day 4"); eq(m.points, 12, "fresh points")
  eq(wr.march_contact(m), false, "a formed force is rallied")
  eq(m.points, 0, "contact: points lost")
  wr.march_end_day(m, false)
  wr.march_enter(m, 9, true)
  eq(m.unformed, 1, "unformed")
  raises("WR_ERR_STATE", wr.march_rally, m)
  wr.march_end_day(m, true)
  wr.march_rally(m)
  eq(m.unformed, 0, "rallied")
  local before = m.points
  m.points = -1
  raises("WR_ERR_INVALID", wr.march_enter, m, 3, false)
  eq(m.points, -1, "nothing written on error")
  m.points = before
  raises("WR_ERR_INVALID", wr.march_enter, {daily_points = 12, pace = 3}, 3, false)
  raises("WR_ERR_RANGE", wr.march_start, 0)
end

-- ---- the planner ----------------------------------------------------------------
local function row_map(s)
  local m = wr.Map(#s, 1)
  local kinds = {c = wr.HEX_CLEAR, f = wr.HEX_FOREST, s = wr.HEX_SWAMP, h = wr.HEX_HILLS,
                 m = wr.HEX_MOUNTAINS, S = wr.HEX_SEA, C = wr.HEX_COAST, L = wr.HEX_LAKE}
  for i = 1, #s do m:set_terrain(H(i - 1, 0), kinds[s:sub(i, i)]) end
  return m
end
do
  local pl = wr.Planner()
  eq(tostring(pl), "warrules.Planner", "planner tostring")
  local p = wr.plan_params_default(wr.MOVER_INFANTRY)
  eq(p.mover, wr.MOVER_INFANTRY, "params mover"); eq(p.costs.daily_points, 12, "params costs")
  eq(p.wind, wr.WIND_NONE, "no wind"); eq(p.bridging_days, 1, "bridging default")
  -- the ford example, planned
  local m = wr.Map(2, 1)
  m:set_side(H(0, 0), 0, {river = wr.RIVER_MINOR, crossing = wr.CROSS_FORD})
  local r = pl:route(m, p, H(0, 0), H(1, 0))
  eq(r.step_count, 2, "two steps"); eq(#r.steps, 2, "steps sequence")
  eq(r.arrival_day, 1, "arrives on day 1"); eq(r.points_left, 0, "no points left")
  check(T.band(r.steps[1].flags, wr.STEP_START) ~= 0, "the start")
  check(T.band(r.steps[2].flags, wr.STEP_FORD) ~= 0, "the ford")
  check(T.band(r.steps[2].flags, wr.STEP_NIGHT) ~= 0, "camps on the far bank")
  eq(r.steps[2].hex.q, 1, "step hex")
  -- landmarks: the same route, their count and bytes, the states settled
  local plain = wr.plan_params_default(wr.MOVER_INFANTRY)
  plain.options = wr.PLAN_PLAIN_COSTS
  local lm_map = row_map("cffhc")
  pl:prepare_landmarks(lm_map, plain, 2)
  local lm_count, lm_bytes = pl:landmarks()
  eq(lm_count, 2, "two landmarks"); eq(lm_bytes, 5 * 2 * 2, "their bytes")
  local lr = pl:route(lm_map, plain, H(0, 0), H(4, 0))
  eq(lr.step_count, 5, "the route with landmarks")
  check(pl:settled() > 0, "states settled")
  -- saving points over hills
  local hills = row_map("hhhhh")
  r = pl:route(hills, {}, H(0, 0), H(4, 0))
  local days, left = {}, {}
  for i, st in ipairs(r.steps) do days[i] = st.day; left[i] = st.points_left end
  eq(table.concat(days, ","), "1,1,2,3,3", "days of the steps")
  eq(table.concat(left, ","), "12,3,6,9,0", "points left")
  local dear = {costs = {enter = {[wr.HEX_HILLS] = 20}}}
  r = pl:route(hills, dear, H(0, 0), H(2, 0))
  eq(r.arrival_day, 4, "saved points carry the force into a dear hex"); eq(r.points_left, 8, "8 left")
  local fld = pl:field(hills, {}, H(0, 0))
  eq(fld[0].day, 1, "field: the start"); eq(fld[4].day, 3, "field: day 3"); eq(fld[4].points_left, 0, "0 left")
  eq(fld[5], nil, "field has width x height entries")
  local reach = pl:reachable(hills, {}, H(0, 0), 1)
  eq(#reach, 2, "within one day: the start and one hex"); eq(reach[1].q, 0, "start first")
  raises("WR_ERR_RANGE", pl.reachable, pl, hills, {}, H(0, 0), 0)
  raises("WR_ERR_FORBIDDEN", pl.route, pl, row_map("cLc"), {}, H(0, 0), H(2, 0))
  raises("WR_ERR_RANGE", pl.route, pl, hills, {}, H(0, 0), H(9, 0))
  raises("WR_ERR_INVALID", pl.route, pl, hills, {mover = 9}, H(0, 0), H(1, 0))
  raises("WR_ERR_INVALID", pl.route, pl, hills, {options = 0x100}, H(0, 0), H(1, 0))
  raises("WR_ERR_INVALID", pl.route, pl, hills, {speed = 1}, H(0, 0), H(1, 0))
  raises("WR_ERR_INVALID", pl.route, pl, hills, {costs = {daily = 1}}, H(0, 0), H(1, 0))
  -- the planner's moves, from a map and from a game's own description
  local moves = hills:moves({}, H(1, 0))
  eq(#moves, 2, "two neighbours on a row map")
  for _, e in ipairs(moves) do eq(e.points, 9, "into hills: 9") end
  local here = {on_map = true, terrain = wr.HEX_HILLS}
  local nbrs = {[0] = {on_map = true, terrain = wr.HEX_HILLS}, [3] = {on_map = true, terrain = wr.HEX_HILLS}}
  local own = wr.moves_from({}, here, nbrs, {}, {[0] = 2, [3] = 0})
  eq(#own, 2, "moves_from: the same two moves")
  local tos = {}
  for _, e in ipairs(own) do tos[#tos + 1] = e.to end
  table.sort(tos)
  eq(table.concat(tos, ","), "0,2", "nodes given by the caller")
  raises("WR_ERR_INVALID", wr.moves_from, {}, {on_map = false}, {}, {}, {})
  raises("WR_ERR_INVALID", wr.moves_from, {}, here, {[0] = {on_map = true, terrain = 9}}, {}, {})

  -- a game's own graph: Lua functions called by the planner
  local function chain(node)
    if node == 3 then return {} end
    local e = {to = node + 1, points = 5}
    if node == 1 then e = {to = 2, days = 2, flags = wr.STEP_FERRY} end
    if node == 0 then return {e, {to = 3, points = 100000}} end
    return {e}
  end
  local graph = {node_count = 4, moves = chain}
  r = pl:route_graph(graph, {}, 0, 3)
  eq(r.arrival_day, 4, "5 points, two days, 5 points"); eq(r.points_left, 7, "7 left")
  eq(r.steps[4].hex.q, 3, "no node_hex: q = node"); eq(r.steps[4].hex.r, 0, "r = 0")
  check(T.band(r.steps[3].flags, wr.STEP_FERRY) ~= 0, "the ferry step")
  r = pl:route_graph(graph, {options = wr.PLAN_PLAIN_COSTS}, 0, 3)
  eq(r.arrival_day, 3, "plain costs: 34 points"); eq(r.points_left, 2, "2 left")
  graph.node_hex = function(node) return {q = node * 10, r = -node} end
  r = pl:route_graph(graph, {}, 0, 3)
  eq(r.steps[4].hex.q, 30, "node_hex q"); eq(r.steps[4].hex.r, -3, "node_hex r")
  -- errors in the callbacks come out unchanged, and leave nothing busy
  local ok, err = pcall(pl.route_graph, pl, {node_count = 4, moves = function() error("no map") end}, {}, 0, 3)
  check(not ok and tostring(err):find("no map") ~= nil, "a moves error propagates")
  ok, err = pcall(pl.route_graph, pl, {node_count = 4, moves = chain,
                                       node_hex = function() error("no hex") end}, {}, 0, 3)
  check(not ok and tostring(err):find("no hex") ~= nil, "a node_hex error propagates")
  raises("WR_ERR_INVALID", pl.route_graph, pl, {node_count = 4, moves = function() return 5 end}, {}, 0, 3)
  raises("WR_ERR_INVALID", pl.route_graph, pl, {node_count = 4, moves = function() return {{to = 9, points = 1}} end}, {}, 0, 3)
  raises("WR_ERR_INVALID", pl.route_graph, pl, {node_count = 4, moves = function() return {{to = 1, cost = 1}} end}, {}, 0, 3)
  raises("WR_ERR_STATE", pl.route_graph, pl, {node_count = 4, moves = function(nd)
    pl:route(hills, {}, H(0, 0), H(1, 0)); return chain(nd) end}, {}, 0, 3)
  raises("WR_ERR_STATE", pl.route_graph, pl, {node_count = 4, moves = function() pl:close() end}, {}, 0, 3)
  raises("WR_ERR_INVALID", pl.route_graph, pl, {moves = chain}, {}, 0, 3)
  raises("WR_ERR_INVALID", pl.route_graph, pl, {node_count = 4}, {}, 0, 3)
  eq(pl:route(hills, {}, H(0, 0), H(1, 0)).arrival_day, 1, "the planner works after a callback error")
  pl:close(); pl:close()
  raises("WR_ERR_STATE", pl.route, pl, hills, {}, H(0, 0), H(1, 0))
  eq(tostring(pl), "warrules.Planner (closed)", "closed planner")
  wr.map_free(hills)
  raises("WR_ERR_STATE", hills.size, hills)
end
collectgarbage(); collectgarbage()

T.finish("lua campaign")
