// The part of FreeType Sheen calls: faces, glyph loading, outlines, the stroker and rendering.
// Load flags built from function-like macros do not import into Swift; they are constants here.
#ifndef SHEEN_CFREETYPE_SHIM_H
#define SHEEN_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_STROKER_H
#include FT_TRUETYPE_TABLES_H
#include FT_COLOR_H

static const FT_Int32 sheen_ft_load_outline = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
// Hinted outlines: FreeType's light auto-hinter (vertical only, advances kept) and full hinting
// (the font's own TrueType instructions, or the auto-hinter in both directions).
static const FT_Int32 sheen_ft_load_light = FT_LOAD_TARGET_LIGHT | FT_LOAD_NO_BITMAP;
static const FT_Int32 sheen_ft_load_full = FT_LOAD_TARGET_NORMAL | FT_LOAD_NO_BITMAP;
// Colour glyphs: CBDT/sbix bitmaps (from a selected strike) and COLR layers, blended to BGRA.
static const FT_Int32 sheen_ft_load_color = FT_LOAD_COLOR | FT_LOAD_NO_HINTING;
#endif
