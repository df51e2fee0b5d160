// The public headers compile and link as C++.
#include <cstdio>
#include <cstring>

#include <warrules/warrules.h>

int main()
{
    wr_rng *rng = nullptr;
    int roll = 0;
    if (wr_rng_new(0, &rng) != WR_OK || wr_rng_roll(rng, 6, &roll) != WR_OK)
        return 1;
    wr_rng_free(rng);
    if (std::strcmp(wr_version(), WR_VERSION_STRING) != 0 || roll != 4)
        return 1;
    std::printf("C++ consumer: %s %s\n", wr_status_name(WR_ERR_RANGE), wr_version());
    return 0;
}
