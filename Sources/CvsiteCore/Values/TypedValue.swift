import ContainerViews

/// A typed value of a page: what an attribute (`{badge=new}`) or a front-matter key
/// becomes once checked against its declaration.
public enum TypedValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case bool(Bool)
  case int(Int)
  case number(Double)
  /// One of the declared cases of an enum value.
  case enumCase(String)
  case url(String)
  /// An ISO 8601 date (`2024-05-01`), kept as written.
  case date(String)

  /// The value as text, as a template prints it.
  public var description: String {
    switch self {
    case .string(let s), .enumCase(let s), .url(let s), .date(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
  }
}

/// The declared values written on one subview, by name (`badge`, `pin.x`).
///
/// This is how values declared at run time (by a theme, not by Swift types) ride on the
/// one ContainerViews mechanism: it is a single container value, and each write is a
/// member write through `\.declaredValues[name]`, so scoping, distribution over groups
/// and innermost-wins hold exactly as for Swift keys.
public struct DeclaredValues: Sendable, Hashable {
  var values: [String: TypedValue] = [:]

  /// No values written.
  public init() {}

  /// The value written for `name`, or `nil` when none was (the declaration's default
  /// then applies).
  public subscript(name: String) -> TypedValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// Every written name, sorted.
  public var names: [String] { values.keys.sorted() }
}

extension ContainerValues {
  /// Values declared by the theme and written in Markdown.
  public var declaredValues: DeclaredValues {
    get { self[DeclaredValuesKey.self] }
    set { self[DeclaredValuesKey.self] = newValue }
  }

  // Written out as `@Entry` expands it: the executable's modules build without the macro.
  private struct DeclaredValuesKey: ContainerValueKey {
    static var defaultValue: DeclaredValues { DeclaredValues() }
  }
}
