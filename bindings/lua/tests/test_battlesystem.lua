-- warrules/battlesystem.h through the Lua module: figures and ratings (the
-- cavalry and chariot worked examples), units, formations, shield walls,
-- set spears, charges, tactical moves, the Movement Phase turn by turn, woods,
-- forest fires on the map, [11.9] (missile modifiers as the caller's data), batches.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises
local INCH, MP = wr.LEN_PER_INCH, wr.MOVE_PER_INCH

-- ---- figures ---------------------------------------------------------------
do
  local f = wr.Figure()
  for _, k in ipairs({"ar", "hd", "ac", "mv", "sa", "sd"}) do eq(f[k], 0, "new figure " .. k) end
  f:set(wr.STAT_HD, 3)
  eq(f:get(wr.STAT_HD), 3, "set and get"); eq(f.hd, 3, "field")
  f.ac = -2
  eq(wr.figure_get(f, wr.STAT_AC), -2, "module-level figure_get")
  f.sa = -1
  eq(f.sa, 0xFFFFFFFF, "SA is an unsigned 32-bit pattern")
  f:set(wr.STAT_SD, 0x80000000)
  eq(f:get(wr.STAT_SD), 0x80000000, "SD high bit")
  raises("WR_ERR_RANGE", f.set, f, wr.STAT_SA, 0x100000000)
  raises("WR_ERR_RANGE", f.set, f, wr.STAT_AR, 101)
  raises("WR_ERR_RANGE", function() f.mv = -1 end)
  raises("WR_ERR_INVALID", f.set, f, 6, 0)
  raises("WR_ERR_INVALID", f.get, f, -1)
  raises("WR_ERR_INVALID", function() f.speed = 3 end)
  raises("WR_ERR_INVALID", f.set, f, wr.STAT_AR, "ten")
  eq(f.nonsense, nil, "unknown fields read as nil")
  eq(f:damage_groups(), 0, "no damage dice")
  local lo, hi = f:damage_range()
  eq(lo, 0, "no damage: min"); eq(hi, 0, "no damage: max")
  f:add_damage(1, 8)
  f:add_damage(1, 8, 2)
  f:add_damage(2, 4, -1)
  eq(f:damage_groups(), 2, "groups merge by sides")
  local dice, sides = f:damage_group(0)
  eq(dice, 2, "first group: 2 dice"); eq(sides, 4, "of 4 sides (increasing sides)")
  dice, sides = f:damage_group(1)
  eq(dice, 2, "2d8"); eq(sides, 8, "d8")
  raises("WR_ERR_RANGE", f.damage_group, f, 2)
  raises("WR_ERR_RANGE", f.damage_group, f, -1)
  local total, bonus = f:damage_totals()
  eq(total, 4, "4 dice"); eq(bonus, 1, "bonus +1")
  lo, hi = f:damage_range()
  eq(lo, 5, "min 4 + 1"); eq(hi, 25, "max 8 + 16 + 1")
  eq(f:damage_from_rolls({1, 4, 8, 8}), 22, "rolls group by group")
  raises("WR_ERR_INVALID", f.damage_from_rolls, f, {1, 4, 8})
  raises("WR_ERR_RANGE", f.damage_from_rolls, f, {5, 4, 8, 8})
  local d = f:damage_roll(wr.Rng(1))
  check(d >= 5 and d <= 25, "damage_roll in range")
  raises("WR_ERR_RANGE", f.add_damage, f, 0, 6)
  raises("WR_ERR_RANGE", f.add_damage, f, 1, 6, 1001)
  local c = f:clone()
  c.hd = 9
  eq(f.hd, 3, "a clone is independent"); eq(c.hd, 9, "clone changed")
  eq(c:damage_groups(), 2, "clone has the dice")
  eq(tostring(f), "warrules.Figure(ar=0, hd=3, ac=-2, mv=0, damage 5-25)", "figure tostring")
  raises("WR_ERR_INVALID", wr.Figure, {ar = 1, speed = 2})
  raises("WR_ERR_RANGE", wr.Figure, {hd = 1001})
  raises("WR_ERR_INVALID", wr.Figure, {damage = 3})
  raises("WR_ERR_INVALID", wr.Figure, {damage = {7}})
  raises("WR_ERR_RANGE", wr.Figure, {damage = {{1, 1001}}})
  raises("WR_ERR_INVALID", wr.Figure, 5)
  c:close(); c:close()
  raises("WR_ERR_STATE", c.get, c, wr.STAT_AR)
  raises("WR_ERR_STATE", function() return c.ar end)
  eq(tostring(c), "warrules.Figure (closed)", "closed tostring")
  wr.figure_free(c)
end

-- ---- [11.2] cavalry and [11.3] chariots ---------------------------------------
do
  local rider = wr.Figure{ar = 8, hd = 1, ac = 5, mv = 12, sa = 0x1, sd = 0x3, damage = {{1, 8, 0}}}
  local mount = wr.Figure{ar = 12, hd = 2, ac = 7, mv = 18, sa = 0x4, sd = 0x6, damage = {{1, 8, 1}, {1, 4}}}
  local c = wr.rate_cavalry(rider, mount)
  eq(c.ar, 8, "cavalry AR: the rider's"); eq(c.hd, 2, "HD ceil(3 / 2)"); eq(c.ac, 7, "AC the poorer")
  eq(c.mv, 18, "MV the mount's"); eq(c.sa, 0x5, "SA or"); eq(c.sd, 0x2, "SD and")
  eq(c:damage_groups(), 2, "both figures' dice")
  local dice, sides = c:damage_group(0)
  eq(dice, 1, "1d4"); eq(sides, 4, "d4")
  dice, sides = c:damage_group(1)
  eq(dice, 2, "2d8"); eq(sides, 8, "d8")
  local lo, hi = c:damage_range()
  eq(lo, 4, "cavalry damage min"); eq(hi, 21, "cavalry damage max")
  rider.hd = 4; rider.ac = -1; mount.ac = -3
  c = wr.rate_cavalry(rider, mount)
  eq(c.hd, 3, "even HD sum"); eq(c.ac, -1, "the rider's AC is the poorer")
  raises("WR_ERR_INVALID", wr.rate_cavalry, rider, "mount")
  raises("WR_ERR_INVALID", wr.rate_cavalry, rider)

  local man = wr.Figure{ar = 10, hd = 1, ac = 5, mv = 12}
  local horse = wr.Figure{ar = 14, hd = 2, ac = 7, mv = 24}
  local ch = wr.rate_chariot({man}, {horse, horse})
  eq(ch.ar, 12, "chariot AR floor(38 / 3)"); eq(ch.hd, 3, "HD ceil(4 / 2) + 1")
  eq(ch.ac, 4, "AC floor(19 / 3) - 2"); eq(ch.mv, 24, "pullers strong enough: full speed")
  local heavy = wr.Figure{ar = 10, hd = 2, ac = 5}
  ch = wr.rate_chariot({heavy}, {horse, horse})
  eq(ch.mv, 16, "too weak: floor(2 * 24 / 3)")
  local a = wr.Figure{ar = -1}
  local b = wr.Figure{ar = -2}
  eq(wr.rate_chariot({a}, {b}).ar, -2, "floor(-1.5) = -2")
  raises("WR_ERR_RANGE", wr.rate_chariot, {}, {horse})
  local many = {}
  for i = 1, 65 do many[i] = horse end
  raises("WR_ERR_RANGE", wr.rate_chariot, {man}, many)
  raises("WR_ERR_INVALID", wr.rate_chariot, {man, 3}, {horse})
  raises("WR_ERR_INVALID", wr.rate_chariot, man, {horse})
  eq(wr.mounted_removed(0), false, "nobody killed")
  eq(wr.mounted_removed(wr.PART_STEED), true, "the steed dies: removed")
  eq(wr.mounted_removed(T.bor(wr.PART_RIDER, wr.PART_STEED)), true, "both")
  raises("WR_ERR_INVALID", wr.mounted_removed, 4)
end

-- ---- units ------------------------------------------------------------------
do
  local d = wr.unit_desc_default()
  eq(d.type, wr.UNIT_TYPE_FOOT, "default type"); eq(d.figures, 1, "default figures")
  eq(d.in_command, 1, "in command by default"); eq(d.single_creature, 0, "not single")
  -- [11.1] drow on nightmares: the steeds die, the figures are removed
  local drow = wr.Figure{ar = 12, hd = 2, ac = 4, mv = 12}
  local nightmare = wr.Figure{ar = 10, hd = 6, ac = -4, mv = 15}
  local u = wr.Unit(wr.rate_cavalry(drow, nightmare), {type = wr.UNIT_TYPE_CAVALRY, figures = 10})
  eq(u:kill_parts(wr.PART_STEED, 10), 10, "all ten removed")
  eq(u:desc().figures, 0, "none left")
  eq(wr.unit_get_desc(u).type, wr.UNIT_TYPE_CAVALRY, "module-level unit_get_desc")
  u:set_desc({figures = 6, in_command = false})
  d = u:get_desc()
  eq(d.figures, 6, "set_desc figures"); eq(d.in_command, 0, "set_desc keeps what is missing, false is 0")
  eq(d.type, wr.UNIT_TYPE_CAVALRY, "type kept")
  raises("WR_ERR_INVALID", u.set_desc, u, {in_command = 2})
  raises("WR_ERR_RANGE", u.set_desc, u, {figures = -1})
  raises("WR_ERR_INVALID", u.set_desc, u, {figure = 1})
  eq(u:desc().figures, 6, "nothing changed by a refused set_desc")
  raises("WR_ERR_RANGE", u.kill_parts, u, wr.PART_RIDER, 7)
  local foot = wr.Unit(wr.Figure{mv = 12}, {figures = 5})
  raises("WR_ERR_INVALID", foot.kill_parts, foot, wr.PART_STEED, 1)
  eq(foot:kill_parts(wr.PART_RIDER, 5), 5, "foot: a figure whose creatures die")
  local copy = u:figure()
  eq(copy.ac, 4, "the unit's figure (AC the poorer of 4 and -4)")
  copy.ac = 0
  eq(u:figure().ac, 4, "figure() is a copy")
  eq(tostring(u), "warrules.Unit(6 cavalry)", "unit tostring")
  raises("WR_ERR_INVALID", wr.Unit, drow, {type = 3})
  raises("WR_ERR_INVALID", wr.Unit, drow, {equipment = 0x100})
  raises("WR_ERR_INVALID", wr.Unit, nil)
end
do
  -- a unit keeps its own copy of the figure: the figure may go first
  local u
  do
    local f = wr.Figure{mv = 6}
    u = wr.Unit(f, {figures = 4})
    f:close()
  end
  collectgarbage(); collectgarbage()
  eq(u:figure().mv, 6, "the unit's copy outlives the figure")
  u:close(); u:close()
  raises("WR_ERR_STATE", u.figure, u)
  eq(tostring(u), "warrules.Unit (closed)", "closed unit")
end

-- ---- formations, shield walls, set spears -------------------------------------
local function unit(desc, mv)
  return wr.Unit(wr.Figure{ar = 10, hd = 1, ac = 5, mv = mv or 12}, desc)
end
do
  local u = unit({figures = 20})
  local f = wr.Formation(wr.ORDER_CLOSED, 5)
  local i = f:get()
  eq(i.order, wr.ORDER_CLOSED, "order"); eq(i.frontage, 5, "frontage"); eq(i.facing, 0, "facing default")
  eq(i.special, wr.SPECIAL_NONE, "no special"); eq(i.spent, 0, "nothing spent")
  local ranks, front = f:ranks(u)
  eq(ranks, 4, "4 ranks"); eq(front, 5, "5 in front")
  f:set_frontage(8)
  ranks, front = f:ranks(u)
  eq(ranks, 3, "ceil(20 / 8)"); eq(front, 8, "8 in front")
  raises("WR_ERR_RANGE", f.set_frontage, f, 0)
  f:set_order(wr.ORDER_OPEN)
  eq(f:get().order, wr.ORDER_OPEN, "set_order")
  raises("WR_ERR_INVALID", f.set_order, f, 2)
  eq(f:available(u), 12 * MP, "48 * MV")
  f:turn(u, 45)
  eq(f:get().facing, 45, "turned"); eq(f:get().turned, 45, "turned this phase")
  raises("WR_ERR_RANGE", f.turn, f, u, 181)
  f:begin_phase()
  eq(f:get().turned, 0, "a new phase")
  check(tostring(f):find("^warrules.Formation%(open") ~= nil, "formation tostring")
  raises("WR_ERR_RANGE", wr.Formation, wr.ORDER_OPEN, 0)
  raises("WR_ERR_RANGE", wr.Formation, wr.ORDER_OPEN, 5, 360)
  raises("WR_ERR_INVALID", wr.Formation, 7, 5)
end
do
  local u = unit({figures = 20, equipment = wr.EQUIP_LARGE_SHIELDS})
  local f = wr.Formation(wr.ORDER_OPEN, 5)
  eq(wr.shield_wall_check(u, f, false), wr.DECLARE_NOT_CLOSED, "open order")
  raises("WR_ERR_FORBIDDEN", wr.shield_wall_declare, u, f, false)
  f:set_order(wr.ORDER_CLOSED)
  eq(wr.shield_wall_check(u, f, false), wr.DECLARE_OK, "may declare")
  eq(wr.shield_wall_check(unit({figures = 20}), f, 0), wr.DECLARE_NO_EQUIPMENT, "no shields")
  eq(wr.shield_wall_check(unit({figures = 20, equipment = 1, in_command = 0}), f, 0),
     wr.DECLARE_NOT_IN_COMMAND, "not in command")
  raises("WR_ERR_INVALID", wr.shield_wall_check, u, f, "yes")
  eq(wr.shield_wall_check(u, f, 2), wr.DECLARE_OK, "a non-zero integer is true")
  raises("WR_ERR_RANGE", wr.shield_wall_check, u, f, true, -1)
  wr.shield_wall_declare(u, f, false)
  local i = f:get()
  eq(i.special, wr.SPECIAL_SHIELD_WALL, "shield wall"); eq(i.sides, wr.FACE_FRONT, "front only")
  eq(wr.shield_wall_ac_modifier(f, wr.ATTACK_MISSILE, wr.FROM_FRONT), -4, "-4 against missiles")
  eq(wr.shield_wall_ac_modifier(f, wr.ATTACK_MELEE, wr.FROM_FRONT), -2, "-2 in melee")
  eq(wr.shield_wall_ac_modifier(f, wr.ATTACK_MELEE, wr.FROM_LEFT), 0, "unprotected flank")
  eq(wr.shield_wall_ac_modifier(f, wr.ATTACK_ARTILLERY, wr.FROM_FRONT), 0, "no help against artillery")
  raises("WR_ERR_INVALID", wr.shield_wall_ac_modifier, f, 4, wr.FROM_FRONT)
  eq(f:available(u), 6 * MP, "half movement")
  eq(wr.shield_wall_check(u, f, false), wr.DECLARE_ALREADY, "already")
  raises("WR_ERR_FORBIDDEN", f.turn, f, u, 91)
  f["break"](f)
  eq(f:get().special, wr.SPECIAL_NONE, "broken")
  wr.shield_wall_declare(u, f, true, 48)
  eq(f:get().sides, wr.FACE_ALL, "all round")
  eq(f:available(u), 0, "an all-round shield wall cannot move")
  wr.formation_break(f)
  f:break_special()
  eq(f:get().special, wr.SPECIAL_NONE, "module-level formation_break and break_special")
end
do
  local pikes = unit({figures = 20, equipment = wr.EQUIP_SPEARS})
  local f = wr.Formation(wr.ORDER_CLOSED, 5)
  eq(wr.set_spears_check(pikes, f, wr.FACE_FRONT), wr.DECLARE_OK, "set spears may be declared")
  raises("WR_ERR_INVALID", wr.set_spears_check, pikes, f, 0)
  raises("WR_ERR_INVALID", wr.set_spears_check, pikes, f, 0x10)
  wr.set_spears_declare(pikes, f, T.bor(wr.FACE_FRONT, wr.FACE_LEFT), 1)
  eq(f:get().special, wr.SPECIAL_SET_SPEARS, "set spears")
  eq(f:get().spent, 6 * MP + 1, "half the movement rate and the turn")
  eq(wr.set_spears_multiplier(f, wr.FROM_FRONT), 2, "double damage to a charger in front")
  eq(wr.set_spears_multiplier(f, wr.FROM_REAR), 1, "not in the rear")
  eq(wr.set_spears_multiplier(f, wr.FROM_ABOVE), 1, "never from above")
  raises("WR_ERR_INVALID", wr.set_spears_multiplier, f, 5)
  local cav = unit({type = wr.UNIT_TYPE_CAVALRY, figures = 10, equipment = wr.EQUIP_CHARGE_WEAPONS})
  eq(wr.charge_ar_modifier(cav, f, wr.FROM_FRONT), 0, "no charge bonus against set spears")
  eq(wr.charge_ar_modifier(cav, f, wr.FROM_RIGHT), -2, "-2 from an unprotected side")
  eq(wr.charge_ar_modifier(pikes, wr.Formation(wr.ORDER_OPEN, 5), wr.FROM_FRONT), 0, "foot: 0")
  eq(wr.charge_damage_multiplier(cav), 2, "charge weapons")
  eq(wr.charge_damage_multiplier(pikes), 1, "no charge weapons")
  local open = wr.Formation(wr.ORDER_OPEN, 5)
  eq(wr.charger_strikers(cav, open, 5, 2), 3, "open: in contact less losses")
  eq(wr.charger_strikers(cav, wr.Formation(wr.ORDER_CLOSED, 5), 5, 2), 5, "closed: the ranks fill in")
  raises("WR_ERR_RANGE", wr.charger_strikers, cav, open, 6, 0)
end

-- ---- terrain and tactical moves ---------------------------------------------------
do
  local n, d = wr.terrain_speed(wr.TERRAIN_WOODS)
  eq(n, 2, "woods 2/3"); eq(d, 3, "woods 2/3")
  n, d = wr.terrain_speed(wr.TERRAIN_WOODS, wr.TRAIT_WOODLAND)
  eq(n, 1, "woodland creatures ignore woods"); eq(d, 1, "1/1")
  n, d = wr.terrain_speed(wr.TERRAIN_ROUGH, wr.TRAIT_MOUNTAIN)
  eq(n * 10 + d, 11, "dwarves ignore rough")
  n, d = wr.terrain_speed(wr.TERRAIN_SWAMP)
  eq(n * 10 + d, 12, "swamp 1/2")
  n, d = wr.terrain_speed(wr.TERRAIN_WATER, wr.TRAIT_AQUATIC)
  eq(n * 10 + d, 11, "aquatic in water")
  raises("WR_ERR_INVALID", wr.terrain_speed, 6)
  raises("WR_ERR_INVALID", wr.terrain_speed, wr.TERRAIN_CLEAR, 0x10)
  local nums, dens = wr.terrain_speed_batch({0, 1, 2, 5}, {0, 0, 0, wr.TRAIT_AQUATIC})
  eq(table.concat(nums, ","), "1,4,2,1", "batch numerators")
  eq(table.concat(dens, ","), "1,3,3,1", "batch denominators")
  raises("WR_ERR_FORBIDDEN", wr.terrain_speed_batch, {0, 5}, {0, 0})
  local ok, err = pcall(wr.terrain_speed_batch, {0, 5}, {0, 0})
  check(not ok and tostring(err):find("item 2") ~= nil, "the refused item is named")
  raises("WR_ERR_INVALID", wr.terrain_speed_batch, {0, 1}, {0})
end
do
  local u = unit({figures = 20})
  local open = wr.Formation(wr.ORDER_OPEN, 10)
  local r = wr.tactical_check(u, open, {{terrain = wr.TERRAIN_CLEAR, length = 12 * INCH}})
  eq(r.legal, true, "12 inches of clear"); eq(r.cost, 12 * MP, "cost"); eq(r.left, 0, "nothing left")
  eq(r.problem, wr.TACTICAL_OK, "no problem"); eq(r.available, 12 * MP, "available")
  r = wr.tactical_check(u, open, {{terrain = wr.TERRAIN_CLEAR, length = 12 * INCH + 1}})
  eq(r.legal, false, "too far"); eq(r.problem, wr.TACTICAL_TOO_FAR, "TOO_FAR")
  r = wr.tactical_check(u, open, {{terrain = wr.TERRAIN_WOODS, length = INCH}})
  eq(r.cost, T.idiv(MP * 3, 2), "an inch of woods costs 3/2")
  r = wr.tactical_check(u, open, {{terrain = wr.TERRAIN_ROAD, length = 12 * INCH}}, wr.TACTICAL_FLAG_ON_ROAD)
  eq(r.cost, 9 * MP, "the road: 4/3"); eq(r.road, true, "road bonus used")
  r = wr.tactical_check(u, open, {{terrain = wr.TERRAIN_WATER, length = INCH}})
  eq(r.problem, wr.TACTICAL_WATER, "no water for foot")
  r = wr.tactical_check(u, wr.Formation(wr.ORDER_CLOSED, 10), {{terrain = wr.TERRAIN_ROUGH, length = INCH}})
  eq(r.problem, wr.TACTICAL_CLOSED_ORDER, "no closed order in rough")
  r = wr.tactical_check(u, open, {{obstacles = 1}, {length = INCH}})
  eq(r.cost, 4 * MP + MP, "an obstacle costs a third of the rate")
  r = wr.tactical_check(u, open, {}, 0)
  eq(r.cost, 0, "no legs")
  raises("WR_ERR_INVALID", wr.tactical_check, u, open, {{terrain = 6, length = 1}})
  raises("WR_ERR_INVALID", wr.tactical_check, u, open, {{terrain = 0, lenght = 1}})
  raises("WR_ERR_RANGE", wr.tactical_check, u, open, {{length = -1}})
  raises("WR_ERR_INVALID", wr.tactical_check, u, open, {}, 0x100)
  local legs = {}
  for i = 1, 257 do legs[i] = {length = 1} end
  raises("WR_ERR_RANGE", wr.tactical_check, u, open, legs)
  r = wr.tactical_apply(u, open, {{length = 3 * INCH}})
  eq(open:get().spent, 3 * MP, "apply spends the cost"); eq(r.left, 9 * MP, "left after apply")
  raises("WR_ERR_FORBIDDEN", wr.tactical_apply, u, open, {{length = 10 * INCH}})
  eq(open:get().spent, 3 * MP, "nothing spent by a refused move")
  local closed = wr.Formation(wr.ORDER_CLOSED, 10)
  r = wr.tactical_apply(u, closed, {{obstacles = 1}})
  eq(r.order, wr.ORDER_OPEN, "an obstacle turns closed to open"); eq(closed:get().order, wr.ORDER_OPEN, "applied")
  eq(wr.charge_check(u, {{rises = 1}}), wr.TACTICAL_CHARGE_UPHILL, "no charge uphill")
  eq(wr.charge_check(u, {{obstacles = 1}}), wr.TACTICAL_CHARGE_OBSTACLE, "no charge over obstacles")
  eq(wr.charge_check(u, {{terrain = wr.TERRAIN_WOODS, length = 1}}), wr.TACTICAL_CHARGE_WOODS, "woods")
  eq(wr.charge_check(unit({single_creature = true}), {{terrain = wr.TERRAIN_WOODS, length = 1}}),
     wr.TACTICAL_OK, "a single creature charges in woods")
  r = wr.tactical_check(u, open, {{rises = 1}}, wr.TACTICAL_FLAG_CHARGE)
  eq(r.problem, wr.TACTICAL_CHARGE_UPHILL, "charge flag")
  -- the batch form gives what tactical_check gives, move by move
  local moves = {{{length = 12 * INCH}}, {{length = 12 * INCH + 1}}, {}, {{terrain = wr.TERRAIN_WOODS, length = INCH}, {obstacles = 1}}}
  local fresh = wr.Formation(wr.ORDER_OPEN, 10)
  local rs = wr.tactical_check_batch(u, fresh, moves)
  eq(#rs, 4, "a result per move")
  for i, m in ipairs(moves) do
    local one = wr.tactical_check(u, fresh, m)
    eq(rs[i].cost, one.cost, "batch cost " .. i); eq(rs[i].problem, one.problem, "batch problem " .. i)
  end
  raises("WR_ERR_INVALID", wr.tactical_check_batch, u, fresh, {{{terrain = 9, length = 1}}})
  raises("WR_ERR_INVALID", wr.tactical_check_batch, u, fresh, {3})
end

-- ---- woods, fire, [11.9] -------------------------------------------------------
eq(wr.woods_missile_allowed(wr.WOODS_EDGE, wr.WOODS_OUT), true, "from the edge out")
eq(wr.woods_missile_allowed(wr.WOODS_OUT, wr.WOODS_IN), false, "not into the woods")
raises("WR_ERR_INVALID", wr.woods_missile_allowed, 3, 0)
eq(wr.woods_firing_figures(3, 4, 5, wr.WOODS_EDGE), 7, "all but those inside")
eq(wr.woods_firing_figures(3, 4, 5, wr.WOODS_IN), 0, "none at a target inside")
raises("WR_ERR_RANGE", wr.woods_firing_figures, -1, 0, 0, 0)
eq(wr.woods_sight_range(wr.TRAIT_WOODLAND), 72, "6 inches for elves")
eq(wr.woods_sight_range(0), 12, "1 inch for others")
raises("WR_ERR_INVALID", wr.woods_sight_range, 0x10)
eq(wr.woods_melee_modifier(wr.WOODS_IN, wr.WOODS_OUT), 0, "woods do not change melee")
raises("WR_ERR_INVALID", wr.woods_melee_modifier, 0, 3)
do
  local a = wr.forest_fire(wr.FIRE_WIND_CALM, 0)
  eq(a.shape, wr.FIRE_CIRCLE, "calm: a circle"); eq(a.width, 2, "1/2 inch across")
  eq(a.area_pi, 1, "radius squared"); eq(a.area, 0, "no rectangle")
  a = wr.forest_fire(wr.FIRE_WIND_LIGHT, 1)
  eq(a.shape, wr.FIRE_RECTANGLE, "wind: a rectangle"); eq(a.width, 6, "2 + 4"); eq(a.length, 8, "4 + 4")
  eq(a.area, 48, "area")
  a = wr.forest_fire(wr.FIRE_WIND_STRONG, 2)
  eq(a.length, 20, "strong wind: 4 + 16")
  raises("WR_ERR_RANGE", wr.forest_fire, wr.FIRE_WIND_CALM, 1001)
  raises("WR_ERR_INVALID", wr.forest_fire, 3, 1)
end
eq(wr.low_ground_ar_modifier(wr.LOW_DITCH, true), 4, "+4 from a ditch at its edge")
eq(wr.low_ground_ar_modifier(wr.LOW_FORD, 1), 4, "integer truth value")
eq(wr.low_ground_ar_modifier(wr.LOW_SWAMP, false), 0, "target not at the edge")
eq(wr.low_ground_ar_modifier(wr.LOW_NONE, true), 0, "not in low ground")
raises("WR_ERR_INVALID", wr.low_ground_ar_modifier, 4, true)
do
  local t = wr.missile_table_default()
  for i = 0, wr.TERRAIN_COUNT - 1 do eq(t.modifier[i], 0, "default missile modifier " .. i) end
  t.modifier[wr.TERRAIN_WOODS] = -2
  eq(wr.missile_terrain_modifier(t, wr.TERRAIN_WOODS), -2, "the caller's table")
  eq(wr.missile_terrain_modifier({modifier = {}}, wr.TERRAIN_ROAD), 0, "missing entries are 0")
  raises("WR_ERR_INVALID", wr.missile_terrain_modifier, t, 6)
  t.modifier[0] = 101
  raises("WR_ERR_RANGE", wr.missile_terrain_modifier, t, 0)
  raises("WR_ERR_INVALID", wr.missile_terrain_modifier, {modifiers = {}}, 0)
end

-- ---- [11.3] exact movement, [11.4] the rider's weapons doubled ------------------
do
  local ch = wr.rate_chariot({wr.Figure{hd = 2, mv = 6}}, {wr.Figure{hd = 1, mv = 10}})
  eq(ch:move_points(), 320, "2/3 of MV 10 kept exact: 6 2/3 inches")
  eq(ch.mv, 6, "MV in whole inches")
  eq(wr.figure_move_points(wr.Figure{mv = 10}), 10 * MP, "48 * MV")
  local u = wr.Unit(ch, {type = wr.UNIT_TYPE_CHARIOT})
  eq(wr.Formation(wr.ORDER_OPEN, 1):available(u), 320, "a unit of such chariots moves 320 points")
  raises("WR_ERR_INVALID", wr.figure_move_points, "chariot")

  local rider = wr.Figure{ar = 8, hd = 1, ac = 5, mv = 12, damage = {{1, 8}, {1, 4, 1}}} -- lance, dagger
  local mount = wr.Figure{ar = 12, hd = 2, ac = 7, mv = 18, damage = {{1, 4}}}        -- hooves
  local c = wr.rate_cavalry(rider, mount)
  local r, st = c:damage_group_parts(0)
  eq(r, 1, "d4: the rider's dagger"); eq(st, 1, "d4: the mount's hooves")
  r, st = c:damage_group_parts(1)
  eq(r, 1, "d8: the rider's lance"); eq(st, 0, "no steed d8")
  r, st = wr.figure_damage_group_parts(rider, 0)
  eq(r, 1, "a figure on foot: its own weapons"); eq(st, 0, "no steed part")
  r, st = c:clone():damage_group_parts(0)
  eq(st, 1, "a clone keeps the parts")
  raises("WR_ERR_RANGE", c.damage_group_parts, c, 2)
  raises("WR_ERR_RANGE", c.damage_group_parts, c, -1)
  -- rolls: the d4 group (rider's first, then the mount's), then the d8
  eq(c:damage_from_rolls({3, 2, 7}), 3 + 2 + 7 + 1, "the plain roll")
  eq(c:charge_damage_from_rolls(2, {3, 2, 7}), 2 * 3 + 2 + 2 * 7 + 1, "the hooves' 2 counts once")
  eq(wr.figure_charge_damage_from_rolls(c, 1, {3, 2, 7}), 13, "multiplier 1")
  raises("WR_ERR_RANGE", c.charge_damage_from_rolls, c, 3, {3, 2, 7})
  raises("WR_ERR_RANGE", c.charge_damage_from_rolls, c, 2, {5, 2, 7})
  raises("WR_ERR_INVALID", c.charge_damage_from_rolls, c, 2, {3, 2})
  raises("WR_ERR_INVALID", c.charge_damage_from_rolls, c, 2, 3)
  -- the same dice from a roller, in the same order
  local b = wr.Rng(7)
  local d4a, d4b, d8 = b:roll(4), b:roll(4), b:roll(8)
  eq(c:charge_damage_roll(2, wr.Rng(7)), 2 * d4a + d4b + 2 * d8 + 1, "charge_damage_roll")
  raises("WR_ERR_RANGE", c.charge_damage_roll, c, 0, wr.Rng(7))
  raises("WR_ERR_INVALID", c.charge_damage_roll, c, 2, "dice")
  -- a chariot: the passengers' weapons double, the pullers' dice do not
  local car = wr.rate_chariot({rider}, {mount, mount})
  r, st = car:damage_group_parts(0)
  eq(r, 1, "a passenger's d4"); eq(st, 2, "two pullers' d4")
  eq(car:charge_damage_from_rolls(2, {4, 1, 1, 8}), 8 + 1 + 1 + 16 + 1, "chariot charge")
end

-- ---- the Movement Phase: every action charged to spent ------------------------------
do
  local d = wr.movement_costs_default()
  eq(d.order_num, 1, "order 1/2"); eq(d.order_den, 2, "order 1/2")
  eq(d.turn_num, 1, "turn 1/2"); eq(d.turn_den, 2, "turn 1/2")
  eq(d.figures_turn, wr.TURN_COST_DEFAULT, "figures turn")

  -- MV 12: 576 move points a phase
  local u = unit({figures = 20, equipment = T.bor(wr.EQUIP_LARGE_SHIELDS, wr.EQUIP_SPEARS)})
  local f = wr.Formation(wr.ORDER_OPEN, 10)
  local function state(order, facing, spent, special, what)
    local i = f:get()
    eq(i.order, order, what .. ": order"); eq(i.facing, facing, what .. ": facing")
    eq(i.spent, spent, what .. ": spent"); eq(i.special, special, what .. ": special")
  end
  local ph = wr.movement_phase_get(f)
  eq(ph.begun, 0, "no phase yet"); eq(ph.start_in_command, -1, "command not recorded")
  eq(ph.start_order, wr.ORDER_OPEN, "the present order")
  -- no phase begun: the phase's actions are refused
  raises("WR_ERR_STATE", wr.movement_turn, u, f, nil, 45)
  raises("WR_ERR_STATE", wr.movement_spend, u, f, 1)
  raises("WR_ERR_STATE", wr.movement_set_order, u, f, nil, wr.ORDER_CLOSED)
  raises("WR_ERR_STATE", wr.movement_wheel, u, f, 10, 12)
  raises("WR_ERR_STATE", wr.movement_shield_wall, u, f, nil, false)
  raises("WR_ERR_STATE", wr.movement_set_spears, u, f, nil, wr.FACE_FRONT)
  local ok, err = pcall(wr.movement_spend, u, f, 1)
  check(not ok and err["function"] == "wr_movement_phase_spend" and err.argument == "formation",
        "the detail names the C function and the argument")
  state(wr.ORDER_OPEN, 0, 0, wr.SPECIAL_NONE, "nothing changed")

  -- Phase 1, begun in open order: it closes up and turns, but may not declare
  wr.movement_phase_begin(u, f)
  ph = wr.movement_phase_get(f)
  eq(ph.begun, 1, "begun"); eq(ph.start_order, wr.ORDER_OPEN, "begun open")
  eq(ph.start_in_command, 1, "in command")
  for _, t in ipairs({wr.TERRAIN_WOODS, wr.TERRAIN_ROUGH, wr.TERRAIN_SWAMP, wr.TERRAIN_WATER}) do
    raises("WR_ERR_FORBIDDEN", wr.movement_set_order, u, f, nil, wr.ORDER_CLOSED, t)
  end
  state(wr.ORDER_OPEN, 0, 0, wr.SPECIAL_NONE, "[11.8] no closing up in woods")
  eq(wr.movement_set_order(u, f, nil, wr.ORDER_OPEN, wr.TERRAIN_WOODS), 0, "the order it has costs nothing")
  eq(wr.movement_set_order(u, f, nil, wr.ORDER_CLOSED), 6 * MP, "closing up: half the rate")
  state(wr.ORDER_CLOSED, 0, 6 * MP, wr.SPECIAL_NONE, "closed")
  eq(wr.shield_wall_check(u, f, false), wr.DECLARE_NOT_CLOSED, "[11.6] not closed when the phase began")
  raises("WR_ERR_FORBIDDEN", wr.movement_set_spears, u, f, nil, wr.FACE_FRONT)
  raises("WR_ERR_FORBIDDEN", wr.movement_shield_wall, u, f, nil, false)
  eq(wr.movement_turn(u, f, nil, 90), 6 * MP, "a change of facing: half the rate")
  state(wr.ORDER_CLOSED, 90, 12 * MP, wr.SPECIAL_NONE, "turned")
  raises("WR_ERR_FORBIDDEN", wr.movement_turn, u, f, nil, -10)
  raises("WR_ERR_FORBIDDEN", wr.movement_spend, u, f, 1)
  raises("WR_ERR_FORBIDDEN", wr.movement_set_order, u, f, nil, wr.ORDER_OPEN)
  state(wr.ORDER_CLOSED, 90, 12 * MP, wr.SPECIAL_NONE, "nothing left, nothing changed")

  -- Phase 2, begun closed: set spears, the front turned to face a charge
  local costs = {figures_turn = 48}
  wr.movement_phase_begin(u, f)
  eq(wr.movement_phase_get(f).start_order, wr.ORDER_CLOSED, "begun closed")
  state(wr.ORDER_CLOSED, 90, 0, wr.SPECIAL_NONE, "a new phase")
  wr.movement_set_spears(u, f, costs, wr.FACE_FRONT)
  state(wr.ORDER_CLOSED, 90, 6 * MP, wr.SPECIAL_SET_SPEARS, "[11.7] set spears: half the rate")
  raises("WR_ERR_FORBIDDEN", wr.movement_shield_wall, u, f, costs, false)
  eq(wr.movement_turn(u, f, costs, -90, nil), 48, "[11.7] figures turn to face the charge")
  state(wr.ORDER_CLOSED, 0, 6 * MP + 48, wr.SPECIAL_SET_SPEARS, "turned to face")
  raises("WR_ERR_FORBIDDEN", wr.movement_wheel, u, f, 45, 12, wr.TERRAIN_CLEAR)
  -- opening up at the default half rate costs more than is left; at a quarter it fits
  raises("WR_ERR_FORBIDDEN", wr.movement_set_order, u, f, nil, wr.ORDER_OPEN)
  state(wr.ORDER_CLOSED, 0, 6 * MP + 48, wr.SPECIAL_SET_SPEARS, "refused: nothing changed")
  eq(wr.movement_set_order(u, f, {order_num = 1, order_den = 4}, wr.ORDER_OPEN), 3 * MP, "a quarter")
  state(wr.ORDER_OPEN, 0, 9 * MP + 48, wr.SPECIAL_NONE, "open order ends set spears")
  -- a wheel whose flank travels 1/2" through woods: 6 twelfths at 6 points each
  eq(wr.movement_wheel(u, f, 30, 6, wr.TERRAIN_WOODS), 36, "wheel through woods")
  state(wr.ORDER_OPEN, 30, 9 * MP + 84, wr.SPECIAL_NONE, "wheeled")
  local left = f:available(u)
  eq(left, 3 * MP - 84, "left")
  raises("WR_ERR_FORBIDDEN", wr.movement_spend, u, f, left + 1)
  wr.movement_spend(u, f, left)
  eq(f:available(u), 0, "all spent"); eq(f:get().spent, 12 * MP, "spent the whole rate")

  -- bad input
  wr.movement_phase_begin(u, f)
  raises("WR_ERR_RANGE", wr.movement_turn, u, f, nil, 181)
  raises("WR_ERR_RANGE", wr.movement_turn, u, f, {order_den = 0}, 90)
  raises("WR_ERR_RANGE", wr.movement_turn, u, f, {turn_num = 3}, 90)
  raises("WR_ERR_RANGE", wr.movement_set_order, u, f, {figures_turn = -1}, wr.ORDER_CLOSED)
  raises("WR_ERR_INVALID", wr.movement_turn, u, f, {turn = 1}, 90)
  raises("WR_ERR_INVALID", wr.movement_turn, u, f, 5, 90)
  raises("WR_ERR_RANGE", wr.movement_turn, u, f, {turn_den = 1.5}, 90)
  raises("WR_ERR_INVALID", wr.movement_set_order, u, f, nil, 2)
  raises("WR_ERR_INVALID", wr.movement_set_order, u, f, nil, wr.ORDER_CLOSED, 6)
  raises("WR_ERR_RANGE", wr.movement_spend, u, f, -1)
  raises("WR_ERR_RANGE", wr.movement_spend, u, f, 48001)
  raises("WR_ERR_RANGE", wr.movement_wheel, u, f, 10, -1)
  raises("WR_ERR_INVALID", wr.movement_wheel, u, f, 10, 12, 6)
  raises("WR_ERR_FORBIDDEN", wr.movement_wheel, u, f, 10, 12, wr.TERRAIN_WATER)
  raises("WR_ERR_INVALID", wr.movement_set_spears, u, f, nil, 0)
  raises("WR_ERR_INVALID", wr.movement_shield_wall, u, f, nil, "yes")
  raises("WR_ERR_INVALID", wr.movement_phase_begin, f, u)
  raises("WR_ERR_INVALID", wr.movement_phase_get, u)
  state(wr.ORDER_OPEN, 30, 0, wr.SPECIAL_NONE, "bad input changes nothing")
  local gone = wr.Formation(wr.ORDER_CLOSED, 5)
  gone:close()
  raises("WR_ERR_STATE", wr.movement_phase_begin, u, gone)
  raises("WR_ERR_STATE", wr.movement_turn, u, gone, nil, 90)
end
do
  -- an all-round shield wall in a begun phase: it cannot turn or wheel
  local u = unit({figures = 20, equipment = wr.EQUIP_LARGE_SHIELDS})
  local f = wr.Formation(wr.ORDER_CLOSED, 5)
  wr.movement_phase_begin(u, f)
  wr.movement_shield_wall(u, f, nil, true)
  eq(f:get().sides, wr.FACE_ALL, "all round"); eq(f:get().spent, wr.TURN_COST_DEFAULT, "figures turned")
  raises("WR_ERR_FORBIDDEN", wr.movement_turn, u, f, nil, 10)
  raises("WR_ERR_FORBIDDEN", wr.movement_wheel, u, f, 10, 12)
  eq(wr.movement_turn(u, f, nil, 0), 0, "no turn, no cost")
  -- front only: a turn of at most 90 degrees for its entire (halved) movement
  f:break_special()
  wr.movement_phase_begin(u, f)
  wr.movement_shield_wall(u, f, nil, false)
  raises("WR_ERR_FORBIDDEN", wr.movement_wheel, u, f, 91, 12)
  eq(wr.movement_wheel(u, f, -60, 12), 6 * MP, "[11.6] the wheel is its change of facing")
  eq(f:get().facing, 300, "facing")
end

-- ---- forest fires on the map, [11.9] missile modifiers as the caller's data ----------
do
  -- calm, one turn: radius 3/4" = 9 twelfths around (100, 200)
  local o = {x = 100, y = 200}
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_CALM, 1, o, 109, 200), true, "on the edge")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_CALM, 1, o, 109, 201), false, "just outside")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_CALM, 1, o, 105, 207), true, "25 + 49 <= 81")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_CALM, 0, o, 104, 200), false, "turn 0: 1/4 inch")
  -- light wind towards +x: 1" downwind from the start, 1/4" each side
  local east = {x = 0, y = 0, wind_x = 1, wind_y = 0}
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_LIGHT, 0, east, 12, 3), true, "downwind corner")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_LIGHT, 0, east, 13, 0), false, "beyond 1 inch")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_LIGHT, 0, east, -1, 0), false, "upwind")
  -- strong wind towards -y, one turn: 3" downwind
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_STRONG, 1, {wind_y = -1}, 0, -36), true, "3 inches")
  eq(wr.forest_fire_reaches(wr.FIRE_WIND_STRONG, 1, {wind_y = -1}, 0, -37), false, "beyond")
  raises("WR_ERR_INVALID", wr.forest_fire_reaches, wr.FIRE_WIND_LIGHT, 0, {x = 0, y = 0}, 0, 0)
  raises("WR_ERR_INVALID", wr.forest_fire_reaches, 3, 0, o, 0, 0)
  raises("WR_ERR_RANGE", wr.forest_fire_reaches, wr.FIRE_WIND_CALM, 1001, o, 0, 0)
  raises("WR_ERR_RANGE", wr.forest_fire_reaches, wr.FIRE_WIND_CALM, 1, o, 1000001, 0)
  raises("WR_ERR_RANGE", wr.forest_fire_reaches, wr.FIRE_WIND_LIGHT, 1, {wind_x = 101}, 0, 0)
  raises("WR_ERR_INVALID", wr.forest_fire_reaches, wr.FIRE_WIND_CALM, 1, {x = 0, z = 1}, 0, 0)
  raises("WR_ERR_INVALID", wr.forest_fire_reaches, wr.FIRE_WIND_CALM, 1, "here", 0, 0)
