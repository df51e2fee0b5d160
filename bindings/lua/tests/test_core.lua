-- warrules/core.h through the Lua module: statuses, version, dice, and the
-- handle conventions every type shares (close twice, __tostring,
-- __gc, status-named errors for bad arguments).
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

-- the version's one source is include/warrules/core.h
local header = assert(io.open((arg[0]:match("(.*/)") or "./") .. "../../../include/warrules/core.h"))
local version = header:read("*a"):match('#define WR_VERSION_STRING "([%d.]+)"')
header:close()
eq(wr.version(), version, "version"); eq(wr.VERSION_STRING, version, "VERSION_STRING")
local major, minor, patch = version:match("^(%d+)%.(%d+)%.(%d+)$")
local number = tonumber(major) * 10000 + tonumber(minor) * 100 + tonumber(patch)
eq(wr.version_number(), number, "version_number"); eq(wr.VERSION_NUMBER, number, "VERSION_NUMBER")
eq(wr.VERSION_MAJOR * 10000 + wr.VERSION_MINOR * 100 + wr.VERSION_PATCH, wr.version_number(), "parts")
local names = {[0] = "WR_OK", "WR_ERR_NULL", "WR_ERR_RANGE", "WR_ERR_INVALID", "WR_ERR_NOMEM",
               "WR_ERR_FORBIDDEN", "WR_ERR_STATE"}
for code = 0, 6 do
  eq(wr.status_name(code), names[code], "status_name " .. code)
  eq(wr[names[code]:sub(4)], code, "constant " .. names[code])
  check(#wr.status_str(code) > 0, "status_str " .. code)
end
eq(wr.status_name(7), "WR_UNKNOWN", "unknown status")
eq(wr.status_name(-1), "WR_UNKNOWN", "negative status")
check(#wr.status_str(99) > 0, "status_str never empty")
raises("WR_ERR_RANGE", wr.status_name, 2 ^ 40)
raises("WR_ERR_INVALID", wr.status_name, {})

-- dice: the pinned sequence, seeds as 64-bit patterns, clones
do
  local rng = wr.Rng(0)
  local rolls = {}
  for i = 1, 6 do rolls[i] = rng:roll(6) end
  eq(table.concat(rolls, ","), "4,5,1,3,5,6", "the pinned sequence of seed 0")
  local a, b = wr.Rng(42), wr.Rng(42)
  for _ = 1, 50 do eq(a:roll(1000000), b:roll(1000000), "same seed, same rolls") end
  local c = a:clone()
  for _ = 1, 20 do eq(a:roll(100), c:roll(100), "a clone continues the same sequence") end
  check(wr.Rng(-1):roll(1000000) ~= wr.Rng(1):roll(1000000), "-1 is the seed 2^64 - 1")
  eq(wr.Rng():roll(6), 4, "default seed 0")
  for _ = 1, 200 do
    local r = rng:roll(2)
    check(r == 1 or r == 2, "roll in 1..sides")
  end
  raises("WR_ERR_RANGE", rng.roll, rng, 1)
  raises("WR_ERR_RANGE", rng.roll, rng, 1000001)
  raises("WR_ERR_RANGE", rng.roll, rng, 6.5)
  raises("WR_ERR_INVALID", rng.roll, rng, "six")
  raises("WR_ERR_INVALID", rng.roll, rng)
  raises("WR_ERR_INVALID", wr.Rng, "seed")
  eq(wr.rng_roll(wr.Rng(0), 6), 4, "module-level rng_roll")
  eq(tostring(rng), "warrules.Rng", "tostring")
  raises("WR_ERR_INVALID", rng.roll, wr.Figure(), 6)
end

-- closing: twice is harmless, a closed handle raises WR_ERR_STATE, __gc
-- frees what is left (test_close.lua: <close> on Lua 5.4)
do
  local r = wr.Rng(1)
  r:close(); r:close()
  wr.rng_free(r)
  raises("WR_ERR_STATE", r.roll, r, 6)
  raises("WR_ERR_STATE", r.clone, r)
  eq(tostring(r), "warrules.Rng (closed)", "closed tostring")
  for i = 1, 1000 do wr.Rng(i):roll(6) end
  collectgarbage(); collectgarbage()
  local mt = getmetatable(wr.Rng(0))
  eq(mt.__name, "warrules.Rng", "metatable name")
  check(type(mt.__gc) == "function" and type(mt.__close) == "function", "__gc and __close")
  check(pcall(mt.__gc, {}) and pcall(mt.__gc, io.stdout), "__gc of what is not an Rng is quiet")
end

T.finish("lua core")
