/// ASCII byte classes, for the scanners that read UTF-8 bytes (slugs, attributes,
/// directives, front matter). Inlinable: they sit in the parsers' inner loops.
@inlinable @inline(__always)
public func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

/// `0`…`9`.
@inlinable @inline(__always)
public func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

/// An ASCII letter or digit.
@inlinable @inline(__always)
public func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || isASCIIDigit(byte) }
