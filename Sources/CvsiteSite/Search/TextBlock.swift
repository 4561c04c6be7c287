/// Sixty-four bytes of text as bits, one per byte, bit 0 for the first: the bytes that
/// may be part of a word (ASCII letters and digits, and every byte at or above 0x80),
/// the ASCII capitals, and the bytes at or above 0x80. Bytes past the text's end are
/// none of these.
struct TextBlock {
  var word: UInt64 = 0
  var upper: UInt64 = 0
  var high: UInt64 = 0

  /// The block at `start`, of which `available` bytes (any number) are the text's.
  @inline(__always)
  init(_ start: UnsafePointer<UInt8>, available: Int) {
    if available >= 64 {
      read(UnsafeRawPointer(start))
    } else {
      // The last block: copied after zeros, which are no part of a word.
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { words in
        guard let first = words.baseAddress else { return }
        let raw = UnsafeMutableRawPointer(first)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        raw.copyMemory(from: start, byteCount: max(0, available))
        read(UnsafeRawPointer(raw))
      }
    }
  }

  @inline(__always)
  private mutating func read(_ raw: UnsafeRawPointer) {
    for part in 0..<8 {
      let bytes = raw.loadUnaligned(fromByteOffset: part * 8, as: UInt64.self).littleEndian
      let capitals = ByteWords.within(bytes, 0x41, 0x5A)
      let others = ByteWords.within(bytes, 0x61, 0x7A) | ByteWords.within(bytes, 0x30, 0x39)
      let nonASCII = bytes & ByteWords.highs
      let shift = UInt64(part * 8)
      word |= Self.gather(capitals | others | nonASCII) << shift
      upper |= Self.gather(capitals) << shift
      high |= Self.gather(nonASCII) << shift
    }
  }

  /// Bit 7 of each of eight bytes, as eight bits (the first byte's lowest): the
  /// multiplication moves bit 8k to bit 56 + k, with no carries into those bits.
  @inline(__always)
  static func gather(_ marks: UInt64) -> UInt64 {
    ((marks >> 7) &* 0x0102_0408_1020_4080) >> 56
  }

  /// The lowest `count` bits (0…64).
  @inline(__always)
  static func bits(below count: Int) -> UInt64 {
    count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
  }

  /// Whether `word` holds an ASCII capital, and a byte at or above 0x80.
  static func flags(of word: UnsafeBufferPointer<UInt8>) -> (upper: Bool, high: Bool) {
    var upper = false
    var high = false
    for byte in word {
      upper = upper || byte &- 0x41 < 26
      high = high || byte >= 0x80
    }
    return (upper, high)
  }
}
