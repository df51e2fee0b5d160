# The warrules tool on good and bad input (included by tests/CMakeLists.txt).
# Bad input exits 2 with one line on standard error naming the problem (and
# for files, FILE:LINE:COLUMN); JSON is parsed by python3; SVG is parsed by
# python3's xml.etree and its elements counted.
if(NOT WARRULES_BUILD_TOOL OR NOT TARGET warrules_tool)
  return()
endif()

set(TT ${CMAKE_CURRENT_SOURCE_DIR}/tool)
set(WR_EX ${PROJECT_SOURCE_DIR}/examples)
set(WR_TOOL $<TARGET_FILE:warrules_tool>)
set(WR_MSG sh ${TT}/expect_message.sh)
set(WR_JSON sh ${TT}/check_json.sh)
set(WR_OUT ${CMAKE_CURRENT_BINARY_DIR}/tool-out)
file(MAKE_DIRECTORY ${WR_OUT})
find_package(Python3 COMPONENTS Interpreter)

# wr_tool_test(NAME [WORKDIR dir] COMMAND ...): one ctest case, run in tests/tool
# so that messages carry the short relative paths.
function(wr_tool_test name)
  add_test(NAME tool_${name} COMMAND ${ARGN})
  set_tests_properties(tool_${name} PROPERTIES WORKING_DIRECTORY ${TT})
endfunction()

# wr_tool_refusals(PREFIX CASE...): a ctest case tool_PREFIXNAME for each
# "NAME|TEXT|ARG;ARG..." (the arguments joined by ';' in the string): the tool
# with those arguments exits 2 with one line on standard error holding TEXT.
function(wr_tool_refusals prefix)
  math(EXPR last "${ARGC} - 1")
  foreach(i RANGE 1 ${last}) # ARGV<i>, not ARGN: a case holds ';'
    string(REPLACE "|" ";" parts "${ARGV${i}}")
    list(GET parts 0 name)
    list(GET parts 1 text)
    list(SUBLIST parts 2 -1 args)
    wr_tool_test(${prefix}${name} ${WR_MSG} 2 "${text}" ${WR_TOOL} ${args})
  endforeach()
endfunction()

# The readers on mutated input (under the sanitizers when WARRULES_SANITIZE).
add_executable(tool_readers_stress ${TT}/readers_stress.c ${PROJECT_SOURCE_DIR}/src/tool/mapfile.c
  ${PROJECT_SOURCE_DIR}/src/tool/scenario.c ${PROJECT_SOURCE_DIR}/src/tool/lex.c)
target_include_directories(tool_readers_stress PRIVATE ${PROJECT_SOURCE_DIR}/src/tool)
target_link_libraries(tool_readers_stress PRIVATE warrules_static warrules_flags)
add_test(NAME tool_readers_stress COMMAND tool_readers_stress
  ${WR_EX}/crossing.map ${WR_EX}/valley.map ${WR_EX}/march.scn ${WR_EX}/melee.scn
  ${WR_EX}/custom-melee.scn ${WR_EX}/cavalry.scn ${TT}/maps/major_ford.map
  ${TT}/maps/flag_first.map ${TT}/scenarios/phase_flank_spears.scn ${TT}/scenarios/phase_corner.scn)

# The tool's functions called directly: every command with each allocation
# failing in turn (malloc, calloc, realloc wrapped by the linker), the readers
# on every kind of mistake, the helpers on their edges.
set(WR_TOOL_SOURCES cli.c demo.c util.c lex.c mapfile.c scenario.c rate.c melee.c profile.c route.c
  move.c svg.c sweep.c advise.c intercept.c)
list(TRANSFORM WR_TOOL_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/src/tool/)
add_executable(tool_unit ${TT}/tool_unit.c ${WR_TOOL_SOURCES})
target_include_directories(tool_unit PRIVATE ${PROJECT_SOURCE_DIR}/src/tool)
target_compile_definitions(tool_unit PRIVATE _GNU_SOURCE)
target_link_options(tool_unit PRIVATE -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc)
target_link_libraries(tool_unit PRIVATE warrules_static warrules_flags)
add_test(NAME tool_unit COMMAND tool_unit ${WR_EX} ${TT} ${WR_OUT})

# --help of every subcommand: exit 0 and a usage line.
foreach(sub demo rate melee odds route map)
  wr_tool_test(help_${sub} ${WR_TOOL} ${sub} --help)
  set_tests_properties(tool_help_${sub} PROPERTIES PASS_REGULAR_EXPRESSION "usage: warrules ${sub}")
endforeach()

# Good input.
wr_tool_test(rate_sample ${WR_TOOL} rate)
set_tests_properties(tool_rate_sample PROPERTIES PASS_REGULAR_EXPRESSION
  "cavalry +knight +AR +12 +HD +2 +AC +7 +MV +18")
wr_tool_test(rate_file ${WR_TOOL} rate ${WR_EX}/cavalry.scn)
set_tests_properties(tool_rate_file PROPERTIES PASS_REGULAR_EXPRESSION
  "chariot +war-chariot +AR +13 +HD +5 +AC +3 +MV +12")
wr_tool_test(rate_set ${WR_TOOL} rate --set figure.r.ar=10 --set figure.r.hd=4
  --set figure.m.hd=1 --set figure.m.mv=24 --set cavalry.c.rider=r --set cavalry.c.mount=m)
set_tests_properties(tool_rate_set PROPERTIES PASS_REGULAR_EXPRESSION
  "cavalry +c +AR +10 +HD +3 +AC +0 +MV +24")
wr_tool_test(melee_example ${WR_TOOL} melee --seed 7)
set_tests_properties(tool_melee_example PROPERTIES PASS_REGULAR_EXPRESSION "result: ")
wr_tool_test(melee_file ${WR_TOOL} melee ${WR_EX}/melee.scn)
wr_tool_test(melee_custom ${WR_TOOL} melee ${WR_EX}/custom-melee.scn --rounds 3)
wr_tool_test(odds_example ${WR_TOOL} odds)
set_tests_properties(tool_odds_example PROPERTIES PASS_REGULAR_EXPRESSION
  "side b \\(orcs\\) routs +[0-9]+\\.[0-9][0-9]%")
wr_tool_test(route_ford ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --to 11,3)
set_tests_properties(tool_route_ford PROPERTIES PASS_REGULAR_EXPRESSION
  "6,4 +clear +4 +3 +1 .*\\[Crossing\\].*\\[Fords\\]")
wr_tool_test(route_ferry ${WR_TOOL} route ${WR_EX}/march.scn --ascii)
set_tests_properties(tool_route_ferry PROPERTIES PASS_REGULAR_EXPRESSION "\\[Ferries\\]")
wr_tool_test(route_river_boat ${WR_TOOL} route --map ${WR_EX}/valley.map --mover river-boat
  --from 3,6 --to 6,6 --set route.tide=high)
set_tests_properties(tool_route_river_boat PROPERTIES PASS_REGULAR_EXPRESSION
  "6,6 +clear +1 +28 +1 +upstream")
wr_tool_test(route_unformed ${WR_TOOL} route --map maps/forest_band.map --mover cavalry
  --from 0,1 --to 8,1 --unformed --figures 300)
set_tests_properties(tool_route_unformed PROPERTIES PASS_REGULAR_EXPRESSION
  "moves unformed.*a day at the rally point to reform.*1 rally day\\(s\\); about 82 stragglers")
wr_tool_test(route_relative_map ${WR_TOOL} route scenarios/relative_map.scn)
wr_tool_test(route_reachable ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --days 2)
set_tests_properties(tool_route_reachable PROPERTIES PASS_REGULAR_EXPRESSION "reaches [0-9]+ hexes")
wr_tool_test(map_valley ${WR_TOOL} map ${WR_EX}/valley.map)
set_tests_properties(tool_map_valley PROPERTIES PASS_REGULAR_EXPRESSION "16 x 10 hexes")

# The demo: its march crosses the river by the ford; same seed, same output.
wr_tool_test(demo_march ${WR_TOOL} demo --seed 3)
set_tests_properties(tool_demo_march PROPERTIES PASS_REGULAR_EXPRESSION
  "\\[Crossing\\] \\[Saving Move Points\\] \\[Movement by Terrain Type\\] \\[Fords\\]")
wr_tool_test(demo_deterministic sh ${TT}/same_output.sh SAME "demo --seed 11" "demo --seed 11" ${WR_TOOL})
wr_tool_test(demo_default_seed sh ${TT}/same_output.sh SAME "demo" "demo --seed 1" ${WR_TOOL})
wr_tool_test(demo_seeds_differ sh ${TT}/same_output.sh DIFFERENT "demo --seed 1" "demo --seed 2" ${WR_TOOL})
wr_tool_test(melee_deterministic sh ${TT}/same_output.sh SAME "melee --seed 5 --json" "melee --seed 5 --json" ${WR_TOOL})

# JSON parsed by python3, with a look at its content.
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_rate ${WR_JSON} "len(d['figures']) == 3 and d['ratings'][0]['section'] == '[11.2]'"
    ${WR_TOOL} rate ${WR_EX}/cavalry.scn --json)
  wr_tool_test(json_escape sh ${TT}/json_escape.sh ${WR_TOOL} ${WR_EX} ${WR_OUT})
  wr_tool_test(json_melee ${WR_JSON} "d['rounds'][0]['events'][0]['section'][:1] == chr(91) and d['end'] != ''"
    ${WR_TOOL} melee --seed 9 --json)
  wr_tool_test(json_odds ${WR_JSON}
    "abs(sum(e['percent'] for e in d['ends']) - 100) < 0.1 and len(d['figures_left'][0]) == 11"
    ${WR_TOOL} odds --json)
  wr_tool_test(json_route ${WR_JSON}
    "d['arrival_day'] == 7 and any('ford' in s['flags'] for s in d['steps']) and d['steps'][0]['flags'][0] == 'start'"
    ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --to 11,3 --json)
  wr_tool_test(json_route_path_escape ${WR_JSON} "d['map'].endswith('crossing.map')"
    ${WR_TOOL} route --map ${WR_EX}/../examples/crossing.map --from 0,3 --to 11,3 --json)
  wr_tool_test(json_reachable ${WR_JSON} "[0, 3] in d['reachable']"
    ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --days 1 --json)

  # SVG: well-formed XML, one polygon per hex, the camps, the rivers, the bars.
  wr_tool_test(svg_route sh ${TT}/svg_run.sh ${WR_OUT}/route.svg
    "polygon.hex=84 circle.camp>=6 line.river=13 circle.ford=1 polyline.route=1 line.road=6"
    ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --to 11,3 --svg ${WR_OUT}/route.svg)
  wr_tool_test(svg_valley sh ${TT}/svg_run.sh ${WR_OUT}/valley.svg
    "polygon.hex=160 line.river=28 circle.ferry=2 rect.bridge=1 line.watercourse=8 circle.port=1"
    ${WR_TOOL} map ${WR_EX}/valley.map --svg ${WR_OUT}/valley.svg)
  wr_tool_test(svg_odds sh ${TT}/svg_run.sh ${WR_OUT}/odds.svg
    "rect.bar=29 rect.end=8 rect.figures=21 line.axis>=10"
    ${WR_TOOL} odds --svg ${WR_OUT}/odds.svg)
