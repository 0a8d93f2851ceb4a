import SheenRaster
import SheenText

/// One thing to composite: a mask in one paint (a shadow, a stroke, part of the fill) or an
/// image of its own colours (the emoji). `at` is the label pixel of its pixel (0, 0).
struct LabelLayer {
    /// The paint the mask is drawn in; nil for an image layer.
    let paint: Paint?
    /// The A8 mask, or the premultiplied RGBA image when `paint` is nil.
    let mask: Image
    let at: (x: Int, y: Int)

    init(paint: Paint, mask: Image, at: (x: Int, y: Int)) { self.paint = paint; self.mask = mask; self.at = at }
    init(image: Image, at: (x: Int, y: Int)) { self.paint = nil; self.mask = image; self.at = at }

    /// The label pixels the layer covers.
    var extent: PixelRect { PixelRect(x: at.x, y: at.y, width: mask.width, height: mask.height) }
}
