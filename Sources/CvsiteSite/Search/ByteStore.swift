/// A growing run of bytes in memory of its own, for the search extractor's text and the
/// term table's arena: appended to for every run of text and every new term, where an
/// array would check its uniqueness and capacity through a generic path on each call.
final class ByteStore {
  @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
  /// The bytes in use; at most the capacity.
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var isEmpty: Bool { count == 0 }
  var last: UInt8? { count == 0 ? nil : base[count - 1] }
  /// The bytes in use (valid until the next append).
  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
  /// A copy of the bytes in use.
  var bytes: [UInt8] { Array(buffer) }

  /// Makes room for `extra` more bytes, so that writing them at `base + count` is safe.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    var size = capacity * 2
    while size < needed { size *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    larger.update(from: base, count: count)
    base.deallocate()
    base = larger
    capacity = size
  }

  @inline(__always)
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

  /// Appends a literal's bytes.
  func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Makes the first `length` bytes the ones in use: fewer than ``count`` drops the
  /// rest; more takes in what was written past ``count`` after a ``reserve(_:)``, up to
  /// the room reserved.
  @inline(__always)
  func setCount(_ length: Int) {
    precondition(length >= 0 && length <= capacity, "ByteStore.setCount beyond its room")
    count = length
  }

  func removeAll() { count = 0 }
}
