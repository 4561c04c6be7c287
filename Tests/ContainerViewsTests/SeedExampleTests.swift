// Published container-value examples with `import ContainerViews` in place of
// `import SwiftUI`, numbered as the tests name them: 000 and 003 from Apple's
// ContainerValueKey page, 001 from its ContainerValues page, 002 from its LayoutValueKey
// page, 004 from a blog post on per-item customization. Only the examples' own typos are
// fixed: the missing brace of the convenience modifier and the `subviews`/`subview`
// closure parameter. Example 004's `CardContainer` and `AdaptiveGrid` are as written,
// with its early-beta spellings `ForEach(subviewOf:)` and `Group(subviewsOf:)`.
import ContainerViews
import Testing

// MARK: Example 000/003 — ContainerValueKey and MyContainer

private struct MyContainerValueKey: ContainerValueKey {
  static let defaultValue: String = "Default value"
}

extension ContainerValues {
  var myCustomValue: String {
    get { self[MyContainerValueKey.self] }
    set { self[MyContainerValueKey.self] = newValue }
  }
}

extension View {
  func myCustomValue(_ myCustomValue: String) -> some View {
    containerValue(\.myCustomValue, myCustomValue)
  }
}

struct MyView: View {
  var body: some View { Text("My view") }
}

struct MyContainer<Content: View>: View {
  var content: Content

  init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  var body: some View {
    Group(subviews: content) { subviews in
      ForEach(subviews) { subview in
        // Display each view side-by-side with its custom value.
        HStack {
          subview
          Text(subview.containerValues.myCustomValue)
        }
      }
    }
  }
}

// MARK: Example 001 — ContainerValues, grouped values

extension ContainerValues {
  @Entry var entryCustomValue: String = "Default value"
}

struct SeedPinPosition {
  var rotation: Double = 0
  var xOffset: Int = 0
}

extension ContainerValues {
  @Entry var pinPosition: SeedPinPosition = .init()
}

extension View {
  func pinRotation(_ rotation: Double) -> some View {
    containerValue(\.pinPosition.rotation, rotation)
  }

  func pinXOffset(_ xOffset: Int) -> some View {
    containerValue(\.pinPosition.xOffset, xOffset)
  }
}

// MARK: Example 004 — badge styles, CardContainer, AdaptiveGrid

enum BadgeStyle { case none, highlighted, muted }

extension ContainerValues {
  @Entry var badgeStyle: BadgeStyle = .none
}

extension View {
  func badgeStyle(_ style: BadgeStyle) -> some View {
    containerValue(\.badgeStyle, style)
  }
}

/// The card the example's container wraps each subview in (not shown in the example).
struct CardView<Content: View>: View {
  let badgeStyle: BadgeStyle
  @ViewBuilder let content: Content
  var body: some View {
    HTMLElement("div", attributes: ["class": "card badge-\(badgeStyle)"]) { content }
  }
}

struct CardContainer<Content: View>: View {
  @ViewBuilder let content: Content

  var body: some View {
    // ForEach(subviewOf:) iterates one subview at a time
    VStack(spacing: 12) {
      ForEach(subviewOf: content) { subview in
        let style = subview.containerValues.badgeStyle
        CardView(badgeStyle: style) {
          subview
        }
      }
    }
  }
}

struct AdaptiveGrid<Content: View>: View {
  @ViewBuilder let content: Content

  var body: some View {
    Group(subviewsOf: content) { subviews in
      let compact = subviews.count > 10
      LazyVGrid(columns: compact ? [GridItem(), GridItem()] : [GridItem()]) {
        ForEach(subviews) { subview in
          subview
            .padding(compact ? 4 : 12)
        }
      }
    }
  }
}

struct Plan: Identifiable {
  let id: String
  let title: String
  let badge: BadgeStyle
}

// MARK: Example 002 — LayoutValueKey and Flexibility

private struct Flexibility: LayoutValueKey {
  static let defaultValue: CGFloat? = nil
}

extension View {
  func layoutFlexibility(_ value: CGFloat?) -> some View {
    layoutValue(key: Flexibility.self, value: value)
  }
}

final class FlexibilityLog {
  var seen: [CGFloat?] = []
}

struct BasicVStack: Layout {
  let log: FlexibilityLog
}

extension BasicVStack {
  func sizeThatFits(
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
  ) -> CGSize {

    // Map the flexibility property of each subview into an array.
    let flexibilities = subviews.map { subview in
      subview[Flexibility.self]
    }
    log.seen = flexibilities

    // Calculate and return the size of the layout container.
    return .zero
  }
}

@Suite("Seed examples")
struct SeedExampleTests {
  @Test("000/003: Group(subviews:) reads each subview's custom value")
  func readCustomValues() {
    @ViewBuilder var content: some View {
      Text("A").myCustomValue("Hello")
      Text("B").myCustomValue("World")
    }
    let html = renderHTML(
      Group(subviews: content) { subviews in
        ForEach(subviews) { subview in
          Text(subview.containerValues.myCustomValue)
        }
      })
    #expect(html == "HelloWorld")
  }

  @Test("000/003: MyContainer shows each view beside its value; MyView takes a value")
  func myContainer() {
    let html = renderHTML(
      MyContainer {
        Text("A").myCustomValue("Hello")
        MyView().containerValue(\.myCustomValue, "Another string")
        Text("C")
      })
    let row = #"<div class="cv-hstack" style="display:flex;flex-direction:row;align-items:center">"#
    #expect(html == row + "AHello</div>" + row + "My viewAnother string</div>" + row + "CDefault value</div>")
  }