endif()

# Bad maps: FILE:LINE:COLUMN and the problem.
foreach(case
    "bad_terrain|bad_terrain.map:3:5: unknown terrain 'Q'"
    "ragged|ragged.map:4:5: row 2 has 3 hexes, the first row has 4"
    "bad_section|bad_section.map:3:2: unknown section 'lakes'"
    "off_map|off_map.map:5:1: hex 7,1 is off the 4 x 2 map"
    "crossing_without_river|crossing_without_river.map:5:5: no river on this side"
    "major_ford|major_ford.map:7:7: major rivers have no fords"
    "bad_direction|bad_direction.map:5:7: expected a direction"
    "no_terrain|no_terrain.map:1:1: the [terrain] section comes first"
    "empty|empty.map:1:1: the map needs a [terrain] section"
    "edge|edge.map:4:5: no hex beyond this side"
    "flag_first|flag_first.map:4:5: a flag follows the direction"
    "bad_region|bad_region.map:4:1: expected a region number 0-31, got '32'"
    "twice|twice.map:3:1: section [terrain] appears twice"
    "bad_feature|bad_feature.map:4:5: unknown feature 'harbour'"
    "river_extra|river_extra.map:4:13: expected a direction"
    "bad_hex|bad_hex.map:4:1: expected a hex as COLUMN,ROW, got '0,x'"
    "control|control.map:2:2: unknown terrain '\\x01'")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 text)
  wr_tool_test(bad_map_${file} ${WR_MSG} 2 "${text}" ${WR_TOOL} map maps/${file}.map)
endforeach()
wr_tool_test(bad_map_in_route ${WR_MSG} 2 "maps/ragged.map:4:5:"
  ${WR_TOOL} route --map maps/ragged.map --from 0,0 --to 1,0)
wr_tool_test(bad_map_nul sh -c
  "printf '[terrain]\\n..\\000.\\n' > '${WR_OUT}/nul.map' && sh '${TT}/expect_message.sh' 2 'nul.map:2:3: unknown terrain' '${WR_TOOL}' map '${WR_OUT}/nul.map'")
wr_tool_test(bad_map_binary sh -c
  "head -c 4096 '${WR_TOOL}' > '${WR_OUT}/binary.map' && sh '${TT}/expect_message.sh' 2 'binary.map:' '${WR_TOOL}' map '${WR_OUT}/binary.map'")

# Bad scenarios.
foreach(case
    "bad_number|melee|bad_number.scn:2:11: expected a whole number 0..100000, got 'ten'"
    "unknown_key|melee|unknown_key.scn:2:1: unknown key for a [side]: 'legs'"
    "unknown_section|odds|unknown_section.scn:1:2: unknown section 'army'"
    "missing_profile|melee|missing_profile.scn:5:1: [side b]: no [profile] of that name"
    "too_many_figures|odds|at most 200 figures a side"
    "unknown_figure|rate|unknown_figure.scn:5:9: no [figure] of that name: 'b'"
    "bad_damage|rate|bad_damage.scn:2:10: expected damage as XdY"
    "key_first|rate|key_first.scn:1:1: a key before the first section"
    "missing_map|route|cannot open 'scenarios/../maps/nowhere.map'"
    "side_twice|melee|side_twice.scn:13:1: section [side a] appears twice (first at line 3)")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 sub)
  list(GET parts 2 text)
  wr_tool_test(bad_scenario_${file} ${WR_MSG} 2 "${text}" ${WR_TOOL} ${sub} scenarios/${file}.scn)
endforeach()

# Bad usage: unknown options, missing files and values, bad numbers.
wr_tool_refusals("usage_"
    "rate_unknown_option|argument 1 '--fast': unknown option|rate;--fast"
    "melee_unknown_option|argument 1 '--svg': unknown option|melee;--svg;x.svg"
    "odds_unknown_option|argument 1 '--seed': unknown option|odds;--seed;3"
    "route_unknown_option|argument 1 '--quick': unknown option|route;--quick"
    "map_unknown_option|argument 2 '--fast': unknown option|map;maps/empty.map;--fast"
    "missing_scenario|cannot open 'nowhere.scn'|melee;nowhere.scn"
    "missing_map_file|cannot open 'nowhere.map'|map;nowhere.map"
    "map_no_file|no map file given|map"
    "seed_letters|--seed takes a whole number|melee;--seed;abc"
    "seed_negative|--seed takes a whole number|melee;--seed;-1"
    "seed_too_big|--seed takes a whole number|melee;--seed;18446744073709551616"
    "seed_missing|option --seed needs a value|melee;--seed"
    "rounds_zero|--rounds takes a whole number 1..1000|melee;--rounds;0"
    "odds_rounds|--rounds takes a whole number 1..40|odds;--rounds;41"
    "set_no_equals|--set side.a.figures: expected SECTION.KEY=VALUE|melee;--set;side.a.figures"
    "set_bad_value|--set side.a.figures=-1: expected a whole number|odds;--set;side.a.figures=-1"
    "set_unknown_section|unknown section 'army'|melee;--set;army.a.x=1"
    "set_side_c|a side is a or b, not 'c'|melee;--set;side.c.figures=3"
    "in_contact|the engagement is refused|melee;--set;side.a.in-contact=7"
    "route_no_map|no map: give --map FILE|route;--from;0,0;--to;1,1"
    "route_no_from|no start: give --from|route;--map;maps/bad_terrain.map"
    "route_bad_from|--from 3: expected a hex as COLUMN,ROW|route;--from;3"
    "route_from_off_map|the start hex 12,0 is off the 12 x 7 map|route;--map;../../examples/crossing.map;--from;12,0;--to;1,1"
    "route_bad_mover|expected infantry, cavalry|route;--mover;dragon"
    "route_no_route|no route for infantry|route;--map;../../examples/valley.map;--from;6,0;--to;0,0"
    "route_cataract|no route for river-boat from 3,6 to 8,6|route;--map;../../examples/valley.map;--mover;river-boat;--from;3,6;--to;8,6"
    "route_bad_tide|expected none, flood, ebb or high, got 'neap'|route;--set;route.tide=neap"
    "route_svg_unwritable|cannot write '/nonexistent/x.svg'|route;--map;../../examples/crossing.map;--from;0,3;--to;11,3;--svg;/nonexistent/x.svg"
    "two_scenarios|one scenario file only|odds;a.scn;b.scn")

# warrules sweep (docs/scaling.md): the table, the heatmap, each refusal
# reported with its line before any odds are computed.
wr_tool_test(help_sweep ${WR_TOOL} sweep --help)
set_tests_properties(tool_help_sweep PROPERTIES PASS_REGULAR_EXPRESSION "usage: warrules sweep")
wr_tool_test(sweep_table ${WR_TOOL} sweep ${WR_EX}/balance.sweep --rounds 5)
set_tests_properties(tool_sweep_table PROPERTIES PASS_REGULAR_EXPRESSION
  "^index,a,b,a.figures,a.charged,b.figures,b.charged,ongoing,.*\n323,militia,militia,12,yes,12,yes,[0-9]+,")
wr_tool_test(sweep_refused_pairs ${WR_TOOL} sweep sweeps/flanked.sweep)
set_tests_properties(tool_sweep_refused_pairs PROPERTIES PASS_REGULAR_EXPRESSION
  "\n3,urucks,urucks,flank,flank,,,,,,,,,,,WR_ERR_INVALID\n")
wr_tool_test(sweep_one_side ${WR_TOOL} sweep sweeps/one_side.sweep --rounds 3)
set_tests_properties(tool_sweep_one_side PROPERTIES PASS_REGULAR_EXPRESSION
  "^index,a,b,a.figures,a.charged,b.figures,b.files,ongoing,.*\n23,urucks,urucks,6,yes,6,5,")
wr_tool_test(sweep_deterministic sh ${TT}/same_output.sh SAME "sweep ${WR_EX}/balance.sweep --rounds 3"
  "sweep ${WR_EX}/balance.sweep --rounds 3" ${WR_TOOL})
wr_tool_test(sweep_every_refusal sh -c
  "'${WR_TOOL}' sweep sweeps/refused_two.sweep 2>&1 >/dev/null | grep -c 'refused_two.sweep:6: pikes (figures=[46]): the unit is refused (WR_ERR_FORBIDDEN)' | grep -qx 2")
# More refusals than are told: 20 lines, then the count, each variant once
# though it is on both sides.
wr_tool_test(sweep_many_refusals sh ${TT}/expect_lines.sh 2 21
  ": the unit is refused (WR_ERR_FORBIDDEN)" "warrules sweep: ... 25 refused variants in all"
  ${WR_TOOL} sweep sweeps/many_refused.sweep)
