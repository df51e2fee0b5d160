# Sources of the campaign module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES
  src/campaign/rules.c
  src/campaign/hex.c
  src/campaign/map.c
  src/campaign/map_regions.c
  src/campaign/moves.c
  src/campaign/planner.c
  src/campaign/planner_map.c
  src/campaign/planner_dijkstra.c
  src/campaign/planner_rules.c
  src/campaign/planner_astar.c
  src/campaign/planner_fewest.c
  src/campaign/planner_route.c
  src/campaign/planner_records.c
  src/campaign/planner_landmarks.c
  src/campaign/force.c
  src/campaign/intercept.c
  src/campaign/deprecated.c)
