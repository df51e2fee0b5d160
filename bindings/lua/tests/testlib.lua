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

-- Checks that f(...) raises an error whose message starts with status.
function M.raises(status, f, ...)
  M.checks = M.checks + 1
  local ok, err = pcall(f, ...)
  if ok or type(err) ~= "string" or err:sub(1, #status) ~= status then
    M.failures = M.failures + 1
    io.stderr:write(("FAIL %s: expected an error starting with %s, got %s\n"):format(
      where(), status, ok and "no error" or tostring(err)))
  end
end

function M.finish(name)
  if M.failures > 0 then
    io.stderr:write(("%s: %d of %d checks failed\n"):format(name, M.failures, M.checks))
    os.exit(1)
  end
  print(("%s: all %d checks passed"):format(name, M.checks))
end

return M
