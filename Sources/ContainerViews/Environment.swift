/// A key for a value that flows from a view to all of its descendants: the opposite
/// direction of a container value, which only the closest container reads.
public protocol EnvironmentKey {
  /// The type of the value.
  associatedtype Value
  /// The value views read when no view above them set one.
  static var defaultValue: Value { get }
}

/// Values that flow down the tree, such as a locale or a base URL.
///
/// Declare entries with ``Entry()``; set them with ``View/environment(_:_:)``; read them
/// in a view's `body` with ``Environment``.
public struct EnvironmentValues: @unchecked Sendable {
  // Values are written and read on the thread that resolves one tree; the storage is
  // never shared across threads while it changes.
  private var storage = ContainerValues()

  /// An environment where every key reads its default value.
  public init() {}

  /// The value for `key`, or its default value when no view above set one.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { storage[trait: ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { storage[trait: ObjectIdentifier(key)] = newValue }
  }

  /// The environment of the view whose `body` is being evaluated.
  @TaskLocal static var current = EnvironmentValues()
}

/// Reads an environment value in a view's `body`.
///
/// ```swift
/// struct Greeting: View {
///   @Environment(\.locale) var locale
///   var body: some View { Text(locale == "fr" ? "Bonjour" : "Hello") }
/// }
/// ```
@propertyWrapper
public struct Environment<Value> {
  let keyPath: KeyPath<EnvironmentValues, Value>

  /// Reads the environment value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

  /// The value in the environment of the view being resolved; outside resolution,
  /// the default value.
  public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension View {
  /// Sets an environment value for this view and everything inside it.
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
    EnvironmentWriter(content: self, keyPath: keyPath, value: value)
  }
}

struct EnvironmentWriter<Content: View, Value>: PrimitiveView {
  let content: Content
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let value: Value

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var environment = EnvironmentValues.current
    environment[keyPath: keyPath] = value
    EnvironmentValues.$current.withValue(environment) {
      content._resolve(inputs, into: &output)
    }
  }
}
