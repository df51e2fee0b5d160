/* A program built against an installed libwarrules. */
#include <stdio.h>
#include <string.h>

#include <warrules/warrules.h>

int main(void)
{
    wr_rng *rng = NULL;
    int roll = 0;
    if (strcmp(wr_version(), WR_VERSION_STRING) != 0)
        return 1;
    if (wr_rng_new(0, &rng) != WR_OK || wr_rng_roll(rng, 6, &roll) != WR_OK || roll != 4)
        return 1;
    wr_rng_free(rng);
    printf("consumer: libwarrules %s, first d6 of seed 0 is %d\n", wr_version(), roll);
    return 0;
}
