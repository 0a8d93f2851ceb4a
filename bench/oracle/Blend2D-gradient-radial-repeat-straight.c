/* Reproduction: Blend2D blend2d-python 1.0.0, a radial gradient (repeat, straight interpolation), the survey's worst pixel (error +254.712896 levels at byte 3). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {1, 0x1.c857828d6b55ep+3, 0x1.8060ef26585eep+1, 0x1.3c7f442761224p+3, 0x1.bc11d74b91ebbp+3, 0x1.a7d82f1014c9ep+0, 0x1.63bbcc0c08b9ep+4, 1, 0, 2, {0x0p+0, 0x1p+0},
        {{0x1.9d9d9ep-2f, 0x1.b5b5b6p-2f, 0x1.4f4f5p-1f, 0x1p+0f}, {0x1.151516p-1f, 0x1.09090ap-2f, 0x1.939394p-1f, 0x0p+0f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (6 * 32 + 23);
    double error[4];
    sheen_oracle_gradient_error(exact, 23, 6, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (23, 6) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
