/// The characters that end a paragraph — Unicode's mandatory line breaks: LF, VT, FF, CR, NEL,
/// LS and PS (CR LF counts once). One list for the layout's paragraphs, a field's one line and a
/// view's last empty line.
public enum HardLineBreak {
    /// True when the scalar value `value` ends a paragraph.
    @inlinable
    public static func contains(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
