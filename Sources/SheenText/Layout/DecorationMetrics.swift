import CHarfBuzz
import SheenRaster

/// A face's underline and strikeout metrics, design units, y up: the top edge of each line
/// relative to the baseline and its thickness.
struct DecorationMetrics {
    var underlineTop: Double, underlineThickness: Double
    var strikeoutTop: Double, strikeoutThickness: Double

    /// From the `post` and OS/2 tables through HarfBuzz; a table that lacks them gets the
    /// conventional values (an underline 1/10 em below the baseline, 1/20 em thick; a strikeout
    /// a quarter em up), so every face can decorate.
    init(hbFont: OpaquePointer, unitsPerEm: Int) {
        func metric(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var v: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &v) != 0 ? Double(v) : nil
        }
        let em = Double(unitsPerEm)
        let thickness = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? em / 20
        underlineThickness = thickness
        underlineTop = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -em / 10
        strikeoutThickness = metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? thickness
        strikeoutTop = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET).flatMap { $0 != 0 ? $0 : nil } ?? em / 4 + strikeoutThickness / 2
    }
}
