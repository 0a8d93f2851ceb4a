// The count of calls Sheen has drawn (CSheenPixman.h: sheen_dropin_drawn), which the Swift path
// and the express composites (PlanExpress.c) add to.
#include "CSheenPixman.h"

_Atomic uint64_t sheen_dropin_drawn = 0;
_Thread_local __attribute__((tls_model("initial-exec"))) uint64_t sheen_dropin_drawn_here = 0;
