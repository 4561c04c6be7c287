#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The offset of the first `needle` in `bytes[range]`, or `nil`: `memchr` to each
/// occurrence of the needle's first byte, then `memcmp` for the rest.
public func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, within range: Range<Int>) -> Int? {
  needle.withUnsafeBufferPointer { firstOffset(of: $0, in: bytes, within: range) }
}

/// ``firstOffset(of:in:within:)-([UInt8],_,_)`` of a needle in memory.
public func firstOffset(
  of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, within range: Range<Int>
) -> Int? {
  guard let first = pattern.first, let patternBase = pattern.baseAddress, let base = bytes.baseAddress,
    range.lowerBound >= 0, range.upperBound <= bytes.count
  else { return nil }
  var index = range.lowerBound
  while range.upperBound - index >= pattern.count {
    guard let found = memchr(base + index, Int32(first), range.upperBound - index) else { return nil }
    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    guard range.upperBound - index >= pattern.count else { return nil }
    if memcmp(base + index, patternBase, pattern.count) == 0 { return index }
    index += 1
  }
  return nil
}

extension String {
  /// Whether the string's UTF-8 holds `byte`: `memchr` on its storage. The generic
  /// `utf8.contains(_:)` steps through the bytes one by one, about thirty
  /// instructions each.
  public func containsUTF8Byte(_ byte: UInt8) -> Bool {
    if let found = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    }) {
      return found
    }
    return utf8.contains(byte)
  }
}

extension String {
  /// The parts of the string between occurrences of the ASCII byte `separator`, empty
  /// parts left out: `split(separator:)` on bytes. Paths and URLs are split this way
  /// many times per page, and comparing `Character`s costs about five times as much.
  /// (A `/` followed by a combining mark is a separator here, as it is to the system.)
  public func splitOmittingEmpty(atByte separator: UInt8) -> [Substring] {
    var parts: [Substring] = []
    let bytes = utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      if bytes[index] == separator {
        if start != index { parts.append(self[start..<index]) }
        start = bytes.index(after: index)
      }
      bytes.formIndex(after: &index)
    }
    if start != bytes.endIndex { parts.append(self[start..<bytes.endIndex]) }
    return parts
  }

  /// The part before the first ASCII byte `separator`, and the part after it (`nil`
  /// when there is no separator).
  public func splitOnce(atByte separator: UInt8) -> (Substring, Substring?) {
    guard let index = utf8.firstIndex(of: separator) else { return (self[...], nil) }
    return (self[..<index], self[utf8.index(after: index)...])
  }
}

extension String {
  /// The UTF-8 offset of the first `needle` at or after UTF-8 offset `start`, or nil:
  /// a byte search on both strings' storage. An empty needle is found at `start`.
  public func utf8Offset(of needle: String, from start: Int = 0) -> Int? {
    func search(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Int? {
      guard start >= 0, start <= bytes.count else { return nil }
      guard !pattern.isEmpty else { return start }
      return firstOffset(of: pattern, in: bytes, within: start..<bytes.count)
    }
    let found = utf8.withContiguousStorageIfAvailable { bytes in
      needle.utf8.withContiguousStorageIfAvailable { pattern in search(bytes, pattern) }
    }
    if let found { return found ?? nil }
    let bytes = Array(utf8)
    let pattern = Array(needle.utf8)
    return bytes.withUnsafeBufferPointer { bytes in pattern.withUnsafeBufferPointer { search(bytes, $0) } }
  }
}
