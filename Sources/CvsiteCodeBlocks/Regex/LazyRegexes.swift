import Synchronization

/// Patterns compiled the first time a match needs each, then matched with one atomic
/// load and no reference counting: the narrowed alternations a search plan may never use,
/// a pattern's anchored twin. A lock, or a retained regex, per match cost more than many
/// of the matches.
final class LazyRegexes: @unchecked Sendable {
  // Unchecked: `states` is written only through its atomics, `owners` under its lock.
  private let patterns: [String]
  private let options: Regex.Options
  /// Whether a regex the JIT does not take counts as none (a twin that exists only to
  /// reach the JIT).
  private let needsJIT: Bool
  /// Hold the compiled regexes.
  private let owners: Mutex<[Regex?]>
  /// Per pattern: 0 until compiled, 1 when it does not compile, else its JIT code's
  /// address (``Regex/jitAddress``), owned by `owners`.
  private let states: UnsafeMutablePointer<Atomic<Int>>

  init(_ patterns: [String], options: Regex.Options, needsJIT: Bool = false) {
    self.patterns = patterns
    self.options = options
    self.needsJIT = needsJIT
    owners = Mutex([Regex?](repeating: nil, count: patterns.count))
    states = .allocate(capacity: max(1, patterns.count))
    for index in patterns.indices { (states + index).initialize(to: Atomic(0)) }
  }

  deinit {
    states.deinitialize(count: patterns.count)
    states.deallocate()
  }

  /// Pattern `index` matched in `text[..<length]` from `start` (anchored when the
  /// patterns are); `nil` when it does not compile.
  func match(_ index: Int, _ text: UnsafePointer<UInt8>, length: Int, from start: Int, scratch: MatchScratch)
    -> Regex.Outcome?
  {
    let state = states[index].load(ordering: .acquiring)
    if state > 1 { return Regex.matchJIT(address: state, text, length: length, from: start, scratch: scratch) }
    if state == 1 { return nil }
    return compiled(index)?.match(text, length: length, from: start, anchored: false, scratch: scratch)
  }

  /// Pattern `index` compiled, once.
  func compiled(_ index: Int) -> Regex? {
    owners.withLock { owners -> Regex? in
      if let known = owners[index] { return known }
      guard states[index].load(ordering: .relaxed) == 0 else { return nil }
      guard let made = try? Regex(patterns[index], options: options), made.jitAddress != nil || !needsJIT else {
        states[index].store(1, ordering: .releasing)
        return nil
      }
      owners[index] = made
      if let address = made.jitAddress { states[index].store(address, ordering: .releasing) }
      return made
    }
  }
}
