import Foundation
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Every public entry point of SheenText and SheenLabel driven with the values that break
/// arithmetic — Int.min, Int.max, 1e300, NaN, ±∞ — in every numeric parameter, in a release
/// build (where overflow still traps): each call must return or throw. A trap ends the test
/// process, which is the failure this suite exists to catch; a destination must stay within its
/// fences and, when the call throws, unchanged. Enabled by SHEEN_LONG_TESTS=1 (Scripts/test.sh).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct ExtremeValuesLongTests {
    static let doubles: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, Double(Int.max), Double(Int.min),
                                    .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 1e-300, 0.5, 65536]
    static let ints: [Int] = [Int.min, Int.min + 1, -(1 << 40), -1, 0, 1, 1 << 40, Int.max - 1, Int.max]

    /// Runs `body` into a fenced RGBA buffer: it may return or throw, never write outside, and
    /// a throw leaves the buffer as it was. Returns whether it returned.
    @discardableResult
    static func intoBuffer(_ body: (RasterBuffer) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let fenced = FencedBuffer(width: 48, height: 24, format: .rgba8Premultiplied, padding: 8, misalignment: 1, fill: 0x5A)
        let before = fenced.allBytes
        let returned = (try? body(fenced.buffer)) != nil
        #expect(fenced.fenceViolations == 0, sourceLocation: sourceLocation)
        if !returned { #expect(fenced.allBytes == before, "threw after writing", sourceLocation: sourceLocation) }
        return returned
    }

    static func base() throws -> Label {
        var label = Label("Edge AV", font: try TestFonts.bold(16), size: Size(width: 48, height: 24))
        label.backgroundColor = Color(rgba: 0x2040_60FF)
        return label
    }

    /// One extreme value in each numeric property of a label, rendered into a fenced buffer at
    /// extreme origins, measured and laid out.
    @Test(arguments: doubles)
    func labelProperties(value v: Double) throws {
        let font = try TestFonts.bold(16)
        let mutations: [(inout Label) -> Void] = [
            { $0.size = Size(width: v, height: 24) }, { $0.size = Size(width: 48, height: v) },
            { $0.minimumScaleFactor = v; $0.adjustsFontSizeToFitWidth = true },
            { $0.shadowColor = .black; $0.shadowOffset = Point(v, -v) },
            { $0.stroke = LabelStroke(width: v, paint: .color(.black)) },
            { $0.shadows = [LabelShadow(color: .black, offset: Point(v, v), sigma: 1)] },
            { $0.shadows = [LabelShadow(color: .black, sigma: v)] },
            { $0.shadows = [LabelShadow(color: .black, sigma: 1, spread: v)] },
            { $0.insets = EdgeInsets(top: v, left: v, bottom: -v, right: v) },
            { $0.lineHeightMultiple = v }, { $0.lineSpacing = v; $0.numberOfLines = 0 },
            { $0.fill = .gradient(LabelGradient(colors: [.black, .white], geometry: .linear(angle: v)), extent: .ink) },
            { $0.fill = .gradient(LabelGradient(colors: [.black, .white], geometry: .radial(center: Point(v, 0), radius: v)), extent: .frame) },
            { $0.fill = .gradient(LabelGradient(stops: [GradientStop(v, .white)]), extent: .typographic) },
            { label in if let sized = try? font.withSize(v) { label.font = sized } },
        ]
        for mutate in mutations {
            var label = try Self.base()
            mutate(&label)
            _ = try? label.image()
            _ = try? label.sizeThatFits(Size(width: v, height: v))
            _ = try? label.textRect(forBounds: Rect(x: v, y: v, width: v, height: v), limitedToNumberOfLines: 0)
            for origin in [(0, 0), (Int.min, Int.min), (Int.max, Int.max), (Int.max, 0), (-40, -20)] {
                Self.intoBuffer { try label.render(into: $0, at: origin) }
            }
        }
    }

    @Test func labelLineCountsAndOrigins() throws {
        for n in Self.ints {
            var label = try Self.base()
            label.numberOfLines = n
            _ = try? label.image()
            _ = try? label.textRect(forBounds: Rect(x: 0, y: 0, width: 48, height: 24), limitedToNumberOfLines: n)
            for m in Self.ints { Self.intoBuffer { try label.render(into: $0, at: (n, m)) } }
        }
    }

    /// Layout bounds and options, mask regions and draw origins at every extreme.
    @Test func textLayoutRegionsAndOrigins() throws {
        let text = AttributedText("Edge AV fi", font: try TestFonts.bold(16))
        for v in Self.doubles {
            _ = try? TextLayout(text, bounds: Size(width: v, height: v))
            for set in [{ (o: inout TextLayoutOptions) in o.lineHeightMultiple = v }, { $0.lineSpacing = v },
                        { $0.minimumScaleFactor = v; $0.adjustsFontSizeToFitWidth = true }] {
                var options = TextLayoutOptions()
                options.numberOfLines = 0
                set(&options)
                _ = try? TextLayout(text, bounds: Size(width: 30, height: 0), options: options).mask()
            }
            let layout = try TextLayout(text)
            _ = try? layout.mask(stroke: TextStroke(width: v))
            _ = try? layout.inkRect(stroke: TextStroke(width: v))
        }
        let layout = try TextLayout(text)
        for x in Self.ints {
            for y in Self.ints {
                _ = try? layout.mask(region: PixelRect(x: x, y: y, width: 8, height: 8))
                _ = try? layout.mask(region: PixelRect(x: 0, y: 0, width: x, height: y))
                _ = try? layout.mask(region: PixelRect(x: x, y: 0, width: y, height: 4))
                let fenced = FencedBuffer(width: 40, height: 20, format: .a8, padding: 8, misalignment: 3, fill: 0)
                _ = try? layout.draw(into: fenced.buffer, origin: (x, y))
                #expect(fenced.fenceViolations == 0)
            }
        }
        for n in Self.ints {
            var options = TextLayoutOptions()
            options.numberOfLines = n
            _ = try? TextLayout(text, bounds: Size(width: 30, height: 0), options: options).mask()
        }
    }

    /// Durations, keyframe times, frame times and rates at every extreme.
    @Test func animationTimesAndRates() throws {
        let from = try Self.base()
        var to = from
        to.textColor = .white
        for v in Self.doubles {
            let animation = try? LabelAnimation(from: from, to: to, duration: v)
            _ = try? LabelAnimation(keyframes: [.init(time: 0, label: from), .init(time: 1, label: to), .init(time: v, label: from)])
            _ = try? LabelAnimation(from: from, to: to, duration: 1, timing: .cubicBezier(x1: v, y1: v, x2: 0.5, y2: v))
            _ = try? LabelAnimation(from: from, to: to, duration: 1, timing: .spring(dampingRatio: v, response: v))
            let oneSecond = try LabelAnimation(from: from, to: to, duration: 1)
            _ = try? oneSecond.frame(at: v)
            if v.isFinite && abs(v) < 100 { _ = try? oneSecond.frames(fps: v) }
            if let animation {
                _ = try? animation.frame(at: v)
                // Only where the frame count stays small: a valid rate over a valid long
                // duration is a legitimately huge request, refused by count, not rendered.
                _ = try? animation.frames(fps: 1000)
            }
        }
    }
}
