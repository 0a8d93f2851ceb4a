/// Where a face lives: a file and the face's index inside it.
struct FaceLocation: Hashable, Sendable {
    let path: String
    let index: Int
}
