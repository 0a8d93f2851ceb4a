// What the drop-in knows of each pixman image: pixman keeps an image's properties private (it has
// getters for a bits image's data, size, stride and format, none for its repeat, transform,
// filter, clip, or a solid or gradient image's parameters), so the drop-in interposes the
// constructors and setters, hands each call on, and keeps a copy here. Every image a program
// makes goes through them; an image with no record (made some other way, or whose record is
// gone) is simply handed to pixman.

import CSheenPixman
import CSheenSIMD
import SheenRaster

/// The drop-in's copy of one image's properties. Never changed once in the registry: a setter
/// publishes a changed copy, so that a composite holds its three records by reference (one
/// retain each) while other threads set other images' properties.
final class ImageRecord {
    /// What the image holds.
    enum Content {
        /// Pixels in memory: `format` nil for a format Sheen leaves to pixman.
        case bits(format: PixmanFormat?, data: UnsafeMutableRawPointer?, width: Int, height: Int, stride: Int)
        /// One colour, as pixman keeps it: a8r8g8b8 (each 16-bit channel's high byte).
        case solid(UInt32)
        /// A gradient, its parameters in `gradient` (kept apart so that this enum stays plain
        /// values: matched on every composite, it is copied without reference counting).
        case gradient
    }

    /// How the image's transform places it.
    enum Placement: Equatable {
        /// Identity, or a translation by whole pixels: source pixel (x + dx, y + dy) for
        /// destination pixel (x, y).
        case offset(dx: Int, dy: Int)
        /// Anything else: handed to pixman.
        case transformed
    }

    var content: Content
    /// A gradient image's shape and stops (nil for any other image, and for a gradient whose
    /// stops the drop-in could not read: pixman's).
    var gradient: PixmanGradient?
    /// pixman_repeat_t.
    var repeatMode: UInt32 = UInt32(SHEEN_PIXMAN_REPEAT_NONE)
    var placement: Placement = .offset(dx: 0, dy: 0)
    /// The transform as an affine map from destination to image space (pixman's direction), nil
    /// for a projective one.
    var map: Matrix2D? = .identity
    /// The same affine transform as pixman's 16.16 rows, as the sampling kernels take it (nil for a
    /// projective one).
    var fixedMap: FixedAffineTransform? = FixedAffineTransform.identity
    /// pixman_filter_t (pixman's default is nearest). The convolution filters blur even an
    /// untransformed image: the separable one of a transformed image is sample_convolution's
    /// (`convolution`), the rest pixman's.
    var filter: UInt32 = UInt32(SHEEN_PIXMAN_FILTER_NEAREST)
    /// The separable convolution filter's parameters (nil for another filter, or parameters
    /// outside ConvolutionFilter's bounds: pixman's).
    var convolution: ConvolutionFilter? = nil
    /// The clip region's boxes, nil for none.
    var clip: [PixelRect]? { hasClip ? (clipCount == 1 ? [firstClipBox] : clipBoxes) : nil }
    /// Whether the image has a clip region (`clip` not nil, read without copying the boxes out).
    var isClipped: Bool { hasClip }
    /// The clip's non-empty boxes: how many, the first, and all of them when there are more than
    /// one. cairo sets a clip of one box and clears it around every glyph run, so that box is a
    /// plain value: an array made, or even refilled, for each cost more than pixman's own setter.
    private var clipCount = 0
    private var firstClipBox = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var clipBoxes: [PixelRect] = []
    private var hasClip = false
    /// Whether the image's pixels are a1 (its `content` has no format Sheen draws): as a mask it
    /// is read through A8 scratch (A1Coverage.swift).
    var isA1 = false
    /// Whether this is the image of a glyph pixman's glyph cache holds (GlyphCalls.swift): only
    /// freeing such an image concerns the glyph registry.
    var isGlyphImage = false

