import ContainerViews
import CvsiteCore

extension ByteStore {
  /// The bytes in use, as text (UTF-8, repaired where it is not).
  var string: String { String(decoding: buffer, as: UTF8.self) }

  /// The bytes in use from `start` on, as text.
  func string(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
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
