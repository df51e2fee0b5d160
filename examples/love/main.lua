-- A small LÖVE 11 game over libwarrules: an army marches across a valley
-- (the campaign planner) and the exact odds of the melee at the far bank
-- (Fantasy Warlord) are drawn as bars. `love examples/love` plays it;
-- `love examples/love --test OUT.png` draws one frame, saves it, prints the
-- numbers and quits (the ctest case love_example).
local ok, wr = pcall(require, "warrules")
local battle = require("battle")

local state = {}
local SIZE = 26                     -- hex radius in pixels
local ORIGIN_X, ORIGIN_Y = 70, 70
local COLOURS = {c = {0.80, 0.87, 0.62}, f = {0.22, 0.50, 0.25}, s = {0.45, 0.55, 0.50},
                 h = {0.72, 0.60, 0.40}, m = {0.55, 0.50, 0.48}}
local NAMES = {c = "clear", f = "forest", s = "swamp", h = "hills", m = "mountains"}

local function pixel(h) -- pointy-top axial hex to screen
  return ORIGIN_X + SIZE * math.sqrt(3) * (h.q + h.r / 2), ORIGIN_Y + SIZE * 1.5 * h.r
end

local function hex_polygon(h)
  local x, y = pixel(h)
  local points = {}
  for i = 0, 5 do
    local a = math.rad(60 * i - 30)
    points[#points + 1] = x + SIZE * math.cos(a)
    points[#points + 1] = y + SIZE * math.sin(a)
  end
  return points
end

function love.load(args)
  for i, a in ipairs(args) do
    if a == "--test" then state.test_png = args[i + 1] or "love_example.png" end
  end
  if state.test_png then -- headless test: an error ends the run with a status, not a screen
    love.errorhandler = function(message)
      print("error: " .. tostring(message))
      os.exit(3)
    end
  end
  love.graphics.setBackgroundColor(0.97, 0.96, 0.92)
  state.font = love.graphics.newFont(14)
  state.small = love.graphics.newFont(11)
  if not ok then
    state.error = "the warrules module did not load: " .. tostring(wr) ..
                  "\nSet LUA_CPATH to the folder of warrules.so (bindings/lua/README.md)."
    print(state.error)
    return
  end
  state.lines, state.map, state.route, state.ends = battle.report(wr)
  for _, line in ipairs(state.lines) do print(line) end
end

local function draw_map()
  for _, t in ipairs(battle.terrain) do
    love.graphics.setColor(COLOURS[t.kind])
    love.graphics.polygon("fill", hex_polygon(t.hex))
    love.graphics.setColor(0.35, 0.35, 0.30)
    love.graphics.polygon("line", hex_polygon(t.hex))
  end
  -- the river along its hexsides; the ford in pale blue. Corner i of a hex
  -- is at 60 i - 30 degrees, so hexside d (0 east, 1 north-east, 2
  -- north-west, counter-clockwise on the screen) runs from corner 6 - d to
  -- corner 6 - d + 1 (modulo 6).
  love.graphics.setLineWidth(5)
  for _, r in ipairs(battle.river) do
    local p = hex_polygon(r.hex)
    local a, b = (6 - r.direction) % 6, (7 - r.direction) % 6
    love.graphics.setColor(r.ford and {0.55, 0.80, 0.95} or {0.15, 0.35, 0.80})
    love.graphics.line(p[2 * a + 1], p[2 * a + 2], p[2 * b + 1], p[2 * b + 2])
  end
  -- the route, a dot for each day's camp
  love.graphics.setLineWidth(3)
  love.graphics.setColor(0.70, 0.10, 0.10)
  local line = {}
  for _, s in ipairs(state.route.steps) do
    local x, y = pixel(s.hex)
    line[#line + 1], line[#line + 2] = x, y
  end
  if #line >= 4 then love.graphics.line(line) end
  love.graphics.setFont(state.small)
  for i, s in ipairs(state.route.steps) do
    local nxt = state.route.steps[i + 1]
    if not nxt or nxt.day ~= s.day then
      local x, y = pixel(s.hex)
      love.graphics.setColor(0.70, 0.10, 0.10)
      love.graphics.circle("fill", x, y, 9)
      love.graphics.setColor(1, 1, 1)
      love.graphics.printf(tostring(s.day), x - 9, y - 7, 18, "center")
    end
  end
  love.graphics.setLineWidth(1)
end

local function draw_legend(x, y)
  love.graphics.setFont(state.small)
  for _, k in ipairs({"c", "f", "s", "h", "m"}) do
    love.graphics.setColor(COLOURS[k])
    love.graphics.rectangle("fill", x, y, 14, 14)
    love.graphics.setColor(0.1, 0.1, 0.1)
    love.graphics.print(NAMES[k], x + 20, y)
    y = y + 18
  end
  love.graphics.setColor(0.15, 0.35, 0.80); love.graphics.rectangle("fill", x, y + 5, 14, 4)
  love.graphics.setColor(0.1, 0.1, 0.1); love.graphics.print("minor river (pale: ford)", x + 20, y)
  y = y + 18
  love.graphics.setColor(0.70, 0.10, 0.10); love.graphics.circle("fill", x + 7, y + 7, 7)
  love.graphics.setColor(0.1, 0.1, 0.1); love.graphics.print("camp at the end of day N", x + 20, y)
end

local function draw_odds(x, y, width)
  love.graphics.setFont(state.font)
  love.graphics.setColor(0.1, 0.1, 0.1)
  love.graphics.print("The melee at the ford, fought to the end (exact odds)", x, y)
  y = y + 26
  for _, e in ipairs(state.ends) do
    love.graphics.setColor(0.1, 0.1, 0.1)
    love.graphics.print(e.name, x, y)
    love.graphics.setColor(0.85, 0.85, 0.80)
    love.graphics.rectangle("fill", x + 140, y, width, 16)
    love.graphics.setColor(0.25, 0.40, 0.65)
    love.graphics.rectangle("fill", x + 140, y, width * e.share, 16)
    love.graphics.setColor(0.1, 0.1, 0.1)
    love.graphics.print(("%.2f %%"):format(100 * e.share), x + 150 + width, y)
    y = y + 24
  end
end

function love.draw()
  if state.error then
    love.graphics.setColor(0.6, 0, 0)
    love.graphics.print(state.error, 20, 20)
    return
  end
  draw_map()
  love.graphics.setFont(state.font)
  love.graphics.setColor(0.1, 0.1, 0.1)
  love.graphics.print(("The march: infantry arrives on day %d"):format(state.route.arrival_day), 20, 10)
  draw_legend(760, 60)
  draw_odds(40, 420, 420)
  if state.test_png and not state.captured then
    state.captured = true
    love.graphics.captureScreenshot(function(image)
      local file = assert(io.open(state.test_png, "wb"))
      file:write(image:encode("png"):getString())
      file:close()
      print("screenshot " .. state.test_png)
      love.event.quit(0)
    end)
  end
end

function love.keypressed(key)
  if key == "escape" then love.event.quit() end
end