    /// Sets the clip to the non-empty ones of a region's `count` boxes, given as (x1, y1, x2, y2)
    /// by `box`.
    func setClip(_ count: Int, _ box: (Int) -> (Int, Int, Int, Int)) {
        hasClip = true
        if count == 1 {
            let (x1, y1, x2, y2) = box(0)
            clipCount = x2 > x1 && y2 > y1 ? 1 : 0
            if clipCount == 1 { firstClipBox = PixelRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1) }
            return
        }
        var boxes: [PixelRect] = []
        for i in 0 ..< count {
            let (x1, y1, x2, y2) = box(i)
            if x2 > x1 && y2 > y1 { boxes.append(PixelRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)) }
        }
        clipCount = boxes.count
        if let first = boxes.first { firstClipBox = first }
        clipBoxes = clipCount > 1 ? boxes : []
    }

    /// Clears the clip.
    func clearClip() { hasClip = false }
    /// Whether the clip was set by the client and source clipping is on: pixman then clips a
    /// source by it, which the drop-in hands over.
    var hasClientClip = false
    var clipsAsSource = false
    var componentAlpha = false
    /// An alpha map, read and write accessors: handed to pixman.
    var hasAlphaMap = false
    var hasAccessors = false

    /// A gradient's fill as last prepared for a call, by the call's source offset (its
    /// destination-space form depends on nothing else of a call): cairo draws a shape a span at
    /// a time with one offset. Kept per record, so a setter (which publishes a new record, or
    /// changes one in place and forgets its fill) starts afresh. Only a gradient's record has
    /// one: cairo makes and drops images by the thousand, and a mutex each would cost every one.
    private let fillCache: Guarded<(offset: (x: Int, y: Int), fill: GradientFill)?>?

    /// The gradient's fill for calls at source offset `offset`: the one kept, or `make()`'s (nil
    /// where it cannot be made), kept for the next call.
    func gradientFill(offset: (x: Int, y: Int), make: () -> GradientFill?) -> GradientFill? {
        guard let fillCache else { return make() }
        if let kept = fillCache.withLock({ $0 }), kept.offset == offset { return kept.fill }
        guard let fill = make() else { return nil }
        fillCache.withLock { $0 = (offset, fill) }
        return fill
    }

    /// Forgets the kept gradient fill: a setter changed the record in place.
    func forgetFill() { fillCache?.withLock { $0 = nil } }

    /// The image as the composite's fast path reads it (CompositeCall+FastPath.swift), worked out
    /// (`seal()`) before the record is first read after it was made or changed, so that a small
    /// call reads plain values.
    private(set) var plain = PlainImage.unusable
    /// The image as sample_bilinear or sample_convolution reads it (sampledImage), worked out
    /// with `plain`; nil for one neither reads. (Not in `plain`, which every call copies out.)
    private(set) var sampling: SampledImage? = nil
    /// Whether `plain` and `sampling` are still to be worked out (ImageRegistry seals a record
    /// when it is first read, not as each setter changes it: cairo makes an image of a surface
    /// for each glyph run and sets its transform, filter and repeat, each a seal before).
    private(set) var needsSeal = true

    init(_ content: Content) {
        self.content = content
        if case .gradient = content { fillCache = Guarded(nil) } else { fillCache = nil }
    }

    /// A gradient image's record.
    convenience init(gradient: PixmanGradient?) {
        self.init(.gradient)
        self.gradient = gradient
    }

    /// A copy, to change before it replaces this one.
    func copy() -> ImageRecord {
        let r = ImageRecord(content)
        r.gradient = gradient
        r.repeatMode = repeatMode; r.placement = placement; r.map = map; r.fixedMap = fixedMap; r.filter = filter; r.convolution = convolution
        r.clipCount = clipCount; r.firstClipBox = firstClipBox; r.clipBoxes = clipBoxes; r.hasClip = hasClip; r.isGlyphImage = isGlyphImage; r.isA1 = isA1
        r.hasClientClip = hasClientClip; r.clipsAsSource = clipsAsSource; r.componentAlpha = componentAlpha
        r.hasAlphaMap = hasAlphaMap; r.hasAccessors = hasAccessors
        return r
    }

    /// Whether pixman clips a call to this image's clip region when it is the call's source or
    /// mask (the client set the clip and turned source clipping on): such calls are pixman's.
    var clipsWhenRead: Bool { hasClientClip && clipsAsSource && hasClip }

    /// Works out `plain` from the record's properties: called, under the registry's lock, on a
    /// record no other reference holds — before the registry first hands it out after it was
    /// made or changed (ImageRegistry's `Tables.record`), or as the last step of a change of a
    /// record already sealed (`sealClip`).
    func seal() {
        needsSeal = false
        var p = PlainImage.unusable
        sampling = nil
        switch content {
        case let .solid(v):
            if isPlainlyReadable && !clipsWhenRead && !componentAlpha { p.kind = .solid }
            p.solid = v
        case let .bits(format?, data?, w, h, stride):
            p.format = format; p.data = data; p.width = w; p.height = h; p.stride = stride
            // A clip region of one box (cairo clips each glyph run to its rows so) bounds the
            // drawing as the image's edges do; more boxes are drawWithSheen's.
            sealDestination(&p, width: w, height: h)
            if placement == .transformed { sampling = sampledImage(format: format, data: data, width: w, height: h, stride: stride) }
            if sampling != nil && !clipsWhenRead && !componentAlpha { p.kind = .sampled }
            // As a source or mask: read at whole-pixel offsets, transparent past its edges (a
            // repeating image, even 1 × 1, is the full path's), unclipped and without component alpha.
            if case let .offset(dx, dy) = placement, isPlainlyReadable, repeatMode == UInt32(SHEEN_PIXMAN_REPEAT_NONE),
               !clipsWhenRead, !componentAlpha {
                p.kind = .bits
                p.dx = dx; p.dy = dy
            }
        default:
            break
        }
        plain = p
    }

    /// `plain`'s destination part (`isDestination`, `drawable`) of a bits image `w` × `h` pixels
    /// of a format Sheen draws, from its alpha map, accessors and clip.
    private func sealDestination(_ p: inout PlainImage, width w: Int, height h: Int) {
        p.isDestination = false
        p.drawable = (0, 0, 0, 0)
        guard !hasAlphaMap && !hasAccessors, !hasClip || clipCount == 1 else { return }
        p.isDestination = true
        var drawable = PixelRect(x: 0, y: 0, width: w, height: h)
        if hasClip { drawable = drawable.intersection(firstClipBox) }
        p.drawable = (Int32(truncatingIfNeeded: drawable.x), Int32(truncatingIfNeeded: drawable.y),
                      Int32(truncatingIfNeeded: drawable.x + drawable.width), Int32(truncatingIfNeeded: drawable.y + drawable.height))
    }

    /// Marks `plain` and `sampling` as out of date: the record changed (ImageRegistry's update),
    /// to be sealed when next read.
    func unseal() { needsSeal = true }

    /// `seal()` after a change of the clip alone, on a sealed record: where the clip does not
    /// clip reads of the image (`clipsWhenRead` false whatever the clip), it changes only
    /// `plain`'s destination part, which alone is worked out again (cairo sets and clears a
    /// destination's clip around every glyph run: the whole seal twice cost a run of 8-pixel
    /// text ~250 instructions).
    func sealClip() {
        // `plain` has a format only where seal took the bits branch, which a clip does not change.
        guard !(hasClientClip && clipsAsSource), plain.format != nil, case let .bits(_, _, w, h, _) = content else { return seal() }
        // Through a copy: `plain` itself passed inout is checked for exclusive access each time.
        var p = plain
        sealDestination(&p, width: w, height: h)
        plain = p
    }

    /// The image as sample_bilinear or sample_convolution reads it: a8, a8r8g8b8 or a8b8g8r8
    /// bits under an affine transform other than a whole-pixel translation, with the bilinear
    /// filter (pixman's good and best are bilinear too) or — a8r8g8b8 and a8b8g8r8 — a separable
    /// convolution within ConvolutionFilter's bounds (cairo's downscaled images), no alpha map or
    /// accessors; nil for any other. (An x8 format is pixman's: its fetchers make each pixel
    /// opaque before they weigh it, where a pixel past the edge with repeat none stays
    /// transparent.)
    private func sampledImage(format: PixmanFormat, data: UnsafeMutableRawPointer, width: Int, height: Int,
                              stride: Int) -> SampledImage? {
        let bilinear = filter == UInt32(SHEEN_PIXMAN_FILTER_BILINEAR) || filter == UInt32(SHEEN_PIXMAN_FILTER_GOOD)
            || filter == UInt32(SHEEN_PIXMAN_FILTER_BEST)
        let convolved = filter == UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION) && convolution != nil && format != .a8
        guard bilinear || convolved, placement == .transformed, !format.isPadded, let transform = fixedMap, !hasAlphaMap, !hasAccessors,
              let mode = SamplingRepeat(rawValue: repeatMode) else { return nil }
        return SampledImage(data: data, width: width, height: height, stride: stride, format: format, repeat: mode,
                            transform: transform, convolution: convolved ? convolution.map { Unmanaged.passUnretained($0.weights) } : nil)
    }

    /// Whether reading the image needs nothing Sheen leaves to pixman: no alpha map, no
    /// accessors, no convolution filter, no transform but whole-pixel offsets.
    var isPlainlyReadable: Bool {
        !hasAlphaMap && !hasAccessors && placement != .transformed
            && filter != UInt32(SHEEN_PIXMAN_FILTER_CONVOLUTION) && filter != UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION)
    }
}

