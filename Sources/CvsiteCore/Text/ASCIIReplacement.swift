extension StringProtocol {
  /// The text with each of the ASCII characters `replacements` names replaced by its
  /// text (an empty one drops it); the same string when it has none of them. A byte at
  /// a time: Foundation's `replacingOccurrences`, called per fragment or per page, cost
  /// more than the work around it.
  public func replacingASCII(_ replacements: KeyValuePairs<UInt8, String>) -> String {
    let text = String(self)
    guard text.utf8.contains(where: { byte in replacements.contains { $0.key == byte } }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      if let replacement = replacements.first(where: { $0.key == byte }) {
        bytes += replacement.value.utf8
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
