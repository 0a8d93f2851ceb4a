// Row fills and copies (fill_rows, copy_rows) built for the 128-bit level: 16-byte stores.
#include "CSheenSIMD.h"

SHEEN_BEGIN_SIMD128
#define SHEEN_ROW_VECTOR 16
#define SHEEN_FILL_ENTRY sheen_fill_rows_simd128
#define SHEEN_COPY_ENTRY sheen_copy_rows_simd128
#include "RowsBody.h"
SHEEN_END_SIMD128
