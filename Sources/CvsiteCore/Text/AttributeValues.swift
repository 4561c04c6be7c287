import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values of attributes in HTML that cvsite wrote (double-quoted, `"` escaped inside
/// them): every ` name="…"` in the text, tag or not, in order. What the link check and
/// the page's ids are read from, in a page's body and in the HTML a page's render takes
/// as it is (templates, raw HTML, what a pass made).
public enum AttributeValues {
  /// Values of an attribute in rendered HTML (double-quoted, as our renderers write).
  public static func of(_ name: String, in html: String) -> [String] {
    of([name], in: html)[0]
  }

  /// The values of each of `names` (ASCII), found in one pass over the bytes: for each
  /// name what ``of(_:in:)-(String,_)`` alone finds.
  public static func of(_ names: [String], in html: String) -> [[String]] {
    let markers = Names(names)
    let fast = html.utf8.withContiguousStorageIfAvailable { bytes in scan(markers.markers, bytes: bytes) }
    let found = fast ?? Array(repeating: nil, count: names.count)
    return names.indices.map { found[$0] ?? searching(names[$0], in: html) }
  }

  /// The attribute names looked for, each as the bytes that precede its value.
  public struct Names: Sendable {
    let names: [String]
    let markers: [[UInt8]]

    public init(_ names: [String]) {
      self.names = names
      markers = names.map { Array(" \($0)=\"".utf8) }
    }
  }

  /// ``of(_:in:)-([String],_)`` on HTML given as UTF-8 bytes, appending each name's
  /// values to `values` (one list per name): HTML written in pieces, each read as it
  /// is written.
  public static func of(_ names: Names, in bytes: UnsafeBufferPointer<UInt8>, appendingTo values: inout [[String]]) {
    guard holdsAny(names.markers, bytes: bytes) else { return }
    let found = scan(names.markers, bytes: bytes)
    var html: String?
    for index in names.names.indices {
      if let fast = found[index] {
        values[index] += fast
      } else {
        if html == nil { html = String(decoding: bytes, as: UTF8.self) }
        values[index] += searching(names.names[index], in: html ?? "")
      }
    }
  }

  /// ``of(_:in:)-([String],_)`` on the UTF-8 bytes: each marker's values, or nil
  /// to leave that name to the character search. A byte match is the same match there
  /// when every byte next to the marker and to the closing quote is ASCII (no accent,
  /// joiner or prefix can join them into a larger character); the first time one is not,
  /// that name is left to it.
  ///
  /// Every `=` followed by `"` is a place where a marker may end. As a search for one
  /// marker would, a name's next match starts no earlier than the end of its last value,
  /// and a value without its closing quote ends that name's search.
  private static func scan(_ markers: [[UInt8]], bytes: UnsafeBufferPointer<UInt8>) -> [[String]?] {
    var values: [[String]?] = markers.map { $0.count >= 3 && $0.allSatisfy { $0 < 0x80 } ? [] : nil }
    guard let base = bytes.baseAddress else { return values }
    let count = bytes.count
    func isASCII(at offset: Int) -> Bool { offset < 0 || offset >= count || bytes[offset] < 0x80 }
    // Where each name's search goes on; `count` once it has ended.
    var resume = values.map { $0 == nil ? count : 0 }
    var equals = 0
    while equals + 1 < count, resume.contains(where: { $0 < count }) {
      // memchr (vectorised) to the next `=`, then the names that may end there.
      guard let hit = memchr(base + equals, Int32(UInt8(ascii: "=")), count - equals) else { break }
      equals = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
      defer { equals += 1 }
      guard equals + 1 < count, bytes[equals + 1] == UInt8(ascii: "\"") else { continue }
      for (index, marker) in markers.enumerated() where resume[index] < count {
        let candidate = equals - (marker.count - 2)
        guard candidate >= resume[index] else { continue }
        var matched = 0
        while matched < marker.count, bytes[candidate + matched] == marker[matched] { matched += 1 }
        guard matched == marker.count else { continue }
        let valueStart = candidate + marker.count
        guard isASCII(at: candidate - 1), isASCII(at: valueStart) else {
          (values[index], resume[index]) = (nil, count)
          continue
        }
        var end = valueStart
        while end < count && bytes[end] != 0x22 { end += 1 }
        guard end < count else {
          resume[index] = count
          continue
        }
        guard isASCII(at: end - 1), isASCII(at: end + 1) else {
          (values[index], resume[index]) = (nil, count)
          continue
        }
        values[index]?.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<end]), as: UTF8.self))
        resume[index] = end
      }
    }
    return values
  }

  /// Whether any of `markers` is in `bytes`: most HTML written in pieces holds none, and
  /// is passed over without making a list.
  private static func holdsAny(_ markers: [[UInt8]], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var equals = 0
    while equals + 1 < count, let hit = memchr(base + equals, Int32(UInt8(ascii: "=")), count - equals) {
      equals = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
      defer { equals += 1 }
      guard equals + 1 < count, bytes[equals + 1] == UInt8(ascii: "\"") else { continue }
      for marker in markers where equals >= marker.count - 2 {
        let start = equals - (marker.count - 2)
        if memcmp(base + start, marker, marker.count) == 0 { return true }
      }
    }
    return false
  }

  /// ``of(_:in:)-(String,_)`` with Foundation's search, for strings without contiguous UTF-8.
  public static func searching(_ name: String, in html: String) -> [String] {
    var values: [String] = []
    let marker = " \(name)=\""
    var rest = html[...]
    while let start = rest.range(of: marker) {
      let valueStart = start.upperBound
      guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
      values.append(String(rest[valueStart..<end]))
      rest = rest[end...]
    }
    return values
  }
}
