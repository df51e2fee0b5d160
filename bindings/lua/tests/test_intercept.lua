-- Where forces meet (warrules/campaign.h 1.2) through the Lua module:
-- Planner:intercept (interception, pursuit, meeting formed) and
-- Planner:danger, on the worked cases of tests/test_intercept.c, with the
-- plan replayed to the state at contact, a blocked function's error, and
-- bad input.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises
local function O(col, row) return wr.hex_from_offset(col, row) end
local function col(h) return wr.hex_to_offset(h) end

local INF = wr.plan_params_default(wr.MOVER_INFANTRY)
local CAV = wr.plan_params_default(wr.MOVER_CAVALRY)

-- the enemy coming west along a row of 12 clear hexes, two hexes a day
local HEAD_ON = {positions = {{O(11, 0), 1}, {O(10, 0), 1}, {O(9, 0), 1}, {O(8, 0), 2}, {O(7, 0), 2},
                              {O(6, 0), 3}, {O(5, 0), 3}, {O(4, 0), 4}, {O(3, 0), 4}, {O(2, 0), 5}}}

do
  local m, pl = wr.Map(12, 1), wr.Planner()
  local got = pl:intercept(m, INF, O(0, 0), HEAD_ON)
  eq(got.found, true, "head on: found")
  eq(got.day, 3, "head on: day 3"); eq(got.during_own_move, true, "in the force's move")
  eq(col(got.hex), 5, "in col 5"); eq(got.enemy_index, 7, "the enemy's 7th position")
  eq(col(got.enemy_hex), 5, "the enemy in col 5"); eq(got.non_rallied, false, "formed")
  eq(#got.plan.route.steps, 6, "six steps"); eq(got.enemy_plan, nil, "no enemy plan for positions")
  eq(got.contact.points_spent, 12, "contact loses the day's points")
  -- replay to the state at contact
  local f, i = wr.force_start(), 2
  while i <= #got.plan.moves do
    if f:move(12, got.plan.moves[i]) then i = i + 1 else f:end_day(12) end
  end
  while f.day < got.day do f:end_day(12, true) end
  eq(f:contact(12), got.non_rallied, "non-rallied as predicted")
  for k, v in pairs(got.contact) do eq(f[k], v, "the state at contact: " .. k) end

  got = pl:intercept(m, INF, O(0, 0), HEAD_ON, {meeting = wr.MEETING_ADJACENT})
  eq(got.day, 3, "adjacent: day 3"); eq(got.during_own_move, false, "in the enemy's move")
  eq(col(got.hex), 4, "standing in col 4")
  got = pl:intercept(m, INF, O(0, 0), HEAD_ON, {meeting = wr.MEETING_ADJACENT, order = wr.DAY_OWN_FIRST})
  eq(col(got.hex), 6, "moving first: col 6")
  -- positions as {hex =, day =}
  got = pl:intercept(m, INF, O(0, 0), {positions = {{hex = O(3, 0), day = 1}}})
  eq(got.day, 2, "a standing enemy: day 2")
  -- before a hex
  local east = {positions = {{O(4, 0), 1}, {O(5, 0), 1}, {O(6, 0), 1}, {O(7, 0), 2}, {O(8, 0), 2},
                             {O(9, 0), 3}, {O(10, 0), 3}, {O(11, 0), 4}}}
  got = pl:intercept(m, INF, O(0, 0), east, {objective = wr.INTERCEPT_BEFORE, guard = O(10, 0)})
  eq(got.found, false, "too late before col 10"); eq(got.day, nil, "nothing else")
  got = pl:intercept(m, INF, O(11, 0), east, {objective = wr.INTERCEPT_BEFORE, guard = O(10, 0)})
  eq(got.found, true, "from col 11: in time")
  -- meeting formed: an unformed force rallies first
  local UNF = wr.plan_params_default(wr.MOVER_INFANTRY)
  UNF.options = wr.PLAN_UNFORMED
  local s = wr.force_start()
  s.day, s.unformed, s.unformed_days = 2, 1, 1
  got = pl:intercept(m, UNF, O(0, 0), {positions = {{O(3, 0), 1}}}, nil, {start = s})
  eq(got.day, 3, "unformed: day 3"); eq(got.non_rallied, true, "non-rallied")
  got = pl:intercept(m, UNF, O(0, 0), {positions = {{O(3, 0), 1}}}, {objective = wr.INTERCEPT_FORMED},
                     {start = s})
  eq(got.day, 4, "formed: day 4"); eq(got.non_rallied, false, "formed")
  check(T.band(got.plan.moves[2].flags, wr.STEP_RALLY) ~= 0, "a rally day first")
  -- bad input
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), HEAD_ON, {objective = 4})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), HEAD_ON, {meeting = 3})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), HEAD_ON, {order = 2})
  raises("WR_ERR_RANGE", pl.intercept, pl, m, INF, O(0, 0), {positions = {}})
  raises("WR_ERR_RANGE", pl.intercept, pl, m, INF, O(0, 0), {positions = {{O(15, 0), 1}}})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), {positions = {{O(1, 0), 2}, {O(2, 0), 1}}})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), {positions = {{O(1, 0), 1}}, extra = 1})
  raises("WR_ERR_RANGE", pl.intercept, pl, m, INF, O(0, 0), HEAD_ON,
         {objective = wr.INTERCEPT_BEFORE, guard = O(20, 0)})
  raises("WR_ERR_NULL", pl.intercept, pl, m, INF, O(0, 0), {from = O(3, 0), to = O(0, 0)})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), {params = INF, from = O(3, 0)})
  raises("WR_ERR_INVALID", pl.intercept, pl, m, INF, O(0, 0), 7)
  m:close(); pl:close()
