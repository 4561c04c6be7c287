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
  // Unchecked: written only while the grammar is compiled, then read at every token,
  // where the runtime's exclusivity check cost more than the read.
  @exclusivity(unchecked) var matchSubPatterns: [SubPattern] = []
  @exclusivity(unchecked) var endSubPatterns: [SubPattern] = []
  @exclusivity(unchecked) var children: [GrammarNode] = []
  /// The search inside this context when no ancestor's end takes part and the end is fixed.
  @exclusivity(unchecked) var staticPlan: SearchPlan?

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
/// ``StartFilter``, only the places a match can start are tried, each anchored, and with
/// only the alternatives that can start with the byte there (``matchNarrowed(at:_:length:scratch:)``).
/// A class: a frame reads its plan at every token, and a reference is one retain where a
/// copy of its arrays is several.
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
  /// Where a match can start.
  let filter: StartFilter?
  /// The alternatives whose child matches only on the first line, a bit each (the first 64).
  let firstLineOnly: UInt64
  /// The alternatives this plan's searches leave out, a bit each: ``without(_:)``.
  private let leftOut: UInt64
  /// What the narrowed alternations are made from (``NarrowedAlternations``): made the
  /// first time a search tries this plan, since most plans of a grammar are never used
  /// by a given site.
  private let branches: [String]
  private let starts: [Regex.StartInfo]
  private let kept: [Int]
  /// Holds the ``NarrowedAlternations``; read through `narrowingAddress`.
  private let narrowing = Mutex<NarrowedAlternations?>(nil)
  /// 0 until made, 1 when the plan has none (its alternation does not compile), else the
  /// address of `narrowing`'s object: one load per try, no lock and no retain.
  private let narrowingAddress: Atomic<Int>
  /// Which alternatives never start inside a word, worked out once for this plan and
  /// the plans ``without(_:)`` makes from it.
  private let boundaries: WordBoundaries
  /// This plan without some alternatives, by ``without(_:)``'s mask.
  private let variants = Mutex<[UInt64: SearchPlan]>([:])

  /// A try of the alternatives that can start at a place.
  enum NarrowedMatch {
    /// None of the alternatives can start there.
    case nothing
    case tried(Regex.Outcome)
    /// Their alternation does not compile: search with `combined`.
    case unavailable
  }

  /// A plan whose alternative `i` is `patterns[i]`, compiled as `regexes[i]`; `children`
  /// are the context's, which `.child` alternatives index.
  convenience init(
    alternatives: [Alternative], patterns: [CompiledPattern], regexes: [Regex], children: [GrammarNode]
  ) {
    var firstLineOnly: UInt64 = 0
    for (index, alternative) in alternatives.prefix(64).enumerated() {
      if case .child(let child) = alternative, child < children.count, children[child].firstLineOnly {
        firstLineOnly |= 1 << UInt64(index)
      }
    }
    self.init(
      alternatives: alternatives, regexes: regexes, branches: patterns.map(\.alternative),
      starts: regexes.map(\.startInfo), firstLineOnly: firstLineOnly, leavingOut: 0,
      boundaries: WordBoundaries(patterns))
  }

  /// Its searches leave out the alternatives whose bits are set in `leftOut`; `branches`
  /// and `starts` are worked out once, by the plan that ``without(_:)`` is called on.
  private init(
    alternatives: [Alternative], regexes: [Regex], branches: [String], starts: [Regex.StartInfo],
    firstLineOnly: UInt64, leavingOut leftOut: UInt64, boundaries: WordBoundaries
  ) {
    self.boundaries = boundaries
    self.alternatives = alternatives
    ownEnd = alternatives.lastIndex {
      if case .end(levels: 0) = $0 { return true }
      return false
    }
    self.regexes = regexes
    self.leftOut = leftOut
    self.firstLineOnly = firstLineOnly
    let kept = branches.indices.filter { $0 >= 64 || leftOut & (1 << UInt64($0)) == 0 }
    combined =
      kept.isEmpty ? nil : try? Regex(Self.alternation(branches, kept), options: .duplicateNames)
    let usable = combined != nil && branches.count == starts.count
    filter =
      usable
      ? StartFilter(startInfo: kept.map { starts[$0] }) { boundaries.startsAtWordBoundary(kept[$0]) } : nil
    self.branches = branches
    self.starts = starts
    self.kept = kept
    narrowingAddress = Atomic(usable ? 0 : 1)
  }

  /// This plan with the alternatives whose bits are set in `mask` left out of its
  /// searches (used once already, or first line only on a later line), made once.
  func without(_ mask: UInt64) -> SearchPlan {
    let mask = mask | leftOut
    guard mask != leftOut else { return self }
    if let known = variants.withLock({ $0[mask] }) { return known }
    let variant = SearchPlan(
      alternatives: alternatives, regexes: regexes, branches: branches, starts: starts, firstLineOnly: firstLineOnly,
      leavingOut: mask, boundaries: boundaries)
    variants.withLock { $0[mask] = variant }
    return variant
  }

  /// `(?|(*MARK:i)…|…)` over the branches at `indices`, each marked with its index.
  static func alternation(_ branches: [String], _ indices: some Sequence<Int>) -> String {
    var text = "(?|"
    for index in indices {
      if text.utf8.count > 3 { text += "|" }
      text += "(*MARK:\(index))" + branches[index]
    }
    return text + ")"
  }

  /// The alternatives that can start at `position` of `text` tried there, the first in
  /// order winning (its mark and groups then in `scratch`).
  func matchNarrowed(at position: Int, _ text: UnsafePointer<UInt8>, length: Int, scratch: MatchScratch)
    -> NarrowedMatch
  {
    guard let pointer = narrowedAlternations() else { return .unavailable }
    return Unmanaged<NarrowedAlternations>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
      $0.match(at: position, text, length: length, scratch: scratch)
    }
  }

  /// The narrowed alternation tried at `position` when its byte is `byte`, compiled;
  /// `nil` when none is (no alternative can start with `byte`, or it does not compile).
  func narrowedRegex(at position: Int, _ byte: UInt8) -> Regex? {
    guard let pointer = narrowedAlternations() else { return nil }
    return Unmanaged<NarrowedAlternations>.fromOpaque(pointer).takeUnretainedValue().regex(at: position, byte)
  }

  /// The address of the ``NarrowedAlternations``, made if need be; `nil` when there are none.
  private func narrowedAlternations() -> UnsafeRawPointer? {
    var address = narrowingAddress.load(ordering: .acquiring)
    if address == 0 {
      address = narrowing.withLock { made -> Int in
        if let made { return Int(bitPattern: Unmanaged.passUnretained(made).toOpaque()) }
        let narrowed = NarrowedAlternations(branches: branches, starts: starts, kept: kept)
        made = narrowed
        let address = Int(bitPattern: Unmanaged.passUnretained(narrowed).toOpaque())
        narrowingAddress.store(address, ordering: .releasing)
        return address
      }
    }
    return address > 1 ? UnsafeRawPointer(bitPattern: address) : nil
  }
}

/// ``CompiledPattern/startsAtWordBoundary`` of a plan's patterns, each worked out the
/// first time it is asked (it compiles a pattern or more), for the plan and its variants.
final class WordBoundaries: Sendable {
  private let patterns: [CompiledPattern]
  private let known: Mutex<[Bool?]>

  init(_ patterns: [CompiledPattern]) {
    self.patterns = patterns
    known = Mutex([Bool?](repeating: nil, count: patterns.count))
  }

  func startsAtWordBoundary(_ index: Int) -> Bool {
    if let answer = known.withLock({ $0[index] }) { return answer }
    let answer = patterns[index].startsAtWordBoundary
    known.withLock { $0[index] = answer }
    return answer
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
