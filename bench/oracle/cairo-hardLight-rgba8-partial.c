/* Reproduction: cairo 1.16.0, hardLight on rgba8, the survey's worst case (error -1.976517 levels at byte 2). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const uint8_t paint[4] = {91, 254, 1, 254};
    const uint8_t destination[4] = {127, 252, 252, 252};
    const uint8_t mask[1] = {127};
    uint8_t result[4] = {127, 252, 252, 252};
    double exact[4];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    sheen_exact_composite(20 /* hardLight */, 1, 0, paint, mask, destination, 1, exact);
    a->composite(20, 0, paint, mask, result, 1);
    int beyond = 0;
    for (int i = 0; i < 4; i++) {
        double tolerance = mask[i / 4] == 255 ? a->tolerance_full : a->tolerance_partial;
        double error = result[i] - exact[i];
        printf("byte %d: %u, exact %.9f, error %+.9f levels\n", i, result[i], exact[i], error);
        if (fabs(error) > tolerance) beyond = 1;
    }
    return beyond;
}
