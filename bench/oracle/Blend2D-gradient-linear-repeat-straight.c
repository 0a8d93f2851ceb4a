/* Reproduction: Blend2D blend2d-python 1.0.0, a linear gradient (repeat, straight interpolation), the survey's worst pixel (error -4.241760 levels at byte 1). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {0, -0x1.00b1edefed62p+2, -0x1.8e07535964024p+0, 0x0p+0, 0x1.1135406dd3112p+4, 0x1.83775074f7506p+3, 0x0p+0, 1, 0, 5, {0x1.2bdf6c6b44b01p-3, 0x1.41ef11fae974fp-2, 0x1.143d5ec897855p-1, 0x1.2a75bb1b5d04p-1, 0x1.9b02656d3603fp-1},
        {{0x1.39393ap-3f, 0x1.838384p-1f, 0x1.454546p-1f, 0x1p+0f}, {0x1.f1f1f2p-4f, 0x1.232324p-1f, 0x1.49494ap-3f, 0x1p+0f}, {0x1.a7a7a8p-1f, 0x1.efeffp-1f, 0x1.d1d1d2p-4f, 0x1.c1c1c2p-1f}, {0x1.111112p-1f, 0x1.515152p-2f, 0x1.818182p-4f, 0x1p+0f}, {0x1.79797ap-2f, 0x1.010102p-7f, 0x1.cdcdcep-2f, 0x1.19191ap-2f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (0 * 32 + 11);
    double error[4];
    sheen_oracle_gradient_error(exact, 11, 0, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (11, 0) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
