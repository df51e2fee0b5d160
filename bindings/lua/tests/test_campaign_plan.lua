-- warrules/campaign.h 1.1 through the Lua module: a force's state and its
-- replay, plans from a state (replayed step by step to the predicted
-- arrival), no route as an outcome, blocked hexes and hexsides for one
-- query, a blocked function in Lua (errors, closing or re-entering from it),
-- rivers drawn once, and the library's detail of bad input.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises
local function O(col, row) return wr.hex_from_offset(col, row) end

-- Calls f and returns its error object (f must fail).
local function error_of(f, ...)
  local ok, err = pcall(f, ...)
  check(not ok, "the call fails")
  return err
end
-- Checks the library's detail of an error object.
local function detail(err, status, fn, argument, what)
  eq(type(err), "table", what .. ": an error object")
  if type(err) ~= "table" then return end
  eq(err.name, status, what .. ": status")
  eq(err["function"], fn, what .. ": the C function")
  if argument then eq(err.argument, argument, what .. ": the argument") end
end

local FIELDS = {"day", "points_spent", "points_saved", "unformed", "unformed_today", "unformed_days",
                "at_rally", "rally_days", "pressing", "crossing_days", "far_bank", "crossing"}
local function same_state(a, b, what)
  for _, k in ipairs(FIELDS) do eq(a[k], b[k], what .. ": " .. k) end
end
local function moved_today(f) return f.points_spent > 0 or f.unformed_today ~= 0 end

