// The part of libpng Sheen calls: the simplified png_image_* API (no setjmp). Macros built from
// other macros do not import into Swift, so they are re-exported here as constants.
#ifndef SHEEN_CLIBPNG_SHIM_H
#define SHEEN_CLIBPNG_SHIM_H
#include <png.h>

static const png_uint_32 sheen_png_image_version = PNG_IMAGE_VERSION;
static const png_uint_32 sheen_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 sheen_png_format_gray = PNG_FORMAT_GRAY;

/// True when the png_image reports a failure (bit 1 of warning_or_error).
static inline int sheen_png_image_failed(const png_image *image) {
    return PNG_IMAGE_FAILED(*image) ? 1 : 0;
}
#endif
