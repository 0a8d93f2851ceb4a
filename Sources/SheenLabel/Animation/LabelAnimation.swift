import SheenRaster
import SheenText

/// An animation between label states: every colour — text, gradient stops, stroke,
/// shadows, background — and the geometric style values — shadow offset, blur and spread, stroke
/// width, font size (with relayout), line spacing, insets, label size, group `alpha` — interpolate over time
/// along a timing curve, through any number of keyframes. Colours mix premultiplied in OKLab by
/// default (`colorSpace`), sRGB or linear light on request.
///
/// Properties that cannot interpolate (text, alignment, line breaking, gradient extent…) keep the
/// earlier keyframe's value until the later keyframe is reached. A font size animates only for a
/// label's plain `text` (attributed runs keep their own sizes).
public struct LabelAnimation: Sendable {
    /// A label state at a time, seconds from the start.
    public struct Keyframe: Sendable {
        /// Seconds from the start; the first keyframe is at 0.
        public var time: Double
        /// The label at that time.
        public var label: Label
        /// Makes a keyframe.
        public init(time: Double, label: Label) { self.time = time; self.label = label }
    }

    /// The keyframes, in time order, the first at 0.
    public let keyframes: [Keyframe]
    /// The curve each segment between two keyframes follows.
    public var timing: TimingFunction
    /// The space colours interpolate in (premultiplied); OKLab by default.
    public var colorSpace: ColorSpace

    /// The allowed frame rates of `frames(fps:)`, frames per second: 0.001…1000.
    public static let framesPerSecondRange = 0.001 ... 1000.0
    /// The allowed keyframe times of a spec, seconds: 0…3600.
    public static let keyframeTimeRange = 0.0 ... 3600.0

    /// Total length in seconds (the last keyframe's time).
    public var duration: Double { keyframes.last!.time }

    /// From one label to another over `duration` seconds (> 0).
    public init(from: Label, to: Label, duration: Double, timing: TimingFunction = .easeInOut,
                colorSpace: ColorSpace = .oklab) throws(LabelError) {
        try self.init(keyframes: [Keyframe(time: 0, label: from), Keyframe(time: duration, label: to)],
                      timing: timing, colorSpace: colorSpace)
    }

    /// Through several keyframes; times must start at 0 and increase strictly, and be finite.
    public init(keyframes: [Keyframe], timing: TimingFunction = .easeInOut, colorSpace: ColorSpace = .oklab) throws(LabelError) {
        guard keyframes.count >= 2 else {
            throw .invalidParameter(name: "keyframe count", value: Double(keyframes.count), allowed: "≥ 2")
        }
        guard keyframes[0].time == 0 else {
            throw .invalidParameter(name: "first keyframe time", value: keyframes[0].time, allowed: "0")
        }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where !(b.time.isFinite && b.time > a.time) {
            throw .invalidParameter(name: "keyframe time", value: b.time, allowed: "finite, after \(a.time)")
        }
        self.keyframes = keyframes
        self.timing = try timing.validated()
        self.colorSpace = colorSpace
    }

    /// The label at `seconds` (clamped to [0, duration]): exactly the keyframe's label at each
    /// keyframe time.
    public func frame(at seconds: Double) throws(LabelError) -> Label {
        let s = seconds.isNaN ? 0 : min(max(seconds, 0), duration)
        guard let k = keyframes.lastIndex(where: { $0.time <= s }) else { return keyframes[0].label }
        if k == keyframes.count - 1 || keyframes[k].time == s { return keyframes[k].label }
        let a = keyframes[k], b = keyframes[k + 1]
        let progress = timing.progress(at: (s - a.time) / (b.time - a.time))
        return try LabelMixer(space: colorSpace).mix(a.label, b.label, progress)
    }

    /// Frames at `fps` frames per second from 0 to the end inclusive (the last exactly at
    /// `duration`): ⌊duration × fps⌋ + 1 frames, plus the end when it falls between.
    public func frames(fps: Double) throws(LabelError) -> [Label] {
        guard fps.isFinite, Self.framesPerSecondRange.contains(fps) else {
            throw LabelError.invalidParameter(name: "fps", value: fps, allowed: Self.framesPerSecondRange.interval)
        }
        // Checked as a Double: duration × fps may exceed Int's range (a trap on conversion).
        let steps = (duration * fps).rounded(.down)
        guard steps < 100_000 else { throw LabelError.invalidParameter(name: "frame count", value: steps, allowed: "< 100000") }
        let count = Int(steps)
        var times = (0...count).map { Double($0) / fps }
        if times.last! < duration - 1e-9 { times.append(duration) }
        return try times.map { (time) throws(LabelError) in try frame(at: time) }
    }
}
