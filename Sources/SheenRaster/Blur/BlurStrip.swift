// The recursive filter over one strip: 32 independent lines advanced together one step at a
// time. The recurrence's state lives in memory (L1) and is loaded and stored as 8-lane vectors
// every step: carried in SIMD variables across steps, LLVM's SLP vectoriser shuffled lanes and
// fell back to scalar multiplies (48–85 Mpix/s), and plain scalar loops over the lanes were not
// vectorised at all (possible aliasing between the state and output pointers).

/// 32 Float lanes as four 8-lane vectors (never one SIMD32: DESIGN.md, "Speed without flags"); one strip step.
struct F32x32 {
    var a: F32x8, b: F32x8, c: F32x8, d: F32x8

    @inline(__always) init(_ a: F32x8, _ b: F32x8, _ c: F32x8, _ d: F32x8) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }
}

/// Floats of per-worker state `filterStrip` needs.
let stripStateFloats = 6 * 32

/// Filters `count` (≥ 1) steps of 32 lanes from `input` into `output` (separate buffers, step s
/// at offset 32·s): a forward pass writes its half into `output`, a backward pass adds the other
/// half. `clamp` starts each pass in the steady state of the edge value repeated forever;
/// otherwise the outside is zero. `state` holds `stripStateFloats` Floats. Each step is
/// ((feed-forward − older·d2) − newer·d1), the order of the twin (BlurStripTwin.swift) and
/// the C levels: the newest output is subtracted last, off the other terms' critical path.
@inline(__always)
func filterStrip(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, count: Int,
                 _ k: BlurLine, clamp: Bool, state: UnsafeMutablePointer<Float>) {
    // Two alternating buffers per section: before step n, one holds s[n−2] (overwritten with s[n])
    // and the other s[n−1]; unrolling by two keeps their roles fixed, so the state is never copied.
    let n00 = F32x8(repeating: k.n00), n01 = F32x8(repeating: k.n01)
    let n10 = F32x8(repeating: k.n10), n11 = F32x8(repeating: k.n11)
    let m01 = F32x8(repeating: k.m01), m02 = F32x8(repeating: k.m02)
    let m11 = F32x8(repeating: k.m11), m12 = F32x8(repeating: k.m12)
    let d01 = F32x8(repeating: k.d01), d02 = F32x8(repeating: k.d02)
    let d11 = F32x8(repeating: k.d11), d12 = F32x8(repeating: k.d12)
    let a0 = state, b0 = state + 32, a1 = state + 64, b1 = state + 96, zeros = state + 160
    for l in 0 ..< 32 { zeros[l] = 0 }
    let first = clamp ? input : UnsafePointer(zeros)
    for l in 0 ..< 32 {
        a0[l] = first[l] * k.causalGain0; b0[l] = a0[l]
        a1[l] = first[l] * k.causalGain1; b1[l] = a1[l]
    }
    @inline(__always) func forward(_ n: Int, _ older0: UnsafeMutablePointer<Float>, _ newer0: UnsafePointer<Float>,
                                   _ older1: UnsafeMutablePointer<Float>, _ newer1: UnsafePointer<Float>) {
        let x = input + n &* 32, xp = n == 0 ? first : input + (n &- 1) &* 32, out = output + n &* 32
        for l in stride(from: 0, to: 32, by: 8) {
            let xv = load8(x, l), xpv = load8(xp, l)
            let s0 = xv * n00 + xpv * n01 - load8(older0, l) * d02 - load8(newer0, l) * d01
            let s1 = xv * n10 + xpv * n11 - load8(older1, l) * d12 - load8(newer1, l) * d11
            store8(s0, older0, l); store8(s1, older1, l)
            store8(s0 + s1, out, l)
        }
    }
    var n = 0
    while n < count {
        forward(n, a0, b0, a1, b1)
        if n &+ 1 < count { forward(n &+ 1, b0, a0, b1, a1) }
        n &+= 2
    }
    let last = clamp ? input + (count &- 1) &* 32 : UnsafePointer(zeros)
    for l in 0 ..< 32 {
        a0[l] = last[l] * k.anticausalGain0; b0[l] = a0[l]
        a1[l] = last[l] * k.anticausalGain1; b1[l] = a1[l]
    }
    @inline(__always) func row(_ m: Int) -> UnsafePointer<Float> { m < count ? input + m &* 32 : last }
    @inline(__always) func backward(_ n: Int, _ older0: UnsafeMutablePointer<Float>, _ newer0: UnsafePointer<Float>,
                                    _ older1: UnsafeMutablePointer<Float>, _ newer1: UnsafePointer<Float>) {
        let x1 = row(n &+ 1), x2 = row(n &+ 2), out = output + n &* 32
        for l in stride(from: 0, to: 32, by: 8) {
            let x1v = load8(x1, l), x2v = load8(x2, l)
            let t0 = x1v * m01 + x2v * m02 - load8(older0, l) * d02 - load8(newer0, l) * d01
            let t1 = x1v * m11 + x2v * m12 - load8(older1, l) * d12 - load8(newer1, l) * d11
            store8(t0, older0, l); store8(t1, older1, l)
            store8(load8(out, l) + (t0 + t1), out, l)
        }
    }
    n = count &- 1
    while n >= 0 {
        backward(n, a0, b0, a1, b1)
        if n >= 1 { backward(n &- 1, b0, a0, b1, a1) }
        n &-= 2
    }
}

@inline(__always) private func load8(_ p: UnsafePointer<Float>, _ l: Int) -> F32x8 {
    UnsafeRawPointer(p + l).loadUnaligned(as: F32x8.self)
}
@inline(__always) private func load8(_ p: UnsafeMutablePointer<Float>, _ l: Int) -> F32x8 {
    UnsafeRawPointer(p + l).loadUnaligned(as: F32x8.self)
}
@inline(__always) private func store8(_ v: F32x8, _ p: UnsafeMutablePointer<Float>, _ l: Int) {
    UnsafeMutableRawPointer(p + l).storeBytes(of: v, as: F32x8.self)
}