if(Python3_Interpreter_FOUND)
  wr_tool_test(svg_sweep sh ${TT}/svg_run.sh ${WR_OUT}/sweep.svg
    "rect.cell=324 rect.legend=21 text.row=18 text.col=18"
    ${WR_TOOL} sweep ${WR_EX}/balance.sweep --rounds 5 --svg ${WR_OUT}/sweep.svg)
  # every cell of the heatmap is side a's wins as the table has them: routs,
  # retirements and destructions of side b (issue 25: a heatmap leaving the
  # retirements out passed every other test); refused pairs grey
  wr_tool_test(sweep_heatmap_wins ${Python3_EXECUTABLE} ${TT}/sweep_heatmap.py ${WR_TOOL}
    ${WR_OUT}/sweep_heatmap_wins ${WR_EX}/balance.sweep --rounds 5 --need-b-retires)
  wr_tool_test(sweep_heatmap_refused ${Python3_EXECUTABLE} ${TT}/sweep_heatmap.py ${WR_TOOL}
    ${WR_OUT}/sweep_heatmap_refused sweeps/flanked.sweep)
endif()
foreach(case
    "bad_value|bad_value.sweep:7: vary.figures = ten: expected a whole number"
    "refused|refused.sweep:3: urucks (figures=4): the unit is refused (WR_ERR_FORBIDDEN)"
    "too_many|too_many.sweep:3: urucks (figures=300): the exact odds take at most 200 figures"
    "unknown_unit|unknown_unit.sweep:7:13: no [unit ents] above this line"
    "unit_key|unit_key.sweep:8:1: unknown key for a [side]: 'legs'"
    "no_units|no_units.sweep: no [unit NAME] section"
    "bad_name|bad_name.sweep:3:1: a unit needs a new name"
    "too_many_variants|too_many_variants.sweep: side a has 8192 variants (at most 4096)"
    "no_side_units|no_side_units.sweep:6:4: side a needs unit names"
    "bad_rounds|bad_rounds.sweep:6:9: rounds is 1..40"
    "empty_value|empty_value.sweep:6:18: an axis takes 1..64 values of 1..47 characters, separated by commas"
    "long_value|long_value.sweep:6:23: an axis takes 1..64 values of 1..47 characters"
    "too_many_values|too_many_values.sweep:6:261: an axis takes 1..64 values"
    "unknown_key|unknown_key.sweep:6:1: unknown [sweep] key 'seed' (a, b, rounds, vary.KEY)"
    "no_equals|no_equals.sweep:6:1: expected KEY = VALUE"
    "named_sweep|named_sweep.sweep:5:1: [sweep] takes no name"
    "long_name|long_name.sweep:3:1: a unit needs a new name of 1-31 letters, digits, '-' or '_'"
    "same_name|same_name.sweep:5:1: a unit needs a new name"
    "extra_word|extra_word.sweep:3:1: a unit needs a new name"
    "too_many_units|too_many_units.sweep:67:1: at most 32 units ('u33')"
    "too_many_axes|too_many_axes.sweep:15:1: at most 8 axes"
    "no_profile|no_profile.sweep:1: nobody: no profile given (profile = NAME)"
    "unknown_profile|unknown_profile.sweep:3: urucks (profile=ghosts): no [profile] of that name"
    "situation|situation.sweep:3: urucks: the situation is refused (WR_ERR_RANGE): wr_engagement_new: situation->side[0].in_contact = 7"
    "empty_header|empty_header.sweep:3:1: empty section header"
    "open_header|open_header.sweep:5:6: a section header ends with"
    "unnamed_unit|unnamed_unit.sweep:3:1: a unit needs a new name"
    "rounds_empty|rounds_empty.sweep:6:9: rounds is 1..40"
    "long_key|long_key.sweep:6:1: unknown [sweep] key 'vary.kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk'")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 text)
  wr_tool_test(bad_sweep_${file} ${WR_MSG} 2 "${text}" ${WR_TOOL} sweep sweeps/${file}.sweep)
endforeach()
wr_tool_test(usage_sweep_no_file ${WR_MSG} 2 "a sweep file is needed" ${WR_TOOL} sweep)
wr_tool_test(usage_sweep_rounds ${WR_MSG} 2 "--rounds takes 1..40" ${WR_TOOL} sweep x.sweep --rounds 41)
foreach(case
    "svg_stdout_csv|--svg - writes only the heatmap to standard output; it cannot go with --csv|--svg;-;--csv;t.csv"
    "same_file|--svg and --csv name the same file 't.out'|--svg;t.out;--csv;t.out"
    "unknown_option|argument 2 '--seed': unknown option|x.sweep;--seed;3"
    "two_files|argument 2 'b.sweep': one sweep file only (already 'a.sweep')|a.sweep;b.sweep"
    "missing_file|cannot open 'nowhere.sweep'|nowhere.sweep"
    "csv_unwritable|cannot write '/nonexistent/t.csv'|sweeps/sides.sweep;--csv;/nonexistent/t.csv")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 name)
  list(GET parts 1 text)
  list(SUBLIST parts 2 -1 args)
  wr_tool_test(usage_sweep_${name} ${WR_MSG} 2 "${text}" ${WR_TOOL} sweep ${args})
endforeach()

# The sides chosen by a = and b =, an axis over in-contact for side b only
# (side a's unit keeps its own in-contact = 2), blanks around the commas.
wr_tool_test(sweep_sides ${WR_TOOL} sweep sweeps/sides.sweep)
set_tests_properties(tool_sweep_sides PROPERTIES PASS_REGULAR_EXPRESSION
  "^index,a,b,b.in-contact,ongoing,a_routs,a_retires,b_routs,b_retires,a_destroyed,b_destroyed,both_destroyed,a_wins_e18,b_wins_e18,error\n0,dwarfs,urucks,1,[0-9]+,.*\n1,dwarfs,urucks,3,.*\n2,dwarfs,More_urucks-2,1,.*\n3,dwarfs,More_urucks-2,3,[0-9,]+,\n$")
# --csv OUT: the table in the file, nothing on standard output.
wr_tool_test(sweep_csv_file sh -c
  "rm -f '${WR_OUT}/sweep.csv'; '${WR_TOOL}' sweep sweeps/one_side.sweep --rounds 1 --csv '${WR_OUT}/sweep.csv' > '${WR_OUT}/sweep.stdout' && test ! -s '${WR_OUT}/sweep.stdout' && test $(wc -l < '${WR_OUT}/sweep.csv') -eq 25 && grep -q '^23,urucks,urucks,6,yes,6,5,[0-9]' '${WR_OUT}/sweep.csv'")
# --svg -: the heatmap on standard output and no table; a refused pair grey.
wr_tool_test(sweep_svg_stdout ${WR_TOOL} sweep sweeps/flanked.sweep --svg -)
set_tests_properties(tool_sweep_svg_stdout PROPERTIES PASS_REGULAR_EXPRESSION
  "^<svg [^\n]*\n<title>Side a wins: 2 x 2 matchups, up to 30 rounds</title>.*fill=\"#969696\"><title>urucks \\(attacked-in=flank\\) against urucks \\(attacked-in=flank\\): refused by the rules</title>"
  FAIL_REGULAR_EXPRESSION "index,a,b")
if(Python3_Interpreter_FOUND)
  # Every kind of [profile] key, a unit's in-contact and the full frontage
  # by default: the sweep's matchup has the odds of the same scenario.
  wr_tool_test(sweep_same_odds sh ${TT}/sweep_odds.sh ${WR_TOOL} sweeps/profile_keys.sweep 0
    scenarios/profile_keys.scn)
  # 512 rows: cells of 2 pixels and no labels.
  wr_tool_test(svg_sweep_wide sh ${TT}/svg_run.sh ${WR_OUT}/sweep_wide.svg
    "rect.cell=512 rect.legend=21 text.row=0 text.col=0"
    ${WR_TOOL} sweep sweeps/wide.sweep --svg ${WR_OUT}/sweep_wide.svg)
  wr_tool_test(svg_sweep_refused sh ${TT}/svg_run.sh ${WR_OUT}/sweep_refused.svg
    "rect.cell=4 text.row=2 text.col=2"
    ${WR_TOOL} sweep sweeps/flanked.sweep --svg ${WR_OUT}/sweep_refused.svg --csv ${WR_OUT}/sweep_refused.csv)
endif()

# The command line the GNU way: --opt=value, bundled short options, "--".
if(Python3_Interpreter_FOUND)
  wr_tool_test(cli_equals ${WR_JSON} "d['arrival_day'] == 7"
    ${WR_TOOL} route --map=${WR_EX}/crossing.map --from=0,3 --to=11,3 --json)
  wr_tool_test(cli_bundled ${WR_JSON} "d['arrival_day'] == 7 and d['from'] == [0, 3]"
    ${WR_TOOL} route -jm ${WR_EX}/crossing.map -f0,3 -t 11,3)
  wr_tool_test(cli_prefix ${WR_JSON} "d['arrival_day'] == 7"
    ${WR_TOOL} route --ma ${WR_EX}/crossing.map --fr 0,3 --to 11,3 --js)
  wr_tool_test(cli_options_after_file ${WR_JSON} "len(d['figures']) == 3"
    ${WR_TOOL} rate ${WR_EX}/cavalry.scn --json)
  wr_tool_test(map_json ${WR_JSON}
    "d['width'] == 16 and len(d['terrain']) == 10 and sum(s['crossing'] == 'ferry' for s in d['sides']) == 1 and any(h['port'] for h in d['hexes'])"
    ${WR_TOOL} map ${WR_EX}/valley.map --json)
endif()
wr_tool_test(map_ascii ${WR_TOOL} map --ascii ${WR_EX}/crossing.map)
set_tests_properties(tool_map_ascii PROPERTIES PASS_REGULAR_EXPRESSION "12 x 7 hexes.*terrain: \\. clear")
wr_tool_test(cli_double_dash ${WR_MSG} 2 "cannot open '--json'" ${WR_TOOL} map -- --json)