-- Carries a plan out with the force's methods from its start state: each
-- step on its day with its points left and formation, then the predicted
-- state on arrival. Returns the final state and the stragglers lost.
local function replay(plan, start, P, figures, what)
  local f = wr.ForceState(start)
  local steps, moves = plan.route.steps, plan.moves
  eq(#moves, #steps, what .. ": one move per step")
  local i, guard, lost = 2, 0, 0
  while i <= #steps do
    guard = guard + 1
    if guard > 100000 then check(false, what .. ": the replay ends"); break end
    local mv, sp = moves[i], steps[i]
    eq(mv.to, sp.node, what .. ": moves[i] reaches steps[i]")
    if T.band(mv.flags, wr.STEP_RALLY) ~= 0 then
      if moved_today(f) then
        lost = lost + f:end_day(P, false, figures)
      else
        f:rally(P)
        eq(f.day - 1, sp.day, what .. ": rally day"); eq(sp.points_left, 0, what .. ": nothing left")
        i = i + 1
      end
    elseif f:move(P, mv) then
      eq(f.day, sp.day, what .. ": step " .. i .. " day")
      eq(P + f.points_saved - f.points_spent, sp.points_left, what .. ": step " .. i .. " points left")
      eq(f.unformed, T.band(sp.flags, wr.STEP_UNFORMED) ~= 0 and 1 or 0, what .. ": step " .. i .. " formation")
      i = i + 1
    else
      lost = lost + f:end_day(P, false, figures)
    end
  end
  same_state(f, plan.arrival, what .. ": the predicted arrival")
  return f, lost
end

local INF = wr.plan_params_default(wr.MOVER_INFANTRY)
local P = INF.costs.daily_points

-- ---- a force's state and its methods ------------------------------------------
do
  local f = wr.force_start()
  eq(getmetatable(f).__name, "warrules.ForceState", "a ForceState table")
  eq(f.day, 1, "day 1"); eq(f.unformed, 0, "formed"); eq(f.crossing, 0, "not crossing")
  f:check(P)
  wr.force_check(f, P)
  local hill = {to = 1, points = 9}
  local ferry = {to = 2, points = 6, days = 1, flags = wr.STEP_FERRY}
  eq(f:move(12, hill), true, "enters the hills"); eq(f.points_spent, 9, "9 spent")
  eq(wr.force_move(f, 12, hill), false, "presses on with 3")
  eq(f:end_day(12, false, 100), 0, "no stragglers on a formed day")
  eq(f.points_saved, 3, "3 saved"); eq(f.day, 2, "day 2")
  eq(f:move(12, hill), true, "in with saved points")
  eq(f:move(12, ferry), false, "a ferry waits for a fresh day")
  f:end_day(12); eq(f.points_saved, 0, "points lost")
  f:move(12, ferry); eq(f.crossing_days, 1, "crossing")
  eq(f:contact(12), true, "non-rallied while crossing")
  f:end_day(12); eq(f.far_bank, 1, "on the far bank")
  eq(f:move(12, ferry), true, "pays the far hex"); eq(f.day, 4, "[Crossing] day 4")
  eq(f.unformed, 0, "formed on the far bank")
  f:end_day(12)
  f:move(12, {to = 3, points = 12, flags = wr.STEP_UNFORMED})
  eq(f.unformed_today, 1, "unformed today")
  eq(wr.force_end_day(f, 12, false, 100, 3), 15, "15 % stragglers with a half-die of 3")
  eq(f.unformed_days, 1, "one day of unformed movement")
  wr.force_rally(f, 12); eq(f.unformed, 0, "the rally reforms"); eq(f.rally_days, 1, "one rally day")
  f:rally(12); eq(f.rally_days, 2, "waits for stragglers")
  f:move(12, hill); eq(f.at_rally, 0, "leaves the rally point")
  local before = wr.ForceState(f)
  local err = error_of(f.rally, f, 12)
  detail(err, "WR_ERR_STATE", "wr_force_rally", nil, "a rally after moving")
  same_state(f, before, "a refused call leaves the state as it was")
  eq(wr.force_contact(f, 12), false, "formed at contact")
  -- ForceState{...} takes force_start() for missing fields; booleans are accepted
  local g = wr.ForceState{day = 3, unformed = true, unformed_days = 2}
  eq(g.unformed, 1, "truth fields are integers"); eq(g.points_saved, 0, "missing fields from force_start")
  g:check(P)
  raises("WR_ERR_INVALID", wr.ForceState, {day = 2, marching = 1})
  raises("WR_ERR_INVALID", wr.force_move, f, 12, {to = 1, cost = 3})
  raises("WR_ERR_INVALID", wr.force_check, 5, 12)
end

-- ---- bad input: the library's detail names the C function --------------------
do
  local f = wr.force_start()
  detail(error_of(wr.force_check, {day = 1, points_saved = 5}, P), "WR_ERR_RANGE", "wr_force_check",
         "state->points_saved", "saved points on day 1")
  detail(error_of(wr.force_check, {day = 0}, P), "WR_ERR_RANGE", "wr_force_check", "state->day", "day 0")
  detail(error_of(wr.force_check, {unformed = 2}, P), "WR_ERR_INVALID", "wr_force_check", "state->unformed",
         "a flag of 2")
  detail(error_of(wr.force_check, {unformed_today = 1}, P), "WR_ERR_INVALID", "wr_force_check",
         "state->unformed_today", "unformed today while formed")
  detail(error_of(f.check, f, 0), "WR_ERR_RANGE", "wr_force_check", "daily_points", "no daily points")
  local err = error_of(f.end_day, f, 12, false, 10, 4)
  detail(err, "WR_ERR_RANGE", "wr_force_end_day", "half_die", "a half-die of 4")
  eq(err.value, 4, "the value"); eq(err.expected, "1..3", "the range")
  detail(error_of(f.move, f, 12, {to = 1, points = -1}), "WR_ERR_RANGE", "wr_force_move", "move->points",
         "negative points")
  detail(error_of(f.move, f, 12, {to = 1, days = 1, flags = wr.STEP_RALLY}), "WR_ERR_STATE", "wr_force_move",
         "move->flags", "a rally step is not a move")
  detail(error_of(f.contact, f, 1001), "WR_ERR_RANGE", "wr_force_contact", "daily_points", "1001 points")
  same_state(f, wr.force_start(), "refused calls leave the state as it was")

  local m = wr.Map(3, 1)
  m:set_terrain(O(2, 0), wr.HEX_SEA)
  local pl = wr.Planner()
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {objective = 9}), "WR_ERR_INVALID", "wr_planner_plan",
         "query->objective", "an unknown objective")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {start = {day = 1, points_saved = 5}}), "WR_ERR_RANGE",
         "wr_planner_plan", "query->start->points_saved", "a start state that cannot exist")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {start = {crossing_days = 1, crossing = wr.STEP_FERRY}}),
         "WR_ERR_STATE", "wr_planner_plan", nil, "a start in the middle of a crossing")
  detail(error_of(pl.plan, pl, m, {}, O(2, 0), O(0, 0)), "WR_ERR_FORBIDDEN", "wr_planner_plan", "from",
         "infantry cannot stand at sea: a bad start, not no route")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(5, 0)), "WR_ERR_RANGE", "wr_planner_plan", "to.q", "off the map")
  detail(error_of(pl.plan_field, pl, m, {}, O(0, 0), {objective = wr.OBJECTIVE_FEWEST_UNFORMED}),
         "WR_ERR_INVALID", "wr_planner_plan_field", "query->objective", "no field of fewest unformed days")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_hexes = {O(7, 0)}}), "WR_ERR_RANGE",
         "wr_map_index", nil, "a blocked hex off the map")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_hexes = {3}}), "WR_ERR_RANGE", "wr_map_hex",
         nil, "a blocked index off the map")
  detail(error_of(pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_sides = {{O(2, 0), 0}}}), "WR_ERR_RANGE",
         "wr_map_hexside_index", nil, "a blocked side on the map's edge")
  detail(error_of(m.side_index, m, O(0, 0), 6), "WR_ERR_RANGE", "wr_map_hexside_index", "direction", "direction 6")
  raises("WR_ERR_RANGE", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_sides = {9}})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_hexes = {"a"}})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_hexes = 5})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked_sides = {{O(0, 0)}}})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {blocked = 1})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {objectives = 1})
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), 7)
  raises("WR_ERR_INVALID", pl.plan, pl, m, {}, O(0, 0), O(1, 0), {start = {days = 1}})
  eq(pl:plan(m, {}, O(0, 0), O(1, 0)).route.arrival_day, 1, "the planner works after refusals")
