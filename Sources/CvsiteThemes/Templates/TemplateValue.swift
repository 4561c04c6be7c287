/// A value a theme template can read: the typed form of a Mustache context.
///
/// Layouts and container templates receive objects built from these (see
/// ``PageContext`` and ``ThemeRenderer``). In a template:
///
/// - `{{name}}` prints a string or number, HTML-escaped (`{{{name}}}` or `{{& name}}`
///   print it as is), `true`/`false` for a flag, nothing for a list or an object;
/// - `{{#name}}…{{/name}}` repeats for each item of a list, is skipped for `false`, a
///   missing name or an empty list, and otherwise renders once with the value on top
///   of the context stack (an empty string and `0` count as present);
/// - `{{^name}}…{{/name}}` renders exactly when the section above would not.
enum TemplateValue: Sendable, Equatable {
  case string(String)
  case int(Int)
  case bool(Bool)
  case list([TemplateValue])
  case object(TemplateObject)

  /// The member `name` of an object, `nil` for anything else.
  subscript(name: String) -> TemplateValue? {
    if case .object(let members) = self { return members[name] }
    return nil
  }

  /// Whether a `{{#section}}` renders: everything but `false` and an empty list.
  var isTruthy: Bool {
    switch self {
    case .bool(let flag): return flag
    case .list(let items): return !items.isEmpty
    default: return true
    }
  }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .int(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
  init(dictionaryLiteral elements: (String, TemplateValue)...) {
    // A repeated key keeps its last value.
    var members = TemplateObject(minimumCapacity: elements.count)
    for (key, value) in elements { members[key] = value }
    self = .object(members)
  }
}

extension TemplateValue {
  /// Stores `value` at a dotted path (`["a", "b"]`) of nested objects, creating the
  /// objects on the way; a non-object in the way is replaced.
  mutating func set(_ value: TemplateValue, at path: some Collection<String>) {
    guard let head = path.first else {
      self = value
      return
    }
    if path.count == 1, case .object(var members) = self {
      // One name: set in place (the same as below, with one search instead of three).
      self = .bool(false)  // drop the reference so `members` is uniquely owned
      members[head] = value
      self = .object(members)
      return
    }
    var members: TemplateObject
    if case .object(let existing) = self {
      members = existing
      self = .bool(false)  // drop the reference so `members` is uniquely owned
    } else {
      members = TemplateObject()
    }
    var inner = members[head] ?? .object(TemplateObject())
    if members[head] != nil { members[head] = .bool(false) }  // the same, for `inner`; keeps the member's place
    inner.set(value, at: path.dropFirst())
    members[head] = inner
    self = .object(members)
  }
}
