/// The byte offset of the first invalid UTF-8 sequence, or `nil` when all is valid.
public func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
  bytes.withUnsafeBufferPointer { firstInvalidUTF8(in: $0) }
}

private func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  let count = bytes.count
  while index < count {
    if index + 8 <= count, let base = bytes.baseAddress {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if word & 0x8080_8080_8080_8080 == 0 {
        index += 8
        continue
      }
    }
    let byte = bytes[index]
    if byte < 0x80 {
      index += 1
      continue
    }
    let shape: (length: Int, minimum: UInt32, bits: UInt8)
    switch byte {
    case 0xC2...0xDF: shape = (2, 0x80, 0x1F)
    case 0xE0...0xEF: shape = (3, 0x800, 0x0F)
    case 0xF0...0xF4: shape = (4, 0x10000, 0x07)
    default: return index
    }
    let length = shape.length
    var scalar = UInt32(byte & shape.bits)
    guard index + length <= count else { return index }
    for k in 1..<length {
      let next = bytes[index + k]
      guard next & 0xC0 == 0x80 else { return index }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    if scalar < shape.minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
    index += length
  }
  return nil
}

/// The error of a file that is not UTF-8, at the line and column of its first invalid
/// byte (`what` names the file in the message: "cvsite.yml", "the template"); `nil` when
/// `bytes` are valid.
public func invalidUTF8Diagnostic(_ bytes: [UInt8], path: String, what: String) -> Diagnostic? {
  guard let offset = firstInvalidUTF8(bytes) else { return nil }
  let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
  let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  var lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
  if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
  let hex = String(bytes[offset], radix: 16, uppercase: true)
  return Diagnostic(
    .error, "\(what) is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); save it as UTF-8",
    at: SourceLocation(path: path, line: line, column: offset - lineStart + 1),
    sourceLine: String(decoding: bytes[lineStart..<max(lineStart, lineEnd)], as: UTF8.self))
}
