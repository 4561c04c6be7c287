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

  /// How wide the column is.
  public var size: Size
  /// The gap between columns in pixels, or `nil` for none; the grid reads it from its first column.
  public var spacing: CGFloat?

  /// A column of the given size, flexible by default, and spacing.
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

  /// A grid with `columns` and `spacing` pixels between rows (none when `nil`), around `content`.
  public init(columns: [GridItem], spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.columns = columns
    self.spacing = spacing
    self.content = content()
  }

  /// The content in a grid layout: one `div` whose CSS grid columns follow `columns`.
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
