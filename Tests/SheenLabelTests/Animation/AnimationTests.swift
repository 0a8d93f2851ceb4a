import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

@Suite struct AnimationTests {
    static let curves: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInOut, .ease,
                                           .cubicBezier(x1: 0.1, y1: 0.7, x2: 0.9, y2: 0.3), .spring(dampingRatio: 0.4, response: 0.3),
                                           .spring(dampingRatio: 1, response: 0.5)]

    @Test(arguments: curves) func endpointsAreExact(curve: TimingFunction) {
        #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -3) == 0 && curve.progress(at: 7) == 1 && curve.progress(at: .nan) == 0)
    }

    @Test(arguments: [TimingFunction.linear, .easeIn, .easeOut, .easeInOut, .ease, .cubicBezier(x1: 0.2, y1: 0.9, x2: 0.3, y2: 1)])
    func monotonicCurvesGiveMonotonicProgress(curve: TimingFunction) {
        var previous = 0.0
        for i in 1...1000 {
            let p = curve.progress(at: Double(i) / 1000)
            #expect(p >= previous - 1e-12)
            previous = p
        }
    }

    /// Reference values of CSS's cubic-bezier curves (as browsers compute them).
    @Test func cubicBezierMatchesCSSReferences() {
        let cases: [(TimingFunction, Double, Double)] = [
            (.ease, 0.25, 0.4085), (.ease, 0.5, 0.8024), (.ease, 0.75, 0.9604),
            (.easeIn, 0.5, 0.3153), (.easeOut, 0.5, 0.6847), (.easeInOut, 0.5, 0.5),
            (.easeInOut, 0.25, 0.1291), (.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1), 0.37, 0.37),
        ]
        for (curve, t, expected) in cases {
            #expect(abs(curve.progress(at: t) - expected) < 6e-4, "\(curve) at \(t): \(curve.progress(at: t))")
        }
    }

    @Test func springOvershootsAndSettles() {
        let bouncy = TimingFunction.spring(dampingRatio: 0.3, response: 0.25)
        let peak = (1...999).map { bouncy.progress(at: Double($0) / 1000) }.max()!
        #expect(peak > 1.2)
        #expect(abs(bouncy.progress(at: 0.999) - 1) < 0.02)
    }

    /// OKLab's midpoint of blue → yellow keeps colour; sRGB's is grey (the reason OKLab is the default).
    @Test func okLabMidpointIsNotGrey() {
        let blue = Color(rgba: 0x0000_FFFF), yellow = Color(rgba: 0xFFFF_00FF)
        let srgb = ColorInterpolation.mix(blue, yellow, 0.5, in: .sRGB)
        #expect(srgb.red == 0.5 && srgb.green == 0.5 && srgb.blue == 0.5)
        let oklab = ColorInterpolation.mix(blue, yellow, 0.5, in: .oklab)
        let lab = oklab.components(in: .oklab)
        #expect((lab.y * lab.y + lab.z * lab.z).squareRoot() > 0.02)   // chroma: not grey
        #expect(max(oklab.red, oklab.green, oklab.blue) - min(oklab.red, oklab.green, oklab.blue) > 0.1)
        // Premultiplied: fading to transparent red keeps the hue instead of passing through black.
        let fade = ColorInterpolation.mix(Color(rgba: 0xFF00_00FF), Color(rgba: 0xFF00_0000), 0.5, in: .sRGB)
        #expect(fade.red == 1 && fade.alpha == 0.5)
    }

    private func states() throws -> (Label, Label) {
        var a = Label("Animate", font: try TestFonts.bold(30), size: Size(width: 300, height: 80))
        a.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]), extent: .ink)
        a.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 2), sigma: 2)]
        var b = a
        b.font = try TestFonts.bold(50)
        b.fill = .gradient(LabelGradient(colors: [Color(rgba: 0xFF95_00FF), Color(rgba: 0xAF52_DEFF), Color(rgba: 0x34C7_59FF)]), extent: .ink)
        b.stroke = LabelStroke(width: 3, paint: .color(.white))
        b.shadows = [LabelShadow(color: Color(rgba: 0xFF00_00FF), offset: Point(6, 8), sigma: 8)]
        return (a, b)
    }

    @Test func framesStartAndEndExactlyAndRelayout() throws {
        let (a, b) = try states()
        let animation = try LabelAnimation(from: a, to: b, duration: 1, timing: .easeInOut)
        let frames = try animation.frames(fps: 30)
        #expect(frames.count == 31)
        #expect(try frames.first!.image().bytes == a.image().bytes)
        #expect(try frames.last!.image().bytes == b.image().bytes)
        let middle = frames[15]
        #expect(middle.font.size > 30 && middle.font.size < 50)
        #expect(middle.stroke != nil && middle.stroke!.width > 0 && middle.stroke!.width < 3)
        #expect(middle.shadows[0].sigma > 2 && middle.shadows[0].sigma < 8)
        #expect(try middle.layout().lines[0].glyphs[0].size == middle.font.size)
        // Font size follows the curve's progress.
        let p = TimingFunction.easeInOut.progress(at: 0.5)
        #expect(abs(middle.font.size - (30 + 20 * p)) < 1e-9)
    }

    /// Group opacity animates: a fade-out's middle frame has the curve's alpha and draws as the
    /// label with that alpha.
    @Test func alphaAnimates() throws {
        var from = Label("Fade", font: try TestFonts.bold(30), size: Size(width: 120, height: 50))
        from.shadows = [LabelShadow(color: .black, offset: Point(0, 3), sigma: 2)]
        var to = from
        to.alpha = 0
        let frames = try LabelAnimation(from: from, to: to, duration: 1, timing: .linear).frames(fps: 4)
        #expect(frames.map(\.alpha) == [1, 0.75, 0.5, 0.25, 0])
        var half = from
        half.alpha = 0.5
        #expect(try frames[2].image().bytes == half.image().bytes)
    }

    @Test func keyframesPassThroughEveryState() throws {
        let (a, b) = try states()
        var c = a
        c.textColor = .white
        c.fill = .color(Color(rgba: 0x34C7_59FF))
        let animation = try LabelAnimation(keyframes: [.init(time: 0, label: a), .init(time: 0.4, label: b), .init(time: 1.5, label: c)],
                                           timing: .linear)
        #expect(animation.duration == 1.5)
        #expect(try animation.frame(at: 0.4).image().bytes == b.image().bytes)
        #expect(try animation.frame(at: 9).image().bytes == c.image().bytes)
        let between = try animation.frame(at: 0.95)
        if case let .gradient(g, _)? = between.fill { #expect(g.stops.count >= 3) } else { Issue.record("expected a gradient") }
        #expect(try animation.frames(fps: 10).count == 16)
    }

    @Test func badAnimationsThrow() throws {
        let (a, b) = try states()
        #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: 0) }
        #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: .nan) }
        #expect(throws: LabelError.self) { try LabelAnimation(keyframes: [.init(time: 0, label: a)]) }
        #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: 1, timing: .cubicBezier(x1: 2, y1: 0, x2: 0, y2: 1)) }
        #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: 1, timing: .spring(dampingRatio: 0, response: 1)) }
        #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: 1).frames(fps: 0) }
        // duration × fps beyond Int's range: an error naming the frame count, not a trap.
        for duration in [1e300, Double.greatestFiniteMagnitude, 1e19] {
            let e = #expect(throws: LabelError.self) { try LabelAnimation(from: a, to: b, duration: duration).frames(fps: 1) }
            #expect(e.map { "\($0)" }?.contains("frame count") == true)
        }
    }
}
