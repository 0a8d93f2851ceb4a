/* Reproduction: pixman 0.42.2, a linear gradient (repeat, straight interpolation), the survey's worst pixel (error -248.000000 levels at byte 3). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {0, 0x1.64053c34d3066p+4, 0x1.78ee4cf855624p+3, 0x0p+0, 0x1.e06059679069ap+3, 0x1.4e79b52222ad9p+4, 0x0p+0, 1, 0, 5, {0x1.30be62bfea49bp-2, 0x1.c2a70c7def064p-2, 0x1.6191c4b6a00b5p-1, 0x1.90688b34dd585p-1, 0x1p+0},
        {{0x1.111112p-3f, 0x1.f9f9fap-2f, 0x1.010102p-5f, 0x1p+0f}, {0x1.919192p-1f, 0x1.19191ap-1f, 0x1.b1b1b2p-3f, 0x1.29292ap-1f}, {0x1.757576p-1f, 0x1.c7c7c8p-1f, 0x1.6d6d6ep-1f, 0x1.c7c7c8p-1f}, {0x1.616162p-3f, 0x1.79797ap-3f, 0x1.434344p-1f, 0x1p+0f}, {0x1.575758p-1f, 0x1.d9d9dap-1f, 0x1.0d0d0ep-1f, 0x1.414142p-6f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (2 * 32 + 10);
    double error[4];
    sheen_oracle_gradient_error(exact, 10, 2, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (10, 2) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
