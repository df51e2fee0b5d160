-- warrules/melee.h through the Lua module: every function, the worked
-- example (dwarf veterans against orc urucks), morale models written in Lua,
-- exact odds, handles that keep the handles they use alive.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

-- ---- the pinned functions -------------------------------------------------
eq(wr.reach_ranks(wr.WEAPON_OTHER), 1, "other reach")
eq(wr.reach_ranks(wr.WEAPON_POLEARM, false), 2, "polearm reach")
eq(wr.reach_ranks(wr.WEAPON_PIKE, 3), 1, "non-zero integer is true")
raises("WR_ERR_INVALID", wr.reach_ranks, 4)
raises("WR_ERR_INVALID", wr.reach_ranks, "pike")
raises("WR_ERR_INVALID", wr.reach_ranks, wr.WEAPON_PIKE, "yes")
eq(wr.fighting_figures(20, 5, 5, wr.WEAPON_PIKE), 15, "pikes: three ranks")
eq(wr.fighting_figures(20, 5, 5, wr.WEAPON_PIKE, wr.SIDE_FLANKED), 5, "flanked: in contact")
eq(wr.fighting_figures(20, 5, 5, wr.WEAPON_PIKE, wr.COMBATANT_FLANKED), 5, "the 1.1 name of the flag")
for _, f in ipairs({"MOUNTED", "DISORDERED", "SWARM", "FLYING", "FLANKED"}) do
  eq(wr["COMBATANT_" .. f], wr["SIDE_" .. f], "COMBATANT_" .. f .. " is SIDE_" .. f)
end
eq(wr.fighting_figures(10, 5, 5, wr.WEAPON_OTHER, wr.SIDE_SWARM, wr.SIDE_FLYING), 0, "swarm against fliers")
raises("WR_ERR_RANGE", wr.fighting_figures, -1, 5, 0, wr.WEAPON_OTHER)
raises("WR_ERR_INVALID", wr.fighting_figures, 10, 5, 5, wr.WEAPON_OTHER, 0x100)
raises("WR_ERR_RANGE", wr.fighting_figures, 10, 5, 5, wr.WEAPON_OTHER, -1)
raises("WR_ERR_RANGE", wr.fighting_figures, 2 ^ 40, 5, 5, wr.WEAPON_OTHER)
raises("WR_ERR_RANGE", wr.fighting_figures, 10.5, 5, 5, wr.WEAPON_OTHER)
eq(wr.complete_ranks(20, 5), 4, "complete ranks")
raises("WR_ERR_RANGE", wr.complete_ranks, 20, 0)
local mcp, fcp = wr.combat_percent(25, 12, 8)
eq(mcp, 37, "orc MCP"); eq(fcp, 296, "orc FCP")
mcp, fcp = wr.combat_percent(10, -20, 5)
eq(mcp, 0, "MCP never below 0"); eq(fcp, 0, "FCP of 0")
raises("WR_ERR_RANGE", wr.combat_percent, 1001, 0, 1)
eq(wr.kills_from_percent(420, 34), 4, "dwarf kills: roll 34 misses the 20")
eq(wr.kills_from_percent(420, 20), 5, "roll 20 hits the 20")
raises("WR_ERR_RANGE", wr.kills_from_percent, 420, 0)