# Mistakes on the command line: one line, the argument's position, exit 2.
wr_tool_refusals("cli_"
    "command_suggestion|argument 1 'rout': unknown command, did you mean 'route'?|rout"
    "command_swapped|did you mean 'odds'?|odsd"
    "command_unknown|argument 1 'conquer': unknown command (try 'warrules --help')|conquer"
    "option_suggestion|argument 1 '--sed': unknown option, did you mean '--seed'?|demo;--sed;3"
    "option_suggestion_tie|argument 1 '--sed': unknown option, did you mean '--set' or '--seed'?|melee;--sed;4"
    "option_swapped|argument 3 '--mpa': unknown option, did you mean '--map'?|route;--from;0,3;--mpa;x.map"
    "option_ambiguous|argument 1 '--s' is ambiguous: --scenario, --set, --svg|route;--s;x"
    "option_takes_no_value|argument 1 '--json=3': option --json takes no value|melee;--json=3"
    "option_needs_value|argument 2: option --rounds needs a value|odds;--json;--rounds"
    "short_unknown|unknown option '-x'|melee;-x"
    "json_ascii|--json and --ascii cannot be combined|route;--json;--ascii;--map;m.map"
    "map_json_ascii|--json and --ascii cannot be combined|map;x.map;-ja"
    "json_svg_stdout|--json and --svg - cannot be combined: both write standard output|odds;--json;--svg;-"
    "ascii_svg_stdout|--ascii and --svg - cannot be combined|route;--ascii;--svg;-"
    "from_split|argument 1: --from takes the hex as one word COLUMN,ROW: --from 0,3, not --from 0 3|route;--from;0;3;--map;m.map"
    "to_split_equals|argument 2: --to takes the hex as one word COLUMN,ROW: --to 11,3, not --to 11 3|route;-f0,3;--to=11;3"
    "number_operand|argument 1 '7': a number where a scenario file is expected|route;7"
    "map_as_scenario|crossing.map:4:1: a map file (it opens with [terrain]), not a scenario (give a map with --map FILE)|route;../../examples/crossing.map"
    "map_as_melee_scenario|a map file (it opens with [terrain]), not a scenario|odds;../../examples/valley.map"
    "scenario_as_map|march.scn:3:2: a scenario file (it opens with [route]), not a map|map;../../examples/march.scn"
    "scenario_as_route_map|melee.scn:5:2: a scenario file (it opens with [profile]), not a map|route;--map;../../examples/melee.scn;--from;0,0;--to;1,1"
    "two_maps|argument 2 'b.map': one map file only (already 'a.map')|map;a.map;b.map"
    "scenario_twice|one scenario file only ('a.scn' and --scenario 'b.scn')|rate;a.scn;--scenario;b.scn"
    "demo_operand|argument 1 'x': the demo takes no file|demo;x"
    "rounds_position|argument 2: --rounds takes a whole number 1..40, not '0'|odds;--json;--rounds;0"
    "set_position|argument 4: --set figure.r.ar=500: expected a whole number -100..100, got '500'|rate;--json;--set;figure.a.ar=1;--set;figure.r.ar=500"
    "refused_engagement|refused.scn:10:1: [side a] against [side b]: the engagement is refused by the library: |melee;scenarios/refused.scn"
    "refused_odds|refused.scn:10:1: [side a] against [side b]: the engagement is refused|odds;scenarios/refused.scn"
    "refused_unit|[side a] is refused by the library: |melee;--set;profile.dwarfs.weapon.1=spear,forbidden"
    "set_only_profile|warrules melee: argument 3: [side a]: no [profile] of that name|melee;--seed;1;--set;side.a.profile=ghosts"
    "set_only_profile_odds|warrules odds: argument 1: [side b]: no [profile] of that name|odds;--set=side.b.profile=x"
    "set_profile_in_file|melee.scn:13:1: [side a]: no [profile] of that name|melee;../../examples/melee.scn;--set;side.a.profile=ghosts"
    "route_refused_detail|no route for infantry from 6,0 to 0,0 (or it cannot be at the start): |route;--map;../../examples/valley.map;--from;6,0;--to;0,0")

# A failed command leaves no output file (written to a temporary file and
# renamed on success): standard output full, then writable.
wr_tool_test(no_partial_svg sh ${TT}/no_partial_output.sh ${WR_OUT}/partial
  ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --to 11,3 --svg ${WR_OUT}/partial/out.svg)
wr_tool_test(no_partial_odds sh ${TT}/no_partial_output.sh ${WR_OUT}/partial_odds
  ${WR_TOOL} odds --svg ${WR_OUT}/partial_odds/out.svg)
wr_tool_test(no_svg_on_refusal sh -c
  "rm -f '${WR_OUT}/refused.svg'; '${WR_TOOL}' odds scenarios/refused.scn --svg '${WR_OUT}/refused.svg' 2>/dev/null; test $? -eq 2 && test ! -e '${WR_OUT}/refused.svg'")

# Outputs and inputs that are not regular files (issue 25): /dev/null and a
# FIFO with a reader are written straight into, a symbolic link is followed
# (the link stays); a FIFO with no process at its other end is refused after
# the tool's wait (5 s), never waited for forever.
foreach(case dev_null fifo_reader fifo_no_reader symlink fifo_writer fifo_no_writer)
  wr_tool_test(special_${case} sh ${TT}/special_files.sh ${case} ${WR_TOOL}
    ${WR_OUT}/special_${case} ${WR_EX})
  set_tests_properties(tool_special_${case} PROPERTIES TIMEOUT 60)
endforeach()

# Pictures rendered to PNG (rsvg-convert, Debian librsvg2-bin) and looked at:
# background, a legend item for every symbol drawn, start and goal rings at
# their hexes, camps visible, roads and fords over the route, reach coloured
# by day, a scale of days, axes and bars of the odds chart; coordinates of 9
# px readable on every terrain, days coloured far from every terrain, labels
# clear of the markers, a move's obstacles and end told apart, the sweep
# heatmap's 50 % cells set apart from the page.
if(Python3_Interpreter_FOUND)
  set(WR_PNG sh ${TT}/png_run.sh)
  wr_tool_test(png_route ${WR_PNG} ${WR_OUT}/png_route.svg
    "background legend start=0,3 goal=11,3 camps under days=7 coords days-apart=80"
    ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --to 11,3 --svg ${WR_OUT}/png_route.svg)
  wr_tool_test(png_ferry ${WR_PNG} ${WR_OUT}/png_ferry.svg
    "background legend start=6,0 goal=6,9 camps days=8 label=ferry:_days_4-5 label=3_nights labels-clear days-apart=80"
    ${WR_TOOL} route ${WR_EX}/march.scn --svg ${WR_OUT}/png_ferry.svg)
  wr_tool_test(png_rally ${WR_PNG} ${WR_OUT}/png_rally.svg
    "background legend start=0,1 goal=8,1 camps days=5 label=rally:_day_4 labels-clear"
    ${WR_TOOL} route --map maps/forest_band.map --mover cavalry --from 0,1 --to 8,1 --unformed
    --svg ${WR_OUT}/png_rally.svg)
  wr_tool_test(png_reach ${WR_PNG} ${WR_OUT}/png_reach.svg
    "background legend start=0,3 reach>=10 days=3 coords days-apart=80"
    ${WR_TOOL} route --map ${WR_EX}/crossing.map --from 0,3 --days 3 --svg ${WR_OUT}/png_reach.svg)
  wr_tool_test(png_map ${WR_PNG} ${WR_OUT}/png_map.svg "background legend coords"
    ${WR_TOOL} map ${WR_EX}/valley.map --svg ${WR_OUT}/png_map.svg)
  wr_tool_test(png_odds ${WR_PNG} ${WR_OUT}/png_odds.svg "background legend axes bars"
    ${WR_TOOL} odds --svg ${WR_OUT}/png_odds.svg)
  wr_tool_test(png_sweep ${WR_PNG} ${WR_OUT}/png_sweep.svg "background heatmap-mid"
    ${WR_TOOL} sweep ${WR_EX}/balance.sweep --rounds 5 --svg ${WR_OUT}/png_sweep.svg)
  set_tests_properties(tool_png_route tool_png_ferry tool_png_rally tool_png_reach tool_png_map
    tool_png_odds tool_png_sweep PROPERTIES SKIP_RETURN_CODE 77)
endif()

