import SheenText

/// The fonts tests, sheen-bench and the fuzzers draw with: DejaVu Sans and DejaVu Sans Bold from
/// fonts-dejavu-core (Scripts/install-deps.sh), opened by path so that no fontconfig setting can
/// put another face under a golden image or a benchmark figure.
public enum TestFonts {
    /// Where Debian installs DejaVu.
    public static let directory = "/usr/share/fonts/truetype/dejavu"
    /// DejaVu Sans.
    public static let sansPath = directory + "/DejaVuSans.ttf"
    /// DejaVu Sans Bold.
    public static let boldPath = directory + "/DejaVuSans-Bold.ttf"
    /// The Thai font fallback finds for DejaVu Sans: Loma (fonts-tlwg-loma-ttf).
    public static let thaiPath = "/usr/share/fonts/truetype/tlwg/Loma.ttf"
    /// The CJK font fallback finds: WenQuanYi Micro Hei (fonts-wqy-microhei).
    public static let cjkPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

    /// DejaVu Sans at `size` pixels.
    public static func sans(_ size: Double = 20) throws(TextError) -> Font { try Font(path: sansPath, size: size) }
    /// DejaVu Sans Bold at `size` pixels.
    public static func bold(_ size: Double = 48) throws(TextError) -> Font { try Font(path: boldPath, size: size) }
}
