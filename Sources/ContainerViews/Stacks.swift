/// How children line up across a vertical stack.
public enum HorizontalAlignment: Sendable {
  /// Along the leading edge.
  case leading
  /// Centred.
  case center
  /// Along the trailing edge.
  case trailing

  var flexValue: String {
    switch self {
    case .leading: "flex-start"
    case .center: "center"
    case .trailing: "flex-end"
    }
  }
}

/// How children line up across a horizontal stack.
public enum VerticalAlignment: Sendable {
  /// Along the top edge.
  case top
  /// Centred.
  case center
  /// Along the bottom edge.
  case bottom
  /// On the baseline of each child's first line of text.
  case firstTextBaseline

  var flexValue: String {
    switch self {
    case .top: "flex-start"
    case .center: "center"
    case .bottom: "flex-end"
    case .firstTextBaseline: "baseline"
    }
  }
}

/// A vertical stack: one `div` laid out as a flex column. A container.
public struct VStack<Content: View>: PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A vertical stack with `alignment` and `spacing` pixels between children (no gap when `nil`).
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Resolves as one container subview: a `div` laid out as a flex column.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let tag = stackTag("cv-vstack", direction: "column", align: alignment.flexValue, spacing: spacing)
    resolveContainer(tag, content, inputs, into: &output)
  }
}

/// A horizontal stack: one `div` laid out as a flex row. A container.
public struct HStack<Content: View>: PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A horizontal stack with `alignment` and `spacing` pixels between children (no gap when `nil`).
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Resolves as one container subview: a `div` laid out as a flex row.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let tag = stackTag("cv-hstack", direction: "row", align: alignment.flexValue, spacing: spacing)
    resolveContainer(tag, content, inputs, into: &output)
  }
}

private func stackTag(_ name: String, direction: String, align: String, spacing: CGFloat?) -> HTMLTag {
  var style = "display:flex;flex-direction:\(direction);align-items:\(align)"
  if let spacing { style += ";gap:\(cssPixels(Double(spacing)))" }
  return HTMLTag("div", attributes: ["class": name, "style": style])
}
