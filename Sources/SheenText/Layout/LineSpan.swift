/// One line chosen by line breaking, in paragraph UTF-16 offsets.
struct LineSpan {
    /// The units on the line, trailing white space included.
    var range: Range<Int>
    /// End of the visible text: `range.upperBound` less trailing white space.
    var visibleEnd: Int
    /// The line ends inside a word because the word alone is wider than the line.
    var brokeInsideWord: Bool
    /// Automatic hyphenation broke the line inside a word: a hyphen is drawn at its end.
    var hyphenated = false
}
