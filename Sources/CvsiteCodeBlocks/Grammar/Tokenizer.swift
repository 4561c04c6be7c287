/// A stretch of a line in one token class: it ends at `end` (a byte offset in the line)
/// and starts where the previous run ended.
struct Run: Equatable {
  var end: Int
  var tokenClass: UInt8
}

/// A block's runs as they are found, line after line, in one array: a token that
/// continues the previous run's class on the same line extends it.
struct LineRuns {
  private(set) var runs: [Run] = []
  /// Where each finished line's runs end in `runs`.
  private(set) var lineEnds: [Int] = []
  /// Where the current line's runs start.
  private var lineStart = 0

  init(lines: Int) {
    runs.reserveCapacity(lines * 4)
    lineEnds.reserveCapacity(lines)
  }

  /// The current line's text up to `end` is in `written` (plain for ``TokenClass/plain``).
  mutating func emit(_ end: Int, _ written: UInt8) {
    let hasRun = runs.count > lineStart
    guard end > (hasRun ? runs[runs.count - 1].end : 0) else { return }
    let tokenClass = written == TokenClass.plain ? 0 : written
    if hasRun, runs[runs.count - 1].tokenClass == tokenClass {
      runs[runs.count - 1].end = end
    } else {
      runs.append(Run(end: end, tokenClass: tokenClass))
    }
  }

  /// Ends the current line (an empty line gets one empty run).
  mutating func endLine() {
    if runs.count == lineStart { runs.append(Run(end: 0, tokenClass: 0)) }
    lineEnds.append(runs.count)
    lineStart = runs.count
  }
}

/// A block of code split into lines and coloured.
struct TokenizedCode {
  /// The byte range of each line in the code, without its line ending.
  var lines: [Range<Int>] = []
  /// Every line's runs, one line after the other.
  var runs: [Run] = []
  /// Where each line's runs end in `runs`.
  var lineEnds: [Int] = []
  /// The line at which highlighting stopped (a pattern backtracked too much, or the
  /// block took more steps than its size allows); lines from there on are plain.
  var stoppedAtLine: Int?

  /// Line `line`'s runs.
  func runs(ofLine line: Int) -> ArraySlice<Run> {
    guard line < lineEnds.count else { return [] }
    return runs[(line == 0 ? 0 : lineEnds[line - 1])..<lineEnds[line]]
  }
}

/// Runs a compiled grammar over code the way GtkSourceView's context engine does: line
/// by line, a stack of open contexts carried across lines, and at each position the
/// earliest match among the current context's end and its children's patterns.
struct Tokenizer {
  let root: GrammarNode
  let cache: PlanCache
  /// Whether the tokenizer takes its shortcuts: searches skip to where a match can
  /// start (``StartFilter``), try only the alternatives that can start with the byte
  /// there, and paint a match's groups from the search's own match data. Off only to
  /// check that the shortcuts change nothing.
  var takesShortcuts = true

  /// An open context. A class: the stack is read at every token, and a reference is
  /// one retain where a copy of these fields would be a dozen.
  private final class Frame {
    let node: GrammarNode
    let plan: SearchPlan
    /// The context's own end, `\%{…@start}` filled in.
    let end: CompiledPattern?
    /// The class of text inside the context.
    let inside: UInt8
    // Unchecked: only this tokenizer touches a frame, one access at a time, and the
    // runtime's check cost more than the accesses.
    /// The once-only children that matched, as alternatives of the frame's plan: a bit
    /// each for the first 64 (what ``SearchPlan/without(_:)`` leaves out), the rest listed.
    @exclusivity(unchecked) var usedOnceAlternatives: UInt64 = 0
    @exclusivity(unchecked) var usedOnceBeyond: [Int] = []
    /// The plan without some alternatives last searched in this frame, and which.
    @exclusivity(unchecked) var variant: SearchPlan?
    @exclusivity(unchecked) var variantLeftOut: UInt64 = 0
    /// Where the context started: its index among its parent's children, the line and
    /// the position in it.
    @exclusivity(unchecked) var started = Place(child: -1, line: -1, start: -1, end: -1)
    /// The last child that matched or closed in this context, and where.
    @exclusivity(unchecked) var lastChild: Place?

