/// Renders any view tree to HTML.
///
/// ```swift
/// renderHTML(VStack { Text("a & b") })   // <div class="cv-vstack" ...>a &amp; b</div>
/// ```
public func renderHTML(_ view: some View) -> String {
  render(view).html
}

/// Renders a view tree and reports what resolution found wrong with it.
public func render(_ view: some View) -> RenderResult {
  let report = ResolveReport()
  var list = _ResolvedList()
  view._resolve(_ResolveInputs(report: report), into: &list)
  var writer = HTMLWriter()
  for element in list.elements { writer.write(element) }
  return RenderResult(html: writer.output, problems: report.problems)
}

/// The HTML of a view tree and the problems found while resolving it.
public struct RenderResult: Sendable {
  /// The rendered markup.
  public var html: String
  /// Problems such as duplicate `ForEach` ids; empty for a sound tree.
  public var problems: [ResolveProblem]
}

/// Resolves `view` as a container would: its subviews, with the values set on them.
func resolveSubviews(_ view: some View, _ inputs: _ResolveInputs) -> [ResolvedElement] {
  var list = _ResolvedList()
  view._resolve(inputs.containerContent, into: &list)
  return list.elements
}

extension HTMLWriter {
  mutating func write(_ element: ResolvedElement) {
    write(element, extra: element.attributes)
  }

  mutating func write(_ element: ResolvedElement, extra: HTMLAttributes) {
    switch element.content {
    case .text(let string):
      if extra.isEmpty {
        text(string)
      } else {
        open("span", extra)
        text(string)
        close("span")
      }
    case .html(let markup):
      if extra.isEmpty {
        raw(markup)
      } else {
        open("div", extra)
        raw(markup)
        close("div")
      }
    case .element(let tag, let children):
      open(tag.name, extra.isEmpty ? tag.attributes : tag.attributes.merging(extra))
      for child in children { write(child) }
      close(tag.name)
    case .fragment(let children):
      if !extra.isEmpty { open("div", extra) }
      for child in children { write(child) }
      if !extra.isEmpty { close("div") }
    }
  }
}
