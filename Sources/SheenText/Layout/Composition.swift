import SheenRaster

/// The lines for one scale, and whether the text fit without losing anything.
struct Composition {
    var lines: [ComposedLine] = []
    /// Every character shown, no word broken inside for lack of room, no line wider than the bounds.
    var fits = true
    /// Some text was dropped or replaced by "…".
    var lostText = false
}
