import SheenRaster

/// Faces opened once per process, shared by every `Font` that names them (fallback fonts in
/// particular). Failed opens are remembered too, so a broken system font is tried only once.
enum FaceCache {
    private static let faces = Locked<[FaceLocation: Result<FontFace, TextError>]>([:])

    static func face(at location: FaceLocation) throws(TextError) -> FontFace {
        if let known = faces.withLock({ $0[location] }) { return try known.get() }
        let opened: Result<FontFace, TextError>
        do { opened = .success(try FontFace(path: location.path, index: location.index)) }
        catch { opened = .failure(error) }
        let kept = faces.withLock { table in
            if let raced = table[location] { return raced }
            table[location] = opened
            return opened
        }
        return try kept.get()
    }
}