/// An image as the composite's fast path reads it: plain values, copied out under the registry's
/// lock without touching the record's reference count.
struct PlainImage {
    /// How the fast path may read the image as a source or mask (`sampled`: through its
    /// record's `sampling`, unclipped and without component alpha).
    enum Kind { case unusable, solid, bits, sampled }
    var kind = Kind.unusable
    /// A solid image's colour, as ImageRecord.Content.solid.
    var solid: UInt32 = 0
    /// A bits image of a format Sheen draws (set for any such image, whatever `kind` says).
    var format: PixmanFormat? = nil
    var data: UnsafeMutableRawPointer? = nil
    var width = 0, height = 0, stride = 0
    /// Source pixel (x + dx, y + dy) for destination pixel (x, y), besides the call's offsets.
    var dx = 0, dy = 0
    /// Whether the fast path may draw into it: bits of a format Sheen draws, no alpha map, no
    /// accessors, no clip region or one of a single box.
    var isDestination = false
    /// Where a destination may be drawn into (x0, y0, x1, y1: pixels x0 ..< x1 of rows y0 ..< y1):
    /// the whole image, or its part inside its clip region's one box. 32-bit, as pixman's own
    /// sizes and boxes are: every call copies three of these structures.
    var drawable: (x0: Int32, y0: Int32, x1: Int32, y1: Int32) = (0, 0, 0, 0)

