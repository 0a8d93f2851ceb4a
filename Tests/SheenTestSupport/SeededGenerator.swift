/// A replayable random generator (SplitMix64). Tests print the seed of a failing case, and the
/// same seed reproduces it exactly on any machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The 8-bit values where arithmetic on pixels most often goes wrong.
public let edgeLevels: [UInt8] = [0, 1, 127, 128, 254, 255]
