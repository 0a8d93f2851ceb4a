// ICU calls behind CICU.h: the only place ICU's own headers are included (see the header).
#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <pthread.h>

_Static_assert(SHEEN_UBRK_CHARACTER == UBRK_CHARACTER && SHEEN_UBRK_WORD == UBRK_WORD && SHEEN_UBRK_LINE == UBRK_LINE,
               "break kinds");
_Static_assert(SHEEN_UBRK_WORD_NONE_LIMIT == UBRK_WORD_NONE_LIMIT, "word rule status");
_Static_assert(SHEEN_UBRK_DONE == UBRK_DONE, "UBRK_DONE");
_Static_assert(SHEEN_UBRK_LINE_HARD == UBRK_LINE_HARD && SHEEN_UBRK_LINE_HARD_LIMIT == UBRK_LINE_HARD_LIMIT, "rule status");
_Static_assert(SHEEN_UBIDI_DEFAULT_LTR == UBIDI_DEFAULT_LTR, "UBIDI_DEFAULT_LTR");
_Static_assert(sizeof(UChar) == sizeof(uint16_t) && sizeof(UBiDiLevel) == sizeof(uint8_t), "ICU types");
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode");

// Idle iterators by kind (character, word, line: the kind is the index), at most POOL_SIZE each:
// enough for as many threads as lay text out at once on most machines; a caller that finds none
// opens a new one.
#define POOL_SIZE 8
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static UBreakIterator *pool[3][POOL_SIZE];
static int pool_count[3];

static int pool_index(int32_t kind) { return kind == UBRK_LINE ? 2 : kind == UBRK_WORD ? 1 : 0; }

int32_t sheen_ubrk_boundaries(int32_t kind, const uint16_t *text, int32_t length, int32_t *offsets,
                              int32_t *statuses, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int k = pool_index(kind);
    UBreakIterator *it = NULL;
    pthread_mutex_lock(&pool_lock);
    if (pool_count[k] > 0) it = pool[k][--pool_count[k]];
    pthread_mutex_unlock(&pool_lock);
    if (it) {
        ubrk_setText(it, (const UChar *)text, length, &code);
    } else {
        it = ubrk_open((UBreakIteratorType)kind, "", (const UChar *)text, length, &code);
    }
    if (U_FAILURE(code) || !it) {
        if (it) ubrk_close(it);
        *status = (int32_t)(U_FAILURE(code) ? code : U_MEMORY_ALLOCATION_ERROR);
        return -1;
    }
    int32_t n = 0;
    ubrk_first(it);
    for (int32_t next = ubrk_next(it); next != UBRK_DONE && n < length; next = ubrk_next(it)) {
        offsets[n] = next;
        if (statuses) statuses[n] = ubrk_getRuleStatus(it);
        n++;
    }
    // The iterator must not keep pointing at the caller's text once it is idle.
    ubrk_setText(it, (const UChar *)u"", 0, &code);
    pthread_mutex_lock(&pool_lock);
    if (pool_count[k] < POOL_SIZE) { pool[k][pool_count[k]++] = it; it = NULL; }
    pthread_mutex_unlock(&pool_lock);
    if (it) ubrk_close(it);
    *status = U_ZERO_ERROR;
    return n;
}

SheenBidi *sheen_ubidi_open(void) { return (SheenBidi *)ubidi_open(); }
void sheen_ubidi_close(SheenBidi *bidi) { ubidi_close((UBiDi *)bidi); }
void sheen_ubidi_set_para(SheenBidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                          int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, (UBiDiLevel)paragraphLevel, NULL, &code);
    *status = (int32_t)code;
}
const uint8_t *sheen_ubidi_get_levels(SheenBidi *bidi, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &code);
    *status = (int32_t)code;
    return (const uint8_t *)levels;
}
uint8_t sheen_ubidi_get_para_level(const SheenBidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }

int32_t sheen_uscript_get_script(int32_t codePoint, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &code);
    *status = (int32_t)code;
    return (int32_t)script;
}
const char *sheen_uscript_get_short_name(int32_t script) { return uscript_getShortName((UScriptCode)script); }
