-- The exact odds of a melee phase (MeleePhase:odds, MeleePhaseOdds) and the
-- charge advisor (ChargeAdvisor, advise_charges) through the Lua module: a
-- one-fight phase has its engagement's odds, digit for digit; the advisor's
-- best break is the best of every choice's phase odds; a Lua morale model
-- runs; bad input raises the status.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

local function profile(race, bcp)
  local p = wr.Profile(race)
  p:set_bcp(0, 0, bcp)
  p:set_modifier(wr.MOD_CHARGED, 12)
  p:set_modifier(wr.MOD_FLANK, 15)
  p:set_morale_modifier(wr.MORALE_PER_FIGURE_LOST, -6)
  return p
end

local function troops(p, figures, files)
  return wr.MeleeUnit(p, {figures = figures, files = files})
end

local men, orc = profile(wr.RACE_HUMAN, 33), profile(wr.RACE_ORC, 36)

-- ---- a one-fight phase is its engagement ---------------------------------
do
  local a, b = troops(men, 6, 3), troops(orc, 9, 3)
  local e = wr.Engagement(a, b, {side = {[0] = {in_contact = 3, charged = true},
    [1] = {in_contact = 3, attacked_in = wr.FACING_FLANK}}})
  local want = e:odds(5)
  local p = wr.MeleePhase()
  p:add({unit = a, in_contact = 3, contact = wr.CONTACT_CHARGE},
    {unit = b, face = wr.FACING_FLANK, in_contact = 3})
  local got = p:odds(5)
  eq(got:exponent(), want:exponent(), "the same exponent")
  for end_ = 0, wr.END_COUNT - 1 do
    eq(got:fight_end_exact(0, end_), want:end_exact(end_), "end " .. end_)
  end
  for x = 0, 9 do
    eq(got:unit_figures_exact(b, x), want:figures_exact(1, x), "figures " .. x)
  end
  eq(got:unit_fate_exact(b, wr.FATE_ROUTS), want:end_exact(wr.END_B_ROUTS), "the orcs rout")
  if T.has_integers then
    check(got:unit_fate(b, wr.FATE_ROUTS) > 0, "as 10^-18 units")
    check(got:expected_lost(b) > 0, "expected losses")
  end
  check(tostring(got):find("MeleePhaseOdds") ~= nil, "tostring")
  eq(wr.melee_phase_odds_new(p, 5):fight_end_exact(0, wr.END_B_ROUTS),
    want:end_exact(wr.END_B_ROUTS), "melee_phase_odds_new")
  raises("WR_ERR_RANGE", p.odds, p, 0)
  raises("WR_ERR_RANGE", got.fight_end, got, 1, wr.END_A_ROUTS)
  raises("WR_ERR_INVALID", got.unit_fate, got, troops(men, 2, 2), wr.FATE_ROUTS)
  got:close()
  raises("WR_ERR_STATE", got.exponent, got)
end

-- ---- the charge advisor --------------------------------------------------
local spears, knights, archers = troops(men, 8, 4), troops(men, 4, 4), troops(men, 5, 5)
local orcs, goblins = troops(orc, 9, 3), troops(orc, 7, 7)
local options = {
  {attacker = knights, enemy = orcs, face = wr.FACING_FLANK, in_contact = 3, enemy_in_contact = 3},
  {attacker = knights, enemy = goblins, face = wr.FACING_FRONT, in_contact = 4, enemy_in_contact = 7},
  {attacker = archers, enemy = goblins, face = wr.FACING_FLANK, in_contact = 3, enemy_in_contact = 1},
  {attacker = archers, enemy = orcs, face = wr.FACING_REAR, in_contact = 3, enemy_in_contact = 3},
}
local fights = {{{unit = spears, in_contact = 4}, {unit = orcs, in_contact = 3}}}

do
  local advice = wr.advise_charges{options = options, fights = fights, aim = wr.CHARGE_AIM_BREAK,
    target = orcs, max_rounds = 3, top = 3}
  eq(advice.info.choices, 9, "nine choices")
  eq(advice.info.evaluated + advice.info.pruned, 9, "each evaluated or pruned")
  -- every choice by hand
  local best, best_taken = -1, nil
  for _, k in ipairs({-1, 0, 1}) do
    for _, a in ipairs({-1, 2, 3}) do
      local p = wr.MeleePhase()
      p:add(fights[1][1], fights[1][2])
      for _, i in ipairs({k, a}) do
        if i >= 0 then
          local o = options[i + 1]
          p:add({unit = o.attacker, in_contact = o.in_contact, contact = wr.CONTACT_CHARGE},
            {unit = o.enemy, face = o.face, in_contact = o.enemy_in_contact})
        end
      end
      local odds = p:odds(3)
      -- as decimals: the exact values, compared as strings of 18 digits
      local function e18(fate)
        local d = odds:unit_fate_exact(orcs, fate):match("^0%.(%d+)$") or ""
        return tonumber(((d .. ("0"):rep(18)):sub(1, 9)))
      end
      local b = e18(wr.FATE_ROUTS) + e18(wr.FATE_DESTROYED)
      if b > best then best, best_taken = b, {k, a} end
    end
  end
  local top = advice.choices[1]
  eq(top.option[1], best_taken[1], "the knights' choice")
  eq(top.option[2], best_taken[2], "the archers' choice")
  local shown = tonumber(((top.break_probability:match("^0%.(%d+)$") or "") .. ("0"):rep(9)):sub(1, 9))
  check(math.abs(shown - best) <= 2, "the break probability, to 10^-9")
  if T.has_integers then
    check(top.break_e18 > 0 and top.break_e18 <= 1000000000000000000, "break_e18")
  end
  check(#top.reasons > 0, "reasons")
  for _, r in ipairs(top.reasons) do
    check(r.source:sub(1, 1) == "[", "a reason cites its section: " .. r.source)
    check(#r.text > 0, "a reason's text")
  end
  check(top.odds:unit_fate_exact(orcs, wr.FATE_ROUTS):match("^0%.") ~= nil, "its odds")
end

do
  local adv = wr.ChargeAdvisor()
  local calls = 0
  adv:set_morale(function(test)
    calls = calls + 1
    check(test.unit ~= nil, "the test's unit is a MeleeUnit")
    return 60, 10, 30
  end)
  adv:add_fight(fights[1][1], fights[1][2])
  eq(adv:add_option(options[1]), 0, "the first option")
  raises("WR_ERR_INVALID", adv.add_option, adv, options[1])
  raises("WR_ERR_FORBIDDEN", adv.add_option, adv,
    {attacker = spears, enemy = goblins, in_contact = 4, enemy_in_contact = 4})
  raises("WR_ERR_NULL", adv.add_option, adv, {enemy = goblins})
  raises("WR_ERR_NULL", adv.rank, adv, {aim = wr.CHARGE_AIM_BREAK})
  raises("WR_ERR_RANGE", adv.rank, adv, {top = 0})
  raises("WR_ERR_STATE", adv.choice, adv, 0)
  local info = adv:rank{max_rounds = 2, top = 5}
  eq(info.choices, 2, "hold back or flank")
  check(calls > 0, "the Lua model ran")
  local c = adv:choice(0)
  eq(c.attackers, 1, "one attacker")
  check(c.reasons > 0, "reasons")
  local r = adv:reason(0, 0)
  check(r.event.rule ~= nil, "an event")
  raises("WR_ERR_RANGE", adv.choice, adv, 2)
  check(adv:odds(0):exponent() > 0, "odds")
  eq(wr.charge_advisor_params_default().top, 5, "default top")
  adv:close()
end

T.finish("lua advisor")
