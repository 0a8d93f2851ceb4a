/* Reproduction: Blend2D blend2d-python 1.0.0, a linear gradient (pad, straight interpolation), the survey's worst pixel (error +2.935737 levels at byte 2). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {0, 0x1.384332f4b6ad2p+5, 0x1.40501318dfc1p+2, 0x0p+0, 0x1.1b5d0bb0a31dep+3, 0x1.91cd9001c7fa2p+4, 0x0p+0, 0, 0, 5, {0x1.dd19a40f4486p-3, 0x1.aedec291b726bp-2, 0x1.58dc3281fcfbbp-1, 0x1.81992179cf8abp-1, 0x1p+0},
        {{0x1.818182p-2f, 0x1.434344p-1f, 0x1.d9d9dap-3f, 0x1p+0f}, {0x1.4d4d4ep-1f, 0x1.454546p-2f, 0x1.858586p-1f, 0x1p+0f}, {0x1.79797ap-3f, 0x1p+0f, 0x1.010102p-8f, 0x1p+0f}, {0x1.979798p-1f, 0x1.d5d5d6p-1f, 0x1.d5d5d6p-1f, 0x1p+0f}, {0x1.e1e1e2p-5f, 0x1.e3e3e4p-1f, 0x1.09090ap-2f, 0x1p+0f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (7 * 32 + 9);
    double error[4];
    sheen_oracle_gradient_error(exact, 9, 7, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (9, 7) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
