// swift-tools-version: 6.1
// Sheen: SIMD raster kernels for styled text. No unsafe compiler flags anywhere: this package must stay usable
// as a dependency; speed comes from code shape and runtime ISA dispatch (see DESIGN.md).
import PackageDescription

let package = Package(
    name: "Sheen",
    products: [
        .library(name: "SheenRaster", targets: ["SheenRaster"]),
        .library(name: "SheenText", targets: ["SheenText"]),
        .library(name: "SheenLabel", targets: ["SheenLabel"]),
        .library(name: "SheenPNG", targets: ["SheenPNG"]),
        // The C API as a shared library, libSheenC.so (Scripts/install.sh installs it with
        // sheen.h and sheen.pc).
        .library(name: "SheenC", type: .dynamic, targets: ["SheenC"]),
        // The drop-in pixman, libsheen-pixman.so: pixman's ABI, drawn by Sheen where it can and by
        // the system's pixman otherwise (LD_PRELOAD it, or Scripts/install.sh --pixman).
        .library(name: "sheen-pixman", type: .dynamic, targets: ["SheenPixman"]),
        .executable(name: "sheen", targets: ["sheen"]),
        .executable(name: "sheen-bench", targets: ["sheen-bench"]),
    ],
    traits: [
        // The command line and sheen-bench need swift-argument-parser; the libraries do not. On by
        // default, so `swift run sheen` works as it is; a package that depends on Sheen with
        // `traits: []` (README's snippet) leaves it out: swift-argument-parser is not resolved,
        // pinned or built for it.
        .trait(name: "CLI", description: "The sheen command line and sheen-bench (swift-argument-parser)."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        // Lower bounds only, so a package depending on Sheen can pick newer releases. The CLI and
        // sheen-bench use ArgumentParser; the libraries use neither.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (one DocC archive per library module).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Raw-buffer kernels. No dependency but their own C target: the ISA-specific hot loops
        // (AVX2, AVX-512), each level compiled by a `#pragma clang attribute` target, no flags, and
        // chosen at run time by SheenRaster's kernel table.
        .target(name: "CSheenSIMD"),
        // The platform's C library, chosen once (Sources/SheenPlatform/SystemLibrary.swift).
        .target(name: "SheenPlatform"),
        .target(name: "SheenRaster", dependencies: ["CSheenSIMD", "SheenPlatform"]),

        // Text: fonts, shaping, line breaking and layout into A8 masks, over the system's C libraries.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // ICU behind a header that declares no ICU type (see Sources/CICU/include/CICU.h).
        .systemLibrary(name: "CICUSystem", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        .target(name: "CICU", dependencies: ["CICUSystem"], linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "SheenText", dependencies: ["SheenRaster", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]),
        // Labels: style, render, animate, over SheenRaster and SheenText.
        .target(name: "SheenLabel", dependencies: ["SheenRaster", "SheenText"]),

        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .target(name: "SheenPNG", dependencies: ["SheenRaster", "CLibPNG"]),

        .executableTarget(
            name: "sheen",
            dependencies: [
                "SheenRaster", "SheenText", "SheenLabel", "SheenPNG",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ]
        ),
        .executableTarget(
            name: "sheen-bench",
            dependencies: ["SheenRaster", "SheenText", "SheenLabel", "SheenTestSupport",
                           .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"]))],
            path: "Benchmarks/sheen-bench"
        ),

        // The compositing fuzzer (Scripts/fuzz.sh); a replay tool in normal builds.
        .executableTarget(
            name: "sheen-fuzz",
            dependencies: ["SheenRaster", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz"
        ),
        // The text fuzzer (Scripts/fuzz.sh --target text): fonts from random bytes, random text.
        .executableTarget(
            name: "sheen-fuzz-text",
            dependencies: ["SheenText", "SheenRaster", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-text"
        ),
        // The label fuzzer (Scripts/fuzz.sh --target label): label options, animation and text
        // placements at extreme values, into fenced buffers.
        .executableTarget(
            name: "sheen-fuzz-label",
            dependencies: ["SheenLabel", "SheenText", "SheenRaster", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-label"
        ),
        // The field fuzzer (Scripts/fuzz.sh --target field): text fields, secure fields and text
        // views with their editing state and placeholder, rendered, queried and edited.
        .executableTarget(
            name: "sheen-fuzz-field",
            dependencies: ["SheenLabel", "SheenText", "SheenRaster", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-field"
        ),
        // The spec fuzzer (Scripts/fuzz.sh --target spec): JSON label specs through SheenLabel's
        // own parser and reader.
        .executableTarget(
            name: "sheen-fuzz-spec",
            dependencies: ["SheenLabel", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-spec"
        ),
        // The raster fuzzer (Scripts/fuzz.sh --target raster): blur, gradient fills, PNG decoding.
        .executableTarget(
            name: "sheen-fuzz-raster",
            dependencies: ["SheenRaster", "SheenPNG", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-raster"
        ),
        // The drop-in pixman's differential fuzzer (Scripts/fuzz.sh --target pixman): random pixman
        // calls through the drop-in and through the system pixman.
        .executableTarget(
            name: "sheen-fuzz-pixman",
            dependencies: ["SheenPixman", "CSheenPixman", "SheenRaster", "SheenPlatform", "SheenTestSupport"],
            path: "Fuzz/sheen-fuzz-pixman"
        ),

        // The C API: sheen.h (types and declarations, a C target so Swift sees the same types)
        // and its definitions in Swift, exported with @_cdecl.
        .target(name: "CSheenAPI"),
        .target(name: "SheenC", dependencies: ["CSheenAPI", "SheenRaster", "SheenText", "SheenLabel", "SheenPNG"]),

        // The drop-in pixman: pixman's structures and constants (a C target, no pixman headers
        // needed) and the interposed calls in Swift, exported with @_cdecl.
        .target(name: "CSheenPixman", dependencies: ["CSheenSIMD"]),
        .target(name: "SheenPixman", dependencies: ["CSheenPixman", "CSheenSIMD", "SheenRaster", "SheenPlatform"]),

        // Every generator, fixture and comparison helper of the tests, sheen-bench and the fuzzers,
        // so the three make and check content one way. Uses no test framework.
        .target(name: "SheenTestSupport", dependencies: ["SheenRaster", "SheenText", "SheenPNG"], path: "Tests/SheenTestSupport"),
        // The AVX-512 level's block width built for AVX2, so its logic runs on machines without AVX-512.
        .target(name: "CSheenSIMDWidthCheck", dependencies: ["CSheenSIMD"], path: "Tests/CSheenSIMDWidthCheck"),
        .testTarget(
            name: "SheenPixmanTests",
            dependencies: ["SheenPixman", "CSheenPixman", "SheenRaster", "SheenTestSupport"]
        ),
        .testTarget(
            name: "SheenRasterTests",
            dependencies: ["SheenRaster", "SheenTestSupport", "CSheenSIMD", "CSheenSIMDWidthCheck"]
        ),
        .testTarget(
            name: "SheenTextTests",
            dependencies: ["SheenText", "SheenRaster", "SheenPNG", "SheenTestSupport"],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(name: "SheenLabelTests", dependencies: ["SheenLabel", "SheenText", "SheenRaster", "SheenPNG", "SheenTestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "SheenPNGTests", dependencies: ["SheenPNG", "SheenRaster", "SheenTestSupport"]),
        .testTarget(name: "SheenCLITests", dependencies: ["sheen", "SheenRaster", "SheenPNG", "SheenTestSupport"]),
        .testTarget(name: "SheenCTests", dependencies: ["SheenC", "CSheenAPI", "SheenLabel", "SheenText", "SheenRaster", "SheenPNG",
                                                        "SheenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
