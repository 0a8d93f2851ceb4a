// The part of HarfBuzz Sheen calls: blobs, faces, fonts (OpenType functions), buffers, shaping.
#ifndef SHEEN_CHARFBUZZ_SHIM_H
#define SHEEN_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
