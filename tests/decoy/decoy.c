/* A decoy libwarrules for scripts/reliability.sh: in a scratch install of
 * the ci build, the shared library and the Lua modules are replaced by this,
 * and ctest runs with the caller's library paths (LD_LIBRARY_PATH,
 * WARRULES_LIBRARY, LUA_CPATH, ...) pointing there. A process that loads it
 * reached the library through the caller's environment instead of the build
 * under test: it says so and exits 97 before anything else runs. Linking
 * against it fails (it defines no wr_ function). */
#include <unistd.h>

static void refuse(void)
{
    static const char message[] =
        "decoy libwarrules loaded: this test found the library through the caller's environment "
        "(LD_LIBRARY_PATH, WARRULES_LIBRARY, LUA_CPATH, ...), not the build under test\n";
    ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
    (void)written;
    _exit(97);
}

__attribute__((constructor)) static void on_load(void)
{
    refuse();
}

/* What Lua looks up in a C module; the constructor has already stopped the process. */
int luaopen_warrules(void *state);
int luaopen_warrules(void *state)
{
    (void)state;
    refuse();
    return 0;
}
