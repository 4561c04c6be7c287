import CvsiteCore
import Foundation

/// A container child for template and renderer tests: `title` is escaped as the
/// Markdown side would (`&`, `<`, `>`), `values` are written as declared values.
public func child(
  _ index: Int, title: String? = nil, body: String = "<p>Body</p>\n", id: String? = nil,
  values: [String: TypedValue] = [:], classes: [String] = []
) -> ContainerChild {
  var written = DeclaredValues()
  for (name, value) in values { written[name] = value }
  return ContainerChild(
    id: id ?? "c\(index + 1)", index: index, titleHTML: title.map { escapeForTest($0) }, titleText: title,
    bodyHTML: body, values: written, classes: classes, headings: [])
}

/// A container instance for template and renderer tests.
public func instance(
  _ name: String, label: String? = nil, attributes: [String: TypedValue] = [:], id: String = "x",
  level: Int = 2, children: [ContainerChild]
) -> ContainerInstance {
  ContainerInstance(
    name: name, labelHTML: label, attributes: attributes, classes: [], id: id, childHeadingLevel: level,
    children: children, location: nil)
}

/// `&`, `<` and `>` escaped, independently of the code under test.
public func escapeForTest(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
}

/// How many times `needle` occurs in `text`.
public func occurrences(_ needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}
