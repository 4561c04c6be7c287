import Synchronization

/// A part of a sub-pattern's match styled on its own: `<context sub-pattern="1">`.
struct SubPattern: Sendable {
  /// The group, by number or (resolved per match) by name.
  var number: Int?
  var name: String?
  var style: UInt8
}

/// A pattern as it goes into a search: its expanded text, the options it needs, and the
/// pattern compiled on its own (for its groups).
struct CompiledPattern: @unchecked Sendable {
  var text: String
  var caseless: Bool
  var extended: Bool
  /// `nil` while the text still holds `\%{…@start}` references.
  var regex: Regex?

  /// The pattern as one alternative of a combined search: options scoped to it.
  var alternative: String {
    PatternExpander.optionGroup(caseless: caseless, extended: extended) + text + (extended ? "\n)" : ")")
  }

  var isDynamic: Bool { regex == nil }
}

/// One context of a grammar, compiled: what it matches, how it is styled, what it holds.
final class GrammarNode: @unchecked Sendable {
  // Written while the grammar is compiled, under the registry's lock; read only after.
  let name: String
  let isContainer: Bool
  let style: UInt8
  let styleInside: Bool
  let endAtLineEnd: Bool
  let extendParent: Bool
  let endParent: Bool
  let onceOnly: Bool
  let firstLineOnly: Bool
  /// The `<match>` of a simple context, the `<start>` of a container; `nil` for a group.
  let pattern: CompiledPattern?
  let end: CompiledPattern?
  var matchSubPatterns: [SubPattern] = []
  var endSubPatterns: [SubPattern] = []
  var children: [GrammarNode] = []
  /// The search inside this context when no ancestor's end takes part and the end is fixed.
  var staticPlan: SearchPlan?

  init(
    name: String, definition: ContextDefinition, style: UInt8, pattern: CompiledPattern?, end: CompiledPattern?
  ) {
    self.name = name
    if case .simple = definition.kind { isContainer = false } else { isContainer = true }
    self.style = style
    styleInside = definition.styleInside
    endAtLineEnd = definition.endAtLineEnd
    extendParent = definition.extendParent
    endParent = definition.endParent
    onceOnly = definition.onceOnly
    firstLineOnly = definition.firstLineOnly
    self.pattern = pattern
    self.end = end
  }
}

/// How to find the next thing inside a context: one combined pattern whose `(*MARK)`
/// names the alternative that matched, or, when the combination does not compile, each
/// alternative on its own. The earliest position wins; at one position, the order is
/// GtkSourceView's (`next_segment` in its context engine): an ancestor's end (the
/// outermost first), then the children in order, then the context's own end. So a child
/// that starts where a zero-width end (`(?=\S)`) also matches opens first, which
/// grammars such as JavaScript's rely on; a child with `extend-parent="false"` yields to
/// the end at the same place (``Tokenizer`` checks that after the search). With a
/// ``StartFilter``, the combined pattern is tried anchored at each place a match can
/// start instead of searching byte by byte. A class: a frame reads its plan at every
/// token, and a reference is one retain where a copy of its arrays is several.
final class SearchPlan: @unchecked Sendable {
  enum Alternative {
    /// The end of the context `levels` frames up (0: the context itself).
    case end(levels: Int)
    case child(Int)
  }

  let alternatives: [Alternative]
  /// Which alternative is the context's own end, if it has one.
  let ownEnd: Int?
  /// Each alternative's own pattern, for the slow path and for the groups of a match.
  let regexes: [Regex]
  /// The marked alternation, searching from a position.
  let combined: Regex?
  /// Where a match can start, and the marked alternation anchored there.
  let filter: StartFilter?
  let anchored: Regex?

  init(alternatives: [Alternative], patterns: [CompiledPattern], regexes: [Regex]) {
    self.alternatives = alternatives
    ownEnd = alternatives.lastIndex {
      if case .end(levels: 0) = $0 { return true }
      return false
    }
    self.regexes = regexes
    var text = "(?|"
    for (index, pattern) in patterns.enumerated() {
      if index > 0 { text += "|" }
      text += "(*MARK:\(index))" + pattern.alternative
    }
    text += ")"
    combined = patterns.isEmpty ? nil : try? Regex(text, options: .duplicateNames)
    let filter = combined == nil ? nil : StartFilter(patterns: patterns, regexes: regexes)
    let anchored = filter == nil ? nil : try? Regex(text, options: [.duplicateNames, .anchored])
    (self.filter, self.anchored) = anchored == nil ? (nil, nil) : (filter, anchored)
  }
}

/// What a plan built while highlighting depends on: the context, the ancestors whose ends
/// take part (by how far up they are), and the text of each end filled from its start.
struct PlanKey: Hashable {
  var node: ObjectIdentifier
  var ancestors: [Int] = []
  var filledEnds: [String] = []
}

/// Search plans built while highlighting (contexts whose end depends on their start, or
/// that end with an ancestor), shared by every block of the build.
final class PlanCache: Sendable {
  private let plans = Mutex<[PlanKey: SearchPlan]>([:])
  private let regexes = Mutex<[String: Regex?]>([:])
  private let scratches = Mutex<[MatchScratch]>([])

  func plan(_ key: PlanKey, make: () -> SearchPlan) -> SearchPlan {
    if let plan = plans.withLock({ $0[key] }) { return plan }
    let plan = make()
    plans.withLock { $0[key] = plan }
    return plan
  }

  /// Match data for one highlight, reused: creating it costs more than colouring a
  /// one-line block.
  func takeScratch() -> MatchScratch {
    scratches.withLock { $0.popLast() } ?? MatchScratch()
  }

  func giveBack(_ scratch: MatchScratch) {
    scratches.withLock { if $0.count < 16 { $0.append(scratch) } }
  }

  func regex(_ text: String, options: Regex.Options) -> Regex? {
    let key = "\(options.rawValue):\(text)"
    if let regex = regexes.withLock({ $0[key] }) { return regex }
    let regex = try? Regex(text, options: options)
    regexes.withLock { $0[key] = .some(regex) }
    return regex
  }
}
