import ContainerViews
import Testing

struct Span: LayoutValueKey {
  static let defaultValue = 1
}

/// A key with the same value type and default as `Span`, read as a container value.
struct SpanLookalike: ContainerValueKey {
  static let defaultValue = 1
}

/// Records what it sees of its subviews and turns spans into CSS grid placement.
struct SpanGrid: Layout {
  let seen: Captured<[(span: Int, badge: String, priority: Double)]>

  func makeElement(subviews: Subviews, cache: inout ()) -> HTMLTag {
    _ = seen.store(subviews.map { (span: $0[Span.self], badge: $0.containerValues.badge, priority: $0.priority) })
    return HTMLTag("div", attributes: ["class": "grid"])
  }

  func attributes(for subview: LayoutSubview, subviews: Subviews, cache: inout ()) -> HTMLAttributes {
    subview[Span.self] == 1 ? [:] : ["style": "grid-column:span \(subview[Span.self])"]
  }
}

@Suite("H. Layout values")
struct LayoutValueTests {
  @Test("layout values are written with layoutValue(key:value:)")
  func rH1_declarationAndWrite() {
    let seen = Captured<[(span: Int, badge: String, priority: Double)]>()
    let html = renderHTML(
      SpanGrid(seen: seen) {
        Text("A")
        Text("B").layoutValue(key: Span.self, value: 2)
      })
    #expect(seen.value?.map(\.span) == [1, 2])
    #expect(html == #"<div class="grid">A<span style="grid-column:span 2">B</span></div>"#)
  }

  @Test("layout values are not readable as container values")
  func rH2_notFromSubview() throws {
    let all = try subviews { Text("A").layoutValue(key: Span.self, value: 3) }
    #expect(all[0].containerValues[SpanLookalike.self] == 1)
  }

  @Test("layout values follow the same scoping as container values")
  func rH3_sameScoping() {
    let seen = Captured<[(span: Int, badge: String, priority: Double)]>()
    _ = renderHTML(
      SpanGrid(seen: seen) {
        VStack { Text("hidden").layoutValue(key: Span.self, value: 9) }
        Text("kept").layoutValue(key: Span.self, value: 2).padding()
        Group {
          Text("a")
          Text("b")
        }.layoutValue(key: Span.self, value: 3)
        Text("inner").layoutValue(key: Span.self, value: 4).layoutValue(key: Span.self, value: 5)
      })
    #expect(seen.value?.map(\.span) == [1, 2, 3, 3, 4])
  }

  @Test("layouts read container values too")
  func rH4_layoutReadsContainerValues() {
    let seen = Captured<[(span: Int, badge: String, priority: Double)]>()
    _ = renderHTML(
      SpanGrid(seen: seen) {
        Text("A").containerValue(\.badge, "pro")
        Text("B")
      })
    #expect(seen.value?.map(\.badge) == ["pro", "none"])
  }

  @Test("layoutPriority is a built-in layout value")
  func rH5_layoutPriority() {
    let seen = Captured<[(span: Int, badge: String, priority: Double)]>()
    _ = renderHTML(
      SpanGrid(seen: seen) {
        Text("A").layoutPriority(2)
        Text("B")
      })
    #expect(seen.value?.map(\.priority) == [2, 0])
  }

  @Test("Geometry: sizeThatFits sizes the element, place(at:) positions subviews")
  func geometry() {
    struct Diagonal: Layout {
      func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: 100, height: 50)
      }
      func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (index, subview) in subviews.enumerated() {
          subview.place(
            at: CGPoint(x: CGFloat(index) * 10, y: CGFloat(index) * 5), anchor: index == 0 ? .topLeading : .center,
            proposal: .unspecified)
        }
      }
    }
    let html = renderHTML(
      Diagonal {
        Text("A")
        Text("B")
      })
    #expect(
      html
        == #"<div class="cv-layout" style="width:100px;height:50px;position:relative"><span style="position:absolute;left:0px;top:0px">A</span><span style="position:absolute;left:10px;top:5px;transform:translate(-50.0%,-50.0%)">B</span></div>"#
    )
  }
}