    /// `drawable` as a rectangle.
    var drawableRect: PixelRect {
        PixelRect(x: Int(drawable.x0), y: Int(drawable.y0), width: Int(drawable.x1 - drawable.x0), height: Int(drawable.y1 - drawable.y0))
    }

    /// Nothing the fast path can use (no record, a gradient, a transformed image, …).
    static var unusable: PlainImage { PlainImage() }
}

/// Equal where every field is (PlanMemo.glyphRunPlan keeps a plan by the images it was made from).
extension SampledImage: Equatable {
    /// The convolution filter compared by identity.
    static func == (a: SampledImage, b: SampledImage) -> Bool {
        a.data == b.data && a.width == b.width && a.height == b.height && a.stride == b.stride && a.format == b.format
            && a.repeat == b.repeat && a.transform == b.transform && a.convolution?.toOpaque() == b.convolution?.toOpaque()
    }
}

/// Equal where every field is (PlanMemo.glyphRunPlan keeps a plan by the images it was made from).
extension PlainImage: Equatable {
    static func == (a: PlainImage, b: PlainImage) -> Bool {
        a.kind == b.kind && a.solid == b.solid && a.format == b.format && a.data == b.data && a.width == b.width
            && a.height == b.height && a.stride == b.stride && a.dx == b.dx && a.dy == b.dy && a.isDestination == b.isDestination
            && a.drawable == b.drawable
    }
}