-- ---- profiles -------------------------------------------------------------
do
  local p = wr.Profile(wr.RACE_ORC)
  eq(p:race(), wr.RACE_ORC, "race")
  local reach, allowed = p:weapon(wr.WEAPON_PIKE)
  eq(reach, wr.WEAPON_PIKE, "row 3 has pike reach"); eq(allowed, false, "orcs have no pikes")
  reach, allowed = wr.Profile(wr.RACE_DWARF):weapon(wr.WEAPON_PIKE)
  eq(allowed, true, "dwarfs may use pikes")
  p:set_weapon(7, wr.WEAPON_SPEAR, true)
  reach, allowed = p:weapon(7)
  eq(reach, wr.WEAPON_SPEAR, "set_weapon reach"); eq(allowed, true, "set_weapon allowed")
  p:set_weapon(7, wr.WEAPON_SPEAR, 0)
  eq(select(2, p:weapon(7)), false, "integer 0 is false")
  raises("WR_ERR_RANGE", p.set_weapon, p, 16, wr.WEAPON_OTHER, true)
  raises("WR_ERR_INVALID", p.set_weapon, p, 1, 9, true)
  p:set_bcp(2, 3, 44)
  eq(p:bcp(2, 3), 44, "bcp")
  eq(wr.profile_bcp(p, 2, 3), 44, "module-level profile_bcp")
  raises("WR_ERR_RANGE", p.set_bcp, p, 2, 8, 1)
  raises("WR_ERR_RANGE", p.set_bcp, p, 2, 3, 1001)
  p:set_modifier(wr.MOD_FLANK, 5)
  eq(p:modifier(wr.MOD_FLANK), 5, "modifier")
  raises("WR_ERR_INVALID", p.set_modifier, p, wr.MOD_COUNT, 1)
  raises("WR_ERR_INVALID", p.modifier, p, -1)
  p:set_hated(wr.RACE_DWARF)
  eq(p:hates(wr.RACE_DWARF), true, "hates (default true)")
  p:set_hated(wr.RACE_DWARF, false)
  eq(p:hates(wr.RACE_DWARF), false, "hates no more")
  raises("WR_ERR_RANGE", p.hates, p, 64)
  p:set_morale_modifier(wr.MORALE_LOST_ROUND, -10)
  eq(p:morale_modifier(wr.MORALE_LOST_ROUND), -10, "morale modifier")
  raises("WR_ERR_INVALID", p.set_morale_modifier, p, wr.MORALE_COUNT, 0)
  p:set_retire_band(20)
  eq(p:retire_band(), 20, "retire band")
  raises("WR_ERR_RANGE", p.set_retire_band, p, 101)
  eq(tostring(p), "warrules.Profile(race 5)", "profile tostring")
  raises("WR_ERR_RANGE", wr.Profile, wr.RACE_MAX + 1)
  raises("WR_ERR_INVALID", wr.profile_new_sample, 7)
  local d = wr.profile_new_sample(wr.SAMPLE_DWARF_VETERANS)
  eq(d:bcp(wr.WEAPON_SPEAR, wr.SAMPLE_ARMOUR_CHAINMAIL), 14, "sample dwarf BCP")
  eq(d:modifier(wr.MOD_CHARGED), 10, "sample dwarf charge")
  d:close(); d:close()
  raises("WR_ERR_STATE", d.bcp, d, 0, 0)
  eq(tostring(d), "warrules.Profile (closed)", "closed tostring")
  raises("WR_ERR_INVALID", p.bcp, d ~= nil and wr.HitChart(), 0, 0) -- wrong handle type
end

-- ---- hit charts and wounds --------------------------------------------------
local L, S, C, K = wr.WOUND_LIGHT, wr.WOUND_SERIOUS, wr.WOUND_CRITICAL, wr.WOUND_KILLED
do
  local c = wr.HitChart()
  eq(c:complete(), false, "empty chart")
  eq(tostring(c), "warrules.HitChart(incomplete)", "chart tostring")
  c:add(1, 50, 1, {wr.WOUND_NICKED, L, S, C})
  raises("WR_ERR_INVALID", c.add, c, 50, 60, 2, {L, L, L, L})           -- overlaps
  raises("WR_ERR_INVALID", c.add, c, 51, 60, 2, {L, L, L})              -- three wounds
  raises("WR_ERR_INVALID", c.add, c, 51, 60, 2, {L, L, L, wr.WOUND_NONE})
  raises("WR_ERR_RANGE", c.add, c, 51, 101, 2, {L, L, L, L})
  raises("WR_ERR_STATE", c.lookup, c, 70, 1)                             -- no location yet
  c:add(51, 100, 2, {S, C, wr.WOUND_UNCONSCIOUS, K})
  eq(c:complete(), true, "complete chart")
  local loc, w = c:lookup(70, 4)
  eq(loc, 2, "location"); eq(w, K, "wound")
  raises("WR_ERR_RANGE", c.lookup, c, 70, 5)
