/// A value kept in an immutable box shared by its copies, and no box at all while it is
/// its default (``init()``): a field of a value kept by the thousand that is seldom set
/// costs a pointer. Changing it makes a new box; two values are equal when their
/// contents are.
struct OutOfLine<Value: Sendable & Equatable & DefaultInitializable>: Sendable, Equatable {
  private final class Box: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box?

  init() {}

  var value: Value {
    get { box?.value ?? Value() }
    set {
      let empty = Value()
      box = newValue == empty ? nil : Box(newValue)
    }
  }

  /// A field of the value, read from the box without copying the rest of the value:
  /// what each property kept out of line reads through.
  @inline(__always)
  func read<Field>(_ field: (Value) -> Field) -> Field {
    if let box { return field(box.value) }
    return field(Value())
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }
}

extension OutOfLine: Hashable where Value: Hashable {
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// A type whose `init()` makes its default value.
protocol DefaultInitializable { init() }
