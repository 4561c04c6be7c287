/// A growing run of bytes in memory of its own: the search extractor's text, the term
/// table's arena, a page's HTML as libcmark's nodes are written. Appended to for every
/// small piece, where an array would check its uniqueness and capacity through a
/// generic path on each call.
public final class ByteStore {
  @exclusivity(unchecked) @usableFromInline var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var used = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  public init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Where the bytes start (valid until the next append).
  @inlinable public var base: UnsafeMutablePointer<UInt8> { storage }
  /// The bytes in use; at most the capacity.
  @inlinable public var count: Int { used }
  @inlinable public var isEmpty: Bool { used == 0 }
  @inlinable public var last: UInt8? { used == 0 ? nil : storage[used - 1] }
  /// The bytes in use (valid until the next append).
  @inlinable public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: used) }
  /// A copy of the bytes in use.
  public var bytes: [UInt8] { Array(buffer) }

  /// Makes room for `extra` more bytes, so that writing them at `base + count` is safe.
  @inlinable @inline(__always)
  public func reserve(_ extra: Int) {
    if used + extra > capacity { grow(to: used + extra) }
  }

  @usableFromInline
  func grow(to needed: Int) {
    var size = capacity * 2
    while size < needed { size *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    larger.update(from: storage, count: used)
    storage.deallocate()
    storage = larger
    capacity = size
  }

  @inlinable @inline(__always)
  public func append(_ byte: UInt8) {
    reserve(1)
    storage[used] = byte
    used += 1
  }

  @inlinable
  public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (storage + used).update(from: source, count: bytes.count)
    used += bytes.count
  }

  /// Appends a literal's bytes.
  @inlinable
  public func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Makes the first `length` bytes the ones in use: fewer than ``count`` drops the
  /// rest; more takes in what was written past ``count`` after a ``reserve(_:)``, up to
  /// the room reserved.
  @inlinable @inline(__always)
  public func setCount(_ length: Int) {
    precondition(length >= 0 && length <= capacity, "ByteStore.setCount beyond its room")
    used = length
  }

  public func removeAll() { used = 0 }
}
