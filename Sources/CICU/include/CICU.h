// The part of ICU4C Sheen calls: line and character break iterators, bidi levels and scripts,
// behind a header that declares no ICU type at all. Swift's Foundation carries its own copy of
// ICU's headers (_FoundationICU) with different enum definitions; a module that saw both copies
// (any client importing Foundation beside SheenText) could fail to build with "has different
// definitions in different modules". So ICU's headers are included only by CICU.c, which also
// expands ICU's versioned entry-point macros (ubrk_open → ubrk_open_72) for Swift.
// Status codes are ICU's UErrorCode values: ≤ 0 success, > 0 failure.
#ifndef SHEEN_CICU_H
#define SHEEN_CICU_H
#include <stdint.h>

/// Break iterator kinds (UBreakIteratorType values).
#define SHEEN_UBRK_CHARACTER 0
#define SHEEN_UBRK_LINE 2
/// ubrk_next's end marker and the line iterator's hard-break rule-status range [100, 200).
#define SHEEN_UBRK_DONE (-1)
#define SHEEN_UBRK_LINE_HARD 100
#define SHEEN_UBRK_LINE_HARD_LIMIT 200
/// ubidi_setPara's "detect, default left-to-right" paragraph level.
#define SHEEN_UBIDI_DEFAULT_LTR 0xFE

typedef struct SheenBreakIterator SheenBreakIterator;
typedef struct SheenBidi SheenBidi;

SheenBreakIterator *sheen_ubrk_open(int32_t kind, const uint16_t *text, int32_t length, int32_t *status);
void sheen_ubrk_close(SheenBreakIterator *iterator);
int32_t sheen_ubrk_first(SheenBreakIterator *iterator);
int32_t sheen_ubrk_next(SheenBreakIterator *iterator);
int32_t sheen_ubrk_rule_status(SheenBreakIterator *iterator);

SheenBidi *sheen_ubidi_open(void);
void sheen_ubidi_close(SheenBidi *bidi);
void sheen_ubidi_set_para(SheenBidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                          int32_t *status);
const uint8_t *sheen_ubidi_get_levels(SheenBidi *bidi, int32_t *status);
uint8_t sheen_ubidi_get_para_level(const SheenBidi *bidi);

/// The ICU script code (UScriptCode value) of a code point, and its ISO 15924 short name.
int32_t sheen_uscript_get_script(int32_t codePoint, int32_t *status);
const char *sheen_uscript_get_short_name(int32_t script);
#endif
