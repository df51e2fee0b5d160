-- The melee phase of warrules/melee.h through the Lua module (MeleePhase):
-- every fight of one turn resolved together (Fantasy Warlord, hand-to-hand
-- combat). The three cases of "No figure may fight more than once in a turn" and the phase of four units in three
-- fights, computed by hand as in tests/test_melee_phase.c; bad input; the
-- units kept alive and guarded while the phase uses them.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

local function troops(profile, figures, files, weapon)
  return wr.MeleeUnit(profile, {figures = figures, files = files, weapon_type = weapon or wr.WEAPON_OTHER})
end

local function has_event(r, rule, side, value, detail)
  for _, e in ipairs(r.events) do
    if e.rule == rule and e.side == side and (value == nil or e.value == value)
      and (detail == nil or e.detail == detail) then
      return true
    end
  end
  return false
end

local function disordered(u)
  return T.band(u:def().flags, wr.UNIT_DISORDERED) ~= 0
end

local function rolls_of(n, v)
  local t = {}
  for i = 1, n do t[i] = v end
  return t
end

-- ---- one figure, one fight, case 1 ---------------------------------------------------
-- "No figure may fight more than once in a turn": five swordsmen in one rank,
-- all five touching the enemy in front, the end figure also touching a unit
-- that charged their flank.
do
  local men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
  local swords, ahead, flanker = troops(men, 5, 5), troops(orc, 5, 5), troops(orc, 4, 2)

  -- the engagements alone let 5 + 1 = 6 of the five fight
  local e1 = wr.Engagement(ahead, swords, {side = {[0] = {in_contact = 5}, [1] = {in_contact = 5}}})
  local e2 = wr.Engagement(flanker, swords, {side = {[0] = {in_contact = 1, charged = true},
    [1] = {in_contact = 1, attacked_in = wr.FACING_FLANK}}})
  eq(e1:strike(1).fighting + e2:strike(1).fighting, 6, "two engagements: 6 of 5 fight")

  -- the phase: the corner figure fights once, by default in the front fight
  local p = wr.MeleePhase()
  local front = p:add({unit = ahead, in_contact = 5}, {unit = swords, in_contact = 5, corner = 1})
  local flank = p:add({unit = flanker, in_contact = 1, contact = wr.CONTACT_CHARGE},
    {unit = swords, face = wr.FACING_FLANK, in_contact = 1, corner = 1})
  eq(front, 0, "fights are numbered from 0"); eq(flank, 1, "the second fight")
  eq(p:count(), 2, "count"); eq(#p, 2, "# is the count"); eq(wr.melee_phase_count(p), 2, "module-level count")
  eq(tostring(p), "warrules.MeleePhase(2 fights)", "tostring")
  eq(p:strike(front, 1).fighting, 5, "five fight in front")
  eq(p:strike(flank, 1).fighting, 0, "the corner figure does not fight in the flank too")

  -- the game may assign the corner figure to the flank instead
  local q = wr.melee_phase_new()
  front = q:add({unit = ahead, in_contact = 5}, {unit = swords, in_contact = 5, corner = 1})
  flank = q:add({unit = flanker, in_contact = 1, contact = wr.CONTACT_CHARGE},
    {unit = swords, face = wr.FACING_FLANK, in_contact = 1, corner = 1, corner_fights = 1})
  eq(q:strike(front, 1).fighting, 4, "assigned to the flank: 4 in front")
  eq(q:strike(flank, 1).fighting, 1, "and 1 in the flank")
  q:close()

  -- resolved: five fought, and the explanation says why not six
  p:set_morale(function() return 100, 0, 0 end)
  local most = p:dice_needed()
  check(most <= 8, "a few dice")
  local used = p:resolve_rolls(rolls_of(most, 50))
  check(used <= most, "used at most the dice needed")
  local pu = p:unit(swords)
  eq(pu.fights, 2, "the swordsmen are in two fights"); eq(pu.fighting, 5, "five fought in the turn")
  local r = p:round(flank)
  check(has_event(r, wr.RULE_ONCE_PER_TURN, 1, 0, 1), "the flank round cites the once-per-turn rule")
  check(wr.melee_rule_source(wr.RULE_ONCE_PER_TURN):find("No figure may fight more than once in a turn", 1, true)
    ~= nil, "the rule's source quotes the text")
  p:close(); p:close()
  raises("WR_ERR_STATE", p.count, p)
  eq(tostring(p), "warrules.MeleePhase (closed)", "closed tostring")
end

-- ---- one figure, one fight, case 2 ---------------------------------------------------
-- "A unit attacked in the flank or rear, immediately becomes disordered" and
-- "this rank advantage is lost immediately a unit becomes disordered":
-- spearmen in two ranks of five, held in front and charged in the flank this
-- phase, fight in front with the five in contact, not ten.
do
  local men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
  orc:set_modifier(wr.MOD_ENEMY_DISORDERED, 4)
  men:set_modifier(wr.MOD_PER_RANK, 2)
  local spears = troops(men, 10, 5, wr.WEAPON_SPEAR)
  local ahead, flanker = troops(orc, 10, 5), troops(orc, 4, 2)

  local e = wr.Engagement(ahead, spears, {side = {[0] = {in_contact = 5}, [1] = {in_contact = 5}}})
  eq(e:strike(1).fighting, 10, "the front engagement alone counts both ranks")

  local p = wr.MeleePhase()
  local front = p:add({unit = ahead, in_contact = 5}, {unit = spears, in_contact = 5, corner = 1})
  local flank = p:add({unit = flanker, in_contact = 2, contact = wr.CONTACT_CHARGE},
    {unit = spears, face = wr.FACING_FLANK, in_contact = 2, corner = 1})
  local k = p:strike(front, 1)
  eq(k.fighting, 5, "disordered by the flank charge: 5 fight in front")
  eq(k.fighting_case, 6, "the disordered case")
  eq(k.ranks, 2, "only the flanked fight counts one rank")
  eq(p:strike(front, 0).mod[wr.MOD_ENEMY_DISORDERED], 4, "the front enemy counts them disordered")
  k = p:strike(flank, 1)
  eq(k.fighting, 1, "two along the flank, the corner figure fights in front"); eq(k.ranks, 1, "one rank")

  -- the flank test comes before any blow: it is the first die
  p:set_morale(function() return 0, 0, 100 end)
  eq(p:resolve_rolls({40}), 1, "one die: the flank test")
  local r = p:round(flank)
  eq(r.flank_test[1], wr.MORALE_ROUT, "the flank test routs"); eq(r.flank_roll[1], 40, "its roll")
  eq(r.fought, 0, "no blows"); eq(r["end"], wr.END_B_ROUTS, "side 1 routs"); eq(r.pursuit, 0, "no pursuit")
  r = p:round(front)
  eq(r.fought, 0, "routed, they leave their front fight too"); eq(r["end"], wr.END_B_ROUTS, "routs there too")
  check(has_event(r, wr.RULE_DISORDERED_ELSEWHERE, 1, 1, flank), "disordered elsewhere, by the flank fight")
  check(has_event(r, wr.RULE_LEFT_FIGHT, 1, wr.MORALE_ROUT, flank), "left the fight")
  for _, ev in ipairs(r.events) do
    check(#wr.melee_event_text(ev) > 0, "every event has a text")
  end
  eq(spears:def().figures, 10, "no losses"); check(disordered(spears), "the spearmen are disordered")
end

-- ---- one figure, one fight, case 3 ---------------------------------------------------
-- "the defender can only count its figures in base-to-base contact": 18 orcs
-- in six ranks of three, charged in the flank with 5 figures in contact along
-- the column.
do
  local dwarf, orc = wr.Profile(wr.RACE_DWARF), wr.Profile(wr.RACE_ORC)
  orc:set_modifier(wr.MOD_PER_RANK, 1)
  local dwarfs = troops(dwarf, 10, 5, wr.WEAPON_SPEAR)
  local orcs = troops(orc, 18, 3, wr.WEAPON_SPEAR)
  raises("WR_ERR_RANGE", wr.Engagement, dwarfs, orcs, {side = {[0] = {in_contact = 5, charged = true},
    [1] = {in_contact = 5, attacked_in = wr.FACING_FLANK}}})

  local p = wr.MeleePhase()
  local f = p:add({unit = dwarfs, in_contact = 5, contact = wr.CONTACT_CHARGE},
    {unit = orcs, face = wr.FACING_FLANK, in_contact = 5})
  local k = p:strike(f, 1)
  eq(k.fighting, 5, "5 along the column fight"); eq(k.ranks, 1, "one rank")
  eq(k.mod[wr.MOD_PER_RANK], 1, "its rank modifier")
  eq(p:strike(f, 0).fighting, 10, "the dwarfs count all ten")
  -- six ranks: at most 6 along the flank; the rear holds 3
  raises("WR_ERR_RANGE", p.add, p, {unit = dwarfs, in_contact = 5, contact = wr.CONTACT_CHARGE},
    {unit = orcs, face = wr.FACING_REAR, in_contact = 4})
  raises("WR_ERR_RANGE", p.add, p, {unit = dwarfs, in_contact = 5, contact = wr.CONTACT_CHARGE},
    {unit = orcs, face = wr.FACING_FLANK, in_contact = 7})
  eq(p:count(), 1, "nothing added")
end

-- ---- four units in three fights, by hand ------------------------------------
-- A: 10 human spearmen (2 ranks of 5); B: 12 orc swordsmen (3 ranks of 4);
-- C: 8 orc spearmen (2 ranks of 4); D: 6 human swordsmen (2 ranks of 3).
-- Fight 0: A and B front to front (4 in contact each; A's end figure is a
-- corner figure). Fight 1: C charges A's flank (2 along it, one the corner
-- figure). Fight 2: D, pushed back, lands on B's rear (3 in contact).
do
  local men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
  for _, m in ipairs({{wr.MOD_CHARGED, 10, 6}, {wr.MOD_PER_RANK, 2, 1}, {wr.MOD_FLANK, 5, 7},
                      {wr.MOD_REAR, 8, 9}, {wr.MOD_ENEMY_DISORDERED, 4, 3}}) do
    men:set_modifier(m[1], m[2])
    orc:set_modifier(m[1], m[3])
  end
  men:set_bcp(wr.WEAPON_SPEAR, 0, 20); men:set_bcp(wr.WEAPON_OTHER, 0, 15)
  orc:set_bcp(wr.WEAPON_OTHER, 0, 18); orc:set_bcp(wr.WEAPON_SPEAR, 0, 22)
  local a, b = troops(men, 10, 5, wr.WEAPON_SPEAR), troops(orc, 12, 4)
  local c, d = troops(orc, 8, 4, wr.WEAPON_SPEAR), troops(men, 6, 3)

  local p = wr.MeleePhase()
  local tests = {}
  p:set_morale(function(t)
    tests[#tests + 1] = t
    return {pass = 60, retire = 20, rout = 20}
  end)
  local f0 = p:add({unit = a, in_contact = 4, corner = 1}, {unit = b, in_contact = 4})
  local f1 = p:add({unit = c, in_contact = 2, contact = wr.CONTACT_CHARGE},
    {unit = a, face = wr.FACING_FLANK, in_contact = 2, corner = 1})
  local f2 = p:add({unit = d, in_contact = 3, contact = wr.CONTACT_PUSHBACK},
    {unit = b, face = wr.FACING_REAR, in_contact = 3})
  eq(#p, 3, "three fights")

  -- before any die: A disordered by C's flank charge, B by D's arrival in its rear
  local want = {
    {f0, 0, 20, 8, 2, 28, 4, 112},  -- A in front: ranks 2 x 2 + enemy disordered 4
    {f0, 1, 18, 6, 3, 24, 4, 96},   -- B in front: ranks 3 x 1 + enemy disordered 3
    {f1, 0, 22, 18, 2, 40, 4, 160}, -- C's charge: 6 + ranks 2 + flank 7 + disordered 3
    {f1, 1, 20, 2, 1, 22, 1, 22},   -- A in the flank: one rank; the corner figure fights in front
    {f2, 0, 15, 16, 2, 31, 3, 93},  -- D, pushed back: no charge bonus; ranks 4 + rear 8 + 4
    {f2, 1, 18, 1, 1, 19, 3, 57},   -- B in the rear: one rank
  }
  for i, w in ipairs(want) do
    local k = p:strike(w[1], w[2])
    eq(k.bcp, w[3], "bcp " .. i); eq(k.modifiers, w[4], "modifiers " .. i); eq(k.ranks, w[5], "ranks " .. i)
    eq(k.mcp, w[6], "mcp " .. i); eq(k.fighting, w[7], "fighting " .. i); eq(k.fcp, w[8], "fcp " .. i)
  end
  eq(p:dice_needed(), 11, "2 flank tests + 3 fights x (2 remainders + the loser's test)")

  -- dice: A's flank test 30 and B's rear test 55 (pass); blows: fight 0 A 10
  -- (2 kills), B 97 (0); fight 1 C 61 (1), A 22 (1); fight 2 D 50 (1), B 99
  -- (0); results: fight 0 B loses and tests 70 (retire); fight 1 drawn;
  -- fight 2 B loses and tests 20 (pass)
  eq(p:resolve_rolls({30, 55, 10, 97, 61, 22, 50, 99, 70, 20, 1, 1}), 10, "ten dice used")
  local r = p:round(f0)
  eq(r.lost[0], 0, "f0 A lost"); eq(r.lost[1], 2, "f0 B lost"); eq(r.loser, 1, "B loses f0")
  eq(r.morale, wr.MORALE_RETIRE, "B retires"); eq(r["end"], wr.END_B_RETIRES, "f0 end")
  check(has_event(r, wr.RULE_DISORDERED_ELSEWHERE, 0, 1, f1), "A disordered by fight 1")
  check(has_event(r, wr.RULE_DISORDERED_ELSEWHERE, 1, 1, f2), "B disordered by fight 2")
  r = p:round(f1)
  eq(r.flank_test[1], wr.MORALE_PASS, "A passes its flank test")
  eq(r.lost[0], 1, "f1 C lost"); eq(r.lost[1], 1, "f1 A lost"); eq(r.loser, -1, "f1 drawn")
  eq(r["end"], wr.END_ONGOING, "f1 goes on")
  check(has_event(r, wr.RULE_ONCE_PER_TURN, 1, 1, 2), "A's corner figure fought in front")
  r = p:round(f2)
  eq(r.flank_test[1], wr.MORALE_PASS, "B passes its rear test")
  eq(r.lost[0], 0, "f2 D lost"); eq(r.lost[1], 1, "f2 B lost"); eq(r.morale, wr.MORALE_PASS, "B passes")
  check(has_event(r, wr.RULE_NO_CHARGE_BONUS, 0, 0, wr.CONTACT_PUSHBACK), "no charge bonus by pushback")

  -- the tests: flank, rear, then B's two for lost fights counting the whole phase
  eq(#tests, 4, "four morale tests")
  eq(tests[1].reason, wr.MORALE_REASON_FLANK, "flank test first"); check(rawequal(tests[1].unit, a), "of A")
  eq(tests[2].reason, wr.MORALE_REASON_REAR, "then the rear test"); check(rawequal(tests[2].unit, b), "of B")
  check(rawequal(tests[2].enemy, d), "the enemy is the MeleeUnit userdata")
  for i = 3, 4 do
    eq(tests[i].reason, wr.MORALE_REASON_LOST_ROUND, "lost round " .. i)
    check(rawequal(tests[i].unit, b), "B tests " .. i)
    eq(tests[i].figures, 9, "figures left over the phase " .. i)
    eq(tests[i].lost, 3, "lost over the phase " .. i); eq(tests[i].disordered, 1, "disordered " .. i)
  end

  -- applied at the end of the phase, summed over each unit's fights
  local after = {{a, 9, 1, 5, 1, wr.MORALE_PASS}, {b, 9, 3, 7, 1, wr.MORALE_RETIRE},
                 {c, 7, 1, 4, 0, wr.MORALE_NONE}, {d, 6, 0, 3, 0, wr.MORALE_NONE}}
  for i, w in ipairs(after) do
    local pu = p:unit(w[1])
    eq(w[1]:def().figures, w[2], "figures " .. i); eq(pu.lost, w[3], "lost " .. i)
    eq(pu.fighting, w[4], "fighting " .. i); eq(pu.disordered, w[5], "disordered " .. i)
    eq(disordered(w[1]), w[5] == 1, "the unit's flag " .. i); eq(pu.worst, w[6], "worst " .. i)
  end

  -- bad input after resolution: resolved twice, added to
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(11, 50))
  raises("WR_ERR_STATE", p.resolve, p, wr.Rng(1))
  raises("WR_ERR_STATE", p.add, p, {unit = c, in_contact = 1}, {unit = d, in_contact = 1})
  raises("WR_ERR_STATE", p.strike, p, f0, 0)
  raises("WR_ERR_STATE", p.dice_needed, p)
  eq(#p, 3, "still three fights"); eq(a:def().figures, 9, "the units unchanged")
  raises("WR_ERR_RANGE", p.round, p, 3)
  raises("WR_ERR_INVALID", p.unit, p, troops(men, 1, 1))
end

-- ---- bad input --------------------------------------------------------------
do
  local men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
  men:set_bcp(wr.WEAPON_OTHER, 0, 37); orc:set_bcp(wr.WEAPON_OTHER, 0, 41)
  local x, y, z = troops(men, 8, 4), troops(orc, 8, 4), troops(orc, 4, 2)
  local p = wr.MeleePhase()
  local fx = {unit = x, in_contact = 4}
  local fy = {unit = y, in_contact = 4}
  eq(p:add(fx, fy), 0, "a fight")
  -- a unit in two fights on the same face against the same enemy
  raises("WR_ERR_INVALID", p.add, p, fx, fy)
  local ok, err = pcall(p.add, p, fx, fy)
  check(not ok and err["function"] == "wr_melee_phase_add", "the error carries the library's detail")
  check(not ok and tostring(err):find("MeleePhase:add", 1, true) ~= nil, "and names the Lua method")
  raises("WR_ERR_INVALID", p.add, p, fx, fx) -- the same unit on both sides
  raises("WR_ERR_INVALID", p.add, p, {unit = z, face = wr.FACING_FLANK, in_contact = 1},
    {unit = x, face = wr.FACING_REAR, in_contact = 1}) -- both attacked in flank or rear
  raises("WR_ERR_RANGE", p.add, p, {unit = z, in_contact = 3}, {unit = x, face = wr.FACING_FLANK, in_contact = 1})
  raises("WR_ERR_RANGE", p.add, p, {unit = z, in_contact = 1, corner = 2}, fx)
  raises("WR_ERR_RANGE", p.add, p, {unit = z, in_contact = 1, corner = 1, corner_fights = 2}, fx)
  raises("WR_ERR_INVALID", p.add, p, {unit = z, in_contact = 1, contact = 9}, fx)
  -- the tables themselves
  raises("WR_ERR_NULL", p.add, p, {in_contact = 1}, fx)
  raises("WR_ERR_INVALID", p.add, p, {unit = men, in_contact = 1}, fx)
  raises("WR_ERR_INVALID", p.add, p, {unit = z, in_contact = 1, contacts = 1}, fx)
  raises("WR_ERR_INVALID", p.add, p, z, fx)
  raises("WR_ERR_RANGE", p.add, p, {unit = z, in_contact = 2 ^ 40}, fx)
  raises("WR_ERR_RANGE", p.add, p, {unit = z, in_contact = 1.5}, fx)
  eq(#p, 1, "nothing added by the bad fights")
  raises("WR_ERR_RANGE", p.strike, p, 1, 0)
  raises("WR_ERR_RANGE", p.strike, p, 0, 2)
  raises("WR_ERR_STATE", p.round, p, 0) -- not resolved
  raises("WR_ERR_STATE", p.unit, p, x)
  raises("WR_ERR_INVALID", p.set_morale, p, 42)

  -- a short dice list: refused whole, nothing changed
  local most = p:dice_needed()
  eq(most, 3, "two remainders and the loser's test")
  raises("WR_ERR_RANGE", p.resolve_rolls, p, {})
  raises("WR_ERR_RANGE", p.resolve_rolls, p, {50})
  raises("WR_ERR_RANGE", p.resolve_rolls, p, {50, 50, 101})
  raises("WR_ERR_INVALID", p.resolve_rolls, p, {50, "x"})
  eq(x:def().figures, 8, "x unchanged"); eq(y:def().figures, 8, "y unchanged")
  eq(p:dice_needed(), most, "the phase is not resolved")

  -- the rng form reads the same dice as the list form
  local rng = wr.Rng(11)
  local copy = rng:clone()
  p:resolve(rng)
  local r1, fx_after, fy_after = p:round(0), x:def().figures, y:def().figures
  x:set_figures(8); y:set_figures(8)
  local q = wr.MeleePhase()
  q:add(fx, fy)
  local dice = {}
  for i = 1, most do dice[i] = copy:roll(100) end
  q:resolve_rolls(dice)
  local r2 = q:round(0)
  eq(r2.lost[0], r1.lost[0], "same dice, same losses (0)"); eq(r2.lost[1], r1.lost[1], "same losses (1)")
  eq(r2.strike[0].roll, r1.strike[0].roll, "same roll"); eq(r2.morale_roll, r1.morale_roll, "same morale roll")
  eq(x:def().figures, fx_after, "same figures after (x)"); eq(y:def().figures, fy_after, "same figures after (y)")
  raises("WR_ERR_STATE", wr.MeleePhase().resolve_rolls, wr.MeleePhase(), {}) -- no fight
end

-- ---- the units kept alive and guarded ---------------------------------------
do
  local p
  do
    local men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
    men:set_bcp(wr.WEAPON_OTHER, 0, 30)
    p = wr.MeleePhase()
    p:add({unit = troops(men, 6, 3), in_contact = 3}, {unit = troops(orc, 6, 3), in_contact = 3})
  end
  collectgarbage(); collectgarbage()
  eq(p:strike(0, 0).bcp, 30, "profiles and units live on through the phase")
  p:resolve(wr.Rng(5))
  eq(p:round(0).figures_before[0], 6, "resolved with the collected units")
  p = nil
  collectgarbage(); collectgarbage()
end
do
  local men = wr.Profile(wr.RACE_HUMAN)
  men:set_bcp(wr.WEAPON_OTHER, 0, 30)
  local x, y, z = troops(men, 6, 3), troops(men, 6, 3), troops(men, 6, 3)
  local p = wr.MeleePhase()
  p:add({unit = x, in_contact = 3}, {unit = y, in_contact = 3})
  p:add({unit = z, in_contact = 1, contact = wr.CONTACT_CHARGE}, {unit = x, face = wr.FACING_FLANK, in_contact = 1})
  -- the morale model can neither close nor change what the phase resolves
  local seen
  p:set_morale(function(t) seen = t.unit; t.unit:close() end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  check(rawequal(seen, x), "the flank test is x's")
  eq(x:def().figures, 6, "x still open after the refused close")
  p:set_morale(function(t) t.unit:set_figures(1) end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  p:set_morale(function() z:set_disordered(true) end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  p:set_morale(function() men:set_bcp(wr.WEAPON_OTHER, 0, 1) end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  p:set_morale(function() p:close() end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  p:set_morale(function() p:add({unit = y, in_contact = 1}, {unit = z, in_contact = 1}) end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  p:set_morale(function() p:resolve_rolls(rolls_of(20, 50)) end)
  raises("WR_ERR_STATE", p.resolve_rolls, p, rolls_of(20, 50))
  local rng = wr.Rng(2)
  p:set_morale(function() rng:roll(6) end)
  raises("WR_ERR_STATE", p.resolve, p, rng)
  p:set_morale(function() error("boom") end)
  local ok, err = pcall(p.resolve_rolls, p, rolls_of(20, 50))
  check(not ok and tostring(err):find("boom") ~= nil, "the model's error propagates")
  p:set_morale(function() return "x" end)
  raises("WR_ERR_INVALID", p.resolve_rolls, p, rolls_of(20, 50))
  -- nothing stayed busy, nothing changed
  x:set_figures(6); men:set_bcp(wr.WEAPON_OTHER, 0, 30)
  eq(rng:roll(6) >= 1, true, "the rng works again")
  eq(#p, 2, "the phase holds its fights")

  -- an engagement's model cannot resolve a phase that changes its units
  local e = wr.Engagement(x, y, {side = {[0] = {in_contact = 3}, [1] = {in_contact = 1}}})
  local called = false
  e:set_morale(function() called = true; p:resolve_rolls(rolls_of(20, 50)) end)
  raises("WR_ERR_STATE", e.fight_rolls, e, rolls_of(20, 50))
  check(called, "the engagement's model ran")
  e:close()

  -- reading the phase from the model is allowed
  p:set_morale(function() return (p:strike(0, 0).fcp > 0) and 100 or 0, 0, (p:strike(0, 0).fcp > 0) and 0 or 100 end)
  p:resolve_rolls(rolls_of(20, 50))
  eq(p:round(1).flank_test[1], wr.MORALE_PASS, "the model read the phase")

  -- closed units: closed for the caller, kept for the phase
  x:close()
  raises("WR_ERR_STATE", x.def, x)
  raises("WR_ERR_STATE", p.unit, p, x)
  eq(p:round(0).figures_before[0], 6, "the phase still reads its rounds")
  p:close()
end
do
  -- closed units still fight in a phase made before they were closed
  local men = wr.Profile(wr.RACE_HUMAN)
  local x, y = troops(men, 4, 2), troops(men, 4, 2)
  local p = wr.MeleePhase()
  p:add({unit = x, in_contact = 2}, {unit = y, in_contact = 2})
  x:close(); y:close(); men:close()
  raises("WR_ERR_STATE", p.add, p, {unit = x, in_contact = 1}, {unit = y, in_contact = 1})
  eq(p:strike(0, 1).fighting, 2, "the closed units' strike: 2 in contact, one rank's reach")
  p:resolve(wr.Rng(3))
end

-- left for lua_close to finalize in any order: a phase whose units were
-- closed while it lives (freed only after it)
KEEP = {wr.MeleePhase(), wr.MeleeUnit(wr.Profile(wr.RACE_ORC), {figures = 4, files = 2})}
KEEP[3] = wr.MeleeUnit(wr.Profile(wr.RACE_ORC), {figures = 4, files = 2})
KEEP[1]:add({unit = KEEP[2], in_contact = 2}, {unit = KEEP[3], in_contact = 2})
KEEP[1]:set_morale(function() return 100, 0, 0 end)
KEEP[2]:close()

T.finish("lua melee phase")
