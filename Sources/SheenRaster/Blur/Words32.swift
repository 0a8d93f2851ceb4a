/// Four word vectors, laid out like `F32x32`, for converting a strip in place.
struct Words32 {
    var a: U32x8, b: U32x8, c: U32x8, d: U32x8
    @inline(__always) init(_ a: U32x8, _ b: U32x8, _ c: U32x8, _ d: U32x8) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }
}