end

-- ---- a plan from a state, replayed to the planned arrival ---------------------
do
  -- hills, a ferry over a major river, forest: saving points, whole days, the far hex's cost
  local m = wr.Map(6, 1)
  for c = 0, 5 do m:set_terrain(O(c, 0), c == 4 and wr.HEX_FOREST or wr.HEX_HILLS) end
  m:set_side(O(2, 0), 0, {river = wr.RIVER_MAJOR, crossing = wr.CROSS_FERRY})
  local pl = wr.Planner()
  local plan = pl:plan(m, INF, O(0, 0), O(5, 0))
  local route = pl:route(m, INF, O(0, 0), O(5, 0))
  eq(plan.route.arrival_day, route.arrival_day, "a zero query plans what route() plans")
  eq(plan.route.points_left, route.points_left, "the same points left")
  eq(#plan.route.steps, #route.steps, "the same steps")
  eq(plan.moves[1].flags, wr.STEP_START, "moves[1] is the start")
  check(T.band(plan.moves[4].flags, wr.STEP_FERRY) ~= 0 and plan.moves[4].days >= 1, "the ferry's whole days")
  eq(plan.route.steps[4].day, 5, "[Crossing] the far hex's cost after the ferry's day")
  replay(plan, nil, P, 100, "from the zero state")

  -- from a force that marched, saved points and broke formation
  local starts = {
    {day = 3, points_spent = 4},
    {day = 5, points_saved = 8, pressing = 1},
    {day = 2, unformed = 1, unformed_today = 1, unformed_days = 1, points_spent = 6},
    {day = 6, unformed = 1, unformed_days = 3},
    {day = 4, at_rally = 1, rally_days = 1},
  }
  for k, s in ipairs(starts) do
    for _, objective in ipairs({wr.OBJECTIVE_EARLIEST_FORMED, wr.OBJECTIVE_EARLIEST, wr.OBJECTIVE_FEWEST_UNFORMED}) do
      local what = "start " .. k .. ", objective " .. objective
      local start = wr.ForceState(s)
      local p = pl:plan(m, INF, O(0, 0), O(5, 0), {start = start, objective = objective})
      check(p ~= nil, what .. ": a route")
      if p then
        eq(p.route.steps[1].day, s.day, what .. ": the plan starts on the state's day")
        check(p.arrival.unformed_days >= (s.unformed_days or 0), what .. ": counts the days so far")
        if objective ~= wr.OBJECTIVE_EARLIEST then eq(p.arrival.unformed, 0, what .. ": arrives formed") end
        replay(p, start, P, 100, what)
        same_state(start, wr.ForceState(s), what .. ": the query's start is not changed")
      end
    end
  end
  local q = {start = {day = 6, unformed = 1, unformed_days = 3}}
  local formed = pl:plan(m, INF, O(0, 0), O(2, 0), q)
  q.objective = wr.OBJECTIVE_EARLIEST
  local any = pl:plan(m, INF, O(0, 0), O(2, 0), q)
  check(any.route.arrival_day <= formed.route.arrival_day, "earliest arrival is no later than formed")
  eq(any.arrival.unformed, 1, "an unformed force arrives unformed without a rally day")
  eq(formed.route.rally_days, 1, "the formed arrival rallies")
  local field = pl:plan_field(m, INF, O(0, 0), q)
  eq(field[m:index(O(2, 0))].day, any.route.arrival_day, "plan_field: the unformed arrival field")
  eq(pl:plan_field(m, INF, O(0, 0))[5].day, route.arrival_day, "plan_field with no query is field()")

  -- random maps and movers: every plan replays to its arrival
  local seed = 12345
  local function rand(n) seed = (seed * 16807) % 2147483647; return seed % n end
  local terrains = {wr.HEX_CLEAR, wr.HEX_CLEAR, wr.HEX_FOREST, wr.HEX_HILLS, wr.HEX_SWAMP, wr.HEX_MOUNTAINS}
  local crossings = {wr.CROSS_OPEN, wr.CROSS_BRIDGE, wr.CROSS_FERRY, wr.CROSS_FORD}
  for trial = 1, 30 do
    local w, h = 6 + rand(4), 4 + rand(3)
    local rm = wr.Map(w, h)
    for row = 0, h - 1 do
      for c = 0, w - 1 do
        rm:set_terrain(O(c, row), terrains[rand(#terrains) + 1])
        if rand(4) == 0 and c < w - 1 then
          local river = rand(2) == 0 and wr.RIVER_MINOR or wr.RIVER_MAJOR
          local cross = crossings[rand(#crossings) + 1]
          if river == wr.RIVER_MAJOR and cross == wr.CROSS_FORD then cross = wr.CROSS_FERRY end
          rm:set_side(O(c, row), 0, {river = river, crossing = cross})
        end
      end
    end
    local mover = rand(2) == 0 and wr.MOVER_INFANTRY or wr.MOVER_CAVALRY
    local params = wr.plan_params_default(mover)
    params.options = rand(2) == 0 and wr.PLAN_UNFORMED or 0
    local dp = params.costs.daily_points
    local s = starts[rand(#starts) + 1]
    local from, to = O(0, rand(h)), O(w - 1, rand(h))
    local objective = rand(wr.OBJECTIVE_COUNT)
    local p = pl:plan(rm, params, from, to, {start = s, objective = objective})
    local what = "random map " .. trial
    if p then
      replay(p, s, dp, 50, what)
      -- re-planned from the state after the first step: the same arrival
      if #p.route.steps > 2 then
        local f = wr.ForceState(s)
        local i = 2
        while i == 2 do
          if T.band(p.moves[2].flags, wr.STEP_RALLY) ~= 0 then
            if moved_today(f) then f:end_day(dp) else f:rally(dp); i = 3 end
          elseif f:move(dp, p.moves[2]) then i = 3
          else f:end_day(dp) end
        end
        local again = pl:plan(rm, params, p.route.steps[2].hex, to, {start = f, objective = objective})
        check(again ~= nil, what .. ": a route again")
        if again and objective ~= wr.OBJECTIVE_FEWEST_UNFORMED then
          eq(again.route.arrival_day, p.route.arrival_day, what .. ": re-planned, the same arrival day")
          eq(again.route.points_left, p.route.points_left, what .. ": and points left")
        end
      end
    end
    rm:close()
  end
end

-- ---- no route is an outcome: nil ----------------------------------------------
do
  local m = wr.Map(3, 3)
  local pl = wr.Planner()
  local to = O(1, 1)
  local ring = wr.hex_ring(to, 1)
  local blocked = {}
  for _, h in ipairs(ring) do if m:contains(h) then blocked[#blocked + 1] = h end end
  eq(pl:plan(m, INF, O(0, 0), to, {blocked_hexes = blocked}), nil, "no route: nil")
  check(pl:plan(m, INF, O(0, 0), to) ~= nil, "a route without the blocks")
  local lake = wr.Map(3, 1)
  lake:set_terrain(O(2, 0), wr.HEX_LAKE)
  eq(pl:plan(lake, INF, O(0, 0), O(2, 0)), nil, "infantry cannot reach a lake hex: nil")
  local sides = {}
  for d = 0, 5 do if m:contains(wr.hex_neighbor(to, d)) then sides[#sides + 1] = {to, d} end end
  eq(pl:plan(m, INF, O(0, 0), to, {blocked_sides = sides}), nil, "every side blocked: nil")
  local field = pl:plan_field(m, INF, O(0, 0), {blocked_hexes = blocked})
  eq(field[m:index(to)].day, -1, "the field says unreachable")
end

-- ---- blocked hexes and sides change the route ---------------------------------
do
  local m = wr.Map(5, 3)
  local pl = wr.Planner()
  local from, to = O(0, 1), O(4, 1)
  local function visits(plan, index)
    for _, s in ipairs(plan.route.steps) do if s.node == index then return true end end
    return false
  end
  local function crosses(plan, a, b)
    local st = plan.route.steps
    for i = 2, #st do
      if (st[i - 1].node == a and st[i].node == b) or (st[i - 1].node == b and st[i].node == a) then return true end
    end
    return false
  end
  local straight = pl:plan(m, INF, from, to)
  local mid = m:index(O(2, 1))
  check(visits(straight, mid), "the straight route goes through the middle")
  local around = pl:plan(m, INF, from, to, {blocked_hexes = {O(2, 1)}})
  check(not visits(around, mid), "a blocked hex is avoided")
  check(around.route.arrival_day >= straight.route.arrival_day, "no earlier around it")
  local by_index = pl:plan(m, INF, from, to, {blocked_hexes = {mid}})
  eq(#by_index.route.steps, #around.route.steps, "a map index blocks the same hex")
  -- the same through a Lua function, called with map indices
  local calls, bad = 0, 0
  local by_fn = pl:plan(m, INF, from, to, {blocked = function(a, b)
    calls = calls + 1
    if a == b or not m:contains(m:hex(a)) or wr.hex_distance(m:hex(a), m:hex(b)) ~= 1 then bad = bad + 1 end
    return b == mid
  end})
  check(calls > 0, "the function is asked"); eq(bad, 0, "about neighbouring map indices")
  eq(#by_fn.route.steps, #around.route.steps, "a function blocks as the bitset does")
  for i, s in ipairs(by_fn.route.steps) do eq(s.node, around.route.steps[i].node, "the same step " .. i) end
  eq(pl:plan(m, INF, from, to, {blocked = function() return 0 end}).route.arrival_day,
     straight.route.arrival_day, "0 is not blocked")
  -- a blocked hexside: on the straight route, either way
  local a, b = straight.route.steps[2].node, straight.route.steps[3].node
  local d = wr.hex_direction(m:hex(a), m:hex(b))
  eq(m:side_index(m:hex(a), d), m:side_index(m:hex(b), (d + 3) % 6), "one index for both hexes of a side")
  for _, side in ipairs({{m:hex(a), d}, {hex = m:hex(b), direction = (d + 3) % 6}, m:side_index(m:hex(a), d)}) do
    local p = pl:plan(m, INF, from, to, {blocked_sides = {side}})
    check(p ~= nil and not crosses(p, a, b), "the blocked side is not crossed")
    local ab = pl:plan(m, INF, m:hex(a), m:hex(b), {blocked_sides = {side}})
    check(ab ~= nil and #ab.route.steps > 2, "from one of its hexes to the other: around")
  end
  -- the field too
  local field = pl:plan_field(m, INF, from, {blocked_hexes = {O(2, 0), O(2, 1), O(2, 2)}})
  eq(field[m:index(to)].day, -1, "a wall of blocked hexes")
  eq(field[m:index(O(1, 1))].day, 1, "before the wall")
end

-- ---- the blocked function: Lua errors and misuse do not crash --------------------
do
  local m = wr.Map(5, 3)
  local pl = wr.Planner()
  local from, to = O(0, 1), O(4, 1)
  local ok, err = pcall(pl.plan, pl, m, INF, from, to, {blocked = function() error("boom") end})
  check(not ok and tostring(err):find("boom", 1, true) ~= nil, "an error in blocked is raised with its message")
  local mine = setmetatable({}, {__tostring = function() return "mine" end})
  ok, err = pcall(pl.plan_field, pl, m, INF, from, {blocked = function() error(mine) end})
  check(not ok and err == mine, "the function's own error object, from plan_field too")
  local n = 0
  ok = pcall(pl.plan, pl, m, INF, from, to, {blocked = function() n = n + 1; error("once") end})
  eq(n, 1, "after an error the function is not called again")
  -- closing or changing the planner or the map from inside is refused
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to, {blocked = function() pl:close() end})
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to, {blocked = function() m:close() end})
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to, {blocked = function() wr.map_free(m) end})
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to, {blocked = function() m:set_terrain(from, wr.HEX_SEA) end})
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to,
         {blocked = function() m:set_side(from, 0, {river = wr.RIVER_MINOR}) end})
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to, {blocked = function() pl:plan(m, INF, from, to) end})
  raises("WR_ERR_STATE", pl.plan_field, pl, m, INF, from, {blocked = function() pl:route(m, INF, from, to) end})
  raises("WR_ERR_INVALID", pl.plan, pl, m, INF, from, to, {blocked = function() return {} end})
  raises("WR_ERR_RANGE", pl.plan, pl, m, INF, from, to, {blocked = function() return 0.5 end})
  -- a refused close caught inside: the plan goes on; another planner may read the map meanwhile
  local other = wr.Planner()
  local inner
  local p = pl:plan(m, INF, from, to, {blocked = function()
    local closed = pcall(pl.close, pl)
    check(not closed, "close refused while planning")
    inner = inner or other:plan(m, INF, from, to)
    return false
  end})
  check(p ~= nil and inner ~= nil, "a second planner reads the same map from inside")
  eq(p.route.arrival_day, inner.route.arrival_day, "the same plan")
  -- yielding from the function is an error, not a crash
  local co = coroutine.create(function()
    return pcall(pl.plan, pl, m, INF, from, to, {blocked = function() coroutine.yield(1) end})
  end)
  local resumed, caught = coroutine.resume(co)
  check(resumed and caught == false, "a yield from blocked fails inside the plan")
  -- nothing stays busy: the planner and the map work and close
  eq(pl:plan(m, INF, from, to).route.arrival_day, p.route.arrival_day, "the planner works after the errors")
  m:set_terrain(O(2, 1), wr.HEX_HILLS)
  pl:close(); m:close(); other:close()
  raises("WR_ERR_STATE", pl.plan, pl, m, INF, from, to)
end

-- ---- rivers drawn once -----------------------------------------------------------
do
  local m = wr.Map(4, 1)
  m:set_terrain(O(3, 0), wr.HEX_SEA)
  for c = 0, 2 do m:set_watercourse(O(c, 0), 0, 0) end
  eq(m:check_rivers(), wr.RIVERS_OK, "a river flowing into the sea")
  eq(select("#", m:check_rivers()), 1, "no hex when the rivers are good")
  m:set_side(O(1, 0), 0, {river = wr.RIVER_MINOR})
  local problem, h, d = m:check_rivers()
  eq(problem, wr.RIVERS_SIDE_ON_COURSE, "drawn twice"); eq(h.q, O(1, 0).q, "at the hex"); eq(d, 0, "the side")
  m:set_side(O(1, 0), 0, {river = wr.NO_RIVER})
  m:set_terrain(O(3, 0), wr.HEX_CLEAR)
  problem, h, d = wr.map_check_rivers(m)
  eq(problem, wr.RIVERS_DEAD_END, "stops nowhere"); eq(h.q, O(2, 0).q, "the last water course hex"); eq(d, 0, "flowing east")
  m:close()
  raises("WR_ERR_STATE", m.check_rivers, m)
end

collectgarbage(); collectgarbage()
T.finish("lua campaign plans")
