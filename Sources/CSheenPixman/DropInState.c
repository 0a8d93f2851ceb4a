// The drop-in's per-process state, resolved once (CSheenPixman.h: sheen_dropin_state), and the
// system pixman's composite that the express composites hand calls to (PlanExpress.c).
#include "CSheenPixman.h"

#include <stdatomic.h>

_Atomic(const void *) sheen_dropin_state_now = NULL;
_Atomic(SheenDropinComposite32) sheen_dropin_system_composite32 = NULL;

const void *sheen_dropin_publish_state(const void *state) {
    const void *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&sheen_dropin_state_now, &expected, state, memory_order_acq_rel,
                                                memory_order_acquire)) {
        return state;
    }
    return expected;
}