end

-- pursuit: cavalry catches infantry marching away; a blocked function's error
do
  local m, pl = wr.Map(20, 1), wr.Planner()
  local enemy = {params = INF, from = O(3, 0), to = O(19, 0)}
  local got = pl:intercept(m, CAV, O(0, 0), enemy)
  eq(got.day, 3, "pursuit: day 3"); eq(col(got.hex), 9, "in col 9")
  eq(#got.enemy_plan.route.steps, 17, "the enemy's plan")
  eq(col(got.enemy_plan.route.steps[got.enemy_index].hex), 9, "enemy_index names its step")
  local stuck = {params = INF, from = O(3, 0), to = O(19, 0), query = {blocked_hexes = {O(4, 0)}}}
  got = pl:intercept(m, CAV, O(0, 0), stuck)
  eq(got.enemy_plan, nil, "no route: the enemy stays"); eq(got.day, 1, "met where it stands")
  local mine = {}
  local ok, err = pcall(pl.intercept, pl, m, CAV, O(0, 0),
                        {params = INF, from = O(3, 0), to = O(19, 0), query = {blocked = function() error(mine) end}})
  check(not ok and err == mine, "the enemy's blocked function's own error")
  ok, err = pcall(pl.intercept, pl, m, CAV, O(0, 0), enemy, nil, {blocked = function() error(mine) end})
  check(not ok and err == mine, "the force's blocked function's own error")
  ok, err = pcall(pl.danger, pl, m, {{params = INF, from = O(3, 0), query = {blocked = function() error(mine) end}}})
  check(not ok and err == mine, "a danger force's blocked function's own error")
  -- re-entering the planner from a blocked function is refused
  raises("WR_ERR_STATE", pl.intercept, pl, m, CAV, O(0, 0), enemy, nil,
         {blocked = function() pl:route(m, INF, O(0, 0), O(1, 0)) end})
  m:close(); pl:close()
end

-- the danger field
do
  local m, pl = wr.Map(10, 1), wr.Planner()
  local field = pl:danger(m, {{params = INF, from = O(0, 0)}, {params = CAV, from = O(9, 0)}})
  local days, who = {}, {}
  for i = 0, 9 do days[#days + 1] = field[i].day; who[#who + 1] = field[i].force end
  eq(table.concat(days, ","), "1,1,1,2,2,2,1,1,1,1", "danger: the days")
  eq(table.concat(who, ","), "1,1,1,1,1,2,2,2,2,2", "danger: which force (from 1)")
  field = pl:danger(m, {{params = INF, from = O(0, 0), query = {blocked_hexes = {O(3, 0)}}}})
  eq(field[3].day, -1, "blocked: none"); eq(field[3].force, 0, "no force")
  raises("WR_ERR_RANGE", pl.danger, pl, m, {})
  raises("WR_ERR_INVALID", pl.danger, pl, m, {{params = INF}})
  raises("WR_ERR_NULL", pl.danger, pl, m, {{from = O(0, 0)}})
  check(wr.planner_intercept ~= nil and wr.planner_danger ~= nil, "the module's functions")
  m:close(); pl:close()
end

T.finish("lua intercept")
