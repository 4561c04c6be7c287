/// A column of a ``LazyVGrid``.
public struct GridItem: Sendable, Hashable {
  /// How wide a column is.
  public enum Size: Sendable, Hashable {
    /// Exactly this many pixels.
    case fixed(CGFloat)
    /// A share of the free space, between the bounds.
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    /// As many columns as fit, each between the bounds.
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  public var size: Size
  public var spacing: CGFloat?

  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil) {
    self.size = size
    self.spacing = spacing
  }

  /// The CSS track list for this column.
  var cssTrack: String {
    func bound(_ maximum: CGFloat) -> String { maximum.isFinite ? cssPixels(Double(maximum)) : "1fr" }
    switch size {
    case .fixed(let width): return cssPixels(Double(width))
    case .flexible(let minimum, let maximum): return "minmax(\(cssPixels(Double(minimum))),\(bound(maximum)))"
    case .adaptive(let minimum, let maximum):
      return "repeat(auto-fill,minmax(\(cssPixels(Double(minimum))),\(bound(maximum))))"
    }
  }
}

/// A grid that fills rows of the given columns: one `div` with CSS grid. A container.
public struct LazyVGrid<Content: View>: View {
  let columns: [GridItem]
  let spacing: CGFloat?
  let content: Content

  public init(columns: [GridItem], spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.columns = columns
    self.spacing = spacing
    self.content = content()
  }

  public var body: some View {
    GridColumnsLayout(columns: columns, spacing: spacing) { content }
  }
}

struct GridColumnsLayout: Layout {
  let columns: [GridItem]
  let spacing: CGFloat?

  func makeElement(subviews: Subviews, cache: inout ()) -> HTMLTag {
    var style = "display:grid;grid-template-columns:" + columns.map(\.cssTrack).joined(separator: " ")
    if let columnGap = columns.first?.spacing { style += ";column-gap:\(cssPixels(Double(columnGap)))" }
    if let spacing { style += ";row-gap:\(cssPixels(Double(spacing)))" }
    return HTMLTag("div", attributes: ["class": "cv-grid", "style": style])
  }
}
