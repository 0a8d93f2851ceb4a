// Each thread's memory for a glyph run's placed glyphs (CSheenPixman.h: sheen_dropin_glyph_batch).
// Thread-local, as PlanMemo.c's memo: cairo draws text from several threads. Nothing the drop-in
// does while a batch is placed and drawn calls back into a glyph run, so one batch a thread
// suffices.
#include "CSheenPixman.h"

static _Thread_local SheenCompositeGlyph batch[SHEEN_DROPIN_GLYPH_BATCH];

SheenCompositeGlyph *sheen_dropin_glyph_batch(void) { return batch; }