end
do
  local rec = {hits = 0, counted = 0, serious = 0, critical = 0, unconscious = 0, dead = 0}
  eq(wr.wounds_add(rec, C, false), false, "one critical: alive")
  eq(wr.wounds_add(rec, S, false), true, "monster: critical and serious kill")
  eq(rec.hits, 2, "record updated in place"); eq(rec.dead, 1, "dead")
  local ch = {}
  eq(wr.wounds_add(ch, wr.WOUND_NICKED, true), false, "nicked never counts")
  eq(ch.counted, 0, "nick not counted"); eq(ch.hits, 1, "nick is a hit")
  raises("WR_ERR_INVALID", wr.wounds_add, ch, wr.WOUND_NONE, true)
  raises("WR_ERR_RANGE", wr.wounds_add, {hits = -1}, L, true)
  raises("WR_ERR_INVALID", wr.wounds_add, {hitz = 1}, L, true)
  eq(ch.hits, 1, "nothing written on error")
end

-- ---- units ----------------------------------------------------------------
do
  local d = wr.unit_def_default()
  eq(d.kind, wr.UNIT_TROOPS, "default kind"); eq(d.morale, 50, "default morale")
  eq(d.legs, 4, "default legs"); eq(d.base_width_mm, 20, "default base")
  local p = wr.Profile(wr.RACE_HUMAN)
  local u = wr.MeleeUnit(p, {figures = 12, files = 4})
  local def = u:def()
  eq(def.figures, 12, "def figures"); eq(def.files, 4, "def files"); eq(def.morale, 50, "default kept")
  u:set_figures(7)
  eq(u:def().figures, 7, "set_figures")
  raises("WR_ERR_RANGE", u.set_figures, u, -1)
  u:set_disordered(true)
  eq(T.band(u:def().flags, wr.UNIT_DISORDERED), wr.UNIT_DISORDERED, "disordered")
  u:set_disordered(false)
  eq(T.band(u:def().flags, wr.UNIT_DISORDERED), 0, "reformed")
  eq(u:may_leave(), false, "troops may not leave")
  raises("WR_ERR_INVALID", u.set_wounds, u, {hits = 1, counted = 1})
  eq(u:wounds().hits, 0, "troops have no wounds")
  check(tostring(u):find("^warrules.MeleeUnit%(troops, 7 figures%)") ~= nil, "unit tostring")
  raises("WR_ERR_INVALID", wr.MeleeUnit, p, {figure = 3})
  raises("WR_ERR_INVALID", wr.MeleeUnit, p, {kind = wr.UNIT_MONSTER, figures = 2})
  raises("WR_ERR_FORBIDDEN", wr.MeleeUnit, wr.Profile(wr.RACE_ORC), {weapon_type = wr.WEAPON_PIKE})
  raises("WR_ERR_INVALID", wr.MeleeUnit, p, {flags = wr.UNIT_COMBAT_HEIGHT})
  raises("WR_ERR_INVALID", wr.MeleeUnit, wr.HitChart())
  local flier = wr.MeleeUnit(p, {flags = T.bor(wr.UNIT_FLYING, wr.UNIT_COMBAT_HEIGHT)})
  eq(flier:may_leave(), true, "fliers at combat height may leave")
  local hero = wr.MeleeUnit(p, {kind = wr.UNIT_CHARACTER})
  raises("WR_ERR_FORBIDDEN", hero.set_disordered, hero, true)
  hero:set_wounds({hits = 3, counted = 2, serious = 1})
  eq(hero:wounds().serious, 1, "set_wounds")
  raises("WR_ERR_RANGE", hero.set_wounds, hero, {hits = 1, counted = 2})
end

-- ---- starting a melee, dead monsters, explanations -------------------------
eq(wr.melee_may_start(wr.MOVE_CHARGE), true, "a charge starts a melee")
eq(wr.melee_may_start(wr.MOVE_ADVANCE), false, "an advance does not")
raises("WR_ERR_INVALID", wr.melee_may_start, 5)
local ma, mb = wr.advance_stop(250, 100, 100)
eq(ma, 100, "stop 5 cm apart (a)"); eq(mb, 100, "stop 5 cm apart (b)")
ma, mb = wr.advance_stop(100, 100, 100)
eq(ma + mb, 50, "they close to 50 mm")
raises("WR_ERR_RANGE", wr.advance_stop, -1, 0, 0)
do
  local p = wr.Profile(wr.RACE_OTHER)
  local giant = wr.MeleeUnit(p, {kind = wr.UNIT_MONSTER, legs = 2, base_width_mm = 60, base_depth_mm = 60})
  local remains, fall, dir = wr.dead_monster(giant, false, 3)
  eq(remains, wr.REMAINS_IMPASSABLE, "a big base is impassable")
  eq(fall, wr.FALL_TOPPLE, "two legs topple"); eq(dir, 3, "direction from the d8")
  raises("WR_ERR_RANGE", wr.dead_monster, giant, false, 9)
  raises("WR_ERR_INVALID", wr.dead_monster, giant, true, 1)
  local beast = wr.MeleeUnit(p, {kind = wr.UNIT_MONSTER, legs = 4})
  remains, fall, dir = wr.dead_monster(beast, false)
  eq(remains, wr.REMAINS_WALL, "a small base is a wall"); eq(fall, wr.FALL_COLLAPSE, "collapses")
  eq(dir, 0, "no direction")
  local rng = wr.Rng(5)
  remains, fall, dir = wr.dead_monster_rng(giant, false, rng)
  check(dir >= 1 and dir <= 8, "rng direction")
  raises("WR_ERR_INVALID", wr.dead_monster, wr.MeleeUnit(p), false, 1)
