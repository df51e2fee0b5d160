-- The example's numbers from a plain Lua: `luajit check.lua` prints what the
-- LÖVE game prints with --test (the ctest case love_example compares them).
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local battle = require("battle")
for _, line in ipairs((battle.report(wr))) do print(line) end