    init(node: GrammarNode, plan: SearchPlan, end: CompiledPattern?, inside: UInt8) {
      self.node = node
      self.plan = plan
      self.end = end
      self.inside = inside
    }

    func markUsedOnce(_ alternative: Int) {
      if alternative < 64 {
        usedOnceAlternatives |= 1 << UInt64(alternative)
      } else {
        usedOnceBeyond.append(alternative)
      }
    }

    func isUsedOnce(_ alternative: Int) -> Bool {
      alternative < 64 ? usedOnceAlternatives & 1 << UInt64(alternative) != 0 : usedOnceBeyond.contains(alternative)
    }
  }

  /// A child's place in a line: `start..<end`.
  private struct Place: Equatable {
    var child: Int
    var line: Int
    var start: Int
    var end: Int
  }

  private struct Found {
    var alternative: Int
    var range: Range<Int>
    /// The match data holds this match's groups (it was the last match run, by this
    /// alternative's pattern or by an alternation whose branch of it numbers its groups
    /// the same way): painting its sub-patterns needs no second match.
    var groupsInScratch = false
  }

  private enum Search {
    case found(Found)
    case none
    case limit
  }

  /// The deepest stack of open contexts followed; deeper text is left in its context.
  static let maximumDepth = 100

  /// `code` coloured line by line (`lines`: `Tokenizer.lines(code)`, when known).
  func tokenize(_ code: [UInt8], lines: [Range<Int>]? = nil) -> TokenizedCode {
    guard let rootPlan = root.staticPlan else { return Self.plainLines(code, lines: lines) }
    var result = TokenizedCode()
    result.lines = lines ?? Self.lines(code)
    let scratch = cache.takeScratch()
    defer { cache.giveBack(scratch) }
    code.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      colour(base, rootPlan: rootPlan, budget: 16 * code.count + 4096, scratch: scratch, into: &result)
    }
    return result
  }

  /// Colours the lines of `result` (offsets into `base`) into its runs. A method of its
  /// own rather than the body of a closure: the closure's captured variables were
  /// checked for exclusive access at run time on every use.
  private func colour(
    _ base: UnsafePointer<UInt8>, rootPlan: SearchPlan, budget initialBudget: Int, scratch: MatchScratch,
    into result: inout TokenizedCode
  ) {
    var stack = [Frame(node: root, plan: rootPlan, end: nil, inside: root.style)]
    var budget = initialBudget
    var limits = 0
    // A local value, not a variable captured by a nested function: those are checked
    // for exclusive access at run time on every run.
    var out = LineRuns(lines: result.lines.count)
    defer { (result.runs, result.lineEnds) = (out.runs, out.lineEnds) }
    for (lineIndex, line) in result.lines.enumerated() {
      let subject = base + line.lowerBound
      let length = line.count
      if result.stoppedAtLine != nil {
        out.emit(length, 0)
        out.endLine()
        continue
      }
      var position = 0
      var stalled = 0
      var lastPosition = -1
      lineLoop: while position <= length {
        budget -= 1
        if budget < 0 || limits > 3 {
          result.stoppedAtLine = lineIndex
          out.emit(length, stack[stack.count - 1].inside)
          break
        }
        let frame = stack[stack.count - 1]
        if position == lastPosition {
          stalled += 1
          if stalled > 32 {
            // Patterns that match nothing here without moving on: step over a character.
            stalled = 0
            let next = min(length, position + Self.characterLength(subject[position]))
            out.emit(next, frame.inside)
            if next == position { break }
            position = next
            continue
          }
        } else {
          stalled = 0
          lastPosition = position
        }
        var search = find(in: frame, lineIndex: lineIndex, subject, length, position, scratch)
        // A simple context that matches nothing does not start here, as in GtkSourceView
        // (unless it ends its parent): the others are searched without it.
        // Nor does a container that would open empty right where the same one just
        // opened and closed empty (GtkSourceView looks at the previous sibling): a JSON
        // array's element, which starts with nothing, would otherwise open forever
        // before the `]`.
        // Either way only at that place: the others are tried there, then the search
        // goes on from the next character with every alternative, as GtkSourceView
        // goes on position by position (a TOML key that may be empty matches nothing
        // at a space, then the whole key after it).
        var skipped: Set<Int> = []
        var retries = 0
        while case .found(let empty) = search, empty.range.isEmpty, retries < 256,
          case .child(let index) = frame.plan.alternatives[empty.alternative],
          frame.node.children[index].isContainer
            ? frame.lastChild
              == Place(child: index, line: lineIndex, start: empty.range.lowerBound, end: empty.range.lowerBound)
            : !frame.node.children[index].endParent
        {
          retries += 1
          let place = empty.range.lowerBound
          skipped.insert(empty.alternative)
          let other = find(
            in: frame, lineIndex: lineIndex, subject, length, place, scratch, skipping: skipped)
          if case .found(let next) = other, next.range.lowerBound == place {
            search = other
            continue
          }
          if case .limit = other {
            search = other
            break
          }
          // Nothing else here: on from the next character, every alternative again.
          skipped = []
          guard place < length else {
            search = .none
            break
          }
          search = find(
            in: frame, lineIndex: lineIndex, subject, length,
            min(length, place + Self.characterLength(subject[place])), scratch)
        }
        guard case .found(var found) = search else {
          if case .limit = search { limits += 1 }
          out.emit(length, frame.inside)
          break
        }
        // A child that does not extend its parent yields to the parent's end where
        // both match (GtkSourceView skips such a child when the end matches there).
        if case .child(let index) = frame.plan.alternatives[found.alternative],
          !frame.node.children[index].extendParent, let ownEnd = frame.plan.ownEnd
        {
          if case .matched = frame.plan.regexes[ownEnd].match(
            subject, length: length, from: found.range.lowerBound, anchored: true, scratch: scratch),
            let range = scratch.range(0)
          {
            found = Found(alternative: ownEnd, range: range, groupsInScratch: true)
          } else {
            found.groupsInScratch = false
          }
        }
        out.emit(found.range.lowerBound, frame.inside)
        switch frame.plan.alternatives[found.alternative] {
        case .end(let levels):
          let ended = stack[stack.count - 1 - levels]
          let outer = stack[max(0, stack.count - 2 - levels)].inside
          let style = ended.node.styleInside ? outer : ended.inside
          paint(
            found, style: style, subPatterns: ended.node.endSubPatterns, regex: frame.plan.regexes[found.alternative],
            subject, length, scratch, &out)
          // One at a time: `removeLast(_:)` goes through a generic range replacement.
          for _ in 0...levels { stack.removeLast() }
          if levels == 0, ended.started.line == lineIndex {
            var place = ended.started
            place.end = found.range.upperBound
            stack[stack.count - 1].lastChild = place
          }
          // A context that ends its parent closes it, and so on up (GtkSourceView's
          // `while (SEGMENT_ENDS_PARENT (state))`): an embedded language's hook that
          // ends a CSS rule ends the `<style>` code and the `<style>` tag with it.
          var closed = ended
          while closed.node.endParent, stack.count > 1 { closed = stack.removeLast() }
        case .child(let index):
          let child = frame.node.children[index]
          if child.onceOnly { frame.markUsedOnce(found.alternative) }
          let own = child.style != 0 ? child.style : frame.inside
          if !child.isContainer {
            if !found.range.isEmpty {
              stack[stack.count - 1].lastChild = Place(
                child: index, line: lineIndex, start: found.range.lowerBound, end: found.range.upperBound)
            }
            paint(
              found, style: own, subPatterns: child.matchSubPatterns, regex: frame.plan.regexes[found.alternative],
              subject, length, scratch, &out)
            if child.endParent, stack.count > 1 {
              // The context the match is in closes; then, as GtkSourceView does, each
              // context under it that ends its own parent.
              stack.removeLast()
              while stack.count > 1, stack[stack.count - 1].node.endParent { stack.removeLast() }
            }
          } else {
            let regex = frame.plan.regexes[found.alternative]
            paint(
              found, style: child.styleInside ? frame.inside : own, subPatterns: child.matchSubPatterns, regex: regex,
              subject, length, scratch, &out)
            guard stack.count < Self.maximumDepth else {
              out.emit(length, frame.inside)
              break lineLoop
            }
            let opened = open(
              child, inside: own, startedBy: found, regex: regex, stack: stack, subject, length, scratch)
            opened.started = Place(child: index, line: lineIndex, start: found.range.lowerBound, end: -1)
            stack.append(opened)
          }
        }
        position = found.range.upperBound
      }
      out.emit(length, stack[stack.count - 1].inside)
      out.endLine()
      // Contexts that end at the end of a line end, with everything open inside them;
      // but, as in GtkSourceView, a context open inside one that does not end there
      // and extends its parent (the default: a heredoc opened in a one-line command)
      // keeps its ancestors open.
      if let first = Self.endingAtLineEnd(stack) {
        let endsParent = stack[first].node.endParent
        while stack.count > first { stack.removeLast() }
        if endsParent, stack.count > 1 { stack.removeLast() }
      }
    }
  }

  /// The outermost open context that the end of the line ends (with all inside it):
  /// walking out from the innermost, each `end-at-line-end` context ends; a context
  /// that does not end there and extends its parent stops the walk.
  private static func endingAtLineEnd(_ stack: [Frame]) -> Int? {
    var ending: Int?
    for index in stack.indices.dropFirst().reversed() {
      let node = stack[index].node
      if node.endAtLineEnd {
        ending = index
      } else if node.extendParent {
        break
      }
    }
    return ending
  }

  private static func characterLength(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The earliest match in `frame` from `position`; at one position, the first alternative.
  private func find(
    in frame: Frame, lineIndex: Int, _ subject: UnsafePointer<UInt8>, _ length: Int, _ position: Int,
    _ scratch: MatchScratch, skipping: Set<Int> = []
  ) -> Search {
    // Without the alternatives that may not match on this line, when there are some: a
    // search of the rest finds the next match in one call.
    var leftOut = frame.usedOnceAlternatives
    if lineIndex != 0 { leftOut |= frame.plan.firstLineOnly }
    let plan: SearchPlan
    if leftOut == 0 || !takesShortcuts {
      plan = frame.plan
    } else if frame.variantLeftOut == leftOut, let variant = frame.variant {
      plan = variant
    } else {
      plan = frame.plan.without(leftOut)
      frame.variant = plan
      frame.variantLeftOut = leftOut
    }
    func excluded(_ alternative: Int) -> Bool {
      if !skipping.isEmpty, skipping.contains(alternative) { return true }
      guard case .child(let index) = plan.alternatives[alternative] else { return false }
      let child = frame.node.children[index]
      return (child.firstLineOnly && lineIndex != 0) || (child.onceOnly && frame.isUsedOnce(alternative))
    }
    if takesShortcuts, let filter = plan.filter {
      var from = position
      // Each anchored try has its own backtracking limit, so a line of many candidates
      // could add up to far more work than one search: after a few, one search goes on.
      tries: for _ in 0..<Self.anchoredTries {
        guard let start = filter.next(subject, length, from: from) else { return .none }
        switch tryAnchored(plan, at: start, excluded: excluded, subject, length, scratch) {
        case .found(let found): return .found(found)
        case .noMatch: from = start + 1
        case .limit: return .limit
        // One that may not match here came first: each one on its own.
        case .shadowed: return eachAlternative(plan, from: position, excluded: excluded, subject, length, scratch)
        case .unavailable: break tries
        }
      }
      if let combined = plan.combined {
        return search(combined, plan: plan, from: from, excluded: excluded, subject, length, scratch)
          ?? eachAlternative(plan, from: position, excluded: excluded, subject, length, scratch)
      }
    } else if let combined = plan.combined {
      var from = position
      // Where the last token ended, first, with only the alternatives that can start
      // there: the next token most often starts right there.
      if takesShortcuts, position < length {
        switch tryAnchored(plan, at: position, excluded: excluded, subject, length, scratch) {
        case .found(let found): return .found(found)
        case .noMatch: from = position + Self.characterLength(subject[position])
        case .limit: return .limit
        case .shadowed, .unavailable: break
        }
      }
      return search(combined, plan: plan, from: from, excluded: excluded, subject, length, scratch)
        ?? eachAlternative(plan, from: position, excluded: excluded, subject, length, scratch)
    }
    return eachAlternative(plan, from: position, excluded: excluded, subject, length, scratch)
  }

  private enum AnchoredOutcome {
    case found(Found)
    case noMatch
    case limit
    /// An alternative that may not match here matched first.
    case shadowed
    /// The plan cannot be tried anchored.
    case unavailable
  }

  /// The plan's alternatives that can start at `start` (``SearchPlan/matchNarrowed(at:_:length:scratch:)``)
  /// tried there, the first in order winning.
  private func tryAnchored(
    _ plan: SearchPlan, at start: Int, excluded: (Int) -> Bool, _ subject: UnsafePointer<UInt8>, _ length: Int,
    _ scratch: MatchScratch
  ) -> AnchoredOutcome {
    let outcome: Regex.Outcome
    switch plan.matchNarrowed(at: start, subject, length: length, scratch: scratch) {
    case .nothing: return .noMatch
    case .unavailable: return .unavailable
    case .tried(let tried): outcome = tried
    }
    switch outcome {
    case .noMatch: return .noMatch
    case .limit: return .limit
    case .matched:
      guard let mark = Regex.mark(scratch), mark < plan.alternatives.count, let range = scratch.range(0),
        !excluded(mark)
      else { return .shadowed }
      return .found(Found(alternative: mark, range: range, groupsInScratch: true))
    }
  }

  /// Anchored tries per search before the rest of the line is searched in one call.
  static let anchoredTries = 64

  /// The marked alternation searched from `position`: `nil` when the alternative it finds
  /// may not match here (then each alternative is searched on its own).
  private func search(
    _ combined: Regex, plan: SearchPlan, from position: Int, excluded: (Int) -> Bool,
    _ subject: UnsafePointer<UInt8>, _ length: Int, _ scratch: MatchScratch
  ) -> Search? {
    switch combined.match(subject, length: length, from: position, anchored: false, scratch: scratch) {
    case .noMatch: return Search.none
    case .limit: return .limit
    case .matched:
      guard let mark = Regex.mark(scratch), mark < plan.alternatives.count, let range = scratch.range(0),
        !excluded(mark)
      else { return nil }
      return .found(Found(alternative: mark, range: range, groupsInScratch: true))
    }
  }

  /// Each alternative searched on its own, the earliest match winning: when the
  /// combination does not compile, or the alternative it found may not match here.
  private func eachAlternative(
    _ plan: SearchPlan, from position: Int, excluded: (Int) -> Bool, _ subject: UnsafePointer<UInt8>, _ length: Int,
    _ scratch: MatchScratch
  ) -> Search {
    var best: Found?
    for alternative in plan.regexes.indices where !excluded(alternative) {
      switch plan.regexes[alternative].match(subject, length: length, from: position, anchored: false, scratch: scratch)
      {
      case .noMatch: continue
      case .limit: return .limit
      case .matched:
        guard let range = scratch.range(0) else { continue }
        if best == nil || range.lowerBound < best!.range.lowerBound {
          best = Found(alternative: alternative, range: range)
        }
      }
    }
    return best.map { .found($0) } ?? .none
  }

  /// Emits the match in `style`, with its sub-patterns' groups in theirs.
  private func paint(
    _ found: Found, style: UInt8, subPatterns: [SubPattern], regex: Regex, _ subject: UnsafePointer<UInt8>,
    _ length: Int, _ scratch: MatchScratch, _ out: inout LineRuns
  ) {
    let range = found.range
    guard !subPatterns.isEmpty, !range.isEmpty,
      found.groupsInScratch && takesShortcuts
        || regex.match(subject, length: length, from: range.lowerBound, anchored: true, scratch: scratch) == .matched
    else {
      out.emit(range.upperBound, style)
      return
    }
    var classes = [UInt8](repeating: style, count: range.count)
    for sub in subPatterns {
      guard let group = sub.number ?? sub.name.flatMap({ regex.groupNumber(named: $0, matchedIn: scratch) }),
        let part = scratch.range(group)
      else { continue }
      let clipped = part.clamped(to: range)
      for offset in clipped { classes[offset - range.lowerBound] = sub.style != 0 ? sub.style : style }
    }
    var offset = 0
    while offset < classes.count {
      var next = offset + 1
      while next < classes.count, classes[next] == classes[offset] { next += 1 }
      out.emit(range.lowerBound + next, classes[offset])
      offset = next
    }
  }

  /// The frame of a container context that `found` just started.
  private func open(
    _ node: GrammarNode, inside: UInt8, startedBy found: Found, regex: Regex, stack: [Frame],
    _ subject: UnsafePointer<UInt8>, _ length: Int, _ scratch: MatchScratch
  ) -> Frame {
    // Most contexts: a fixed end, and no ancestor's end to watch for.
    if node.extendParent, let fixed = node.staticPlan, node.end?.isDynamic != true {
      return Frame(node: node, plan: fixed, end: node.end, inside: inside)
    }
    var end = node.end
    if let dynamic = end, dynamic.isDynamic {
      _ = regex.match(subject, length: length, from: found.range.lowerBound, anchored: true, scratch: scratch)
      let text = Self.fillStartReferences(dynamic.text, regex: regex, subject: subject, scratch: scratch)
      var options: Regex.Options = [.duplicateNames]
      if dynamic.caseless { options.insert(.caseless) }
      if dynamic.extended { options.insert(.extended) }
      end = CompiledPattern(
        text: text, caseless: dynamic.caseless, extended: dynamic.extended, regex: cache.regex(text, options: options))
      if end?.regex == nil { end = nil }
    }
    // Ends of the ancestors this context may not outlast (`extend-parent="false"`).
    var ancestors: [(Int, CompiledPattern)] = []
    var key = PlanKey(node: ObjectIdentifier(node))
    if let end, end.text != node.end?.text { key.filledEnds.append(end.text) }
    var current = node
    var index = stack.count - 1
    var levels = 1
    while !current.extendParent, index >= 1 {
      let frame = stack[index]
      if let parentEnd = frame.end {
        ancestors.append((levels, parentEnd))
        key.ancestors.append(levels)
        key.ancestors.append(ObjectIdentifier(frame.node).hashValue)
        if parentEnd.text != frame.node.end?.text { key.filledEnds.append(parentEnd.text) }
      }
      current = frame.node
      index -= 1
      levels += 1
    }
    let plan: SearchPlan
    if ancestors.isEmpty, end?.isDynamic != true, node.end?.isDynamic != true, let fixed = node.staticPlan {
      plan = fixed
    } else {
      var alternatives: [SearchPlan.Alternative] = []
      var patterns: [CompiledPattern] = []
      // The outermost ancestor that ends here first, then the children, then the
      // context's own end (SearchPlan says why).
      for (levels, pattern) in ancestors.reversed() {
        alternatives.append(.end(levels: levels))
        patterns.append(pattern)
      }
      for (index, child) in node.children.enumerated() {
        guard let pattern = child.pattern, pattern.regex != nil else { continue }
        alternatives.append(.child(index))
        patterns.append(pattern)
      }
      if let end {
        alternatives.append(.end(levels: 0))
        patterns.append(end)
      }
      plan = cache.plan(key) {
        SearchPlan(
          alternatives: alternatives, patterns: patterns, regexes: patterns.compactMap(\.regex), children: node.children
        )
      }
    }
    return Frame(node: node, plan: plan, end: end, inside: inside)
  }

  /// `\%{N@start}` and `\%{name@start}` replaced by what the start pattern's group
  /// matched, escaped so that it matches literally.
  static func fillStartReferences(
    _ text: String, regex: Regex, subject: UnsafePointer<UInt8>, scratch: MatchScratch
  ) -> String {
    var out = ""
    var rest = text[...]
    while let open = rest.range(of: "\\%{") {
      out += rest[..<open.lowerBound]
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: "}") else { break }
      var reference = String(rest[..<close])
      if reference.hasSuffix("@start") { reference.removeLast(6) }
      rest = rest[rest.index(after: close)...]
      let group = Int(reference) ?? regex.groupNumber(named: reference, matchedIn: scratch)
      guard let group, let range = scratch.range(group) else { continue }
      for scalar in String(
        decoding: UnsafeBufferPointer(start: subject + range.lowerBound, count: range.count), as: UTF8.self
      )
      .unicodeScalars {
        if scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { out += "\\" }
        out.unicodeScalars.append(scalar)
      }
    }
    return out + rest
  }
}