end
do
  local t = wr.missile_modifiers_unset()
  eq(t.set, 0, "nothing set")
  for i = 0, wr.TERRAIN_COUNT - 1 do
    raises("WR_ERR_STATE", wr.missile_modifiers_get, t, i)
  end
  wr.missile_modifiers_set(t, wr.TERRAIN_WOODS, 2)
  wr.missile_modifiers_set(t, wr.TERRAIN_CLEAR, 0)
  eq(t.modifier[wr.TERRAIN_WOODS], 2, "set in place")
  eq(t.set, T.bor(2 ^ wr.TERRAIN_WOODS, 2 ^ wr.TERRAIN_CLEAR), "the set bits")
  eq(wr.missile_modifiers_get(t, wr.TERRAIN_WOODS), 2, "woods")
  eq(wr.missile_modifiers_get(t, wr.TERRAIN_CLEAR), 0, "a 0 that was set")
  raises("WR_ERR_STATE", wr.missile_modifiers_get, t, wr.TERRAIN_ROUGH)
  raises("WR_ERR_RANGE", wr.missile_modifiers_set, t, wr.TERRAIN_ROUGH, 101)
  raises("WR_ERR_INVALID", wr.missile_modifiers_set, t, 6, 1)
  raises("WR_ERR_STATE", wr.missile_modifiers_get, t, wr.TERRAIN_ROUGH)
  eq(t.modifier[wr.TERRAIN_ROUGH], 0, "a refused set changes nothing")
  raises("WR_ERR_INVALID", wr.missile_modifiers_get, t, 6)
  local fresh = {}
  wr.missile_modifiers_set(fresh, wr.TERRAIN_SWAMP, -3)
  eq(fresh.modifier[wr.TERRAIN_SWAMP], -3, "an empty table gets its fields")
  eq(wr.missile_modifiers_get(fresh, wr.TERRAIN_SWAMP), -3, "and reads back")
  raises("WR_ERR_INVALID", wr.missile_modifiers_get, {set = 0x40}, 0)
  raises("WR_ERR_RANGE", wr.missile_modifiers_get, {set = 1, modifier = {[0] = 101}}, 0)
  raises("WR_ERR_INVALID", wr.missile_modifiers_get, {set = 1, modifier = {[6] = 1}}, 0)
  raises("WR_ERR_INVALID", wr.missile_modifiers_get, {set = 1, modifier = {[0] = "x"}}, 0)
  raises("WR_ERR_RANGE", wr.missile_modifiers_get, {set = 1, modifier = {[0] = 0.5}}, 0)
  raises("WR_ERR_INVALID", wr.missile_modifiers_get, {sets = 1}, 0)
  raises("WR_ERR_RANGE", wr.missile_modifiers_get, {set = -1}, 0)
end

T.finish("lua battlesystem")
