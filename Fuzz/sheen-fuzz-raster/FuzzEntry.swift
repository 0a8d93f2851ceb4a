// The libFuzzer harness for the raster kernels beyond compositing: the first byte picks blur
// (random σ, sizes, strides, edges, formats, threads), a gradient fill (random stops, geometry,
// spreads, spaces, transforms, formats, rectangles) or PNG decoding (random bytes). Run under
// AddressSanitizer; see RasterFuzzCase for the invariants. Built by Scripts/fuzz.sh --target
// raster; without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.requireKernel(in: RasterFuzzCase.kernels, harness: "sheen-fuzz-raster")
    return FuzzReplay.fuzzOne(data, size, check: RasterFuzzCase.failure)
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-raster", arguments: Array(CommandLine.arguments.dropFirst()), check: RasterFuzzCase.failure)
    }
}
#endif