# The pictures shown in docs/tool.md are what the tool draws now.
add_test(NAME tool_docs_images COMMAND sh ${TT}/docs_images.sh ${WR_TOOL})
set_tests_properties(tool_docs_images PROPERTIES WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# Corners of the commands: every [route] key, a scenario on standard input,
# --scenario, missing parts, a full standard output.
wr_tool_test(route_every_key ${WR_TOOL} route scenarios/every_route_key.scn)
set_tests_properties(tool_route_every_key PROPERTIES PASS_REGULAR_EXPRESSION
  "arrives formed on day 5 with 3 of 12 points saved")
wr_tool_test(route_scenario_stdin sh -c "'${WR_TOOL}' route --map ../../examples/crossing.map - < scenarios/relative_map.scn")
set_tests_properties(tool_route_scenario_stdin PROPERTIES PASS_REGULAR_EXPRESSION "arrives formed on day")
wr_tool_test(rate_scenario_option ${WR_TOOL} rate --scenario ../../examples/cavalry.scn)
set_tests_properties(tool_rate_scenario_option PROPERTIES PASS_REGULAR_EXPRESSION "war-chariot")
wr_tool_test(stdout_full sh -c "'${WR_TOOL}' rate 2>&1 >/dev/full")
set_tests_properties(tool_stdout_full PROPERTIES PASS_REGULAR_EXPRESSION
  "^warrules rate: error writing standard output\n$")
wr_tool_refusals("corner_"
    "route_no_to|no target: give --to COLUMN,ROW (or --days N)|route;--map;m.map;--from;0,0"
    "map_ascii_svg_stdout|--ascii and --svg - cannot be combined|map;x.map;--ascii;--svg;-"
    "melee_no_sides|cavalry.scn: side a is missing: give a [side a]|melee;../../examples/cavalry.scn"
    "odds_scenario_rounds|the exact odds take at most 40 rounds (rounds = 50)|odds;--set;melee.rounds=50"
    "rate_nothing|nothing to rate: no [figure] given|rate;../../examples/melee.scn"
    "rate_no_mount|[cavalry c] needs a rider and a mount|rate;--set;figure.r.ar=1;--set;cavalry.c.rider=r"
    "chariot_no_pullers|[chariot c] needs passengers and pullers|rate;../../examples/cavalry.scn;--set;chariot.c.passengers=knight")
wr_tool_test(odds_svg_stdout ${WR_TOOL} odds --svg -)
set_tests_properties(tool_odds_svg_stdout PROPERTIES PASS_REGULAR_EXPRESSION "^<.xml[^\n]*\n<svg ")
wr_tool_test(odds_svg_stdout_full sh -c "'${WR_TOOL}' odds --svg - 2>&1 >/dev/full")
set_tests_properties(tool_odds_svg_stdout_full PROPERTIES PASS_REGULAR_EXPRESSION
  "^warrules odds: error writing standard output\n$")
if(Python3_Interpreter_FOUND)
  wr_tool_test(png_rafts ${WR_PNG} ${WR_OUT}/png_rafts.svg
    "background legend start=2,3 goal=2,6 camps days=5 label=rafts:_days_2-4 label=4_nights labels-clear coords days-apart=80"
    ${WR_TOOL} route --map ${WR_EX}/valley.map --from 2,3 --to 2,6 --rafts-anywhere
    --svg ${WR_OUT}/png_rafts.svg)
  wr_tool_test(png_bridging ${WR_PNG} ${WR_OUT}/png_bridging.svg
    "background legend start=2,3 goal=2,6 camps days=3 label=bridging:_day_2 labels-clear"
    ${WR_TOOL} route --map ${WR_EX}/valley.map --from 2,3 --to 2,6 --bridging-train
    --svg ${WR_OUT}/png_bridging.svg)
  set_tests_properties(tool_png_rafts tool_png_bridging PROPERTIES SKIP_RETURN_CODE 77)
endif()
wr_tool_test(map_svg_stdout ${WR_TOOL} map ${WR_EX}/crossing.map --svg -)
set_tests_properties(tool_map_svg_stdout PROPERTIES PASS_REGULAR_EXPRESSION "^<.xml[^\n]*\n<svg ")
add_test(NAME tool_route_scenario_here COMMAND ${WR_TOOL} route relative_map.scn)
set_tests_properties(tool_route_scenario_here PROPERTIES WORKING_DIRECTORY ${TT}/scenarios
  PASS_REGULAR_EXPRESSION "arrives formed on day")
wr_tool_refusals("corner_"
    "route_row_off_map|the start hex 0,99 is off the 12 x 7 map|route;--map;../../examples/crossing.map;--from;0,99;--to;1,1"
    "map_json_svg_stdout|--json and --svg - cannot be combined|map;x.map;--json;--svg;-"
    "target_off_map_option|argument 5: the target hex 99,3 is off the 12 x 7 map|route;--map;../../examples/crossing.map;--from;0,3;--to;99,3"
    "target_off_map_set|argument 2: the target hex 50,1 is off the 12 x 7 map|route;scenarios/relative_map.scn;--set;route.to=50,1"
    "target_off_map_file|off_map_target.scn:3:1: [route]: the target hex 40,3 is off the 12 x 7 map|route;scenarios/off_map_target.scn")

# warrules move: a Battlesystem unit's tactical move ([11.6]-[11.8]).
wr_tool_test(help_move ${WR_TOOL} move --help)
set_tests_properties(tool_help_move PROPERTIES PASS_REGULAR_EXPRESSION "usage: warrules move")
wr_tool_test(move_default ${WR_TOOL} move)
set_tests_properties(tool_move_default PROPERTIES PASS_REGULAR_EXPRESSION
  "20 figures \\(foot, MV 12\\), closed order, 5 abreast in 4 rank\\(s\\).*movement: 576 move points")
wr_tool_test(move_too_far ${WR_TOOL} move --shields --shield-wall front -l clear:6 -l woods:4:1
  --leg rough:3::1)
set_tests_properties(tool_move_too_far PROPERTIES PASS_REGULAR_EXPRESSION
  "declares a front shield wall \\[11.6\\].*movement: 576 move points.*the move ends the shield wall at its first obstacle.*leg 1: 6.00\" of clear: 576 points.*leg 2: 4.00\" of woods, 1 obstacle\\(s\\): 384 points.*costs 1440 of 576 points, -864 left: it costs more than the movement left \\[11.8\\].*gets 6.00\" along the move. ends in open order, the shield wall broken")
# [11.6] a front shield wall that crosses an obstacle ends there: the whole
# move is counted at the normal rate, the wall's legs as their share of it
wr_tool_test(move_wall_ends ${WR_TOOL} move --shields --shield-wall front -l clear:2 -l clear:4:1)
set_tests_properties(tool_move_wall_ends PROPERTIES PASS_REGULAR_EXPRESSION
  "movement: 576 move points.*leg 1: 2.00\" of clear: 192 points.*leg 2: 4.00\" of clear, 1 obstacle\\(s\\): 384 points.*costs 576 of 576 points, 0 left: legal")
wr_tool_test(move_woods_closed ${WR_TOOL} move --leg woods:2)
set_tests_properties(tool_move_woods_closed PROPERTIES PASS_REGULAR_EXPRESSION
  "no closed formation in woods, rough, swamp or water \\[11.8\\]")
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_move ${WR_JSON}
    "d['available'] == 576 and d['cost'] == 96 + 180 and d['legal'] and d['legs'][1]['cost'] == 180 and d['reach_twelfths'] == 54 and d['order_after'] == 'open'"
    ${WR_TOOL} move --order open --leg clear:2 --leg woods:2.5 --json)
  wr_tool_test(json_move_charge ${WR_JSON}
    "not d['legal'] and d['problem'].startswith('charges may not go uphill')"
    ${WR_TOOL} move --charge --leg clear:2::1 --json)
  wr_tool_test(svg_move sh ${TT}/svg_run.sh ${WR_OUT}/move.svg
    "rect.figure=23 line.spears>=4 rect.leg=0"
    ${WR_TOOL} move --figures 23 --frontage 6 --spears --set-spears front,left --facing 45
    --svg ${WR_OUT}/move.svg)
  wr_tool_test(png_move ${WR_PNG} ${WR_OUT}/png_move.svg "background legend move-marks"
    ${WR_TOOL} move --mv 12 --shields --shield-wall front --leg clear:6 --leg woods:4:1
    --leg rough:3::1 --svg ${WR_OUT}/png_move.svg)
  wr_tool_test(png_move_spears ${WR_PNG} ${WR_OUT}/png_move_spears.svg "background legend"
    ${WR_TOOL} move --figures 23 --frontage 6 --spears --set-spears front,left --facing 45
    --svg ${WR_OUT}/png_move_spears.svg)
  set_tests_properties(tool_png_move tool_png_move_spears PROPERTIES SKIP_RETURN_CODE 77)
endif()
wr_tool_refusals(""
    "move_bad_leg|argument 1: --leg woods:x: expected TERRAIN:INCHES|move;--leg;woods:x"
    "move_leg_parts|expected TERRAIN:INCHES|move;--leg;clear:1:2:3:4"
    "move_bad_terrain|expected TERRAIN:INCHES|move;--leg;lava:2"
    "move_bad_mv|argument 1: --mv 1001: expected a whole number 0..1000|move;--mv;1001"
    "move_bad_traits|expected a list of woodland, mountain, swamp, aquatic|move;--traits;woodland,,x"
    "move_bad_sides|expected a list of front, left, right, rear|move;--set-spears;top"
    "move_bad_order|expected open or closed|move;--order;loose"
    "move_bad_type|expected foot, cavalry or chariot|move;--type;dragon"
    "move_bad_facing|expected degrees 0..359|move;--facing;360"
    "move_bad_wall|expected front or all-round|move;--shield-wall;round"
    "move_two_specials|--shield-wall and --set-spears cannot be combined|move;--shields;--spears;--shield-wall;front;--set-spears;front"
    "move_no_shields|the front shield wall [11.6] may not be declared: it lacks the equipment|move;--shield-wall;front"
    "move_open_spears|the set spears [11.7] may not be declared: the unit is not in closed formation|move;--spears;--order;open;--set-spears;front"
    "move_operand|argument 1 'clear:2': move takes options only (a leg is --leg clear:2)|move;clear:2"
    "move_json_svg|--json and --svg - cannot be combined|move;--json;--svg;-")

# warrules melee on a melee phase ([unit] and [fight] sections): a corner
# figure, a flank charge and a column, with hand-computed numbers (the dice given with --dice:
# the flank test first, then each fight's remainders, then the losers' tests).
# Corner: 5 swordsmen fight in front, the corner figure not again in the flank.
wr_tool_test(phase_corner ${WR_TOOL} melee scenarios/phase_corner.scn --dice 10,50,50,50)
set_tests_properties(tool_phase_corner PROPERTIES PASS_REGULAR_EXPRESSION
  "Side 1: 0 figures fight here, not 1: the others fight elsewhere this turn. \\[Starting\\].*orc-band fight with 1 and lose 0, swordsmen fight with 0 and lose 0.*swordsmen +2 fight\\(s\\): 5 figures, 5 fought, 1 lost, 4 left, disordered; morale test: passed")
# Flank charge: the spearmen's front fight counts 5 (disordered), not 10; the
# orcs there get +4 against a disordered enemy: 18 + 4 = 22% x 5 = 110%.
wr_tool_test(phase_flank_spears ${WR_TOOL} melee scenarios/phase_flank_spears.scn --dice 10,50,50,50,50,50)
set_tests_properties(tool_phase_flank_spears PROPERTIES PASS_REGULAR_EXPRESSION
  "Side 1: disordered by the attack in fight 1. +\\[Flank and rear\\].*Side 0: Enemy disordered \\+4.*Side 0: Final Combat Percentage 110%.*orc-line fight with 5 and lose 1, spearmen fight with 5 and lose 1.*spearmen +2 fight\\(s\\): 10 figures, 6 fought, 2 lost, 8 left, disordered")
# Column: 5 orcs in contact along a flank of 3 files; 21% x 5 = 105%, the
# dwarfs 32% x 10 = 320%.
wr_tool_test(phase_column ${WR_TOOL} melee scenarios/phase_column.scn --dice 10,50,50,50)
set_tests_properties(tool_phase_column PROPERTIES PASS_REGULAR_EXPRESSION
  "counts 1 of its 6 ranks.*Side 1: 5 figures may fight.*Final Combat Percentage 105%.*dwarfs fight with 10 and lose 1, orcs fight with 5 and lose 3")
