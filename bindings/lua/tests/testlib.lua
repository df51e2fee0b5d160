-- A few checks shared by the Lua tests (not a test itself: ctest runs test_*.lua).
local M = {failures = 0, checks = 0}

local function where()
  local info = debug.getinfo(3, "Sl")
  return info.short_src .. ":" .. info.currentline
end

function M.check(cond, what)
  M.checks = M.checks + 1
  if not cond then
    M.failures = M.failures + 1
    io.stderr:write("FAIL " .. where() .. ": " .. tostring(what) .. "\n")
  end
end

function M.eq(got, want, what)
  M.checks = M.checks + 1
  if got ~= want then
    M.failures = M.failures + 1
    io.stderr:write(("FAIL %s: %s: got %s, want %s\n"):format(where(), tostring(what), tostring(got),
                                                              tostring(want)))
  end
end

-- Checks that f(...) raises an error object of that status (a table with
-- status and name, whose message starts with the status name).
function M.raises(status, f, ...)
  M.checks = M.checks + 1
  local ok, err = pcall(f, ...)
  local good = not ok and type(err) == "table" and err.name == status and type(err.status) == "number"
    and tostring(err):sub(1, #status) == status
  if not good then
    M.failures = M.failures + 1
    io.stderr:write(("FAIL %s: expected an error starting with %s, got %s\n"):format(
      where(), status, ok and "no error" or tostring(err)))
  end
end

-- The same tests on every Lua: 5.1, 5.2 and LuaJIT have no bitwise operators,
-- no math.type and no <close>; these stand in for them (flags are 0..2^32-1).
local function bits(a, b, keep)
  local r, bit = 0, 1
  for _ = 1, 32 do
    local x, y = a % 2, b % 2
    if keep(x == 1, y == 1) then r = r + bit end
    a, b, bit = (a - x) / 2, (b - y) / 2, bit * 2
  end
  return r
end
function M.band(a, b) return bits(a, b, function(x, y) return x and y end) end
function M.bor(a, b) return bits(a, b, function(x, y) return x or y end) end
function M.is_integer(v)
  if math.type then return math.type(v) == "integer" end
  return type(v) == "number" and v == math.floor(v)
end
M.has_integers = math.type ~= nil
function M.idiv(a, b) return math.floor(a / b) end

function M.finish(name)
  if M.failures > 0 then
    io.stderr:write(("%s: %d of %d checks failed\n"):format(name, M.failures, M.checks))
    os.exit(1)
  end
  print(("%s: all %d checks passed"):format(name, M.checks))
end

return M