/// A transformed image as sample_bilinear or sample_convolution reads it (ImageRecord's
/// sampledImage): its pixels, how they repeat, the transform's 16.16 rows, and its separable
/// convolution filter (nil: bilinear).
struct SampledImage {
    let data: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int
    let format: PixmanFormat
    let `repeat`: SamplingRepeat
    let transform: FixedAffineTransform
    /// The separable convolution filter (nil: bilinear), unretained, so that a plan holding the
    /// image stays plain values (PlanMemo copies plans as bytes): the image's record keeps the
    /// filter, and outlives every call reading it — a call holds the record, and a kept plan is
    /// retired once any image is changed or freed.
    let convolution: Unmanaged<ConvolutionFilter.Weights>?

    /// Whether a job may composite its samples onto the destination (`over`): sample_bilinear's
    /// only.
    var composes: Bool { convolution == nil }

    /// Whether sample_bilinear draws the image at `level` 4 pixels at a time from 4 source
    /// columns (SampleQuads.h): at AVX2, a 32-bit image only scaled and translated whose step
    /// along a row (the transform's xx) is at most SHEEN_SAMPLE_QUAD_STEP.
    func samplesInGroups(at level: SIMDLevel) -> Bool {
        level == .avx2 && convolution == nil && format.sheenFormat.bytesPerPixel == 4 && transform.xy == 0 && transform.yx == 0
            && transform.xx > 0 && Int(transform.xx) <= Int(SHEEN_SAMPLE_QUAD_STEP)
    }

    /// The job that fills `width` × `height` pixels at `dst` (rows `stride` bytes apart) whose
    /// first is the image's pixel `first` through the transform (the destination pixel plus the
    /// call's offset); nil where its positions leave the kernels' range, or `over` is asked of a
    /// convolution. With `coverage` (its first byte and row stride) pixels under coverage 0 are
    /// written as 0; with `over` too, each sample is composited onto `dst` through its coverage
    /// instead (a 32-bit image, `dst` of its format apart from its pixels: SheenBilinearJob's
    /// `over`).
    func job(into dst: UnsafeMutableRawPointer, stride: Int, at first: (x: Int, y: Int), width: Int, height: Int,
             coverage: (UnsafeRawPointer, Int)? = nil, over: Bool = false) -> SamplingJob? {
        if let convolution {
            if over { return nil }
            return convolutionJob(src: data, srcStride: self.stride, srcWidth: self.width, srcHeight: self.height,
                                  filter: convolution.takeUnretainedValue(), repeat: `repeat`, transform: transform, dst: dst,
                                  dstStride: stride, x: first.x, y: first.y, width: width, height: height, coverage: coverage?.0,
                                  coverageStride: coverage?.1 ?? 0).map { .convolution($0) }
        }
        return bilinearJob(src: data, srcStride: self.stride, srcWidth: self.width, srcHeight: self.height,
                           bytesPerPixel: format.sheenFormat.bytesPerPixel, repeat: `repeat`, transform: transform,
                           dst: dst, dstStride: stride, x: first.x, y: first.y, width: width, height: height,
                           coverage: coverage?.0, coverageStride: coverage?.1 ?? 0, over: over).map { .bilinear($0) }
    }

    /// `job(…, over: true)` of an image that `composes`, run at `level` as it is made
    /// (runBilinearSampling's form without a copy of the job: one per glyph of cairo's text of a
    /// magnified image); false, nothing written, where `job` gives nil.
    func composeBilinear(into dst: UnsafeMutableRawPointer, stride: Int, at first: (x: Int, y: Int), width: Int, height: Int,
                         coverage: (UnsafeRawPointer, Int), level: SIMDLevel) -> Bool {
        composes && runBilinearSampling(src: data, srcStride: self.stride, srcWidth: self.width, srcHeight: self.height,
                                        bytesPerPixel: format.sheenFormat.bytesPerPixel, repeat: `repeat`, transform: transform,
                                        dst: dst, dstStride: stride, x: first.x, y: first.y, width: width, height: height,
                                        coverage: coverage.0, coverageStride: coverage.1, over: true, level: level)
    }
}

