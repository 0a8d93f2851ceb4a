// pixman's drawing calls, interposed: drawn by Sheen where CompositeCall says it can, else
// handed to the system pixman unchanged.

import CSheenPixman
import CSheenSIMD
import SheenRaster

/// The level Sheen's kernels run at; nil when SHEEN_SIMD asks for one this CPU lacks, in which
/// case every call is handed to pixman.
let drawingLevel: SIMDLevel? = try? Kernels.requestedLevel()

/// pixman_image_composite32.
@_cdecl("pixman_image_composite32")
public func sheenPixmanComposite32(_ op: UInt32, _ src: OpaquePointer?, _ mask: OpaquePointer?, _ dest: OpaquePointer?,
                                   _ srcX: Int32, _ srcY: Int32, _ maskX: Int32, _ maskY: Int32,
                                   _ destX: Int32, _ destY: Int32, _ width: Int32, _ height: Int32) {
    // pixman's composite through the mask of a glyph run handed over whole (HandedRuns.c): the
    // drop-in would hand it over too.
    if sheen_dropin_handed_maybe() != 0 && sheen_dropin_handed_inside() != 0 {
        return SystemPixman.shared.composite32(op, src, mask, dest, srcX, srcY, maskX, maskY, destX, destY, width, height)
    }
    let state = DropInState.current
    // A call of a plan this thread keeps, drawn in C where the plan has an express part
    // (PlanExpress.c; not while statistics are kept: they are counted here, per path).
    if !state.pointee.statsOn && state.pointee.memoLevel != 0
        && sheen_dropin_express_composite(op, UnsafeRawPointer(src), UnsafeRawPointer(mask), UnsafeRawPointer(dest), srcX, srcY,
                                          maskX, maskY, destX, destY, width, height, state.pointee.memoLevel) != Int32(SHEEN_DROPIN_EXPRESS_NOT_TAKEN) {
        return
    }
    let call = CompositeCall(op: op, source: src, mask: mask, destination: dest,
                             sourceX: Int(srcX), sourceY: Int(srcY), maskX: Int(maskX), maskY: Int(maskY),
                             destinationX: Int(destX), destinationY: Int(destY), width: Int(width), height: Int(height))
    var handover: CompositeCall.Handover? = nil
    if let level = state.pointee.level {
        switch call.drawFast(at: level) {
        case .drawn:
            break   // by the fast path (CompositeCall+FastPath.swift)
        case let .handedOver(kept):
            handover = kept
        case .declined:
            do throws(CompositeCall.Handover) { _ = try call.drawWithSheen(at: level) } catch {
                handover = error
                call.keep(error, at: level)
            }
        }
    } else {
        handover = CompositeCall.Handover("SHEEN_SIMD level unavailable")
    }
    if handover != nil {
        SystemPixman.shared.composite32(op, src, mask, dest, srcX, srcY, maskX, maskY, destX, destY, width, height)
    } else {
        countDrawn()
    }
    if state.pointee.statsOn { DropInStats.count(call, handedBecause: handover?.reason) }
}

/// pixman_image_composite: the 16-bit form of the same call.
@_cdecl("pixman_image_composite")
public func sheenPixmanComposite(_ op: UInt32, _ src: OpaquePointer?, _ mask: OpaquePointer?, _ dest: OpaquePointer?,
                                 _ srcX: Int16, _ srcY: Int16, _ maskX: Int16, _ maskY: Int16,
                                 _ destX: Int16, _ destY: Int16, _ width: UInt16, _ height: UInt16) {
    sheenPixmanComposite32(op, src, mask, dest, Int32(srcX), Int32(srcY), Int32(maskX), Int32(maskY),
                           Int32(destX), Int32(destY), Int32(width), Int32(height))
}

/// pixman_fill: a rectangle of 32- or 8-bit pixels set to `filler` (its low byte for 8-bit);
/// other depths go to pixman. Like pixman, it trusts the caller's rectangle. The rows go straight
/// to the level's fill_rows kernel: cairo fills a shape of aligned boxes a box at a time (its
/// many-fills tests: ~750 one-row boxes a fill), so a composite job's set-up around each box
/// (the source operator's job, as this first did) cost more than the stores.
@_cdecl("pixman_fill")
public func sheenPixmanFill(_ bits: UnsafeMutablePointer<UInt32>?, _ stride: Int32, _ bpp: Int32,
                            _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ filler: UInt32) -> Int32 {
    let state = DropInState.current
    guard let fill = state.pointee.fillRows, let bits, bpp == 32 || bpp == 8 else {
        return SystemPixman.shared.fill(bits, stride, bpp, x, y, width, height, filler)
    }
    if width <= 0 || height <= 0 { return 1 }
    let bytesPerPixel = Int(bpp) / 8
    let rowBytes = Int(stride) * 4
    let first = UnsafeMutableRawPointer(bits) + Int(y) * rowBytes + Int(x) * bytesPerPixel
    // fill_rows takes the value in memory order: a 32-bit pixel as it is stored (pixman's filler is
    // the pixel's native-endian value), a byte as the filler's low byte.
    var pixel = filler, byte = UInt8(truncatingIfNeeded: filler)
    let dst = first.assumingMemoryBound(to: UInt8.self)
    if bpp == 32 {
        withUnsafeBytes(of: &pixel) { fill(dst, rowBytes, Int(width), Int(height), 4, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1, 0) }
    } else {
        fill(dst, rowBytes, Int(width), Int(height), 1, &byte, 1, 0)
    }
    countDrawn()
    if state.pointee.statsOn { DropInStats.countFill(bpp: Int(bpp), pixels: Int(width) * Int(height)) }
    return 1
}
