import ContainerViews

/// The bytes a ``CMarkHTMLWriter`` writes, in storage it grows itself: a page's HTML is
/// written in many small pieces, and appending each to an array checked the array's
/// uniqueness and room through a generic call every time.
final class WrittenBytes {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 4096) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// What was written, as text (UTF-8, repaired where it is not).
  var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

  /// What was written from `start` on, as text.
  func string(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
  }

  var last: UInt8? { count > 0 ? base[count - 1] : nil }

  /// Makes room for `more` bytes.
  @inline(__always)
  private func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    var grown = capacity * 2
    while grown < count + more { grown *= 2 }
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: base, count: count)
    base.deallocate()
    (base, capacity) = (moved, grown)
  }

  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  func append(string text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// `text` escaped for HTML as every escape of cvsite's output is
  /// (``htmlEntity(for:apostrophe:)``): what libcmark's escape writes.
  func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    var copied = 0
    for index in text.indices {
      guard let entity = htmlEntity(for: text[index], apostrophe: false) else { continue }
      append(UnsafeBufferPointer(rebasing: text[copied..<index]))
      append(entity)
      copied = index + 1
    }
    append(UnsafeBufferPointer(rebasing: text[copied...]))
  }
}