/// A job of sample_bilinear or sample_convolution, made before it runs (a convolution's points
/// at its image's filter: SampledImage.convolution).
enum SamplingJob {
    case bilinear(SheenBilinearJob)
    case convolution(SheenConvolutionJob)

    /// Runs the job at `level`.
    func run(level: SIMDLevel) {
        switch self {
        case let .bilinear(job): runBilinearSampling(job, level: level)
        case let .convolution(job): runConvolutionSampling(job, level: level)
        }
    }
}

/// Every image's record, by address, behind one lock: cairo draws from several threads. Each
/// record made, changed or freed moves the image epoch on, which retires the composite plans
/// threads keep (PlanMemo.swift).
enum ImageRegistry {
    /// The records by image address; the solid images no setter has changed by address, as
    /// their colour alone (a8r8g8b8, as ImageRecord.Content.solid); and the record readers were
    /// last given for a solid colour (`record(_:)`). cairo makes a solid image for every glyph
    /// run and span composite of a colour and frees it after: a record for each, even one shared
    /// by the images of a colour, cost a run ~30 ns in reference counting (its retain and
    /// release as it was inserted, kept and removed), as much as pixman's own constructor and
    /// destructor together. An address is in one table at most.
    private struct Tables: ~Copyable {
        var records = AddressTable<ImageRecord>()
        var solids = AddressTable<UInt32>()
        var lastSolid: ImageRecord? = nil

        /// The record of the image at `key`, nil for none. A solid colour's is made when first
        /// asked for and given to every image of that colour after, since a record in the table
        /// is never changed while another reference to it exists (`update` copies it), so the
        /// sharing cannot be seen.
        mutating func record(_ key: UInt) -> ImageRecord? {
            if let record = records.find(key) {
                // Sealed before it is handed out: until then the table's is its only reference.
                if record.needsSeal { record.seal() }
                return record
            }
            return solids.find(key).map { solidRecord($0) }
        }

        /// The record of solid colour `value`, kept for the next image of that colour.
        mutating func solidRecord(_ value: UInt32) -> ImageRecord {
            if let last = lastSolid, case .solid(value) = last.content { return last }
            let record = ImageRecord(.solid(value))
            record.seal()
            lastSolid = record
            return record
        }

        /// The image at `key` as the fast path reads it (`.unusable` for none).
        mutating func plain(_ key: UInt) -> PlainImage { record(key)?.plain ?? .unusable }
    }
    private static let tables = Guarded(Tables())

    /// Records a new image (replacing whatever a freed image at the same address left).
    static func insert(_ image: PixmanImage?, _ record: ImageRecord) {
        guard let image else { return }
        tables.withLock {
            $0.solids.remove(key(image))
            $0.records.insert(key(image), record)
            PlanMemo.imagesChanged()
        }
    }

    /// Records a new solid image of colour `value` (a8r8g8b8, as ImageRecord.Content.solid): its
    /// colour alone, in `solids`.
    static func insertSolid(_ image: PixmanImage, _ value: UInt32) {
        tables.withLock {
            $0.records.remove(key(image))
            $0.solids.insert(key(image), value)
            PlanMemo.imagesChanged()
        }
    }

    /// How sample_bilinear or sample_convolution reads a recorded image (ImageRecord.sampling),
    /// nil for an image neither reads or one with no record.
    static func sampling(of image: PixmanImage) -> SampledImage? {
        tables.withLock { $0.record(key(image))?.sampling }
    }

    /// Forgets a freed image; returns whether the glyph registry may know it: the image was a
    /// glyph's (ImageRecord.isGlyphImage) or had no record.
    @discardableResult
    static func remove(_ image: PixmanImage) -> Bool {
        tables.withLock {
            // Whether or not it had a record: an image made at its address next is another.
            PlanMemo.imagesChanged()
            if let record = $0.records.remove(key(image)) { return record.isGlyphImage }
            return $0.solids.remove(key(image)) == nil
        }
    }

