// The part of ICU4C Sheen calls: line and character break iterators, bidi levels, and scripts.
// ICU's headers rename every entry point with the library version (ubrk_open → ubrk_open_72)
// through function-like macros, which Swift cannot see; these inline wrappers expand them in C,
// so the Swift side is independent of the installed ICU version.
#ifndef SHEEN_CICU_SHIM_H
#define SHEEN_CICU_SHIM_H
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>

static inline UBreakIterator *sheen_ubrk_open(UBreakIteratorType type, const UChar *text,
                                              int32_t length, UErrorCode *status) {
    return ubrk_open(type, "", text, length, status);
}
static inline void sheen_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline int32_t sheen_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t sheen_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t sheen_ubrk_rule_status(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static const int32_t sheen_ubrk_done = UBRK_DONE;
static const int32_t sheen_ubrk_line_hard = UBRK_LINE_HARD;
static const int32_t sheen_ubrk_line_hard_limit = UBRK_LINE_HARD_LIMIT;

static inline UBiDi *sheen_ubidi_open(void) { return ubidi_open(); }
static inline void sheen_ubidi_close(UBiDi *bidi) { ubidi_close(bidi); }
static inline void sheen_ubidi_set_para(UBiDi *bidi, const UChar *text, int32_t length,
                                        UBiDiLevel paraLevel, UErrorCode *status) {
    ubidi_setPara(bidi, text, length, paraLevel, NULL, status);
}
static inline const UBiDiLevel *sheen_ubidi_get_levels(UBiDi *bidi, UErrorCode *status) {
    return ubidi_getLevels(bidi, status);
}
static inline UBiDiLevel sheen_ubidi_get_para_level(const UBiDi *bidi) { return ubidi_getParaLevel(bidi); }
static const UBiDiLevel sheen_ubidi_default_ltr = UBIDI_DEFAULT_LTR;

static inline UScriptCode sheen_uscript_get_script(UChar32 c, UErrorCode *status) {
    return uscript_getScript(c, status);
}
static inline const char *sheen_uscript_get_short_name(UScriptCode script) {
    return uscript_getShortName(script);
}
static inline int sheen_u_is_whitespace(UChar32 c) { return u_isUWhiteSpace(c) ? 1 : 0; }
static inline int8_t sheen_u_char_type(UChar32 c) { return u_charType(c); }
#endif
