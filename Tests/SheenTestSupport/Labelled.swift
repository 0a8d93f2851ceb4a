/// A readable label for one case of a loop, e.g. `kind: radial · width: 17 · offset: 3`, so a
/// failure in a loop of thousands says which case broke.
public func label(_ parts: KeyValuePairs<String, Any>) -> String {
    parts.map { "\($0.key): \($0.value)" }.joined(separator: " · ")
}
