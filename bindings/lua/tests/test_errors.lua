-- Errors are objects a script can test without parsing text: {status, name,
-- message, and the library's detail}, whose tostring starts with the status
-- name and gives the caller's position. Numbers on a Lua without integers.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

-- Calls f and returns its error object (f must fail).
local function error_of(f)
  local ok, err = pcall(f)
  check(not ok, "the call fails")
  return err
end
local function has(text, part, what)
  check(type(text) == "string" and text:find(part, 1, true) ~= nil,
        ("%s: %q in %q"):format(what, part, tostring(text)))
end
local this = "test_errors.lua:"

-- a library failure with the library's detail
do
  local rng = wr.Rng(0)
  local line = debug.getinfo(1, "l").currentline + 1
  local err = error_of(function() local r = rng:roll(1); return r end) -- not a tail call (LuaJIT drops those frames)
  eq(type(err), "table", "an error object")
  eq(err.status, wr.ERR_RANGE, "status"); eq(err.name, "WR_ERR_RANGE", "name")
  eq(err["function"], "wr_rng_roll", "the C function"); eq(err.argument, "sides", "argument")
  eq(err.value, 1, "value"); eq(err.expected, "2..1000000", "expected")
  eq(tostring(err), err.message, "tostring is the message")
  eq(tostring(err):sub(1, 14), "WR_ERR_RANGE: ", "the message starts with the status name")
  has(err.message, this .. line .. ":", "the caller's position")
  has(err.message, "Rng:roll", "the Lua name")
  has(err.message, "sides = 1", "the argument and its value")
  has(err.message, "2..1000000", "the allowed range")
  has("error: " .. err, "WR_ERR_RANGE", "concatenation reads the message")
  has(err .. "!", "WR_ERR_RANGE", "concatenation on the right")
  eq(err:match("^(WR_[%u_]+):"), "WR_ERR_RANGE", "string methods read the message, as when errors were strings")
  check(err:find("sides = 1", 1, true) ~= nil, "err:find"); eq(err:sub(1, 6), "WR_ERR", "err:sub")
  eq(err.no_such_field, nil, "other keys are nil")
  eq(wr.last_error(), "", "the detail went into the error object")
end

-- every library failure records its detail (since 1.1): the C function, the
-- argument, its value when it has one, and the range or rule. (The binding's
-- fallback for a failure without a detail, naming the values passed as in
-- "half_die(7)", is no longer reached by any call, so it is not tested here.)
do
  local err = error_of(function() return wr.half_die(7) end)
  eq(err.status, wr.ERR_RANGE, "status"); eq(err["function"], "wr_half_die", "the C function")
  eq(err.argument, "d6", "argument"); eq(err.value, 7, "value"); eq(err.expected, "1..6", "expected")
  has(err.message, "half_die: wr_half_die: d6 = 7 is outside 1..6", "the Lua name, then the detail")
  err = error_of(function() return wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MAJOR, wr.CROSS_FORD, 12) end)
  eq(err.name, "WR_ERR_INVALID", "major ford"); eq(err["function"], "wr_river_crossing", "the C function")
  eq(err.argument, "crossing", "argument"); eq(err.value, nil, "no number to show")
  has(err.expected, "[Crossing]", "the rule that forbids it"); has(err.message, "river_crossing: ", "the Lua name")
  local f = wr.Figure()
  err = error_of(function() f.ar = 1000 end)
  eq(err.status, wr.ERR_RANGE, "a field out of range"); eq(err["function"], "wr_figure_set", "the C function")
  eq(err.value, 1000, "value"); has(err.message, "ar = 1000", "the field and its value")
  has(err.message, this, "the position of the assignment")
  -- refused by the binding before the library is called: no C function named
  err = error_of(function() return wr.half_die("x") end)
  eq(err["function"], nil, "a binding error has no library detail")
end

-- bad arguments: the argument's number, the function's name, the value
do
  local rng = wr.Rng(0)
  local err = error_of(function() return wr.half_die("x") end)
  eq(err.status, wr.ERR_INVALID, "wrong type")
  has(err.message, "bad argument #1 to 'half_die' (integer expected, got string)", "argument error")
  has(err.message, this, "position")
  err = error_of(function() local r = rng:roll(6.5); return r end)
  eq(err.status, wr.ERR_RANGE, "not an integer"); has(err.message, "#1 to 'Rng:roll' (6.5 ", "method argument")
  err = error_of(function() return wr.half_die(2 ^ 40) end)
  eq(err.status, wr.ERR_RANGE, "beyond a C int"); has(err.message, "#1 to 'half_die'", "named")
  rng:close()
  err = error_of(function() return rng:roll(6) end)
  eq(err.status, wr.ERR_STATE, "closed"); has(err.message, "closed", "says closed")
  err = error_of(function() return wr.Unit(wr.Figure(), {figure = 1}) end)
  eq(err.status, wr.ERR_INVALID, "unknown field"); has(err.message, "'figure'", "names the field")
  err = error_of(function() return wr.tactical_check(wr.Unit(wr.Figure{mv = 12}), wr.Formation(0, 2), {{length = -1}}) end)
  eq(err.status, wr.ERR_RANGE, "a field of a leg"); has(err.message, this, "position")
