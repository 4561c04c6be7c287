import Synchronization

/// For each first byte, past the start of the line and at it, the anchored alternation of
/// only a plan's alternatives that can start with it (PCRE2's start bitmaps): a byte
/// starts few of a context's patterns, and PCRE2 tries every branch of an alternation in
/// turn. The order of the branches is kept, so the same one wins. Each alternation is
/// compiled the first time a block needs it.
final class NarrowedAlternations: @unchecked Sendable {
  // Unchecked: `slots` is written only while the object is made.
  /// Per first byte, which alternation (plus one): the first 256 entries past the start
  /// of the line, the next 256 at it; 0 when no alternative can start with that byte there.
  private let slots: UnsafeMutablePointer<UInt8>
  private let alternations: LazyRegexes

  /// `branches[i]` is alternative `i` as a branch of an alternation, `starts[i]` where
  /// its matches can start; only the alternatives in `kept` take part.
  init(branches: [String], starts: [Regex.StartInfo], kept: [Int]) {
    slots = .allocate(capacity: 512)
    slots.initialize(repeating: 0, count: 512)
    // The alternatives that can start with each byte, as bits.
    let words = (branches.count + 63) / 64
    var members = [UInt64](repeating: 0, count: 512 * words)
    for alternative in kept {
      let start = starts[alternative]
      let word = alternative >> 6
      let bit: UInt64 = 1 << UInt64(alternative & 63)
      for byte in 0..<256 where start.bytes?[byte] ?? true {
        if !start.onlyAtStart { members[byte * words + word] |= bit }
        members[(256 + byte) * words + word] |= bit
      }
    }
    var all = [UInt64](repeating: 0, count: words)
    for alternative in kept { all[alternative >> 6] |= 1 << UInt64(alternative & 63) }
    // A set of nearly all the alternatives is all of them: one compilation fewer.
    for entry in 0..<512 {
      let size = (0..<words).reduce(0) { $0 + members[entry * words + $1].nonzeroBitCount }
      guard size * 4 > kept.count * 3 else { continue }
      for word in 0..<words { members[entry * words + word] = all[word] }
    }
    // The distinct sets, one after the other (`words` each), found by a linear search:
    // a plan has a few dozen at most, and hashing 512 arrays cost more than comparing.
    var sets: [UInt64] = []
    var texts: [String] = []
    func slot(of entry: Int) -> Int? {
      var index = 0
      while index < texts.count {
        var same = true
        for word in 0..<words where sets[index * words + word] != members[entry * words + word] {
          same = false
          break
        }
        if same { return index + 1 }
        index += 1
      }
      return nil
    }
    for entry in 0..<512 {
      guard (0..<words).contains(where: { members[entry * words + $0] != 0 }) else { continue }
      if let known = slot(of: entry) {
        slots[entry] = UInt8(known)
        continue
      }
      // One byte indexes them: past 255 sets, the rest try every alternative.
      if texts.count >= 255 {
        slots[entry] = UInt8(255)
        continue
      }
      if texts.count == 254 {
        // The last slot: every alternative, for this set and any further one.
        for word in 0..<words { members[entry * words + word] = all[word] }
      }
      sets += members[(entry * words)..<((entry + 1) * words)]
      let indices = kept.filter { members[entry * words + $0 >> 6] & 1 << UInt64($0 & 63) != 0 }
      texts.append(SearchPlan.alternation(branches, indices))
      slots[entry] = UInt8(texts.count)
    }
    alternations = LazyRegexes(texts, options: [.duplicateNames, .anchored])
  }

  deinit { slots.deallocate() }

  private func slot(at position: Int, _ byte: UInt8) -> Int { Int(slots[(position == 0 ? 256 : 0) + Int(byte)]) }

  /// The alternatives that can start at `position` of `text` tried there.
  func match(at position: Int, _ text: UnsafePointer<UInt8>, length: Int, scratch: MatchScratch)
    -> SearchPlan.NarrowedMatch
  {
    let slot = slot(at: position, text[position])
    guard slot != 0 else { return .nothing }
    guard let outcome = alternations.match(slot - 1, text, length: length, from: position, scratch: scratch) else {
      return .unavailable
    }
    return .tried(outcome)
  }

  /// The alternation tried at `position` when its byte is `byte`, compiled; `nil` when
  /// none is (no alternative can start with `byte`, or it does not compile).
  func regex(at position: Int, _ byte: UInt8) -> Regex? {
    let slot = slot(at: position, byte)
    return slot == 0 ? nil : alternations.compiled(slot - 1)
  }
}
