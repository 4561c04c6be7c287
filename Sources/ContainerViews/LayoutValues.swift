/// A key for a value that only a ``Layout`` reads, such as a grid span.
///
/// ```swift
/// struct Span: LayoutValueKey { static let defaultValue = 1 }
/// Text("Wide").layoutValue(key: Span.self, value: 2)
/// ```
/// Layout values live beside container values and follow the same scoping, but
/// they are read only through ``LayoutSubview``, never through ``Subview``.
public protocol LayoutValueKey {
  /// The type of the value.
  associatedtype Value
  /// The value a layout reads of a subview that set none.
  static var defaultValue: Value { get }
}

/// The trait under which the layout value of `Key` is stored.
enum LayoutTrait<Key> {}

extension ContainerValues {
  func layoutValue<Key: LayoutValueKey>(_ key: Key.Type) -> Key.Value {
    self[trait: ObjectIdentifier(LayoutTrait<Key>.self)] as? Key.Value ?? Key.defaultValue
  }
}

/// The built-in layout value behind ``View/layoutPriority(_:)``.
struct LayoutPriorityKey: LayoutValueKey {
  static let defaultValue: Double = 0
}

extension View {
  /// Sets a layout value of this view for the closest enclosing ``Layout``.
  public func layoutValue<Key: LayoutValueKey>(key: Key.Type, value: Key.Value) -> some View {
    LayoutValueWriter<Self, Key>(content: self, value: value)
  }

  /// Sets the priority a layout gives this view (`LayoutSubview.priority`).
  public func layoutPriority(_ value: Double) -> some View {
    layoutValue(key: LayoutPriorityKey.self, value: value)
  }
}

struct LayoutValueWriter<Content: View, Key: LayoutValueKey>: PrimitiveView {
  let content: Content
  let value: Key.Value

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var inputs = inputs
    inputs.values[trait: ObjectIdentifier(LayoutTrait<Key>.self)] = value
    content._resolve(inputs, into: &output)
  }
}
