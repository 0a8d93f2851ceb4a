// ICU calls behind CICU.h: the only place ICU's own headers are included (see the header).
#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>

_Static_assert(SHEEN_UBRK_CHARACTER == UBRK_CHARACTER && SHEEN_UBRK_LINE == UBRK_LINE, "break kinds");
_Static_assert(SHEEN_UBRK_DONE == UBRK_DONE, "UBRK_DONE");
_Static_assert(SHEEN_UBRK_LINE_HARD == UBRK_LINE_HARD && SHEEN_UBRK_LINE_HARD_LIMIT == UBRK_LINE_HARD_LIMIT, "rule status");
_Static_assert(SHEEN_UBIDI_DEFAULT_LTR == UBIDI_DEFAULT_LTR, "UBIDI_DEFAULT_LTR");
_Static_assert(sizeof(UChar) == sizeof(uint16_t) && sizeof(UBiDiLevel) == sizeof(uint8_t), "ICU types");
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode");

SheenBreakIterator *sheen_ubrk_open(int32_t kind, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open((UBreakIteratorType)kind, "", (const UChar *)text, length, &code);
    *status = (int32_t)code;
    return (SheenBreakIterator *)it;
}
void sheen_ubrk_close(SheenBreakIterator *iterator) { ubrk_close((UBreakIterator *)iterator); }
int32_t sheen_ubrk_first(SheenBreakIterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }
int32_t sheen_ubrk_next(SheenBreakIterator *iterator) { return ubrk_next((UBreakIterator *)iterator); }
int32_t sheen_ubrk_rule_status(SheenBreakIterator *iterator) { return ubrk_getRuleStatus((UBreakIterator *)iterator); }

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
