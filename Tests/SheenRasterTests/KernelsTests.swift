import CSheenSIMD
import Foundation
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The kernel table: levels, SHEEN_SIMD, scoped levels, and the composite entry's fast paths.
@Suite struct KernelsTests {
    @Test func supportedLevelsAreOrderedAndStartWithTheTwinsAnd128Bits() {
        // Every x86-64 CPU this runs on has SSE4.2 (x86-64-v2), and every other CPU runs the
        // 128-bit level built for its baseline.
        #expect(Kernels.supported.prefix(2) == [.reference, .simd128])
        #expect(Kernels.supported == Kernels.supported.sorted())
        #expect(Kernels.best == Kernels.supported.last)
    }

    @Test func environmentValueSelectsALevelOrIsAnError() throws {
        #expect(try Kernels.resolve(environment: nil).get() == Kernels.best)
        #expect(try Kernels.resolve(environment: "").get() == Kernels.best)
        #expect(try Kernels.resolve(environment: "simd128").get() == .simd128)
        // The 128-bit level's old name, kept for one release.
        #expect(try Kernels.resolve(environment: "portable").get() == .simd128)
        #expect(try Kernels.resolve(environment: "reference").get() == .reference)
        guard case let .failure(error) = Kernels.resolve(environment: "avx9") else {
            Issue.record("an unknown level was accepted"); return
        }
        #expect(error.description.contains("\"avx9\""))
        #expect(error.description.contains("simd128"))
        for level in SIMDLevel.allCases where !Kernels.supported.contains(level) {
            #expect(throws: RasterError.simdLevelUnavailable(requested: level.rawValue,
                                                             supported: Kernels.supported.map(\.rawValue))) {
                try Kernels.resolve(environment: level.rawValue).get()
            }
        }
    }

    /// A level the CPU lacks is refused before the closure runs: no foreign instruction executes.
    @Test func withLevelRefusesLevelsThisCPULacks() throws {
        for level in SIMDLevel.allCases where !Kernels.supported.contains(level) {
            var ran = false
            #expect(throws: RasterError.self) { try Kernels.withLevel(level) { ran = true } }
            #expect(!ran)
        }
    }

    @Test func scopedLevelHoldsInsideTheClosureOnly() throws {
        let outside = Kernels.current
        for level in Kernels.supported {
            let inside = try Kernels.withLevel(level) { Kernels.current }
            #expect(inside == level)
            let nested = try Kernels.withLevel(level) { try Kernels.withLevel(.reference) { Kernels.current } }
            #expect(nested == .reference)
        }
        #expect(Kernels.current == outside)
    }

    /// Every kernel is built at every level, so each runs at the level asked for.
    @Test func everyKernelRunsAtTheRequestedLevel() {
        #expect(Kernels.level(of: "gradient_span", at: .avx512) == .avx512)
        #expect(Kernels.level(of: "composite_8888", at: .avx512) == .avx512)
        #expect(Kernels.level(of: "composite_8888", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "over_n_8_8888", at: .reference) == .reference)
        #expect(Kernels.level(of: "composite_double_8888", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "over_ca_8888", at: .simd128) == .simd128)
        #expect(Kernels.level(of: "gradient_span", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "gradient_span", at: .simd128) == .simd128)
        #expect(Kernels.level(of: "blur_strip", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "blur_convolution", at: .simd128) == .simd128)
        #expect(Kernels.level(of: "no_such_kernel") == nil)
        #expect(Set(Kernels.table.map(\.name)).count == Kernels.table.count)
        for entry in Kernels.table { #expect(entry.levels == SIMDLevel.allCases) }
    }

    /// The table is SheenKernels.h's rows: every kernel with the dispatch entry that runs it.
    @Test func tableIsTheCRows() {
        #expect(Kernels.table.map(\.name) == ["over_n_8_8888", "composite_8888", "composite_8", "composite_double_8888",
                                             "over_ca_8888", "gradient_span", "blur_convolution", "blur_strip", "fill_rows", "copy_rows",
                                             "check_premultiplied", "sample_bilinear", "sample_convolution"])
        #expect(Kernels.table.map(\.entry) == ["composite", "composite", "composite", "composite", "composite", "gradient_span", "blur",
                                              "blur", "fill_rows", "copy_rows", "check_premultiplied", "sample_bilinear",
                                              "sample_convolution"])
        for entry in Kernels.table { #expect(!entry.summary.isEmpty) }
        #expect(sheen_simd_kernel_name(UInt32(SHEEN_KERNEL_COUNT)) == nil)
    }

    /// A blur names the kernel its σ takes: the convolution up to 3 px, the recursion above.
    @Test func blursNameTheirKernel() throws {
        #expect(try GaussianBlur(sigma: 3).kernel == "blur_convolution")
        #expect(try GaussianBlur(sigmaX: 0.5, sigmaY: 3).kernel == "blur_convolution")
        #expect(try GaussianBlur(sigma: 3.01).kernel == "blur_strip")
        #expect(try GaussianBlur(sigmaX: 1, sigmaY: 9).kernel == "blur_strip")
    }

    /// Each compositing call names the kernel of the first fast path that matches it, and
    /// refuses what the call refuses.
    @Test func compositeCallsNameTheirKernel() throws {
        let image = try Image(width: 4, height: 1, format: .rgba8Premultiplied)
        let alpha = try Image(width: 4, height: 1, format: .a8)
        let mask = try Image(width: 4, height: 1, format: .a8)
        let fill = try GradientFill(.linear(from: Point(0, 0), to: Point(4, 0), colors: [.black, .white]))
        let names: [String?] = try image.withBuffer { dst in
            try mask.withReadOnlyBuffer { m in
                let calls: [(Paint, CompositeOperator, Coverage)] = [
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .mask(m)),
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .mask(m, alpha: 128)),
                    (.color(Color(rgba: 0x3478_F680)), .sourceOver, .mask(m)),
                    (.gradient(fill), .sourceOver, .mask(m)),
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .full),
                    (.color(Color(rgba: 0x3478_F6FF)), .multiply, .mask(m)),
                    (.color(Color(rgba: 0x3478_F6FF)), .hue, .full),
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .alpha(0)),
                ]
                return try calls.map { paint, op, coverage in try dst.compositeKernel(paint, operator: op, coverage: coverage) }
            }
        }
        #expect(names == ["over_n_8_8888", "over_n_8_8888", "composite_8888", "composite_8888", "composite_8888",
                          "composite_8888", "composite_double_8888", nil])
        #expect(try alpha.withBuffer { try $0.compositeKernel(.color(Color(rgba: 0x0000_0080)), operator: .xor) } == "composite_8")
        #expect(throws: RasterError.self) { try alpha.withBuffer { try $0.compositeKernel(.color(.black), operator: .multiply) } }
    }

    /// The fast-path table alone decides a job: every operator, paint, coverage and format has
    /// exactly the path the rows give (destination leaves, an opaque colour through a mask is
    /// over_n_8_8888, a translucent colour over_n_8888, …), and only blend modes onto A8 and
    /// values past the last operator have none.
    @Test func everyJobHasTheFirstPathThatMatchesIt() {
        func name(_ op: UInt32, _ solid: Bool, _ opaque: Bool, _ masked: Bool, _ bpp: UInt32) -> String? {
            let path = sheen_simd_composite_path(op, solid ? 1 : 0, opaque ? 1 : 0, masked ? 1 : 0, bpp)
            return path < 0 ? nil : String(cString: sheen_simd_path_name(path))
        }
        for op in CompositeOperator.allCases {
            for solid in [false, true] {
                for opaque in [false, true] {
                    for masked in [false, true] {
                        let wide = name(op.kernelIndex, solid, opaque, masked, 4), narrow = name(op.kernelIndex, solid, opaque, masked, 1)
                        let expected: (String, String?) = switch op {
                        case .destination: ("leave_8888", "leave_8")
                        case .sourceOver where solid && opaque && masked: ("over_n_8_8888", "operator_8")
                        case .sourceOver where solid && !opaque: ("over_n_8888", "operator_8")
                        case _ where op.isEvaluatedInDouble: ("blend_double_8888", nil)
                        case _ where op.isBlendMode: ("operator_8888", nil)
                        default: ("operator_8888", "operator_8")
                        }
                        #expect(wide == expected.0 && narrow == expected.1, "\(op) solid \(solid) opaque \(opaque) masked \(masked)")
                    }
                }
            }
        }
        #expect(name(UInt32(SHEEN_SIMD_OP_COUNT), true, true, true, 4) == nil)
        #expect(name(CompositeOperator.sourceOver.kernelIndex, true, true, true, 2) == nil)
        #expect(sheen_simd_path_name(Int32(SHEEN_PATH_COUNT)) == nil && sheen_simd_path_kernel(Int32(SHEEN_PATH_COUNT)) == -1)
    }

    /// A job no fast path matches is refused by every level's entry, the reference's included,
    /// with nothing written: a blend mode onto A8 and an operator past the last, as one rectangle
    /// and as rows (a mask scaled by an alpha, which the row walker takes).
    @Test func everyLevelRefusesAJobNoPathMatches() {
        let width = 7, height = 3
        var mask = [UInt8](repeating: 0x80, count: width * height)
        for level in Kernels.supported {
            for (op, bpp) in [(CompositeOperator.multiply.kernelIndex, 1), (CompositeOperator.hue.kernelIndex, 1),
                              (UInt32(SHEEN_SIMD_OP_COUNT), 4), (UInt32(SHEEN_SIMD_OP_COUNT), 1)] {
                for rows in [false, true] {
                    var dst = [UInt8](repeating: 0x5A, count: width * height * bpp)
                    var scratch = [UInt8](repeating: 0, count: sheen_composite_scratch_bytes(width))
                    let status = dst.withUnsafeMutableBytes { d in
                        mask.withUnsafeMutableBufferPointer { m in
                            scratch.withUnsafeMutableBytes { s in
                                var job = SheenCompositeJob()
                                job.dst = d.baseAddress; job.dstStride = width * bpp
                                job.width = width; job.height = height; job.solid = 0xFF20_4060
                                job.mask = UnsafePointer(m.baseAddress); job.maskStride = width
                                job.coverage = rows ? 100 : 255; job.scratch = s.baseAddress
                                job.op = op; job.bytesPerPixel = UInt32(bpp)
                                return KernelTable.composite(at: level)(&job)
                            }
                        }
                    }
                    #expect(status == Int32(SHEEN_COMPOSITE_NO_PATH), "\(level) op \(op) bpp \(bpp) rows \(rows)")
                    #expect(dst.allSatisfy { $0 == 0x5A }, "\(level) op \(op) bpp \(bpp) rows \(rows) wrote")
                }
            }
        }
    }

    /// `Scripts/fuzz.sh --kernel NAME` steers the compositing fuzzer's inputs to that kernel:
    /// of random inputs, none runs another kernel and at least half run it (the rest draw nothing: an
    /// empty size or a mask placed off the destination).
    @Test(arguments: ["over_n_8_8888", "composite_8888", "composite_8", "composite_double_8888"])
    func fuzzInputsSteerToTheirKernel(kernel: String) {
        var rng = SeededGenerator(seed: 0x57EE2)
        var hits = 0
        let count = 200
        for _ in 0 ..< count {
            let bytes = (0 ..< 40).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            let runs = CompositeCase(fuzzInput: bytes, kernel: kernel).runsKernel
            // composite_8888 yields to over_n_8_8888 where a colour through a mask happens to be opaque.
            #expect(runs == nil || runs == kernel || (kernel == "composite_8888" && runs == "over_n_8_8888"), "\(bytes)")
            if runs == kernel { hits += 1 }
        }
        #expect(hits * 2 >= count, "\(kernel): \(hits) of \(count)")
    }

    /// Each level's table runs at its own level, and its SIMDLevel order is `allCases`'s.
    @Test func tablesAreInLevelOrder() {
        #expect(KernelTable.all.map(\.level) == SIMDLevel.allCases)
        for level in SIMDLevel.allCases { #expect(KernelTable.at(level).level == level) }
        for (a, b) in zip(SIMDLevel.allCases, SIMDLevel.allCases.dropFirst()) { #expect(a < b && !(b < a)) }
    }

    /// The operator index a job carries is the one `allCases` gives, and the C rows
    /// (SheenOperators.h) name and classify the same operator at that index.
    @Test func operatorKernelIndexIsItsPositionInAllCases() {
        for (i, op) in CompositeOperator.allCases.enumerated() {
            #expect(op.kernelIndex == UInt32(i), "\(op)")
            #expect(CompositeOperator(kernelIndex: UInt32(i)) == op)
            #expect(sheen_simd_operator_name(UInt32(i)).map { String(cString: $0) } == op.rawValue)
        }
        #expect(Int(SHEEN_SIMD_OP_COUNT) == CompositeOperator.allCases.count)
        #expect(sheen_simd_operator_name(UInt32(SHEEN_SIMD_OP_COUNT)) == nil)
        #expect(CompositeOperator(kernelIndex: UInt32(SHEEN_SIMD_OP_COUNT)) == nil)
        // The rows' classification, against the operators' definitions (a mode added later is a
        // blend mode that lerps, so these hold as they are).
        #expect(CompositeOperator.allCases.filter { !$0.isBlendMode }.map(\.rawValue)
                == ["clear", "source", "destination", "sourceOver", "destinationOver", "sourceIn", "destinationIn",
                    "sourceOut", "destinationOut", "sourceAtop", "destinationAtop", "xor", "plus"])
        #expect(CompositeOperator.allCases.filter(\.coverageScalesPaint).map(\.rawValue)
                == ["destination", "sourceOver", "destinationOver", "destinationOut", "sourceAtop", "xor", "plus"])
        let double = Set(CompositeOperator.allCases.filter(\.isEvaluatedInDouble).map(\.rawValue))
        #expect(Set(["colorDodge", "colorBurn", "softLight", "hue", "saturation", "color", "luminosity"]).isSubset(of: double))
        #expect(CompositeOperator.allCases.allSatisfy { !$0.isEvaluatedInDouble || $0.isBlendMode })
    }

    /// Every instruction a C level may contain is checked at run time: each level's target string
    /// names the features its CPU check tests (both come from CSheenSIMDTargets.h), the 128-bit
    /// level's are SSE4.2's and no AVX, AVX2's include them, AVX-512's include AVX2's and DQ (its
    /// objects use vpmullq), and no C source compiles kernels with a target of its own, outside
    /// those strings.
    @Test func everyCompiledFeatureIsChecked() throws {
        let simd128 = String(cString: sheen_simd_level_target(Int32(SHEEN_SIMD_128))).split(separator: ",").map(String.init)
        #if arch(x86_64)
        #expect(simd128.contains("sse4.2") && simd128.contains("ssse3") && !simd128.contains { $0.hasPrefix("avx") || $0 == "fma" })
        #else
        #expect(simd128.isEmpty)
        #endif
        let avx2 = String(cString: sheen_simd_level_target(Int32(SHEEN_SIMD_AVX2))).split(separator: ",").map(String.init)
        let avx512 = String(cString: sheen_simd_level_target(Int32(SHEEN_SIMD_AVX512))).split(separator: ",").map(String.init)
        #expect(avx2.contains("avx2") && avx2.contains("fma") && avx2.contains("bmi2"))
        #expect(Set(avx2).isSubset(of: Set(avx512)))
        #expect(Set(simd128.filter { $0 != "popcnt" }).isSubset(of: ["sse4.2", "sse4.1", "ssse3", "sse3"]))
        for f in ["avx512f", "avx512bw", "avx512vl", "avx512dq"] { #expect(avx512.contains(f), "\(f)") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var scanned = 0
        for folder in ["Sources/CSheenSIMD", "Tests/CSheenSIMDWidthCheck"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".c") || name.hasSuffix(".h") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                scanned += 1
                #expect(!text.contains("target(\""), "\(folder)/\(name) names a target string of its own")
                #expect(!text.contains("#pragma clang attribute push"), "\(folder)/\(name) pushes a target outside SHEEN_BEGIN_*")
            }
        }
        #expect(scanned >= 10)
    }

    /// CSheenSIMD's kernel sources run in one direction: a level's `.c` includes a body, a body
    /// (`…Body.h`) is either nothing but its list of layers or one layer itself (RowsBody.h), a
    /// layer includes only system headers and ShortCopy.h and sets no pragma but a scoped one
    /// (`loop`, or `fp` inside a function), every layer is listed once by one body, and no file is
    /// longer than 300 lines.
    @Test func kernelSourcesAreLayered() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Sources/CSheenSIMD")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".h") || $0.hasSuffix(".c") }
        var listed: [String: String] = [:]
        for name in names.sorted() {
            let lines = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 300, "\(name) has \(lines.count) lines")
            let includes = lines.filter { $0.hasPrefix("#include \"") }.map { String($0.split(separator: "\"")[1]) }
            let code = lines.filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("#include") }
            if name.hasSuffix("Body.h") && includes.contains(where: { $0 != "ShortCopy.h" }) {
                #expect(code.isEmpty, "\(name) holds code; a body only lists its layers")
                for layer in includes {
                    #expect(listed[layer] == nil, "\(layer) is listed by \(name) and \(listed[layer] ?? "")")
                    listed[layer] = name
                }
            } else if name.hasSuffix(".h") {
                if name.hasSuffix("Body.h") { listed[name] = name }
                #expect(includes.allSatisfy { $0 == "ShortCopy.h" }, "\(name) includes \(includes)")
                for (index, line) in lines.enumerated() where line.hasPrefix("#pragma") {
                    let scoped = line.hasPrefix("#pragma clang loop")
                        || (line.hasPrefix("#pragma clang fp") && index > 0 && lines[index - 1].hasSuffix("{"))
                    #expect(scoped, "\(name):\(index + 1) sets a pragma for the rest of the file")
                }
                let guardLine = { (line: Substring) in (line.hasPrefix("#ifndef ") || line.hasPrefix("#define ")) && line.hasSuffix("_H") }
                let firstCode = lines.firstIndex { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("#include") && !guardLine($0) } ?? lines.count
                #expect(!lines[firstCode...].contains { $0.hasPrefix("#include") }, "\(name) includes from its middle")
            }
        }
        let layers = names.filter { $0.hasSuffix(".h") && $0 != "ShortCopy.h" && !(listed[$0] == nil && $0.hasSuffix("Body.h")) }
        #expect(Set(layers) == Set(listed.keys), "layers no body lists: \(Set(layers).subtracting(listed.keys))")
        #expect(listed.count >= 15)
    }
}
