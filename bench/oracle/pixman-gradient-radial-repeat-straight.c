/* Reproduction: pixman 0.42.2, a radial gradient (repeat, straight interpolation), the survey's worst pixel (error -247.000000 levels at byte 3). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const sheen_oracle_gradient g = {1, 0x1.5ddb36918e213p+4, 0x1.39575ca0aa78ep+1, 0x1.33b6e312a005bp+3, 0x1.52124d7094d3ep+4, 0x1.2275b1a44ae9p+1, 0x1.b41b3fef9e54cp+3, 1, 0, 3, {0x1.fd7e00287eb04p-4, 0x1.2b6a140fdae83p-1, 0x1p+0},
        {{0x1.252526p-2f, 0x1.2d2d2ep-1f, 0x1.0b0b0cp-1f, 0x1p+0f}, {0x1.dbdbdcp-1f, 0x1.b1b1b2p-2f, 0x1.2d2d2ep-1f, 0x1p+0f}, {0x1.656566p-1f, 0x1.111112p-4f, 0x1.818182p-4f, 0x1.c1c1c2p-6f}}};
    static uint8_t pixels[4 * 32 * 8];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    if (a->fill_gradient(&g, pixels, 32, 8) != 0) return 2;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;
    const uint8_t *pixel = pixels + 4 * (2 * 32 + 7);
    double error[4];
    sheen_oracle_gradient_error(exact, 7, 2, pixel, error);
    sheen_gradient_destroy(exact);
    int beyond = 0;
    for (int k = 0; k < 4; k++) {
        printf("pixel (7, 2) byte %d: %u, error %+.6f levels\n", k, pixel[k], error[k]);
        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;
    }
    return beyond;
}