wr_tool_test(phase_deterministic sh ${TT}/same_output.sh SAME
  "melee scenarios/phase_flank_spears.scn --seed 5 --json"
  "melee scenarios/phase_flank_spears.scn --seed 5 --json" ${WR_TOOL})
wr_tool_test(phase_seeds_differ sh ${TT}/same_output.sh DIFFERENT
  "melee scenarios/phase_flank_spears.scn --seed 1" "melee scenarios/phase_flank_spears.scn --seed 2" ${WR_TOOL})
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_phase_corner ${WR_JSON}
    "d['phase'] and d['dice_used'] == 4 and d['dice_needed'] == 6 and [s['fighting'] for s in d['fights'][0]['sides']] == [5, 5] and d['fights'][1]['sides'][1]['fighting'] == 0 and d['units'][0] == {'name': 'swordsmen', 'fights': 2, 'figures_before': 5, 'fighting': 5, 'lost': 1, 'figures': 4, 'disordered': True, 'morale': 'passed'}"
    ${WR_TOOL} melee scenarios/phase_corner.scn --dice 10,50,50,50 --json)
  wr_tool_test(json_phase_flank_spears ${WR_JSON}
    "d['fights'][0]['sides'][1]['fighting'] == 5 and d['fights'][0]['sides'][1]['disordered'] and d['fights'][1]['sides'][1]['flank_test'] == 'passed' and any(e['rule'] == 'Disordered by an attack in another fight' and e['section'] == '[Flank and rear]' for e in d['fights'][0]['events']) and d['fights'][1]['loser'] == 1"
    ${WR_TOOL} melee scenarios/phase_flank_spears.scn --dice 10,50,50,50,50,50 --json)
  wr_tool_test(json_phase_column ${WR_JSON}
    "d['fights'][0]['sides'][1]['in_contact'] == 5 and [s['fighting'] for s in d['fights'][0]['sides']] == [10, 5] and [s['lost'] for s in d['fights'][0]['sides']] == [1, 3] and d['units'][1]['figures'] == 15"
    ${WR_TOOL} melee scenarios/phase_column.scn --dice 10,50,50,50 --json)
  # A flank test failed: the spearmen leave both fights, no blows anywhere.
  wr_tool_test(json_phase_rout ${WR_JSON}
    "d['fights'][1]['sides'][1]['flank_test'] == 'routs' and not d['fights'][0]['fought'] and d['fights'][0]['end'] == 'b-routs' and d['units'][0]['lost'] == 0 and d['dice_used'] == 1"
    ${WR_TOOL} melee scenarios/phase_flank_spears.scn --dice 95 --set unit.spearmen.morale=60 --json)
endif()
wr_tool_refusals(""
    "phase_short_dice|argument 2: --dice gives 1 roll(s), too few: this phase reads up to 6|melee;scenarios/phase_corner.scn;--dice;10"
    "phase_bad_die|argument 2: --dice takes rolls 1..100 (d100s|melee;scenarios/phase_corner.scn;--dice;10,x"
    "phase_rounds|--rounds is for a melee of [side a] and [side b]: a melee phase|melee;scenarios/phase_corner.scn;--rounds;3"
    "phase_odds|holds a melee phase ([fight] sections), which warrules melee fights|odds;scenarios/phase_corner.scn"
    "phase_dice_engagement|--dice is for a melee phase|melee;--dice;4"
    "phase_contact_beyond_face|phase_corner.scn:44:1: [fight flank] is refused by the library: wr_melee_phase_add: fight->side[1].in_contact = 3|melee;scenarios/phase_corner.scn;--set;fight.flank.b.in-contact=3"
    "phase_corner_alone|phase_corner.scn:35:1: [fight front] is refused by the library|melee;scenarios/phase_corner.scn;--set;fight.front.b.corner=0"
    "phase_with_sides|[side a]/[side b] and [fight] sections cannot be combined|melee;scenarios/phase_corner.scn;--set;side.a.figures=3"
    "phase_bad_face|--set fight.flank.b.face=up: expected front, flank or rear, got 'up'|melee;scenarios/phase_corner.scn;--set;fight.flank.b.face=up"
    "phase_unit_key|unknown key for a [unit]|melee;scenarios/phase_corner.scn;--set;unit.swordsmen.face=front"
    "bad_fight_unit|bad_fight_unit.scn:5:5: no [unit] of that name (define it above the fight): 'ghosts'|melee;scenarios/bad_fight_unit.scn"
    "bad_fight_key|bad_fight_key.scn:11:3: unknown key for a side of a [fight]|melee;scenarios/bad_fight_key.scn"
    "fight_twice|fight_twice.scn:21:1: [fight two] is refused by the library|melee;scenarios/fight_twice.scn"
    "fight_no_contact|fight_no_contact.scn:14:1: [fight f]: side b needs its figures in contact (b.in-contact = N)|melee;scenarios/fight_no_contact.scn")

# warrules move: the Movement Phase. The phase begins with the
# order recorded; the actions are charged in the order given (defaults: half
# the rate of MV 12's 576 points = 288 for a change of order or of facing up
# to 90 degrees, 1 point for figures turning); a declaration checks the order
# at the beginning of the phase ([11.6], [11.7]).
wr_tool_test(move_phase_two ${WR_TOOL} move --order open --shields --change-order closed
  --next-phase --shield-wall front -l clear:2)
set_tests_properties(tool_move_phase_two PROPERTIES PASS_REGULAR_EXPRESSION
  "Movement Phase 1 begins: open order, in command, 576 move points.*changes to closed order, standing in clear: 288 points.*Movement Phase 2 begins: closed order, nothing spent.*declares a front shield wall \\[11.6\\]: 0 points.*movement: 288 move points.*costs 96 of 288 points, 192 left: legal")
wr_tool_test(move_spears_turn ${WR_TOOL} move --spears --set-spears front --turn 90 --figures-turn 12)
set_tests_properties(tool_move_spears_turn PROPERTIES PASS_REGULAR_EXPRESSION
  "declares set spears on front \\[11.7\\]: 288 points.*turns 90 degrees: 12 points.*movement: 276 move points.*facing 90")
wr_tool_test(move_wheel ${WR_TOOL} move --order open --turn -45 --wheel 90:3:woods --turn-cost 1/4)
set_tests_properties(tool_move_wheel PROPERTIES PASS_REGULAR_EXPRESSION
  "turns -45 degrees: 144 points.*wheels 90 degrees, the outer flank 3.00\" through woods \\[11.8\\]: 216 points.*movement: 216 move points.*facing 45")
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_move_phase ${WR_JSON}
    "d['start_order'] == 'open' and d['phases'] == 2 and [(a['action'], a['phase'], a['cost']) for a in d['actions']] == [('change-order', 1, 288), ('next-phase', 2, 0), ('set-spears', 2, 288), ('turn', 2, 1)] and d['facing_after'] == 90 and d['available'] == 287"
    ${WR_TOOL} move --order open --spears --change-order closed --next-phase --set-spears front --turn 90 --json)
endif()
wr_tool_refusals(""
    "move_closed_during_phase|argument 6: --shield-wall front: the front shield wall [11.6] may not be declared: the unit was in open order at the beginning of its Movement Phase ([11.6]|move;--order;open;--shields;--change-order;closed;--shield-wall;front"
    "move_spears_closed_late|the set spears [11.7] may not be declared: the unit was in open order at the beginning of its Movement Phase ([11.7]|move;--order;open;--spears;--change-order;closed;--set-spears;front"
    "move_no_command|the unit is not in command ([11.6]|move;--shields;--no-command;--shield-wall;front"
    "move_closed_in_woods|argument 5: --change-order closed is refused in Movement Phase 1: |move;--order;open;--standing;woods;--change-order;closed"
    "move_stands_closed_in_woods|a closed formation cannot stand in woods [11.8]|move;--standing;woods"
    "move_turn_too_far|argument 5: --turn 90 is refused in Movement Phase 1: wr_movement_phase_turn: cost = 288|move;--turn;90;--turn;90;--turn;90;--turn;90"
    "move_wheel_closed_woods|--wheel 45:3:woods is refused|move;--wheel;45:3:woods"
    "move_wheel_spears|a set spears formation stays where it is|move;--spears;--set-spears;front;--wheel;10:1"
    "move_bad_wheel|expected DEGREES:INCHES[:TERRAIN]|move;--wheel;45:x"
    "move_bad_turn|expected degrees -180..180|move;--turn;270"
    "move_bad_turn_cost|--turn-cost 3/2: expected N/D of the movement rate|move;--turn-cost;3/2"
    "move_bad_standing|--standing lava: expected clear, road, woods, rough, swamp or water|move;--standing;lava"
    "move_bad_change_order|--change-order tight: expected open or closed|move;--change-order;tight")

# warrules rate: a chariot (HD 4, MV 6 2/3") [11.3] and the charge damage
# of [11.4]: 1d6 + 1d8 doubled (4..28), 2d4 once (2..8), +1: 7..37.
wr_tool_test(rate_chariot_hd_sums_the_means_rounding_once ${WR_TOOL} rate scenarios/chariot_two_means.scn)
set_tests_properties(tool_rate_chariot_hd_sums_the_means_rounding_once PROPERTIES PASS_REGULAR_EXPRESSION
  "chariot +chariot +AR +0 +HD +4 +AC +-2 +MV +6 .*movement 6 2/3\" exactly \\(320 move points; MV 6 rounds it down\\) \\[11.3\\].*charge with weapons that double: 1d6\\+1d8 x2 \\(passengers\\) \\+ 2d4 once \\(pullers\\): 7-37 \\[11.4\\]")
