/// A break opportunity found by ICU's line-break iterator (UAX #14): a line may end before UTF-16
/// offset `offset`; `isMandatory` when it must (after a hard line break character).
struct LineBreakOpportunity: Equatable {
    let offset: Int
    let isMandatory: Bool
}
