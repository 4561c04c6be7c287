/// A key for a value that a view sets and its closest container reads.
///
/// ```swift
/// private struct MyContainerValueKey: ContainerValueKey {
///   static let defaultValue: String = "Default value"
/// }
/// ```
/// Most code declares keys with ``Entry()`` instead. Keys are identified by their type:
/// two keys with the same value type and default are independent.
public protocol ContainerValueKey {
  /// The type of the value; inferred from `defaultValue`.
  associatedtype Value
  /// The value read when a subview never set one.
  static var defaultValue: Value { get }
}

/// The container values, tags and layout values of one subview.
///
/// Values set with ``View/containerValue(_:_:)`` are stamped on the views beneath the
/// modifier and read by the closest enclosing container through
/// ``Subview/containerValues``. They never escape that container.
public struct ContainerValues {
  /// Entries in write order; a small array is faster than a dictionary for the few
  /// keys a view carries.
  private var entries: [TraitEntry] = []

  /// An empty collection; every key reads its default. (SwiftUI offers no public
  /// initializer; this one exists for tests and tools.)
  public init() {}

  /// The value of a container value key.
  ///
  /// Inlinable, so that each caller's copy is made for its key: the shared generic copy
  /// looked up `Key.Value`'s type at run time on every read, which cost more than
  /// the rest of the read (a build reads tens of thousands).
  @inlinable
  public subscript<Key: ContainerValueKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = self[trait: ObjectIdentifier(key)], let typed = value as? Key.Value { return typed }
      return Key.defaultValue
    }
    set { self[trait: ObjectIdentifier(key)] = newValue }
  }

  /// Raw access by trait identifier; `nil` when unset.
  @usableFromInline
  subscript(trait key: ObjectIdentifier) -> Any? {
    get {
      for entry in entries where entry.key == key { return entry.value }
      return nil
    }
    set {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.append(TraitEntry(key: key, value: newValue))
      }
    }
  }

  /// Whether any trait is set.
  var isEmpty: Bool { entries.isEmpty }
}

struct TraitEntry {
  let key: ObjectIdentifier
  var value: Any
}

extension View {
  /// Sets a container value of this view, read by the closest enclosing container.
  ///
  /// Member key paths write one member and keep the others:
  /// `.containerValue(\.pinPosition.xOffset, 3)`. When a key is written twice, the write
  /// closest to the view wins.
  public func containerValue<V>(_ keyPath: WritableKeyPath<ContainerValues, V>, _ value: V) -> some View {
    ContainerValueWriter(content: self, keyPath: keyPath, value: value)
  }
}

/// Writes a value on the inherited collection, then resolves its content: the outer
/// modifier writes first and the inner one last.
struct ContainerValueWriter<Content: View, Value>: PrimitiveView {
  let content: Content
  let keyPath: WritableKeyPath<ContainerValues, Value>
  let value: Value

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var inputs = inputs
    inputs.values[keyPath: keyPath] = value
    content._resolve(inputs, into: &output)
  }
}
