/* The tool's text readers on any bytes: the map format (docs/map-format.md),
   the scenario format (docs/tool.md) and "SECTION.KEY=VALUE" settings. They
   must return their documented codes, leave *out untouched on failure, write
   a "LINE:COL: message" error and free everything. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "mapfile.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_err(const char *err, size_t cap)
{
    REQUIRE(memchr(err, '\0', cap) != NULL);
    REQUIRE(err[0] >= '0' && err[0] <= '9' && strchr(err, ':') != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    char err[256];
    memset(err, 'x', sizeof err);
    switch (data[0] % 3) {
    case 0: {
        wr_map *map = (wr_map *)err;
        int rc = tool_map_read(text, len, &map, err, sizeof err);
        if (rc == 0) {
            int w = 0, h = 0;
            REQUIRE(map != (wr_map *)err && wr_map_size(map, &w, &h) == WR_OK && w >= 1 && h >= 1);
            wr_map_free(map);
        } else {
            REQUIRE((rc == 1 || rc == 2) && map == (wr_map *)err);
            check_err(err, sizeof err);
        }
        break;
    }
    case 1: {
        static tool_scenario sc;
        tool_scenario_init(&sc);
        int rc = tool_scenario_read(text, len, &sc, err, sizeof err);
        REQUIRE(rc == 0 || rc == 2);
        if (rc == 2)
            check_err(err, sizeof err);
        break;
    }
    default: {
        static tool_scenario sc;
        tool_scenario_init(&sc);
        char *line = malloc(len + 1);
        REQUIRE(line != NULL);
        memcpy(line, text, len);
        line[len] = '\0';
        int rc = tool_scenario_set(&sc, line, err, sizeof err);
        REQUIRE(rc == 0 || rc == 2);
        if (rc == 2)
            REQUIRE(memchr(err, '\0', sizeof err) != NULL);
        free(line);
        break;
    }
    }
    return 0;
}