wr_tool_test(rate_lancer_charge ${WR_TOOL} rate ${WR_EX}/cavalry.scn)
set_tests_properties(tool_rate_lancer_charge PROPERTIES PASS_REGULAR_EXPRESSION
  "cavalry +lancer .*charge with weapons that double: 1d8 x2 \\(rider\\) \\+ 2d6 once \\(mount\\): 5-29 \\[11.4\\]")
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_rate_chariot_hd_sums_the_means_rounding_once ${WR_JSON}
    "d['ratings'][0]['hd'] == 4 and d['ratings'][0]['move_points'] == 320 and d['ratings'][0]['mv_exact'] == '6 2/3\"' and d['ratings'][0]['rider_dice'] == '1d6+1d8' and d['ratings'][0]['steed_dice'] == '2d4' and (d['ratings'][0]['charge_min'], d['ratings'][0]['charge_max']) == (7, 37)"
    ${WR_TOOL} rate scenarios/chariot_two_means.scn --json)
endif()
wr_tool_test(phase_without_file ${WR_MSG} 2
  "a melee phase needs a file with [unit] and [fight] sections"
  ${WR_TOOL} melee --set unit.u.profile=dwarfs --set fight.x.a=u)

# Four units in three fights, by hand (as the library's four_units_three_fights):
# A 28% x 4 = 112%, B 24% x 4 = 96%; C 40% x 4 = 160%, A 22% x 1 (its corner
# figure fights in front); D 31% x 3 = 93% (pushed back: no charge bonus), B 19% x 3.
wr_tool_test(phase_four_units ${WR_TOOL} melee scenarios/phase_four_units.scn
  --dice 30,55,10,97,61,22,50,99,70,20)
set_tests_properties(tool_phase_four_units PROPERTIES PASS_REGULAR_EXPRESSION
  "10 dice given, 10 read \\(at most 11\\).*Side 0: Final Combat Percentage 112%.*Side 1: Final Combat Percentage 96%.*A fight with 4 and lose 0, B fight with 4 and lose 2: side b \\(B\\) retires.*Side 0: Final Combat Percentage 160%.*Side 1: Final Combat Percentage 22%.*C fight with 4 and lose 1, A fight with 1 and lose 1.*came into contact by a pushback: no charge bonus.*Side 0: Final Combat Percentage 93%.*Side 1: Final Combat Percentage 57%.*D fight with 3 and lose 0, B fight with 3 and lose 1.*A +2 fight\\(s\\): 10 figures, 5 fought, 1 lost, 9 left, disordered; morale test: passed.*B +2 fight\\(s\\): 12 figures, 7 fought, 3 lost, 9 left, disordered; morale test: retires.*C +1 fight\\(s\\): 8 figures, 4 fought, 1 lost, 7 left.*D +1 fight\\(s\\): 6 figures, 3 fought, 0 lost, 6 left")
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_phase_four_units ${WR_JSON}
    "[(u['name'], u['figures'], u['lost'], u['fighting'], u['disordered'], u['morale']) for u in d['units']] == [('A', 9, 1, 5, True, 'passed'), ('B', 9, 3, 7, True, 'retires'), ('C', 7, 1, 4, False, 'none'), ('D', 6, 0, 3, False, 'none')] and [f['end'] for f in d['fights']] == ['b-retires', 'ongoing', 'ongoing'] and [f['loser'] for f in d['fights']] == [1, -1, 1]"
    ${WR_TOOL} melee scenarios/phase_four_units.scn --dice 30,55,10,97,61,22,50,99,70,20 --json)
endif()
wr_tool_test(melee_blood_lust ${WR_TOOL} melee --set side.b.flags=blood-lust --seed 3 --rounds 1)
set_tests_properties(tool_melee_blood_lust PROPERTIES PASS_REGULAR_EXPRESSION
  "Side 1: Disordered by Blood Lust. +\\[Flank and rear\\]")

# The other ends of a fight in a melee phase: side a routing or retiring
# before any blow (the seeded flank test), and a fight that destroys one or
# both sides (400% a figure: four kills each, whatever the dice).
wr_tool_test(phase_a_routs ${WR_TOOL} melee scenarios/phase_four_units.scn --seed 8)
set_tests_properties(tool_phase_a_routs PROPERTIES PASS_REGULAR_EXPRESSION
  "no blows: side a \\(A\\) routs\n.*A +2 fight\\(s\\): 10 figures, 0 fought, 0 lost, 10 left, disordered; morale test: routs")
wr_tool_test(phase_a_retires ${WR_TOOL} melee scenarios/phase_four_units.scn --seed 1)
set_tests_properties(tool_phase_a_retires PROPERTIES PASS_REGULAR_EXPRESSION "no blows: side a \\(A\\) retires\n")
set(WR_PHASE_TWO melee scenarios/phase_column.scn --seed 3 --set unit.orcs.figures=2
  --set unit.orcs.files=2 --set unit.dwarfs.figures=2 --set fight.column.b.face=front
  --set fight.column.a.in-contact=2 --set fight.column.b.in-contact=2)
wr_tool_test(phase_b_destroyed ${WR_TOOL} ${WR_PHASE_TWO} --set profile.dwarfs.bcp.1.0=400)
set_tests_properties(tool_phase_b_destroyed PROPERTIES PASS_REGULAR_EXPRESSION
  "dwarfs fight with 2 and lose 0, orcs fight with 2 and lose 2: side b \\(orcs\\) is destroyed\n")
wr_tool_test(phase_a_destroyed ${WR_TOOL} ${WR_PHASE_TWO} --set profile.orcs.bcp.1.0=400)
set_tests_properties(tool_phase_a_destroyed PROPERTIES PASS_REGULAR_EXPRESSION
  "dwarfs fight with 2 and lose 2, orcs fight with 2 and lose 0: side a \\(dwarfs\\) is destroyed\n")
wr_tool_test(phase_both_destroyed ${WR_TOOL} ${WR_PHASE_TWO} --set profile.orcs.bcp.1.0=400
  --set profile.dwarfs.bcp.1.0=400)
set_tests_properties(tool_phase_both_destroyed PROPERTIES PASS_REGULAR_EXPRESSION
  "dwarfs fight with 2 and lose 2, orcs fight with 2 and lose 2: both sides are destroyed\n")
# A [unit] in no fight of the phase is not among the units after it.
wr_tool_test(phase_unit_in_no_fight ${WR_TOOL} melee scenarios/phase_corner.scn --dice 10,50,50,50
  --set unit.spare.profile=men --set unit.spare.figures=3)
set_tests_properties(tool_phase_unit_in_no_fight PROPERTIES PASS_REGULAR_EXPRESSION
  "units after the phase:\n  swordsmen .*\n  orc-line .*\n  orc-band [^\n]*\n$" FAIL_REGULAR_EXPRESSION "spare")
wr_tool_refusals(""
    "phase_long_die|separated by commas, not '1234567890123456'|melee;scenarios/phase_corner.scn;--dice;1234567890123456"
    "fight_no_unit|fight_no_unit.scn:7:1: [fight f]: side b has no unit (b = UNIT)|melee;scenarios/fight_no_unit.scn"
    "phase_no_dice|argument 2: --dice takes at least one roll|melee;scenarios/phase_corner.scn;--dice;,"
    "phase_unit_profile|phase_corner.scn:17:1: [unit swordsmen]: no [profile] of that name|melee;scenarios/phase_corner.scn;--set;unit.swordsmen.profile=ghosts"
    "phase_unit_no_profile|phase_no_profile.scn:4:1: [unit u]: no profile given (profile = NAME)|melee;scenarios/phase_no_profile.scn")
wr_tool_test(phase_too_many_dice sh -c
  "sh '${TT}/expect_message.sh' 2 'argument 2: --dice takes at most 4096 rolls' '${WR_TOOL}' melee scenarios/phase_corner.scn --dice \"$(yes 5 | head -n 4097 | paste -sd, -)\"")

# --order-cost N/D: a change of order costs that share of the movement rate
# (MV 12's 576 points / 4 = 144, not the default half, 288).
wr_tool_test(move_order_cost ${WR_TOOL} move --order open --change-order closed --order-cost 1/4)
set_tests_properties(tool_move_order_cost PROPERTIES PASS_REGULAR_EXPRESSION
  "changes to closed order, standing in clear: 144 points\n  movement: 432 move points")
wr_tool_refusals(""
    "move_bad_order_cost|argument 1: --order-cost 3/2: expected N/D of the movement rate, 0 <= N <= D, D 1..1000|move;--order-cost;3/2"
    "move_order_cost_word|argument 1: --order-cost x: expected N/D|move;--order-cost;x"
    "move_turn_cost_no_num|argument 1: --turn-cost /2: expected N/D|move;--turn-cost;/2"
    "move_bad_figures_turn|argument 1: --figures-turn 48001: expected move points 0..48000|move;--figures-turn;48001"
    "move_wheel_no_degrees|argument 1: --wheel :3: expected DEGREES:INCHES[:TERRAIN]|move;--wheel;:3"
    "move_wheel_too_far|argument 1: --wheel 400:3: expected DEGREES:INCHES[:TERRAIN]: degrees -180..180|move;--wheel;400:3"
    "move_wheel_long_degrees|argument 1: --wheel 123456789:1: expected DEGREES:INCHES|move;--wheel;123456789:1"
    "move_wheel_no_inches|argument 1: --wheel 45: expected DEGREES:INCHES|move;--wheel;45"
    "move_turn_cost_no_slash|argument 1: --turn-cost 1: expected N/D|move;--turn-cost;1"
    "move_order_cost_long|argument 1: --order-cost 123456789/2: expected N/D|move;--order-cost;123456789/2"
    "move_turn_cost_above_one|argument 1: --turn-cost 2/1: expected N/D of the movement rate, 0 <= N <= D|move;--turn-cost;2/1"
    "move_turn_cost_zero_den|argument 1: --turn-cost 1/0: expected N/D of the movement rate, 0 <= N <= D, D 1..1000|move;--turn-cost;1/0"
    "move_leg_rises|argument 1: --leg clear:1:0:101: expected TERRAIN:INCHES[:OBSTACLES[:RISES]]|move;--leg;clear:1:0:101")

