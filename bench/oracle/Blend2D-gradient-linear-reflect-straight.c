/* Reproduction: Blend2D blend2d-python 1.0.0, a linear gradient (reflect, straight interpolation), the survey's worst pixel (error -2.838080 levels at byte 0). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {0, -0x1.5cd8a5dcdca62p+2, 0x1.1aadf7e21a074p+2, 0x0p+0, 0x1.5f0212bdf991bp+3, -0x1.33f1cd66767ecp+1, 0x0p+0, 2, 0, 4, {0x0p+0, 0x1.cf6bcd85a8586p-2, 0x1.4a132c53a93bep-1, 0x1p+0},
        {{0x1.a9a9aap-2f, 0x1.59595ap-1f, 0x1.bfbfcp-1f, 0x1p+0f}, {0x1.dfdfep-1f, 0x1.717172p-3f, 0x1.e1e1e2p-2f, 0x1p+0f}, {0x1.a9a9aap-3f, 0x1.cbcbccp-1f, 0x1.010102p-8f, 0x1.29292ap-3f}, {0x1.7f7f8p-1f, 0x1.f9f9fap-1f, 0x1.212122p-2f, 0x1p+0f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (1 * 32 + 2);
    double error[4];
    sheen_oracle_gradient_error(exact, 2, 1, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (2, 1) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
