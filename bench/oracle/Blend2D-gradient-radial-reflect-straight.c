/* Reproduction: Blend2D blend2d-python 1.0.0, a radial gradient (reflect, straight interpolation), the survey's worst pixel (error -4.910175 levels at byte 0). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {1, 0x1.90c84d53a95a8p+3, 0x1.b3af44878e5b7p+2, 0x0p+0, 0x1.8437031dad5ffp+3, 0x1.a004971fb3f67p+2, 0x1.4eae76a975ff4p+5, 2, 0, 5, {0x0p+0, 0x1.fa4a8a8d02186p-3, 0x1.b03cc241b271p-2, 0x1.e0dcb8029b84p-2, 0x1.6c928969fa3e9p-1},
        {{0x1.f9f9fap-3f, 0x1.777778p-1f, 0x1.e9e9eap-3f, 0x1.6f6f7p-1f}, {0x1.a1a1a2p-4f, 0x1.313132p-3f, 0x1.79797ap-3f, 0x1.878788p-1f}, {0x1p+0f, 0x1.2f2f3p-1f, 0x1.1f1f2p-1f, 0x1p+0f}, {0x1.010102p-7f, 0x1.f9f9fap-2f, 0x1.4f4f5p-1f, 0x1p+0f}, {0x1.575758p-1f, 0x1.616162p-5f, 0x1.c3c3c4p-1f, 0x1.959596p-1f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (5 * 32 + 30);
    double error[4];
    sheen_oracle_gradient_error(exact, 30, 5, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (30, 5) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
