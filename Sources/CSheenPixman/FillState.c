// pixman_fill's state, resolved once per process (CSheenPixman.h: SheenDropinFillState).
#include "CSheenPixman.h"

#include <stdatomic.h>

_Atomic(const SheenDropinFillState *) sheen_dropin_fill_state_now = NULL;

const SheenDropinFillState *sheen_dropin_publish_fill_state(const SheenDropinFillState *state) {
    const SheenDropinFillState *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&sheen_dropin_fill_state_now, &expected, state, memory_order_acq_rel,
                                                memory_order_acquire)) {
        return state;
    }
    return expected;
}
