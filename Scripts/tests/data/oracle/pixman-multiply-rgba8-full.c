/* Reproduction: pixman 0.42.2, multiply on rgba8, the survey's worst case (error -1.494118 levels at byte 1). Build with this adapter:
 *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */
#include <math.h>
#include <stdio.h>
#include <sheen.h>
#include "sheen_oracle.h"

int main(void) {
    const uint8_t paint[4] = {2, 127, 0, 128};
    const uint8_t destination[4] = {254, 1, 158, 254};
    uint8_t result[4] = {254, 1, 158, 254};
    double exact[4];
    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();
    sheen_exact_composite(13 /* multiply */, 1, 0, paint, NULL, destination, 1, exact);
    a->composite(13, 0, paint, NULL, result, 1);
    int beyond = 0;
    for (int i = 0; i < 4; i++) {
        double tolerance = a->tolerance_full;
        double error = result[i] - exact[i];
        printf("byte %d: %u, exact %.9f, error %+.9f levels\n", i, result[i], exact[i], error);
        if (fabs(error) > tolerance) beyond = 1;
    }
    return beyond;
}