    /// Changes a recorded image's properties (nothing for an image with no record, or where
    /// `unchanged` says the record already has them: cairo sets an image's repeat, filter and
    /// transform on every call, often to what they are). A record no call holds — the table's
    /// reference its only one — is changed where it is, under the lock; one a call is reading
    /// is copied, and the copy replaces it. (A copy and the old record's release cost ~700
    /// instructions a setter, and cairo sets three or four on each scaled image it draws.)
    /// `clipOnly`: `change` changes the clip alone (ImageRecord.sealClip).
    static func update(_ image: PixmanImage?, clipOnly: Bool = false, unless unchanged: (ImageRecord) -> Bool = { _ in false },
                       _ change: (ImageRecord) -> Void) {
        guard let image else { return }
        tables.withLock {
            let k = key(image)
            if $0.records.modify(k, { apply(&$0, clipOnly: clipOnly, unless: unchanged, change) }) { return }
            // A solid colour's image: its shared record, copied as any other shared one.
            guard let value = $0.solids.remove(k) else { return }
            $0.records.insert(k, $0.solidRecord(value))
            $0.records.modify(k) { apply(&$0, clipOnly: clipOnly, unless: unchanged, change) }
        }
    }

    /// `update`'s change of one record, under the lock (a function of its arguments alone: a
    /// nested function capturing them was checked for exclusive access at every call).
    @inline(__always)
    private static func apply(_ record: inout ImageRecord, clipOnly: Bool, unless unchanged: (ImageRecord) -> Bool,
                              _ change: (ImageRecord) -> Void) {
        if unchanged(record) { return }
        PlanMemo.imagesChanged()
        if isKnownUniquelyReferenced(&record) {
            change(record)
            record.forgetFill()
            // A clip changed on a sealed record: only what the clip decides is worked out again.
            if clipOnly && !record.needsSeal { record.sealClip() } else { record.unseal() }
        } else {
            let changed = record.copy()   // sealed when read
            change(changed)
            record = changed
        }
    }

    /// The records of a composite's three images, under one lock; nil for a nil image or one
    /// with no record.
    static func lookup(_ a: PixmanImage?, _ b: PixmanImage?, _ c: PixmanImage?) -> (ImageRecord?, ImageRecord?, ImageRecord?) {
        tables.withLock { t in
            (a.flatMap { t.record(key($0)) }, b.flatMap { t.record(key($0)) }, c.flatMap { t.record(key($0)) })
        }
    }

    /// Whether every composite reading `image` as its source is pixman's whatever the call: an
    /// image without a record, or bits of a format Sheen leaves to pixman or read through a
    /// convolution filter sample_convolution does not take, an alpha map or accessors — each of which
    /// CompositeCall's drawWithSheen hands over for every call.
    static func isPixmansAsSource(_ image: PixmanImage) -> Bool {
        guard let record = tables.withLock({ t in t.record(key(image)) }) else { return true }
        guard case let .bits(format, _, _, _, _) = record.content else { return false }
        return format == nil || record.hasAlphaMap || record.hasAccessors || record.filter == UInt32(SHEEN_PIXMAN_FILTER_CONVOLUTION)
            || (record.filter == UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION) && record.sampling == nil)
    }

    /// Whether `image` is a gradient whose stops and shape the drop-in read (the full path may
    /// draw it: CompositeCall's drawWithSheen decides).
    static func isGradient(_ image: PixmanImage) -> Bool {
        guard let record = tables.withLock({ t in t.records.find(key(image)) }), case .gradient = record.content else { return false }
        return record.gradient != nil
    }

    /// The three images of a composite as the fast path reads them (`.unusable` for a nil image
    /// or one with no record), under one lock.
    static func plainImages(_ a: PixmanImage, _ b: PixmanImage?, _ c: PixmanImage) -> (PlainImage, PlainImage, PlainImage) {
        tables.withLock { t in
            (t.plain(key(a)), b.map { t.plain(key($0)) } ?? .unusable, t.plain(key(c)))
        }
    }

    private static func key(_ image: PixmanImage) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(image))) }
}
