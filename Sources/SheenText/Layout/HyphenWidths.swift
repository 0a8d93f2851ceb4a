import SheenRaster

/// The width of the hyphen a soft-hyphen break adds, per attributes, shaped once per layout pass.
struct HyphenWidths {
    let composer: Composer
    let scale: Double
    private var known: [Int: Double] = [:]

    init(composer: Composer, scale: Double) { self.composer = composer; self.scale = scale }

    mutating func width(_ attributesIndex: Int) throws(TextError) -> Double {
        if let w = known[attributesIndex] { return w }
        let w = try ShapedText(.inserted(Composer.hyphen, attributesIndex: attributesIndex),
                               attributes: composer.attributes, scale: scale, paragraphLevel: 0).width
        known[attributesIndex] = w
        return w
    }
}
