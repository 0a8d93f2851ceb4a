/* Reproduction: Blend2D blend2d-python 1.0.0, a conic gradient (pad, straight interpolation), the survey's worst pixel (error +4.574097 levels at byte 1). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {2, 0x1.d5d1a6c09445bp+4, 0x1.93f78de28c04p-3, -0x1.09ba9382fdff4p-1, 0x0p+0, 0x0p+0, 0x0p+0, 0, 0, 4, {0x1.e87b779f09d6dp-3, 0x1.eb4eb27d6df5ap-2, 0x1.111e435d155c1p-1, 0x1.8689a87ddb0c6p-1},
        {{0x1.b5b5b6p-1f, 0x1.f3f3f4p-1f, 0x1.f7f7f8p-1f, 0x1.2d2d2ep-2f}, {0x1.ededeep-2f, 0x1.a9a9aap-3f, 0x1.d7d7d8p-1f, 0x1p+0f}, {0x1.e1e1e2p-3f, 0x1.e3e3e4p-1f, 0x1.3d3d3ep-1f, 0x1p+0f}, {0x1.636364p-1f, 0x1.f5f5f6p-2f, 0x1.919192p-1f, 0x1p+0f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (5 * 32 + 13);
    double error[4];
    sheen_oracle_gradient_error(exact, 13, 5, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (13, 5) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
