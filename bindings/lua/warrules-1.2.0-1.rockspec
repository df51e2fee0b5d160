-- The Lua module `warrules`, built against an installed libwarrules (its
-- headers and shared library: `cmake --install`, see bindings/lua/README.md).
-- From this folder: luarocks make [WARRULES_DIR=/usr/local]
-- The version is the library's (include/warrules/core.h); ctest
-- lua.rockspec_version checks that they agree.
rockspec_format = "3.0"
package = "warrules"
version = "1.2.0-1"
-- `luarocks make` builds from the folder this file sits in (the source tree's
-- bindings/lua); the url names that tree, two folders up.
source = {
   url = "file://../..",
}
description = {
   summary = "Tabletop wargame rules (AD&D Battlesystem, Fantasy Warlord, Valormr campaign) for Lua",
   detailed = [[
      Binding of libwarrules, a C library of three tabletop wargame rule sets:
      AD&D Battlesystem chapter 11 (formations, charges, terrain), Fantasy
      Warlord hand-to-hand combat (melee rounds, morale, exact odds) and the
      Valormr campaign (strategic movement and the route planner). Runs on
      Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT 2.1 (LÖVE, Defold).
   ]],
   license = "MIT",
   labels = {"games", "wargames", "rules"},
}
dependencies = {
   "lua >= 5.1, < 5.5",
}
external_dependencies = {
   WARRULES = {
      header = "warrules/warrules.h",
      library = "warrules",
   },
}
build = {
   type = "builtin",
   modules = {
      warrules = {
         sources = {"warrules_lua.c", "core.c", "battlesystem.c", "melee.c", "campaign.c", "names.c",
                    "advisor.c"},
         incdirs = {"$(WARRULES_INCDIR)", "generated"},
         libdirs = {"$(WARRULES_LIBDIR)"},
         libraries = {"warrules"},
      },
   },
}
