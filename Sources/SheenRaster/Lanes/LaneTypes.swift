// The lane types of the portable kernels, named by their shape: element type and width, as in
// F32x8 (eight Float lanes) or U16x16 (sixteen UInt16 lanes). What a kernel keeps in them (pixels,
// channels, coordinates) is said where it is used, not in the type's name. None is wider than
// one AVX2 register's worth of elements of its kind (DESIGN.md, "Speed without flags": wider stdlib SIMD types fall
// off the vectoriser); F32x32 (BlurStrip.swift) is four F32x8, never a SIMD32.

/// Eight Float lanes: gradients' coordinates and colours, the blur's state.
typealias F32x8 = SIMD8<Float>
/// Eight 32-bit lanes: packed pixels or Float bit patterns.
typealias U32x8 = SIMD8<UInt32>
/// Sixteen 16-bit lanes: the unit of every integer compositing kernel (CompositeLanes.swift).
typealias U16x16 = SIMD16<UInt16>
/// Four Double lanes: the seven Double-evaluated blend modes, one pixel per lane.
typealias F64x4 = SIMD4<Double>