end
eq(wr.melee_rule_name(wr.RULE_MCP), "Modified Combat Percentage", "rule name")
eq(wr.melee_rule_name(99), "unknown rule", "unknown rule name")
check(#wr.melee_rule_source(wr.RULE_MCP) > 0, "rule source")
eq(wr.melee_rule_source(99), "", "unknown rule source")
eq(wr.modifier_name(wr.MOD_HATED_FOE), "Fighting a hated foe", "modifier name")
check(#wr.melee_event_text({rule = wr.RULE_MCP, side = 0, value = 42, detail = 0}) > 0, "event text")
raises("WR_ERR_INVALID", wr.melee_event_text, {rule = 99})
raises("WR_ERR_INVALID", wr.melee_event_text, {rules = 1})

-- ---- the worked example: dwarf veterans against orc urucks ------------------
local function example()
  local dwarf = wr.profile_new_sample(wr.SAMPLE_DWARF_VETERANS)
  local orc = wr.profile_new_sample(wr.SAMPLE_ORC_URUCKS)
  local dwarfs = wr.MeleeUnit(dwarf, {figures = 10, files = 5, weapon_type = wr.WEAPON_SPEAR,
    armour = wr.SAMPLE_ARMOUR_CHAINMAIL, flags = wr.UNIT_SHIELDS, troop_class = wr.TROOP_VETERAN})
  local orcs = wr.MeleeUnit(orc, {figures = 9, files = 5, weapon_type = wr.WEAPON_POLEARM,
    armour = wr.SAMPLE_ARMOUR_CHAINMAIL, troop_class = wr.TROOP_ELITE})
  local e = wr.Engagement(dwarfs, orcs, {side = {[0] = {in_contact = 5, charged = true},
                                                 [1] = {in_contact = 4}}})
  return e, dwarfs, orcs
end

do
  local e, dwarfs, orcs = example()
  local k = e:strike(0)
  eq(k.bcp, 14, "dwarf BCP"); eq(k.mod[wr.MOD_CHARGED], 10, "charged +10")
  eq(k.mod[wr.MOD_HATED_FOE], 8, "hated foe +8"); eq(k.ranks, 2, "two ranks")
  eq(k.mod[wr.MOD_PER_RANK], 4, "+2 a rank"); eq(k.mod[wr.MOD_ELITE_VETERAN], 6, "veterans +6")
  eq(k.modifiers, 28, "+28"); eq(k.mcp, 42, "MCP 42"); eq(k.fighting, 10, "10 fight"); eq(k.fcp, 420, "FCP 420")
  k = e:strike(1)
  eq(k.bcp, 25, "orc BCP"); eq(k.mod[wr.MOD_ENEMY_SHIELD], -2, "shields -2"); eq(k.modifiers, 12, "+12")
  eq(k.mcp, 37, "MCP 37"); eq(k.fighting, 8, "8 fight"); eq(k.fcp, 296, "FCP 296")
  raises("WR_ERR_RANGE", e.strike, e, 2)
  local ko = e:kill_odds(0)
  eq(ko.hits[0], 4, "4 certain kills"); eq(ko.hits[1], 5, "or 5")
  eq(ko.percent[0], 80, "80%"); eq(ko.percent[1], 20, "20%")

  local used, r = e:fight_rolls({34, 84, 10, 99})
  eq(used, 3, "three dice used")
  eq(r.round, 1, "round 1")
  eq(r.strike[0].roll, 34, "dwarf roll"); eq(r.strike[0].kills, 4, "dwarf kills")
  eq(r.strike[1].roll, 84, "orc roll"); eq(r.strike[1].kills, 3, "orc kills")
  eq(r.lost[0], 3, "dwarfs lose 3"); eq(r.lost[1], 4, "orcs lose 4")
  eq(r.loser, 1, "the orcs lose"); eq(r.pushed_back, 1, "pushed back")
  eq(r.morale_roll, 10, "morale roll"); eq(r.morale, wr.MORALE_PASS, "the orcs pass")
  eq(r["end"], wr.END_ONGOING, "the fight goes on")
  eq(r.morale_odds.pass + r.morale_odds.retire + r.morale_odds.rout, 100, "odds sum to 100")
  eq(#r.events, r.n_events, "every event")
  local found = false
  for _, ev in ipairs(r.events) do
    if ev.rule == wr.RULE_REMAINDER_HIT and ev.side == 1 and ev.detail == 84 then found = true end
    check(#wr.melee_event_text(ev) > 0, "each event has a sentence")
  end
  check(found, "the orcs' remainder hit is explained")
  eq(r.events_truncated, 0, "not truncated")
  eq(orcs:def().figures, 9, "nothing applied yet")
  e:apply(r)
  eq(orcs:def().figures, 5, "orcs left"); eq(dwarfs:def().figures, 7, "dwarfs left")
  raises("WR_ERR_STATE", e.apply, e, r)
  local fin, rounds = e:status()
  eq(fin, wr.END_ONGOING, "ongoing"); eq(rounds, 1, "one round")
  eq(e:strike(0).mod[wr.MOD_CHARGED], 0, "no charge bonus in round 2")
  raises("WR_ERR_RANGE", e.fight_rolls, e, {1})
  raises("WR_ERR_RANGE", e.fight_rolls, e, {34, 0, 10})
  raises("WR_ERR_INVALID", e.apply, e, {round = 2, bogus = 1})
  check(tostring(e):find("^warrules.Engagement") ~= nil, "engagement tostring")
end

-- the same dice from an Rng give the same round as the roll list
do
  local e1 = example()
  local e2 = example()
  local rng, copy = wr.Rng(2024), wr.Rng(2024)
  local a = e1:fight(rng)
  local rolls = {}
  for i = 1, 8 do rolls[i] = copy:roll(100) end
  local _, b = e2:fight_rolls(rolls)
  eq(a.lost[0], b.lost[0], "same losses (0)"); eq(a.lost[1], b.lost[1], "same losses (1)")
  eq(a.morale_roll, b.morale_roll, "same morale roll"); eq(a.n_events, b.n_events, "same events")
  e1:apply(a)
end

-- ---- exact odds and Monte Carlo -------------------------------------------
do
  local e = example()
  local one = e:odds(1)
  eq(one:end_exact(wr.END_ONGOING), "0.5", "half go on")
  eq(one:end_exact(wr.END_B_ROUTS), "0.5", "half rout")
  eq(one:figures_exact(0, 7), "0.96", "7 dwarfs left: 96%")
  eq(one:figures(0, 8), 40000000000000000, "8 dwarfs left: 4%")
  eq(one["end"](one, wr.END_A_ROUTS), 0, "the dwarfs never rout")
  eq(wr.melee_odds_end(one, wr.END_B_ROUTS), 500000000000000000, "module-level melee_odds_end")
  eq(one:end_e18(wr.END_B_ROUTS), 500000000000000000, "end_e18")
  check(one:exponent() > 0, "exponent")
  raises("WR_ERR_INVALID", one.end_exact, one, wr.END_COUNT)
  raises("WR_ERR_RANGE", one.figures_exact, one, 0, 11)
  raises("WR_ERR_RANGE", one.figures, one, 2, 0)
  check(tostring(one):find("^warrules.MeleeOdds") ~= nil, "odds tostring")
  local o = wr.MeleeOdds(e, 30)
  -- every end's exact probability, added up as decimals, is exactly 1
  if T.has_integers then
    local total = 0
    for i = 0, wr.END_COUNT - 1 do total = total + o["end"](o, i) end
    check(total <= 1000000000000000000 and total > 1000000000000000000 - wr.END_COUNT, "ends sum to 1")
  else
    -- numbers are doubles: a result a double cannot hold exactly is refused, never rounded
    local refused = 0
    for i = 0, wr.END_COUNT - 1 do
      local ok, v = pcall(o["end"], o, i)
      if ok then
        check(v == math.floor(v) and v >= 0 and v <= 1e18, "an exact result")
      else
        refused = refused + 1
        eq(v.name, "WR_ERR_RANGE", "an inexact result is WR_ERR_RANGE")
        local digits = o:end_exact(i):match("^0%.(%d+)$")
        local e18 = ((digits or "") .. ("0"):rep(18)):sub(1, 18):gsub("^0+", "")
        check(digits ~= nil and v.message:find(e18, 1, true) ~= nil, "the message has the exact digits")
      end
    end
    check(refused > 0, "some results are refused")
  end
  raises("WR_ERR_RANGE", wr.MeleeOdds, e, 0)
  raises("WR_ERR_RANGE", wr.MeleeOdds, e, wr.ODDS_MAX_ROUNDS + 1)
  local counts = e:simulate(30, wr.Rng(1), 2000)
  local n = 0
  for i = 0, wr.END_COUNT - 1 do n = n + counts[i] end
  eq(n, 2000, "every trial counted")
  local counts2 = wr.melee_simulate(e, 30, wr.Rng(1), 2000)
  eq(counts2[wr.END_B_ROUTS], counts[wr.END_B_ROUTS], "same seed, same counts")
  raises("WR_ERR_RANGE", e.simulate, e, 30, wr.Rng(1), 0)
  -- the same odds in a workspace kept from call to call
  local ws = wr.OddsWorkspace()
  for _, rounds in ipairs({30, 1, 30}) do
    local a, b = wr.MeleeOdds(e, rounds), e:odds_ws(rounds, ws)
    for i = 0, wr.END_COUNT - 1 do
      eq(b:end_exact(i), a:end_exact(i), "workspace odds, end " .. i .. ", " .. rounds .. " rounds")
    end
  end
  eq(wr.melee_odds_new_ws(e, 1, ws):end_exact(wr.END_B_ROUTS), "0.5", "module-level melee_odds_new_ws")
  raises("WR_ERR_RANGE", wr.melee_odds_new_ws, e, 0, ws)
  check(tostring(ws):find("^warrules.OddsWorkspace") ~= nil, "workspace tostring")
  ws:close()
  raises("WR_ERR_STATE", e.odds_ws, e, 30, ws)
end

-- ---- morale models written in Lua -------------------------------------------
do
  local e, dwarfs, orcs = example()
  local seen
  e:set_morale(function(t)
    seen = t
    return 0, 0, 100
  end)
  local _, r = e:fight_rolls({34, 84, 10})
  eq(r.morale, wr.MORALE_ROUT, "the Lua model routs them")
  eq(r["end"], wr.END_B_ROUTS, "side 1 routs")
  eq(seen.reason, wr.MORALE_REASON_LOST_ROUND, "test reason"); eq(seen.side, 1, "test side")
  eq(seen.lost, 4, "test lost"); eq(seen.enemy_lost, 3, "test enemy lost"); eq(seen.figures, 5, "test figures")
  check(rawequal(seen.unit, orcs), "test.unit is the orcs' userdata")
  check(rawequal(seen.enemy, dwarfs), "test.enemy is the dwarfs' userdata")
  local sample = wr.morale_sample(seen)
  eq(sample.pass, 50, "the sample model from Lua"); eq(sample.rout, 50, "sample rout")
  raises("WR_ERR_INVALID", wr.morale_sample, {reason = 9, unit = orcs, enemy = dwarfs})
  e:set_morale(function(t) return wr.morale_sample(t) end)
  _, r = e:fight_rolls({34, 84, 10})
  eq(r.morale, wr.MORALE_PASS, "a Lua model that delegates to the sample")
  e:set_morale(function(t) return {pass = 0, retire = 100, rout = 0} end)
  _, r = e:fight_rolls({34, 84, 10})
  eq(r.morale, wr.MORALE_RETIRE, "a table result")
  -- errors inside the model come out as Lua errors, and nothing stays busy
  e:set_morale(function() error("boom") end)
  local ok, err = pcall(e.fight_rolls, e, {34, 84, 10})
  check(not ok and tostring(err):find("boom") ~= nil, "the model's error propagates")
  orcs:set_figures(9) -- not busy any more
  e:set_morale(function() error({code = 7}) end)
  ok, err = pcall(e.fight_rolls, e, {34, 84, 10})
  check(not ok and type(err) == "table" and err.code == 7, "error objects propagate unchanged")
  e:set_morale(function() return "x" end)
  raises("WR_ERR_INVALID", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function() return 50, 0, 0 end)
  raises("WR_ERR_INVALID", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function() coroutine.yield() end)
  ok = pcall(e.fight_rolls, e, {34, 84, 10})
  check(not ok, "yield inside the model is an error")
  ok = coroutine.wrap(function() return pcall(e.fight_rolls, e, {34, 84, 10}) end)()
  check(not ok, "yield inside the model from a coroutine is an error")
  -- the model can neither close nor change what the running call uses
  e:set_morale(function(t) t.unit:close() end)
  raises("WR_ERR_STATE", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function(t) t.unit:set_figures(1) end)
  raises("WR_ERR_STATE", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function() e:close() end)
  raises("WR_ERR_STATE", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function() e:fight_rolls({34, 84, 10}) end)
  raises("WR_ERR_STATE", e.fight_rolls, e, {34, 84, 10})
  local other = wr.Engagement(orcs, dwarfs, {side = {[0] = {in_contact = 4}, [1] = {in_contact = 5}}})
  local _, r2 = other:fight_rolls({50, 50, 50})
  e:set_morale(function() other:apply(r2) end)
  raises("WR_ERR_STATE", e.fight_rolls, e, {34, 84, 10})
  e:set_morale(function() return (other:strike(0).fcp > 0) and 100 or 0, 0, 100 - ((other:strike(0).fcp > 0) and 100 or 0) end)
  _, r = e:fight_rolls({34, 84, 10})
  eq(r.morale, wr.MORALE_PASS, "reading another engagement of the same units is allowed")
  other:close()
  local rng = wr.Rng(3)
  e:set_morale(function() rng:close() end)
  raises("WR_ERR_STATE", e.fight, e, rng)
  e:set_morale(function() rng:roll(6) end)
  raises("WR_ERR_STATE", e.fight, e, rng)
  eq(rng:roll(6) >= 1, true, "the rng works again after the call")
  -- exact odds under a Lua model: always pass, so the first round never ends it
  e:set_morale(function() return 100, 0, 0 end)
  local o = e:odds(1)
  eq(o:end_exact(wr.END_ONGOING), "1", "always pass: always ongoing after one round")
  e:set_morale(nil)
  _, r = e:fight_rolls({34, 84, 10})
  eq(r.morale, wr.MORALE_PASS, "nil restores the sample model")
  raises("WR_ERR_INVALID", e.set_morale, e, 42)
  eq(orcs:def().figures, 9, "units unchanged by failed calls")
  e:close(); e:close()
  raises("WR_ERR_STATE", e.strike, e, 0)
end

-- ---- handles that keep the handles they use alive ----------------------------
do
  local e
  do
    local dwarf = wr.profile_new_sample(wr.SAMPLE_DWARF_VETERANS)
    local orc = wr.profile_new_sample(wr.SAMPLE_ORC_URUCKS)
    local a = wr.MeleeUnit(dwarf, {figures = 10, files = 5, weapon_type = wr.WEAPON_SPEAR,
      armour = wr.SAMPLE_ARMOUR_CHAINMAIL})
    local b = wr.MeleeUnit(orc, {figures = 9, files = 5, weapon_type = wr.WEAPON_POLEARM,
      armour = wr.SAMPLE_ARMOUR_CHAINMAIL})
    e = wr.Engagement(a, b, {side = {[0] = {in_contact = 5}, [1] = {in_contact = 4}}})
  end
  collectgarbage(); collectgarbage()
  eq(e:strike(0).bcp, 14, "profiles and units live on through the engagement")
  local calls = {n = 0}
  e:set_morale(function() calls.n = calls.n + 1; return 100, 0, 0 end)
  collectgarbage(); collectgarbage()
  e:simulate(5, wr.Rng(9), 20)
  check(calls.n > 0, "the model lives on too")
  e = nil
  collectgarbage(); collectgarbage()
end
do
  -- closing what an engagement uses: closed for the caller, freed after the engagement
  local e, dwarfs, orcs = example()
  local chart = wr.HitChart()
  chart:add(1, 100, 1, {L, S, C, K})
  dwarfs:set_hit_chart(chart)
  chart:close()
  raises("WR_ERR_STATE", chart.complete, chart)
  dwarfs:close(); orcs:close()
  raises("WR_ERR_STATE", dwarfs.def, dwarfs)
  eq(tostring(orcs), "warrules.MeleeUnit (closed)", "closed unit tostring")
  eq(e:strike(1).fcp, 296, "the engagement still fights with the closed units")
  e:close()
end
do
  -- a monster's hit chart, replaced and removed; a chart kept alive by the unit
  local p = wr.Profile(wr.RACE_OTHER)
  p:set_bcp(0, 0, 100)
  local troll = wr.MeleeUnit(p, {kind = wr.UNIT_MONSTER})
  do
    local c = wr.HitChart()
    c:add(1, 100, 9, {S, S, C, C})
    troll:set_hit_chart(c)
  end
  collectgarbage()
  local men = wr.MeleeUnit(p, {figures = 10, files = 10})
  local e = wr.Engagement(men, troll, {side = {[0] = {in_contact = 10}, [1] = {in_contact = 1}}})
  -- 10 fighting at 100% = 10 hits: d100, d4 per hit until the troll dies
  local used, r = e:fight_rolls({50, 3, 50, 1, 10, 10, 10, 10, 10, 10, 10, 10})
  eq(r.n_wounds[1], 2, "two wounds kill the troll (critical and serious)")
  eq(r.wound[1][1], C, "first wound"); eq(r.wound_location[1][1], 9, "its location")
  eq(r.wounds_after[1].dead, 1, "dead")
  eq(used, 4, "two d100 and d4 pairs, no remainder, no morale test (both lost one)")
  e:apply(r)
  eq(troll:wounds().dead, 1, "the troll's record")
  troll:set_hit_chart(nil)
  raises("WR_ERR_INVALID", troll.set_hit_chart, troll, p)
end

-- ---- batch ----------------------------------------------------------------
do
  local a = {figures = {10, 20}, files = {5, 5}, in_contact = {5, 5}, weapon = {1, 3},
             flags = {0, 0}, bcp = {14, 10}, modifiers = {28, 0}, d100 = {34, 1}}
  local b = {figures = {9, 20}, files = {5, 5}, in_contact = {4, 5}, weapon = {2, 0},
             flags = {0, 0}, bcp = {25, 10}, modifiers = {12, 0}, d100 = {84, 1}}
  local oa, ob, loser = wr.melee_rounds_batch(a, b)
  eq(oa.kills[1], 4, "batch dwarf kills"); eq(ob.kills[1], 3, "batch orc kills")
  eq(oa.fcp[1], 420, "batch FCP"); eq(ob.lost[1], 4, "batch orc losses"); eq(loser[1], 1, "batch loser")
  eq(oa.fighting[2], 15, "batch pikes")
  b.d100[2] = 0
  raises("WR_ERR_RANGE", wr.melee_rounds_batch, a, b)
  local ok, err = pcall(wr.melee_rounds_batch, a, b)
  check(not ok and tostring(err):find("item 2") ~= nil, "the bad item is named")
  b.d100[2] = nil
  raises("WR_ERR_INVALID", wr.melee_rounds_batch, a, b)
  local e1, e2, e3 = wr.melee_rounds_batch({figures = {}, files = {}, in_contact = {}, weapon = {},
    flags = {}, bcp = {}, modifiers = {}, d100 = {}}, {figures = {}, files = {}, in_contact = {},
    weapon = {}, flags = {}, bcp = {}, modifiers = {}, d100 = {}})
  eq(#e3, 0, "empty batch")
end

-- an engagement of a unit with itself is refused
do
  local _, dwarfs = example()
  raises("WR_ERR_INVALID", wr.Engagement, dwarfs, dwarfs, {side = {[0] = {in_contact = 5}, [1] = {in_contact = 5}}})
  raises("WR_ERR_INVALID", wr.Engagement, dwarfs, dwarfs, {side = {{in_contact = 5}, {in_contact = 5}}})
end

-- left for lua_close to finalize in any order: an engagement whose units and
-- charts were closed while it lives (freed only after it)
KEEP = {example()}
KEEP[2]:close()
KEEP[3]:set_hit_chart(wr.HitChart())
KEEP[3]:close()
KEEP[1]:set_morale(function() return 100, 0, 0 end)

T.finish("lua melee")
