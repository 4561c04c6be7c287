import ContainerViews

/// Writes bytes one after the other into memory the caller has made room for: a code
/// block is written through one of these, with no capacity check or reference count per
/// token. The caller bounds what is written (``CodeLanguages/render(code:info:)`` counts
/// each byte of code at its longest entity); debug builds check every write against it.
struct ByteCursor {
  private(set) var position: UnsafeMutablePointer<UInt8>
  private let end: UnsafeMutablePointer<UInt8>

  /// A cursor at `start`, which has room for `room` bytes.
  init(start: UnsafeMutablePointer<UInt8>, room: Int) {
    position = start
    end = start + room
  }

  mutating func write(_ literal: StaticString) {
    let count = literal.utf8CodeUnitCount
    assert(position + count <= end, "a code block's room was counted short")
    position.update(from: literal.utf8Start, count: count)
    position += count
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    assert(position + bytes.count <= end, "a code block's room was counted short")
    position.update(from: base, count: bytes.count)
    position += bytes.count
  }

  /// `bytes` escaped as element content (``htmlEntity(for:apostrophe:)``).
  mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes {
      if let entity = htmlEntity(for: byte, apostrophe: false) {
        write(entity)
      } else {
        assert(position < end, "a code block's room was counted short")
        position.pointee = byte
        position += 1
      }
    }
  }

  mutating func writeEscaped(_ text: String) {
    var text = text
    text.withUTF8 { writeEscaped($0) }
  }
}
