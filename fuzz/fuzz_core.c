/* Core: status names on any int, dice with any seed and any number of sides. */
#include "fuzz_input.h"
#include "warrules/warrules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    (void)wr_status_name((wr_status)fuzz_int(&in));
    (void)wr_status_str((wr_status)fuzz_int(&in));
    wr_rng *rng = NULL;
    if (wr_rng_new(fuzz_u64(&in), &rng) != WR_OK)
        return 0;
    for (int i = 0; i < 64 && fuzz_more(&in); i++) {
        int roll = 0;
        int sides = (i & 1) ? fuzz_int(&in) : fuzz_small(&in, 1000);
        if (wr_rng_roll(rng, sides, &roll) == WR_OK && (roll < 1 || roll > sides))
            __builtin_trap();
    }
    wr_rng *copy = NULL;
    if (wr_rng_clone(rng, &copy) == WR_OK)
        wr_rng_free(copy);
    wr_rng_free(rng);
    return 0;
}