  @Test("001: values are read by the direct container and dropped at a VStack")
  func containerValuesDoc() {
    @ViewBuilder var content: some View {
      Text("A")
        .containerValue(\.entryCustomValue, "1")
    }
    let direct = renderHTML(
      ForEach(subviews: content) { subview in
        Text("value = \(subview.containerValues.entryCustomValue)")
      })
    #expect(direct == "value = 1")

    @ViewBuilder var containedContent: some View {
      VStack {
        Text("A")
          .containerValue(\.entryCustomValue, "1")
        Text("C")
          .containerValue(\.entryCustomValue, "3")
          .padding()
      }
    }
    let contained = renderHTML(
      ForEach(subviews: containedContent) { subview in
        Text("value = \(subview.containerValues.entryCustomValue)")
      })
    #expect(contained == "value = Default value")

    let inside = renderHTML(
      ForEach(
        subviews: Group {
          Text("A").containerValue(\.entryCustomValue, "1")
          Text("C").containerValue(\.entryCustomValue, "3").padding()
        }
      ) { Text($0.containerValues.entryCustomValue) })
    #expect(inside == "13")
  }

  @Test("001: grouped values written through member key paths")
  func pinPositions() throws {
    let all = try subviews {
      // pinPosition.rotation = 0, pinPosition.xOffset = 3
      Text("A").containerValue(\.pinPosition.xOffset, 3)
      // pinPosition.rotation = 10, pinPosition.xOffset = 5
      Text("B")
        .containerValue(\.pinPosition.rotation, 10)
        .containerValue(\.pinPosition.xOffset, 5)
      Text("C").pinRotation(45).pinXOffset(-2)
    }
    let pins = all.map { ($0.containerValues.pinPosition.rotation, $0.containerValues.pinPosition.xOffset) }
    #expect(pins.map(\.0) == [0, 10, 45])
    #expect(pins.map(\.1) == [3, 5, -2])
  }

  @Test("004: CardContainer gives each card its own badge style")
  func cardContainer() {
    let html = renderHTML(
      CardContainer {
        Text("Free tier").badgeStyle(.none)
        Text("Pro").badgeStyle(.highlighted)
        Text("Trial").badgeStyle(.muted)
      })
    #expect(
      html
        == #"<div class="cv-vstack" style="display:flex;flex-direction:column;align-items:center;gap:12px">"#
        + #"<div class="card badge-none">Free tier</div><div class="card badge-highlighted">Pro</div>"#
        + #"<div class="card badge-muted">Trial</div></div>"#)
  }

  @Test("004: a ForEach inside a CardContainer is one card per item")
  func cardContainerForEach() {
    let items = [Plan(id: "f", title: "Free", badge: .none), Plan(id: "p", title: "Pro", badge: .highlighted)]
    let html = renderHTML(
      CardContainer {
        ForEach(items) { item in
          Text(item.title).badgeStyle(item.badge)
        }
      })
    #expect(html.components(separatedBy: "<div class=\"card ").count - 1 == 2)
    #expect(html.contains(#"<div class="card badge-highlighted">Pro</div>"#))
  }

  @Test("004: the seed's spellings subviewOf:/subviewsOf: render exactly as subviews:")
  func seedSpellingsMatchShippingNames() {
    @ViewBuilder func plans() -> some View {
      Text("Free tier").badgeStyle(.none)
      Text("Pro").badgeStyle(.highlighted)
      ForEach(0..<3) { Text("Extra \($0)").badgeStyle(.muted) }
    }
    let seedForEach = renderHTML(VStack { ForEach(subviewOf: plans()) { Text("\($0.containerValues.badgeStyle)") } })
    let shippingForEach = renderHTML(VStack { ForEach(subviews: plans()) { Text("\($0.containerValues.badgeStyle)") } })
    #expect(seedForEach == shippingForEach)
    #expect(seedForEach.contains("highlighted") && seedForEach.contains("muted"))
    let seedGroup = renderHTML(Group(subviewsOf: plans()) { Text("\($0.count) subviews") })
    let shippingGroup = renderHTML(Group(subviews: plans()) { Text("\($0.count) subviews") })
    #expect(seedGroup == shippingGroup)
    #expect(seedGroup.contains("5 subviews"))
  }

  @Test("004: AdaptiveGrid switches to two compact columns above ten children", arguments: [3, 10, 11, 25])
  func adaptiveGrid(count: Int) {
    let html = renderHTML(AdaptiveGrid { ForEach(0..<count) { Text("Item \($0)") } })
    let compact = count > 10
    let columns = compact ? "minmax(10px,1fr) minmax(10px,1fr)" : "minmax(10px,1fr)"
    #expect(html.hasPrefix(#"<div class="cv-grid" style="display:grid;grid-template-columns:\#(columns)">"#))
    #expect(html.components(separatedBy: "padding:\(compact ? 4 : 12)px").count - 1 == count)
  }

  @Test("002: a layout reads each subview's flexibility, default nil")
  func flexibility() {
    let log = FlexibilityLog()
    _ = renderHTML(
      BasicVStack(log: log) {
        Text("One View")
        Text("Another View")
          .layoutFlexibility(3)
      })
    #expect(log.seen == [nil, 3])
  }
}