# warrules advise: every choice of charges ranked by the exact odds of its
# melee phase (the knights on the orcs' flank while the
# spearmen hold their front, or doubling up on the goblins).
wr_tool_test(help_advise ${WR_TOOL} advise --help)
set_tests_properties(tool_help_advise PROPERTIES PASS_REGULAR_EXPRESSION "usage: warrules advise")
wr_tool_test(advise_break ${WR_TOOL} advise scenarios/advise_knights.scn --target orcs --rounds 4 --top 3)
set_tests_properties(tool_advise_break PROPERTIES PASS_REGULAR_EXPRESSION
  "advise: 9 choices, [0-9]+ scored exactly, [0-9]+ pruned.*aim: the probability that orcs routs or destroyed.* 1\\. knights: .*orcs routs or destroyed: [0-9]+\\.[0-9][0-9]%.*\\[Flank and rear\\] charge archers-rear: Side 1: Morale test for a flank or rear attack due, 25% to pass\\.")
wr_tool_test(advise_deterministic sh ${TT}/same_output.sh SAME
  "advise scenarios/advise_knights.scn --json --top 9"
  "advise scenarios/advise_knights.scn --json --top 9" ${WR_TOOL})
if(Python3_Interpreter_FOUND)
  # every choice: 9, scores in order, each reason citing a section; with a
  # small top some are pruned and the head is the same
  wr_tool_test(json_advise ${WR_JSON}
    "d['choices'] == 9 and d['pruned'] == 0 and len(d['ranked']) == 9 and [float(c['score']) for c in d['ranked']] == sorted((float(c['score']) for c in d['ranked']), reverse=True) and all(r['section'].startswith(chr(91)) for c in d['ranked'] for r in c['reasons']) and d['ranked'][0]['charges'][0]['attacker'] in ('knights', 'archers')"
    ${WR_TOOL} advise scenarios/advise_knights.scn --rounds 3 --top 9 --json)
  wr_tool_test(json_advise_pruned ${WR_JSON}
    "d['choices'] == 9 and d['evaluated'] + d['pruned'] == 9 and d['aim'] == 'break' and d['target'] == 'orcs' and len(d['ranked']) == 2"
    ${WR_TOOL} advise scenarios/advise_knights.scn --target orcs --rounds 5 --top 2 --json)
  wr_tool_test(json_advise_score ${WR_JSON}
    "d['aim'] == 'score' and len(d['ranked']) == 1"
    ${WR_TOOL} advise scenarios/advise_knights.scn --target goblins --weights 10,1,2 --top 1 --json)
  # the bars: one of each kind per choice, axes and a legend
  wr_tool_test(svg_advise sh ${TT}/svg_run.sh ${WR_OUT}/advise.svg
    "rect.break=9 rect.inflicted=9 rect.lost=9 line.axis>=12 text.rank=9 g.legend=1 text.axis-title=2"
    ${WR_TOOL} advise scenarios/advise_knights.scn --target orcs --rounds 3 --top 9 --svg ${WR_OUT}/advise.svg)
  wr_tool_test(svg_advise_no_target sh ${TT}/svg_run.sh ${WR_OUT}/advise2.svg
    "rect.break=0 rect.inflicted=4 rect.lost=4 g.legend=1 text.axis-title=1"
    ${WR_TOOL} advise scenarios/advise_knights.scn --rounds 2 --top 4 --svg ${WR_OUT}/advise2.svg)
endif()
wr_tool_refusals("advise_"
    "no_scenario|a scenario file is needed|advise"
    "no_charge|no [charge] section|advise;scenarios/phase_corner.scn"
    "no_target|--aim break needs --target UNIT|advise;scenarios/advise_knights.scn;--aim;break"
    "bad_aim|--aim takes break, figures or score, not 'win'|advise;scenarios/advise_knights.scn;--aim;win"
    "bad_target|--target: no [unit] named 'elves'|advise;scenarios/advise_knights.scn;--target;elves"
    "bad_fates|--fates takes a list of fighting, holds, retires, routs, destroyed|advise;scenarios/advise_knights.scn;--target;orcs;--fates;flees"
    "bad_weights|--weights takes BREAK,INFLICTED,LOST|advise;scenarios/advise_knights.scn;--weights;1,2"
    "bad_top|--top takes a whole number 1..4096|advise;scenarios/advise_knights.scn;--top;0"
    "rounds|--rounds takes a whole number 1..40|advise;scenarios/advise_knights.scn;--rounds;41"
    "json_svg|--json and --svg - cannot be combined|advise;scenarios/advise_knights.scn;--json;--svg;-"
    "charge_unit|advise_charge_unit.scn:4:12: no [unit] of that name (define it above the charge): 'elves'|advise;scenarios/advise_charge_unit.scn"
    "charge_refused|[charge knights-flank] is refused by the advisor|advise;scenarios/advise_knights.scn;--set;charge.knights-flank.enemy-in-contact=4"
    "charge_engaged|[charge knights-flank] is refused by the advisor|advise;scenarios/advise_knights.scn;--set;fight.other.a=knights;--set;fight.other.a.in-contact=1;--set;fight.other.b=goblins;--set;fight.other.b.in-contact=1")
# warrules intercept: where and when a force meets a marching enemy, both
# marches, the contact and the danger field by day in one SVG.
wr_tool_test(help_intercept ${WR_TOOL} intercept --help)
set_tests_properties(tool_help_intercept PROPERTIES PASS_REGULAR_EXPRESSION "usage: warrules intercept")
wr_tool_test(intercept_adjacent ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,3
  --enemy-from 11,3 --enemy-to 0,0 --meeting adjacent)
set_tests_properties(tool_intercept_adjacent PROPERTIES PASS_REGULAR_EXPRESSION
  "contact on day 3 in the force's move: the force enters 5,4, the enemy stands in 6,4")
wr_tool_test(intercept_impossible ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,0
  --enemy-from 11,3 --enemy-to 11,0 --objective before --guard 11,0)
set_tests_properties(tool_intercept_impossible PROPERTIES PASS_REGULAR_EXPRESSION
  "no contact meets the objective: impossible")
# pursuit: cavalry two hexes behind infantry marching away catches it on day 2
wr_tool_test(intercept_pursuit ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,6 --mover cavalry
  --enemy-from 2,6 --enemy-to 11,6 --threat 11,0:cavalry --days 4)
set_tests_properties(tool_intercept_pursuit PROPERTIES PASS_REGULAR_EXPRESSION
  "contact on day 2 in the force's move: the force enters 5,4.*the danger field: [0-9]+ hexes within 4 day\\(s\\) of the enemy and 1 other threat")
# moving first, the cavalry meets the infantry before it sets out
wr_tool_test(intercept_own_first ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,6 --mover cavalry
  --enemy-from 2,6 --enemy-to 11,6 --own-first)
set_tests_properties(tool_intercept_own_first PROPERTIES PASS_REGULAR_EXPRESSION
  "contact on day 1 in the force's move: the force enters 2,6")
if(Python3_Interpreter_FOUND)
  wr_tool_test(json_intercept ${WR_JSON}
    "d['found'] and d['day'] == 3 and d['hex'] == [5, 4] and d['enemy_hex'] == [6, 4] and not d['non_rallied'] and d['contact']['points_spent'] == 12 and d['steps'][-1]['col'] == 5 and d['enemy_steps'][0]['col'] == 11"
    ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,3 --enemy-from 11,3 --enemy-to 0,0
    --meeting adjacent --json)
  wr_tool_test(json_intercept_impossible ${WR_JSON}
    "not d['found'] and 'day' not in d and d['objective'] == 'before' and len(d['enemy_steps']) > 1"
    ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,0 --enemy-from 11,3 --enemy-to 11,0
    --objective before --guard 11,0 --json)
  wr_tool_test(svg_intercept sh ${TT}/svg_run.sh ${WR_OUT}/intercept.svg
    "polygon.hex=84 polygon.reach>=20 polyline.route=1 polyline.enemy-route=1 circle.enemy-step>=10 circle.contact=1 circle.start=1"
    ${WR_TOOL} intercept ${WR_EX}/crossing.map --from 0,3 --enemy-from 11,3 --enemy-to 0,0
    --meeting adjacent --threat 11,6:cavalry --svg ${WR_OUT}/intercept.svg)
endif()
wr_tool_refusals(""
    "intercept_no_map|no map file given|intercept;--from;0,0"
    "intercept_no_from|no start: give --from|intercept;../../examples/crossing.map"
    "intercept_no_enemy|no enemy: give --enemy-from|intercept;../../examples/crossing.map;--from;0,0"
    "intercept_bad_hex|--enemy-from 3: expected a hex as COLUMN,ROW|intercept;../../examples/crossing.map;--enemy-from;3;--from;0,0;--enemy-to;1,1"
    "intercept_off_map|--from: the hex 12,0 is off the 12 x 7 map|intercept;../../examples/crossing.map;--from;12,0;--enemy-from;1,1;--enemy-to;2,2"
    "intercept_bad_objective|--objective: expected earliest, formed, before or formed-before, got 'first'|intercept;../../examples/crossing.map;--from;0,0;--enemy-from;1,1;--enemy-to;2,2;--objective;first"
    "intercept_no_guard|--objective before needs --guard|intercept;../../examples/crossing.map;--from;0,0;--enemy-from;1,1;--enemy-to;2,2;--objective;before"
    "intercept_bad_meeting|--meeting: expected same-hex, adjacent or adjacent-no-river|intercept;../../examples/crossing.map;--from;0,0;--enemy-from;1,1;--enemy-to;2,2;--meeting;near"
    "intercept_bad_mover|--threat: expected infantry, cavalry|intercept;../../examples/crossing.map;--from;0,0;--enemy-from;1,1;--enemy-to;2,2;--threat;3,3:dragon"
    "intercept_bad_days|--days 0: expected 1..1000000|intercept;../../examples/crossing.map;--from;0,0;--enemy-from;1,1;--enemy-to;2,2;--days;0"
    "intercept_two_maps|one map file only|intercept;../../examples/crossing.map;../../examples/valley.map;--from;0,0"
    "intercept_json_svg_stdout|--json and --svg - cannot be combined|intercept;../../examples/crossing.map;--json;--svg;-"
    "intercept_enemy_at_sea|the planner refused|intercept;../../examples/valley.map;--from;6,6;--enemy-from;0,0;--enemy-to;6,6")
