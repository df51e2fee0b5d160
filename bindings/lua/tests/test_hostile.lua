-- Hostile use of the module (issue 25): a foreign userdata given a warrules
-- metatable (debug.setmetatable) or a handle given another type's metatable
-- is refused, never written into; handles made by finalizers while the
-- state closes are released (or refused), never leaked.
package.path = (arg[0]:match("(.*/)") or "./") .. "?.lua;" .. package.path
local wr = require("warrules")
local T = require("testlib")
local check, eq, raises = T.check, T.eq, T.raises

local men = wr.Profile(wr.RACE_HUMAN)
local a, b = wr.MeleeUnit(men, {figures = 4, files = 2}), wr.MeleeUnit(men, {figures = 4, files = 2})
local engagement = wr.Engagement(a, b, {side = {[0] = {in_contact = 2}, [1] = {in_contact = 2}}})
local handles = {
  Rng = wr.Rng(1), Figure = wr.Figure{hd = 1}, Unit = wr.Unit(wr.Figure{hd = 1}),
  Formation = wr.Formation(0, 2), Profile = men, HitChart = wr.HitChart(), MeleeUnit = a,
  Engagement = engagement, MeleeOdds = engagement:odds(2), OddsWorkspace = wr.OddsWorkspace(),
  Map = wr.Map(3, 3), Planner = wr.Planner(), MeleePhase = wr.MeleePhase(),
}

-- the methods of a type, from its metatable
local function methods(mt)
  local t = type(mt.__index) == "table" and mt.__index or mt.methods
  local out = {}
  for name, f in pairs(t or {}) do out[#out + 1] = {name, f} end
  table.sort(out, function(x, y) return x[1] < y[1] end)
  return out
end

local function refused(ok, err, what)
  check(not ok, what .. ": refused")
  check(type(err) == "table" and err.name == "WR_ERR_INVALID", what .. ": WR_ERR_INVALID, got "
        .. tostring(type(err) == "table" and err.name or err))
end

-- a foreign userdata with each type's metatable: every method refuses it,
-- and its __gc leaves it alone
do
  local f = io.tmpfile()
  local own = debug.getmetatable(f)
  for name, h in pairs(handles) do
    local mt = getmetatable(h)
    eq(mt.__name, "warrules." .. name, "metatable of " .. name)
    debug.setmetatable(f, mt)
    for _, m in ipairs(methods(mt)) do
      local ok, err = pcall(m[2], f, 1, 1, 1)
      refused(ok, err, name .. ":" .. m[1] .. " on a file")
    end
    local ok, err = pcall(tostring, f)
    refused(ok, err, "tostring of a file as a " .. name)
    ok, err = pcall(mt.__close or mt.__index.close, f)
    refused(ok, err, name .. " close of a file")
    check(pcall(mt.__gc, f), name .. " __gc of a file is quiet")
  end
  debug.setmetatable(f, own)
  f:write("still a file")
  f:seek("set")
  eq(f:read("*a"), "still a file", "the file was never written into")
  f:close()
end

-- a handle with another type's metatable is still what it was made as
do
  local rng = wr.Rng(3)
  local planner_mt = getmetatable(handles.Planner)
  debug.setmetatable(rng, planner_mt)
  local ok, err = pcall(planner_mt.__index and planner_mt.__index.route or planner_mt.methods.route,
                        rng, handles.Map, {}, {q = 0, r = 0}, {q = 1, r = 0})
  refused(ok, err, "an Rng as a Planner")
  ok, err = pcall(wr.planner_free, rng)
  refused(ok, err, "planner_free of an Rng")
  check(pcall(planner_mt.__gc, rng), "a Planner's __gc of an Rng is quiet")
  local n = wr.rng_roll(rng, 6)
  check(n >= 1 and n <= 6, "the Rng still rolls")
  debug.setmetatable(rng, getmetatable(handles.Rng))
  rng:close()
  -- a phase side whose unit is a file
  local f = io.tmpfile()
  local own = debug.getmetatable(f)
  debug.setmetatable(f, getmetatable(a))
  ok, err = pcall(handles.MeleePhase.add, handles.MeleePhase, {unit = f, in_contact = 2},
                  {unit = b, in_contact = 2})
  refused(ok, err, "a file as a phase side's unit")
  debug.setmetatable(f, own)
  f:close()
end

-- handles made by finalizers while the state closes: a child interpreter
local interpreter = arg[-1]
local cpath = package.cpath
local function child(script)
  local path = os.tmpname()
  local out = assert(io.open(path, "w"))
  out:write("package.cpath = " .. string.format("%q", cpath) .. "\n" .. script)
  out:close()
  local pipe = assert(io.popen(interpreter .. " " .. path .. " 2>&1"))
  local text = pipe:read("*a")
  pipe:close()
  return text, path
end

local gc_object = [[
local function gc_object(fn)
  if newproxy then local p = newproxy(true); getmetatable(p).__gc = fn; return p end
  return setmetatable({}, {__gc = fn})
end
]]
-- Lua 5.1 and LuaJIT unload the module before they finalize objects made
-- before it was loaded: only 5.2 and later can test a finalizer that runs
-- after the module's own.
local older = newproxy == nil and [[
early = gc_object(function()
  local ok, err = pcall(wr.Rng, 1)
  print("after:", ok, type(err) == "table" and err.name or err)
  print("stripped:", getmetatable(orphan) == nil)
end)
]] or ""
local script = gc_object .. "local wr\n" .. older .. [[
wr = require("warrules")
late = gc_object(function()
  orphan = wr.Rng(1)
  orphan_unit = wr.MeleeUnit(wr.Profile(wr.RACE_HUMAN), {figures = 4, files = 2})
  print("made:", orphan:roll(6) >= 1, orphan_unit:def().figures)
end)
]]
do
  local text, path = child(script)
  check(text:find("made:%s+true%s+4") ~= nil, "a handle made by a finalizer while closing: " .. text)
  if newproxy == nil then
    check(text:find("after:%s+false%s+WR_ERR_STATE") ~= nil, "refused once the module's sentinel ran: " .. text)
    check(text:find("stripped:%s+true") ~= nil, "released by the module's sentinel: " .. text)
  end
  -- with valgrind at hand: nothing made while closing is lost
  if os.execute("command -v valgrind > /dev/null 2>&1") == true or
     os.execute("command -v valgrind > /dev/null 2>&1") == 0 then
    local pipe = assert(io.popen("valgrind -q --leak-check=full --errors-for-leak-kinds=definite "
      .. "--error-exitcode=9 " .. interpreter .. " " .. path .. " > /dev/null 2>&1; echo $?"))
    local status = pipe:read("*a")
    pipe:close()
    eq(tonumber(status), 0, "valgrind: no leak, no error (exit status)")
  end
  os.remove(path)
end

for _, h in pairs(handles) do h:close() end
T.finish("lua hostile")
