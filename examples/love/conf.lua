function love.conf(t)
  t.identity = "warrules-example"
  t.version = "11.0"
  t.window.title = "libwarrules in LÖVE: a march and a melee"
  t.window.width, t.window.height = 960, 600
  t.modules.audio, t.modules.sound, t.modules.joystick, t.modules.physics = false, false, false, false
end
