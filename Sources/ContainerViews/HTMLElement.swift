/// Any HTML element around its content: a container.
///
/// It resolves its content with a fresh value collection, so values set inside never
/// reach an outer container, and it is one subview whose values are the ones written
/// on it.
///
/// ```swift
/// HTMLElement("section", attributes: ["class": "intro"]) {
///   Text("Welcome")
/// }
/// ```
public struct HTMLElement<Content: View>: PrimitiveView {
  let tag: HTMLTag
  let content: Content

  /// An element named `name` with `attributes`, around what `content` builds.
  public init(_ name: String, attributes: HTMLAttributes = [:], @ViewBuilder content: () -> Content) {
    self.tag = HTMLTag(name, attributes: attributes)
    self.content = content()
  }

  /// Resolves as one container subview whose children are the content's subviews.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    resolveContainer(tag, content, inputs, into: &output)
  }
}

extension HTMLElement where Content == EmptyView {
  /// An element without content, such as `img` or `input`.
  public init(_ name: String, attributes: HTMLAttributes = [:]) {
    self.tag = HTMLTag(name, attributes: attributes)
    self.content = EmptyView()
  }
}

/// The one way a container resolves: content with fresh values, one element out.
func resolveContainer(
  _ tag: HTMLTag, _ content: some View, _ inputs: _ResolveInputs, into output: inout _ResolvedList
) {
  let children = resolveSubviews(content, inputs)
  output.appendUnary(.element(tag, children), inputs)
}

/// CSS length text for a number of pixels: `16px`, `4.5px`.
func cssPixels(_ value: Double) -> String {
  if value.rounded() == value, abs(value) < 1e15 { return "\(Int(value))px" }
  return "\(value)px"
}