end

-- a batch names the refused item
do
  local err = error_of(function() return wr.terrain_speed_batch({0, 5}, {0, 0}) end)
  eq(err.status, wr.ERR_FORBIDDEN, "forbidden item"); has(err.message, "item 2", "the item")
end

-- a missing or bad argument of a batch or table function is the caller's
-- argument, named, never a value the binding pushed (issue #30); called
-- through pcall or a tail call the function is still named (LuaJIT said '?')
do
  local err = error_of(function() local n = wr.terrain_speed_batch({0, 1, 2}); return n end)
  eq(err.status, wr.ERR_INVALID, "traits missing")
  has(err.message, "bad argument #2 (traits) to 'terrain_speed_batch' (a table expected, got nil)", "names traits")
  local ok, e2 = pcall(wr.terrain_speed_batch, {0, 1, 2})
  check(not ok, "pcall fails")
  has(e2.message, "bad argument #2 (traits) to 'warrules.terrain_speed_batch' (a table expected, got nil)",
      "named through pcall")
  e2 = error_of(function() return wr.terrain_speed_batch({0, 1, 2}) end)
  has(e2.message, "terrain_speed_batch'", "named in a tail call")
  check(not e2.message:find("userdata", 1, true) and not e2.message:find("'?'", 1, true), "no userdata, no '?'")
  err = error_of(function() local n = wr.terrain_speed_batch({0, 1}, {0, "x"}); return n end)
  has(err.message, "(traits) to 'terrain_speed_batch' (item 2: integer expected, got string)", "names the item")
  err = error_of(function() local n = wr.terrain_speed_batch({0, "x"}, {0, 0}); return n end)
  has(err.message, "bad argument #1 to 'terrain_speed_batch' (item 2: integer expected, got string)", "first argument")
  local side = {figures = {}, files = {}, in_contact = {}, weapon = {}, flags = {}, bcp = {}, modifiers = {}, d100 = {}}
  err = error_of(function() local a = wr.melee_rounds_batch(side); return a end)
  has(err.message, "bad argument #2 (b) to 'melee_rounds_batch' (a table expected, got nil)", "rounds batch b")
  local one = {figures = {1}, files = {1}, in_contact = {1}, weapon = {0}, flags = {"f"}, bcp = {1},
               modifiers = {0}, d100 = {1}}
  err = error_of(function() local a = wr.melee_rounds_batch(one, one); return a end)
  has(err.message, "bad argument #1 (a.flags) to 'melee_rounds_batch' (item 1: integer expected", "rounds batch column")
  err = error_of(function() local c = wr.rate_chariot({wr.Figure()}); return c end)
  has(err.message, "bad argument #2 (pullers) to 'rate_chariot' (a table expected, got nil)", "rate_chariot")
  err = error_of(function() local c = wr.rate_chariot({wr.Figure(), 3}, {}); return c end)
  has(err.message, "(passengers) to 'rate_chariot' (item 2: warrules.Figure expected, got number)", "a figure item")
  local m = wr.Map(3, 3)
  ok, err = pcall(m.hexside, m, 5)
  check(not ok and not err.message:find("'?'", 1, true), "a method through pcall is named: " .. err.message)
  err = error_of(function() local n = wr.half_die(1, 2); n = wr.tactical_check_batch(); return n end)
  has(err.message, "bad argument #1 to 'tactical_check_batch'", "tactical_check_batch")
end

-- errors raised in Lua callbacks come through unchanged
do
  local pl = wr.Planner()
  local mine = setmetatable({}, {__tostring = function() return "mine" end})
  local ok, err = pcall(pl.route_graph, pl, {node_count = 2, moves = function() error(mine) end}, {}, 0, 1)
  check(not ok and err == mine, "the callback's own error object")
end

-- 64-bit seeds as strings, on every Lua; numbers on a Lua without integers
do
  local a, b = wr.Rng("18446744073709551615"), wr.Rng(-1)
  eq(a:roll(1000000), b:roll(1000000), "the string of 2^64 - 1 is the seed -1")
  eq(wr.Rng("0x10"):roll(1000), wr.Rng(16):roll(1000), "hexadecimal")
  eq(wr.Rng("-2"):roll(1000), wr.Rng(-2):roll(1000), "negative")
  raises("WR_ERR_INVALID", wr.Rng, "12x")
  raises("WR_ERR_INVALID", wr.Rng, "18446744073709551616")
  if not T.has_integers then
    -- a double beyond 2^53 may be rounded already: refused, not cut
    raises("WR_ERR_RANGE", wr.Rng, 2 ^ 60)
    raises("WR_ERR_RANGE", wr.Rng, 2 ^ 53 + 2)
    eq(wr.Rng(2 ^ 53):roll(1000), wr.Rng("9007199254740992"):roll(1000), "2^53 is exact")
    raises("WR_ERR_RANGE", wr.half_die, 0.5)
  end
end

T.finish("lua errors")
