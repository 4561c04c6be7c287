/// Eight bytes at a time: tests on a word of eight bytes, first byte lowest (load with
/// `.littleEndian`), that set bit 7 of each byte that passes. Those marked *exact*
/// mark exactly the bytes that pass; the others (borrowing subtraction) never miss one
/// and mark nothing when none passes, but may also mark bytes after one that does, so
/// only their lowest mark is to be trusted.
enum ByteWords {
  static var ones: UInt64 { 0x0101_0101_0101_0101 }
  static var highs: UInt64 { 0x8080_8080_8080_8080 }
  static var lows: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

  /// Bytes equal to `byte`: exact.
  @inline(__always)
  static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let differences = word ^ (ones &* UInt64(byte))
    return ~(((differences & lows) &+ lows) | differences) & highs
  }

  /// Bytes equal to `byte`, lowest mark trusted only.
  @inline(__always)
  static func equalFirst(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let differences = word ^ (ones &* UInt64(byte))
    return (differences &- ones) & ~differences & highs
  }

  /// Bytes below `bound` (at most 0x80): exact.
  @inline(__always)
  static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
    ~(((word & lows) &+ ones &* UInt64(0x80 - bound)) | word) & highs
  }

  /// Bytes in `low...high` (ASCII): exact.
  @inline(__always)
  static func within(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
    below(word, high + 1) & ~below(word, low)
  }

  /// ASCII letters, either case: exact. With bit 5 set, only A…Z land on a…z.
  @inline(__always)
  static func letters(_ word: UInt64) -> UInt64 {
    within(word | ones &* 0x20, 0x61, 0x7A)
  }

  /// The index (0…7) of the lowest marked byte; 8 when none is.
  @inline(__always)
  static func firstMarked(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }
}
