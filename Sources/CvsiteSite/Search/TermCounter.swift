import CvsiteCore
import Foundation

/// Counts of each term per field, in first-seen order, keyed by the term's bytes: a
/// term becomes a string once per page, not once per occurrence.
///
/// A class over memory of its own: the table is read for every word of a page, and an
/// array there would check its bounds and its uniqueness on every read and write.
final class TermCounter {
  /// Where a term is: the title, a heading, the text, or the name of the page's
  /// symbol (an API reference page).
  enum Field { case title, heading, body, name }

  /// A term: its hash, where its bytes are in `arena`, and its counts.
  private struct Entry {
    var hash: UInt64
    var start: Int32
    var count: Int32
    var counts = SearchRecord.Counts()
  }

  private let arena = ByteStore(capacity: 4_096)
  @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) private var entryCount = 0
  @exclusivity(unchecked) private var entryCapacity = 64
  /// Open addressing, at most half full: an index into `entries`, or -1.
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) private var slotMask = 255

  init() {
    entries = .allocate(capacity: entryCapacity)
    slots = .allocate(capacity: slotMask + 1)
    slots.initialize(repeating: -1, count: slotMask + 1)
  }

  deinit {
    entries.deinitialize(count: entryCount)
    entries.deallocate()
    slots.deallocate()
  }

  /// The counts of each term, in first-seen order.
  /// The counts of each term, in first-seen order, each in its four bytes
  /// (``SearchRecord/Counts``).
  var packedCounts: [UInt32] { (0..<entryCount).map { entries[$0].counts.packed } }

  /// How many terms there are.
  var count: Int { entryCount }

  /// The terms' bytes one after the other, in first-seen order.
  var bytes: [UInt8] { arena.bytes }

  /// The bytes of term `index` in ``bytes``.
  func range(of index: Int) -> Range<Int> {
    let entry = entries[index]
    return Int(entry.start)..<Int(entry.start + entry.count)
  }

  /// The terms in first-seen order, each as its length in bytes (a varint) then its
  /// bytes: a page's terms as its search record keeps them.
  func prefixedTerms() -> [UInt8] {
    var prefixed: [UInt8] = []
    prefixed.reserveCapacity(arena.bytes.count + entryCount + entryCount / 8)
    arena.bytes.withUnsafeBufferPointer { bytes in
      for index in 0..<entryCount {
        let range = self.range(of: index)
        appendVarint(range.count, to: &prefixed)
        prefixed.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
      }
    }
    return prefixed
  }

  /// The terms' bytes one after the other, in first-seen order, and where each ends.
  func packedTerms() -> (bytes: [UInt8], ends: [UInt32]) {
    (arena.bytes, (0..<entryCount).map { UInt32(entries[$0].start + entries[$0].count) })
  }

  /// Counts `term` once in `field`.
  @inline(__always)
  func add(_ term: UnsafeBufferPointer<UInt8>, field: Field) {
    bump(intern(term), field)
  }

  /// Counts once in `field` the term of `length` bytes (one to eight) packed in
  /// `packed` as ``pack(_:)`` packs them.
  @inline(__always)
  func add(packed: UInt64, length: Int, field: Field) {
    var bytes = packed.littleEndian
    let index = withUnsafeBytes(of: &bytes) { raw in
      intern(
        UnsafeBufferPointer(start: raw.bindMemory(to: UInt8.self).baseAddress, count: length),
        hash: Self.hash(packed: packed), short: true)
    }
    bump(index, field)
  }

  @inline(__always)
  private func bump(_ index: Int, _ field: Field) {
    switch field {
    case .title: entries[index].counts.title = true
    case .heading: entries[index].counts.heading = true
    case .body: entries[index].counts.body &+= 1
    case .name: entries[index].counts.name = true
    }
  }

  /// The index of `term`, added (with no counts) when it is new.
  @inline(__always)
  func intern(_ term: UnsafeBufferPointer<UInt8>) -> Int {
    let short = term.count <= 8
    return intern(term, hash: short ? Self.hash(packed: Self.pack(term)) : Self.hash(term), short: short)
  }

  /// The index of `term` whose hash is `hash`, added when it is new. A term of up to
  /// eight bytes (`short`, most words) is its own key: packed into a word, its hash is
  /// a one-to-one function of it, so equal hashes and lengths mean equal terms and the
  /// arena is not read.
  @inline(__always)
  private func intern(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, short: Bool) -> Int {
    let count = term.count
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      let entry = entries[index]
      if entry.hash == hash, Int(entry.count) == count, short || equal(entry, term) { return index }
      slot = (slot + 1) & slotMask
    }
    return insert(term, hash: hash, at: slot)
  }

  /// Adds a new term at the free `slot`; returns its index.
  private func insert(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, at slot: Int) -> Int {
    if entryCount == entryCapacity {
      let larger = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
      larger.moveInitialize(from: entries, count: entryCount)
      entries.deallocate()
      entries = larger
      entryCapacity *= 2
    }
    let index = entryCount
    (entries + index).initialize(to: Entry(hash: hash, start: Int32(arena.count), count: Int32(term.count)))
    entryCount += 1
    arena.append(term)
    slots[slot] = Int32(index)
    if entryCount * 2 > slotMask + 1 {
      let size = (slotMask + 1) * 2
      slots.deallocate()
      slots = .allocate(capacity: size)
      slots.initialize(repeating: -1, count: size)
      slotMask = size - 1
      for other in 0..<entryCount {
        var free = Int(truncatingIfNeeded: entries[other].hash) & slotMask
        while slots[free] >= 0 { free = (free + 1) & slotMask }
        slots[free] = Int32(other)
      }
    }
    return index
  }

  /// Whether `entry`'s bytes are `term`'s (their lengths are equal).
  private func equal(_ entry: Entry, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let other = term.baseAddress else { return term.isEmpty }
    return memcmp(arena.base + Int(entry.start), other, term.count) == 0
  }

  /// The bytes of a term of at most eight bytes in a word, first byte lowest, the rest
  /// zero: two overlapping four-byte loads from four bytes on.
  @inline(__always)
  static func pack(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = term.count
    guard count >= 4, let base = term.baseAddress else {
      var packed: UInt64 = 0
      for index in 0..<count { packed |= UInt64(term[index]) << (8 * UInt64(index)) }
      return packed
    }
    let raw = UnsafeRawPointer(base)
    let low = UInt64(raw.loadUnaligned(as: UInt32.self).littleEndian)
    let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self).littleEndian)
    return low | high << (8 * UInt64(count - 4))
  }

  /// A one-to-one mix of a packed short term (an odd multiplier, then a shift-xor).
  @inline(__always)
  static func hash(packed: UInt64) -> UInt64 {
    let hash = packed &* 0x9E37_79B9_7F4A_7C15
    return hash ^ (hash >> 32)
  }

  /// Eight bytes at a time, multiplied and folded, for terms longer than eight bytes.
  private static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = UInt64(term.count) &* 0x9E37_79B9_7F4A_7C15
    let raw = UnsafeRawBufferPointer(term)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 32
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < raw.count {
      tail |= UInt64(raw[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 29)
  }
}
