/* Reproduction: Blend2D blend2d-python 1.0.0, a radial gradient (pad, straight interpolation), the survey's worst pixel (error -3.754789 levels at byte 1). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {1, 0x1.b7f16312918dp+4, 0x1.adc8d13934f71p+2, 0x0p+0, 0x1.985aa9d42c613p+4, 0x1.2ec70de8bc896p+2, 0x1.d7a43890e20fep+2, 0, 0, 5, {0x1.faba3a7e0abc8p-3, 0x1.a7ebebac4b916p-2, 0x1.e02b94389f9f6p-2, 0x1.466bcb2ccaacap-1, 0x1.8612aba9888fp-1},
        {{0x1.9f9fap-1f, 0x1.6d6d6ep-2f, 0x1.353536p-2f, 0x1.8d8d8ep-2f}, {0x1.151516p-1f, 0x1.d9d9dap-1f, 0x1.3b3b3cp-1f, 0x1p+0f}, {0x1.19191ap-3f, 0x1.e1e1e2p-5f, 0x1.19191ap-1f, 0x1p+0f}, {0x1.d3d3d4p-1f, 0x1.c1c1c2p-1f, 0x1.d1d1d2p-4f, 0x1p+0f}, {0x1.7f7f8p-1f, 0x1.5d5d5ep-1f, 0x1.3d3d3ep-1f, 0x1.d1d1d2p-2f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (4 * 32 + 23);
    double error[4];
    sheen_oracle_gradient_error(exact, 23, 4, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (23, 4) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
