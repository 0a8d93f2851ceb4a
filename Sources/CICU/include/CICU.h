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
#define SHEEN_UBRK_WORD 1
#define SHEEN_UBRK_LINE 2
/// The word iterator's rule statuses at or above this end a word (letters, numbers, kana,
/// ideographs); below it, spaces and punctuation.
#define SHEEN_UBRK_WORD_NONE_LIMIT 100
/// ubrk_next's end marker and the line iterator's hard-break rule-status range [100, 200).
#define SHEEN_UBRK_DONE (-1)
#define SHEEN_UBRK_LINE_HARD 100
#define SHEEN_UBRK_LINE_HARD_LIMIT 200
/// ubidi_setPara's "detect, default left-to-right" paragraph level.
#define SHEEN_UBIDI_DEFAULT_LTR 0xFE

typedef struct SheenBidi SheenBidi;

/// The boundaries of `text` (length ≥ 1) after 0, in order, for break kind `kind`: each offset
/// into `offsets` and, when `statuses` is not NULL, its rule status; both hold `length` values.
/// Returns how many were written (the last is `length`), or −1 with `*status` set on failure.
/// Iterators are kept in a small pool and reset to each text (opening one parses ICU's rules,
/// most of the cost of breaking a short text); concurrent callers each take their own.
int32_t sheen_ubrk_boundaries(int32_t kind, const uint16_t *text, int32_t length, int32_t *offsets,
                              int32_t *statuses, int32_t *status);

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
